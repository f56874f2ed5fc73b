#include "core/quiz/quiz_gpu_run.hpp"

#include "core/ground/kernel_facts.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/util/printable.hpp"
#include "core/util/text_lines.hpp"

#include <cstdio>
#include <regex>
#include <nlohmann/json.hpp>

namespace prefixlab {

namespace {

constexpr std::size_t kLongestLine = 200; // of a sanitizer's report quoted on screen

// A compute-sanitizer line without its "========= " prefix, trimmed.
std::string report_line(std::string_view line) {
    while (!line.empty() && (line.front() == '=' || line.front() == ' '))
        line.remove_prefix(1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r'))
        line.remove_suffix(1);
    return std::string(line);
}

// A report made short enough to read on a slide: "at void prefixlab::block_scan_kernel<prefixlab::
// HillisSteeleRacy, prefixlab::AddOp<unsigned int>, (bool)0>(const T2::value_type *, …)+0x180" (how the H100's
// compute-sanitizer names the place) is "at HillisSteeleRacy+0x180", the kernel body and the offset; a build
// path before "kernels/…" goes too.
std::string shortened_report(std::string text) {
    static const std::regex location(R"(at (?:void )?[^<(\s]*<(?:prefixlab::)?(\w+)[^+]*(\+0x[0-9a-fA-F]+))");
    static const std::regex path(R"(/\S*/(kernels/\S+))");
    text = std::regex_replace(text, location, "at $1$2");
    text = std::regex_replace(text, path, "$1");
    text = terminal_safe(text, kLongestLine + 8);
    if (text.size() > kLongestLine)
        text = text.substr(0, kLongestLine - 3) + "...";
    return text;
}

QuizOutcome failed_outcome(const std::string& why, double seconds) {
    QuizOutcome outcome;
    outcome.result = QuizResult::failed;
    outcome.detail = why;
    outcome.seconds = seconds;
    return outcome;
}

} // namespace

std::vector<std::string> quiz_child_command(const std::string& executable, const ScanSetup& setup) {
    return {executable,
            "quiz-child",
            "--algo",
            std::string(name_of(setup.algorithm)),
            "--n",
            std::to_string(setup.n),
            "--input",
            std::string(name_of(setup.input)),
            "--seed",
            std::to_string(setup.seed),
            "--type",
            std::string(name_of(setup.type)),
            "--op",
            std::string(name_of(setup.op))};
}

std::string quiz_child_line(const std::vector<std::uint32_t>& output) {
    return nlohmann::json{{"output", output}}.dump() + "\n";
}

std::optional<std::vector<std::uint32_t>> parse_quiz_child_output(std::string_view text, std::size_t words) {
    // The JSON is the first line that opens an object: a sanitizer's own lines start with "=".
    for (const std::string_view line : split_lines(text)) {
        if (line.starts_with("{\"output\":")) {
            const nlohmann::json json = nlohmann::json::parse(line, nullptr, false);
            if (json.is_discarded() || !json.is_object() || json.size() != 1 || !json["output"].is_array() ||
                json["output"].size() != words)
                return std::nullopt;
            std::vector<std::uint32_t> output;
            output.reserve(words);
            for (const nlohmann::json& word : json["output"]) {
                if (!word.is_number_unsigned() || word.get<std::uint64_t>() > 0xffffffffu)
                    return std::nullopt;
                output.push_back(static_cast<std::uint32_t>(word.get<std::uint64_t>()));
            }
            return output;
        }
    }
    return std::nullopt;
}

std::string find_compute_sanitizer() { return find_executable("compute-sanitizer", {"/usr/local/cuda/bin"}); }

std::string sanitizer_verdict(std::string_view tool, const ChildResult& run, double timeout_s) {
    const std::string name(tool);
    if (!run.started)
        return name + " did not start: " + run.error;
    if (run.timed_out)
        return "hung under " + name + " (killed after " + timeout_text(timeout_s) + ")";
    if (run.cancelled)
        return name + ": cancelled";
    const std::string all = run.out + "\n" + run.err;
    // The first summary ("ERROR SUMMARY: 128 errors"; a second one counts those not printed) and the first
    // report, with its "and Write access at …" line for a race.
    std::string summary, first;
    bool continues = false;
    for (const std::string_view line : split_lines(all)) {
        if (line.starts_with("=========")) {
            const std::string text = report_line(line);
            if (text.find("SUMMARY:") != std::string::npos) {
                if (summary.empty())
                    summary = text;
                continues = false;
            } else if (continues && text.starts_with("and ")) {
                first += " " + text;
                continues = false;
            } else if (first.empty() && !text.empty() && text != "COMPUTE-SANITIZER" &&
                       !text.starts_with("at ") && !text.starts_with("Saved host backtrace") &&
                       !text.starts_with("Host Frame")) {
                first = text;
                continues = true;
            } else {
                continues = false;
            }
        }
    }
    if (summary.empty())
        return name + " gave no summary" + (first.empty() ? std::string() : ": " + shortened_report(first)) +
               (run.exit_code >= 0 ? " (exit " + std::to_string(run.exit_code) + ")" : "");
    return name + ": " + shortened_report(summary) + (first.empty() ? std::string() : ". First: " + shortened_report(first));
}

QuizOutcome run_quiz_option_on_gpu(const ScanSetup& setup, const QuizGpuRunOptions& options) {
    if (options.executable.empty())
        return failed_outcome("cannot find PrefixLab's own program to run the child", 0);
    const std::vector<std::string> command = quiz_child_command(options.executable, setup);
    const ChildResult run = run_child(command, {options.timeout_s, 1 << 20, options.cancel});
    QuizOutcome outcome;
    if (!run.started) {
        outcome = failed_outcome(run.error, run.seconds);
    } else if (run.timed_out) {
        outcome.result = QuizResult::hung;
    } else if (run.cancelled) {
        outcome.detail = "cancelled";
    } else if (run.exit_code != 0) {
        const std::string said = terminal_safe(last_line_of(run.err), kLongestLine);
        outcome = failed_outcome(said.empty() ? "the child ended with " + std::string(run.signal != 0 ? "signal " +
                                                    std::to_string(run.signal) : "exit " + std::to_string(run.exit_code))
                                              : said,
                                 run.seconds);
    } else {
        const BlockRequest request = block_request(setup);
        const auto output = parse_quiz_child_output(run.out, request.input.size());
        if (!output)
            outcome = failed_outcome("the child printed no output line", run.seconds);
        else
            outcome = outcome_of_output(kind_of(setup.algorithm), setup.type, setup.op, setup.exclusive,
                                        request.input, *output);
    }
    outcome.seconds = run.seconds;
    outcome.timeout_s = options.timeout_s;
    if (!options.sanitizers || outcome.result == QuizResult::not_run)
        return outcome;
    const std::string sanitizer = options.sanitizer.empty() ? find_compute_sanitizer() : options.sanitizer;
    if (sanitizer.empty())
        return outcome; // not installed: the lines stay empty
    for (const char* tool : {"racecheck", "synccheck"}) {
        if (options.cancel != nullptr && options.cancel->load())
            break;
        std::vector<std::string> sanitized = {sanitizer, "--tool", tool, "--print-limit", "20"};
        sanitized.insert(sanitized.end(), command.begin(), command.end());
        const ChildResult checked = run_child(sanitized, {options.sanitizer_timeout_s, 1 << 20, options.cancel});
        (std::string_view(tool) == "racecheck" ? outcome.racecheck : outcome.synccheck) =
            sanitizer_verdict(tool, checked, options.sanitizer_timeout_s);
    }
    return outcome;
}

} // namespace prefixlab
