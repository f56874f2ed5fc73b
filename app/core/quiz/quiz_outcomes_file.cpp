#include "core/quiz/quiz_outcomes_file.hpp"

#include "core/ground/kernel_names.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/input_limits.hpp"
#include "core/util/json_fields.hpp"
#include "core/util/printable.hpp"

#include <cmath>
#include <nlohmann/json.hpp>
#include <ostream>

namespace prefixlab {

namespace {

using namespace json_fields;
using nlohmann::json;

constexpr std::string_view kFormat = "prefixlab-quiz-outcomes";
constexpr std::string_view kVersion = "version 1";

json record_json(const QuizOutcomeRecord& run) {
    const QuizOutcome& o = run.outcome;
    json cells = json::array();
    for (const WrongCell& cell : o.first_wrong)
        cells.push_back({cell.index, cell.got, cell.expected});
    return {{"algorithm", name_of(run.algorithm)},
            {"n", run.n},
            {"input", name_of(run.input)},
            {"result", name_of(o.result)},
            {"wrong", o.wrong_count},
            {"cells", o.cells},
            {"first_wrong", cells},
            {"detail", o.detail},
            {"seconds", o.seconds},
            {"timeout_s", o.timeout_s},
            {"racecheck", o.racecheck},
            {"synccheck", o.synccheck}};
}

std::string text_field(const json& object, std::string_view path, const char* key) {
    std::string text = string_field(object, path, key);
    if (text.size() > kMaxQuizTextChars)
        malformed(member(path, key), "longer than " + std::to_string(kMaxQuizTextChars) + " characters");
    if (terminal_safe(text, kMaxQuizTextChars + 1) != text)
        malformed(member(path, key), "holds control bytes or invalid UTF-8");
    return text;
}

double seconds_field(const json& object, std::string_view path, const char* key) {
    const json& value = field(object, path, key);
    if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() < 0 ||
        value.get<double>() > 1e6)
        malformed(member(path, key), "expected seconds from 0 to 1000000, found " + value_in_message(value));
    return value.get<double>();
}

template <class Enum>
Enum enum_field(const json& object, std::string_view path, const char* key,
                std::optional<Enum> (*parse)(std::string_view)) {
    const std::string text = string_field(object, path, key);
    const std::optional<Enum> value = parse(text);
    if (!value)
        malformed(member(path, key), "unknown value " + value_in_message(field(object, path, key)));
    return *value;
}

QuizOutcomeRecord read_record(const json& value, const std::string& path) {
    require_object(value, path);
    reject_unknown_fields(value, path,
                          {"algorithm", "n", "input", "result", "wrong", "cells", "first_wrong", "detail", "seconds",
                           "timeout_s", "racecheck", "synccheck"},
                          kVersion);
    QuizOutcomeRecord run;
    run.algorithm = enum_field<BlockAlgorithm>(value, path, "algorithm", parse_block_algorithm);
    run.n = static_cast<int>(integer_field(value, path, "n", 1, kMaxBlockThreads, RangeWording::whole_range));
    run.input = enum_field<InputKind>(value, path, "input", parse_input_kind);
    QuizOutcome& o = run.outcome;
    o.result = enum_field<QuizResult>(value, path, "result", parse_quiz_result);
    o.cells = integer_field(value, path, "cells", 0, static_cast<std::uint64_t>(run.n), RangeWording::whole_range);
    o.wrong_count = integer_field(value, path, "wrong", 0, o.cells == 0 ? static_cast<std::uint64_t>(run.n) : o.cells,
                                  RangeWording::whole_range);
    const std::string cells_path = member(path, "first_wrong");
    const json& cells = field(value, path, "first_wrong");
    if (!cells.is_array() || cells.size() > kShownWrongCells)
        malformed(cells_path, "expected an array of at most " + std::to_string(kShownWrongCells) + " cells, found " +
                                  value_in_message(cells));
    for (std::size_t k = 0; k < cells.size(); ++k) {
        const std::string at = element(cells_path, k);
        if (!cells[k].is_array() || cells[k].size() != 3)
            malformed(at, "expected [index, got, expected], found " + value_in_message(cells[k]));
        WrongCell cell;
        cell.index = static_cast<std::uint32_t>(
            integer_at(cells[k][0], element(at, 0), 0, static_cast<std::uint64_t>(run.n) - 1, RangeWording::whole_range));
        cell.got = static_cast<std::uint32_t>(integer_at(cells[k][1], element(at, 1), 0, 0xffffffffu,
                                                         RangeWording::whole_range));
        cell.expected = static_cast<std::uint32_t>(integer_at(cells[k][2], element(at, 2), 0, 0xffffffffu,
                                                              RangeWording::whole_range));
        o.first_wrong.push_back(cell);
    }
    o.detail = text_field(value, path, "detail");
    o.seconds = seconds_field(value, path, "seconds");
    o.timeout_s = seconds_field(value, path, "timeout_s");
    o.racecheck = text_field(value, path, "racecheck");
    o.synccheck = text_field(value, path, "synccheck");
    return run;
}

} // namespace

