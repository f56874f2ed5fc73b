// Timed tables as CSV. Numbers are written with %.9g and the kind's columns with %.4g (so 1.16e-05 can
// appear) and read with std::from_chars, the whole field, finite and in range; text fields are read
// through printable(), so a hostile file cannot put control bytes or invalid UTF-8 on the screen or into
// an exported figure.
#include "core/bench/timed_table_csv.hpp"

#include "core/util/csv_field.hpp"
#include "core/util/input_limits.hpp"
#include "core/util/printable.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <ostream>
#include <string_view>

namespace prefixlab {

namespace {

// The longest real field is a device name (~30 bytes). Text is kept through printable(), cut at
// kMaxTextChars characters; escaped, each can take 4 bytes ("\xNN"), so what is written back still
// reads back under kMaxFieldChars (found by fuzz_reduce_table_loader: a method of 80 NUL bytes).
constexpr std::size_t kMaxFieldChars = 1000;
constexpr std::size_t kMaxTextChars = 200;
// The progress callback hears of every this many lines (about 400 KB of a real table).
constexpr std::size_t kLinesPerProgress = 4096;

// Where a kind's fields stand in a row: n, its parameters, then the row's fields, then the table's.
struct Layout {
    explicit Layout(const TimedTableKind& kind)
        : method(1 + kind.parameters.size()), first_column(method + 4),
          correct(first_column + kind.columns.size()), device(correct + 1),
          fields(device + 1 + (kind.dated ? 2 : 0)) {}
    std::size_t method, first_column, correct, device, fields;
};

[[noreturn]] void refuse(std::size_t line, const std::string& problem) {
    throw TimedTableCsvError("line " + std::to_string(line) + ": " + problem);
}

// The fields of one line (no newline in it); quoted fields may hold commas and doubled quotes.
std::vector<std::string> split_fields(std::string_view line, std::size_t line_number, std::size_t most) {
    std::vector<std::string> fields(1);
    bool in_quotes = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        std::string& field = fields.back();
        if (in_quotes) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                in_quotes = false;
            } else {
                field += c;
            }
        } else if (c == '"' && field.empty()) {
            in_quotes = true;
        } else if (c == ',') {
            if (fields.size() == most)
                refuse(line_number, "more than " + std::to_string(most) + " fields");
            fields.emplace_back();
        } else {
            field += c;
        }
        if (fields.back().size() > kMaxFieldChars)
            refuse(line_number, "a field longer than " + std::to_string(kMaxFieldChars) + " characters");
    }
    if (in_quotes)
        refuse(line_number, "a quoted field is not closed");
    return fields;
}

double number(const std::string& field, double most, const std::string& what, std::size_t line) {
    double value = 0;
    const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (field.empty() || error != std::errc() || end != field.data() + field.size() ||
        !std::isfinite(value) || value < 0 || value > most)
        refuse(line, what + " '" + printable(field) + "' is not a number from 0 to " +
                         std::to_string(static_cast<long long>(most)));
    return value;
}

std::uint64_t whole_number(const std::string& field, std::uint64_t least, std::uint64_t most,
                           const std::string& what, std::size_t line) {
    const double value = number(field, double(most), what, line);
    if (value < double(least) || value != std::floor(value))
        refuse(line, what + " '" + printable(field) + "' is not a whole number from " +
                         std::to_string(least) + " to " + std::to_string(most));
    return static_cast<std::uint64_t>(value);
}

TimedRow parse_row(const TimedTableKind& kind, const Layout& at, const std::vector<std::string>& f,
                   std::size_t line) {
    TimedRow row;
    row.method = printable(f[at.method], kMaxTextChars);
    row.setup = printable(f[at.method + 1], kMaxTextChars);
    if (row.method.empty())
        refuse(line, "a row without a method");
    row.median_ms = number(f[at.method + 2], 1e9, "median_ms", line);
    row.gb_per_s = number(f[at.method + 3], 1e9, "gb_per_s", line);
    for (std::size_t c = 0; c < kind.columns.size(); ++c)
        row.values.push_back(number(f[at.first_column + c], 1e9, kind.columns[c].csv, line));
    if (f[at.correct] != "yes" && f[at.correct] != "no")
        refuse(line, "correct '" + printable(f[at.correct]) + "' is neither yes nor no");
    row.correct = f[at.correct] == "yes";
    row.checked = true;
    return row;
}

// "N = 4096" and the parameters: which table a limit speaks of.
std::string table_key_text(const TimedTableKind& kind, const TimedTable& table) {
    std::string text = "N = " + std::to_string(table.n);
    for (std::size_t p = 0; p < kind.parameters.size(); ++p)
        text += ", " + kind.parameters[p].csv + " = " + std::to_string(table.parameters[p]);
    return text;
}

std::string distinct_keys_text(const TimedTableKind& kind) {
    std::string text = "distinct N";
    for (const TimedParameter& parameter : kind.parameters)
        text += ", " + parameter.csv;
    return text;
}

} // namespace

