// Reduction tables as CSV. Numbers are written with %.6g (so 1.16e-05 can appear) and read with
// std::from_chars, the whole field, finite and in range; text fields are read through printable(), so a
// hostile file cannot put control bytes or invalid UTF-8 on the screen or into an exported figure.
#include "core/bench/reduce_table_csv.hpp"

#include "core/util/input_limits.hpp"
#include "core/util/printable.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <ostream>
#include <string_view>
#include <unordered_map>

namespace prefixlab {

namespace {

constexpr std::size_t kColumns = 12;
// The longest real field is a device name (~30 bytes). Text is kept through printable(), cut at
// kMaxTextChars characters; escaped, each can take 4 bytes ("\xNN"), so what is written back still
// reads back under kMaxFieldChars (found by fuzz_reduce_table_loader: a method of 80 NUL bytes).
constexpr std::size_t kMaxFieldChars = 1000;
constexpr std::size_t kMaxTextChars = 200;
// The progress callback hears of every this many lines (about 400 KB of a real table).
constexpr std::size_t kLinesPerProgress = 4096;

std::string quoted(const std::string& text) {
    std::string out = "\"";
    for (char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + '"';
}

[[noreturn]] void refuse(std::size_t line, const std::string& problem) {
    throw ReduceTableCsvError("line " + std::to_string(line) + ": " + problem);
}

// The fields of one line (no newline in it); quoted fields may hold commas and doubled quotes.
std::vector<std::string> split_fields(std::string_view line, std::size_t line_number) {
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
            if (fields.size() == kColumns)
                refuse(line_number, "more than " + std::to_string(kColumns) + " fields");
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

double number(const std::string& field, double most, const char* what, std::size_t line) {
    double value = 0;
    const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (field.empty() || error != std::errc() || end != field.data() + field.size() || !std::isfinite(value) ||
        value < 0 || value > most)
        refuse(line, std::string(what) + " '" + printable(field) + "' is not a number from 0 to " +
                         std::to_string(static_cast<long long>(most)));
    return value;
}

ReduceTableRow parse_row(const std::vector<std::string>& f, std::size_t line) {
    ReduceTableRow row;
    row.method = printable(f[1], kMaxTextChars);
    row.setup = printable(f[2], kMaxTextChars);
    if (row.method.empty())
        refuse(line, "a row without a method");
    row.median_ms = number(f[3], 1e9, "median_ms", line);
    row.gb_per_s = number(f[4], 1e9, "gb_per_s", line);
    row.of_read_speed = number(f[5], 1e9, "of_read_speed", line);
    row.step_speedup = number(f[6], 1e9, "step_speedup", line);
    row.cumulative = number(f[7], 1e9, "cumulative_speedup", line);
    if (f[8] != "yes" && f[8] != "no")
        refuse(line, "correct '" + printable(f[8]) + "' is neither yes nor no");
    row.correct = f[8] == "yes";
    row.checked = true;
    return row;
}

} // namespace

void write_reduce_table_csv(std::ostream& out, const std::vector<ReduceTable>& tables) {
    out << kReduceTableCsvHeader << '\n';
    for (const ReduceTable& table : tables)
        for (const ReduceTableRow& row : table.rows) {
            char numbers[160];
            std::snprintf(numbers, sizeof numbers, "%.9g,%.9g,%.4g,%.4g,%.4g", row.median_ms, row.gb_per_s,
                          row.of_read_speed, row.step_speedup, row.cumulative);
            out << table.n << ',' << quoted(row.method) << ',' << quoted(row.setup) << ',' << numbers << ','
                << (row.correct ? "yes" : "no") << ',' << quoted(table.device) << ',' << quoted(table.driver) << ','
                << quoted(table.date) << '\n';
        }
}

std::vector<ReduceTable> parse_reduce_table_csv(const std::string& text, const ReadProgress& progress) {
    std::vector<ReduceTable> tables;
    // Each N's table by its place in `tables`: a search of the tables for each row made the read
    // quadratic in the number of N (a 2.6 MB file of 26,000 N took 10 s, 5.3 MB 88 s).
    std::unordered_map<std::uint64_t, std::size_t> table_of_n;
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
            if (line != kReduceTableCsvHeader)
                refuse(1, "not a reduction table's header (expected \"" + std::string(kReduceTableCsvHeader) + "\")");
            continue;
        }
        if (line.empty())
            continue;
        const std::vector<std::string> f = split_fields(line, line_number);
        if (f.size() != kColumns)
            refuse(line_number, std::to_string(f.size()) + " fields where a row has " + std::to_string(kColumns));
        const double n_value = number(f[0], double(std::numeric_limits<int>::max()), "n", line_number);
        if (n_value < 1 || n_value != std::floor(n_value))
            refuse(line_number, "n '" + printable(f[0]) + "' is not a whole number from 1 to 2147483647");
        const auto n = static_cast<std::uint64_t>(n_value);
        const auto [found, fresh] = table_of_n.try_emplace(n, tables.size());
        if (fresh) {
            if (tables.size() == kMaxReduceTables)
                refuse(line_number, "more than " + std::to_string(kMaxReduceTables) +
                                        " tables (distinct N), the most a reduction table CSV holds");
            ReduceTable& table = tables.emplace_back();
            table.n = n;
            table.device = printable(f[9], kMaxTextChars);
            table.driver = printable(f[10], kMaxTextChars);
            table.date = printable(f[11], kMaxTextChars);
        }
        ReduceTable& table = tables[found->second];
        if (table.rows.size() == kMaxReduceTableRows)
            refuse(line_number, "more than " + std::to_string(kMaxReduceTableRows) + " rows for N = " +
                                    std::to_string(n) + ", the most a reduction table holds");
        table.rows.push_back(parse_row(f, line_number));
    }
    if (line_number == 0)
        refuse(1, "the file is empty");
    if (tables.empty())
        refuse(line_number, "no rows under the header");
    for (ReduceTable& table : tables)
        find_best_rows(table);
    return tables;
}

std::vector<ReduceTable> read_reduce_table_csv(const std::string& path, const ReadProgress& progress) {
    const std::string text = read_bounded_file(path, kMaxResultsFileBytes, "reduction table");
    try {
        return parse_reduce_table_csv(text, progress);
    } catch (const ReduceTableCsvError& e) {
        throw ReduceTableCsvError("cannot read reduction table '" + printable_path(path) + "': " + e.what());
    }
}

} // namespace prefixlab