void write_quiz_outcomes(const QuizOutcomes& outcomes, std::ostream& out) {
    json runs = json::array();
    for (const QuizOutcomeRecord& run : outcomes.runs)
        runs.push_back(record_json(run));
    const json document = {{"format", kFormat},           {"version", 1},
                           {"device", outcomes.device},   {"driver", outcomes.driver},
                           {"date", outcomes.date},       {"command", outcomes.command},
                           {"runs", runs}};
    out << document.dump(1) << '\n';
}

QuizOutcomes read_quiz_outcomes(std::string_view text) {
    try {
        check_json_depth(text);
        const json document = parse_document(text);
        require_object(document, "");
        reject_unknown_fields(document, "", {"format", "version", "device", "driver", "date", "command", "runs"},
                              kVersion);
        if (string_field(document, "", "format") != kFormat)
            malformed("format", "expected \"" + std::string(kFormat) + "\", found " +
                                    value_in_message(document["format"]));
        integer_field(document, "", "version", 1, 1, RangeWording::whole_range);
        QuizOutcomes outcomes;
        outcomes.device = text_field(document, "", "device");
        outcomes.driver = text_field(document, "", "driver");
        outcomes.date = text_field(document, "", "date");
        outcomes.command = text_field(document, "", "command");
        const json& runs = field(document, "", "runs");
        if (!runs.is_array() || runs.size() > kMaxQuizRuns)
            malformed("runs", "expected an array of at most " + std::to_string(kMaxQuizRuns) + " runs, found " +
                                  value_in_message(runs));
        for (std::size_t k = 0; k < runs.size(); ++k)
            outcomes.runs.push_back(read_record(runs[k], element("runs", k)));
        return outcomes;
    } catch (const JsonFieldError& e) {
        throw QuizOutcomesFileError(e.what());
    } catch (const std::invalid_argument& e) { // check_json_depth
        throw QuizOutcomesFileError(e.what());
    }
}

QuizOutcomes load_quiz_outcomes_file(const std::string& path) {
    try {
        return read_quiz_outcomes(read_bounded_file(path, kMaxQuizOutcomesFileBytes, "quiz outcomes"));
    } catch (const InputLimitError& e) {
        throw QuizOutcomesFileError(e.what());
    } catch (const QuizOutcomesFileError& e) {
        throw QuizOutcomesFileError("cannot read quiz outcomes " + quoted_path(path) + ": " + e.what());
    }
}

const QuizOutcomeRecord* find_quiz_run(const QuizOutcomes& outcomes, const ScanSetup& setup) {
    for (const QuizOutcomeRecord& run : outcomes.runs)
        if (run.algorithm == setup.algorithm && run.n == setup.n && run.input == setup.input)
            return &run;
    return nullptr;
}

} // namespace prefixlab