std::string timed_table_csv_header(const TimedTableKind& kind) {
    std::string header = "n,";
    for (const TimedParameter& parameter : kind.parameters)
        header += parameter.csv + ",";
    header += "method,setup,median_ms,gb_per_s,";
    for (const TimedColumn& column : kind.columns)
        header += column.csv + ",";
    return header + (kind.dated ? "correct,device,driver,date" : "correct,device");
}

void write_timed_table_csv(std::ostream& out, const TimedTableKind& kind,
                           const std::vector<TimedTable>& tables) {
    out << timed_table_csv_header(kind) << '\n';
    for (const TimedTable& table : tables)
        for (const TimedRow& row : table.rows) {
            out << table.n << ',';
            for (std::size_t p = 0; p < kind.parameters.size(); ++p)
                out << (p < table.parameters.size() ? table.parameters[p] : 0) << ',';
            char numbers[64];
            std::snprintf(numbers, sizeof numbers, "%.9g,%.9g", row.median_ms, row.gb_per_s);
            out << csv_quoted(row.method) << ',' << csv_quoted(row.setup) << ',' << numbers;
            for (std::size_t c = 0; c < kind.columns.size(); ++c) {
                std::snprintf(numbers, sizeof numbers, ",%.4g", row.value(c));
                out << numbers;
            }
            out << ',' << (row.correct ? "yes" : "no") << ',' << csv_quoted(table.device);
            if (kind.dated)
                out << ',' << csv_quoted(table.driver) << ',' << csv_quoted(table.date);
            out << '\n';
        }
}

std::vector<TimedTable> parse_timed_table_csv(const std::string& text, const TimedTableKind& kind,
                                              const ReadProgress& progress) {
    const Layout at(kind);
    const std::string header = timed_table_csv_header(kind);
    std::vector<TimedTable> tables;
    // Each table by its place in `tables`: a search of the tables for each row made the read quadratic
    // in the number of N (a 2.6 MB file of 26,000 N took 10 s, 5.3 MB 88 s).
    std::map<std::vector<std::uint64_t>, std::size_t> table_of_key;
    std::size_t line_number = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos)
            end = text.size();
        std::string_view line(text.data() + start, end - start);
        start = end + 1;
        ++line_number;
        if (progress && line_number % kLinesPerProgress == 0)
            progress(double(start) / double(text.size()));
        if (!line.empty() && line.back() == '\r') // written on Windows or by a spreadsheet
            line.remove_suffix(1);
        if (line_number == 1) {
            if (line != header)
                refuse(1, "not a " + kind.name + " table's header (expected \"" + header + "\")");
            continue;
        }
        if (line.empty())
            continue;
        const std::vector<std::string> f = split_fields(line, line_number, at.fields);
        if (f.size() != at.fields)
            refuse(line_number,
                   std::to_string(f.size()) + " fields where a row has " + std::to_string(at.fields));
        std::vector<std::uint64_t> key{whole_number(f[0], 1, kind.max_n, "n", line_number)};
        for (std::size_t p = 0; p < kind.parameters.size(); ++p)
            key.push_back(
                whole_number(f[1 + p], 0, kind.parameters[p].most, kind.parameters[p].csv, line_number));
        const auto [found, fresh] = table_of_key.try_emplace(key, tables.size());
        if (fresh) {
            if (tables.size() == kMaxTimedTables)
                refuse(line_number, "more than " + std::to_string(kMaxTimedTables) + " tables (" +
                                        distinct_keys_text(kind) + "), the most a " + kind.name +
                                        " table CSV holds");
            TimedTable& table = tables.emplace_back();
            table.n = key[0];
            table.parameters.assign(key.begin() + 1, key.end());
            table.device = printable(f[at.device], kMaxTextChars);
            if (kind.dated) {
                table.driver = printable(f[at.device + 1], kMaxTextChars);
                table.date = printable(f[at.device + 2], kMaxTextChars);
            }
        }
        TimedTable& table = tables[found->second];
        if (table.rows.size() == kMaxTimedTableRows)
            refuse(line_number, "more than " + std::to_string(kMaxTimedTableRows) + " rows for " +
                                    table_key_text(kind, table) + ", the most a " + kind.name +
                                    " table holds");
        table.rows.push_back(parse_row(kind, at, f, line_number));
    }
    if (line_number == 0)
        refuse(1, "the file is empty");
    if (tables.empty())
        refuse(line_number, "no rows under the header");
    for (TimedTable& table : tables)
        find_best_rows(kind, table);
    return tables;
}

std::vector<TimedTable> read_timed_table_csv(const std::string& path, const TimedTableKind& kind,
                                             const ReadProgress& progress) {
    const std::string text = read_bounded_file(path, kMaxResultsFileBytes, kind.name + " table");
    try {
        return parse_timed_table_csv(text, kind, progress);
    } catch (const TimedTableCsvError& e) {
        throw TimedTableCsvError("cannot read " + kind.name + " table '" + printable_path(path) +
                                 "': " + e.what());
    }
}

} // namespace prefixlab
