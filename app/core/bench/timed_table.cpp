#include "core/bench/timed_table.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace prefixlab {

namespace {

// One cell of `width` characters, left-aligned or right-aligned; longer text is kept whole.
std::string cell(const std::string& text, int width, bool left) {
    const std::size_t pad = text.size() < std::size_t(width) ? std::size_t(width) - text.size() : 0;
    return left ? text + std::string(pad, ' ') : std::string(pad, ' ') + text;
}

std::string number(const char* format, double value) {
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

} // namespace

std::string timed_value_text(const TimedColumn& column, double value, bool figure) {
    if (value <= 0)
        return "";
    if (column.percent)
        return std::to_string(static_cast<long long>(std::lround(value * 100))) + "%";
    char text[64];
    std::snprintf(text, sizeof text, "%.*f%s", column.decimals, value, figure ? "×" : "x");
    return text;
}

void find_best_rows(const TimedTableKind& kind, TimedTable& table) {
    table.best_own = table.cub = -1;
    // ours at our best: the fastest correct row of ours, against CUB
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const TimedRow& row = table.rows[r];
        if (!kind.cub_method.empty() && row.method == kind.cub_method)
            table.cub = static_cast<int>(r);
        const bool ours = kind.ours != nullptr && kind.ours(row.method);
        if (ours && row.correct && row.median_ms > 0 &&
            (table.best_own < 0 || row.median_ms < table.rows[std::size_t(table.best_own)].median_ms))
            table.best_own = static_cast<int>(r);
    }
}

std::string ours_against_cub_line(const TimedTable& table) {
    if (table.best_own < 0 || table.cub < 0)
        return "";
    const TimedRow& best = table.rows[std::size_t(table.best_own)];
    const TimedRow& cub = table.rows[std::size_t(table.cub)];
    return "ours at our best: " + best.method + " (" + best.setup + ") " + number("%.4f", best.median_ms) +
           " ms, " + number("%.3f", best.median_ms / cub.median_ms) + "x CUB's time (" +
           number("%.4f", cub.median_ms) + " ms)\n";
}

std::string timed_table_text(const TimedTableKind& kind, const TimedTable& table) {
    std::ostringstream text;
    if (kind.text_heading)
        text << kind.text_heading(table) << "\n";
    text << cell("method", kind.method_width, true) << ' ' << cell("setup", kind.setup_width, true) << ' '
         << cell("time (ms)", 11, false) << ' ' << cell("GB/s", 9, false);
    for (const TimedColumn& column : kind.columns)
        text << ' ' << cell(column.text, column.width, false);
    text << "\n";
    for (const TimedRow& row : table.rows) {
        text << cell(row.method, kind.method_width, true) << ' ' << cell(row.setup, kind.setup_width, true)
             << ' ' << cell(number("%.4f", row.median_ms), 11, false) << ' '
             << cell(number("%.1f", row.gb_per_s), 9, false);
        for (std::size_t c = 0; c < kind.columns.size(); ++c)
            text << ' '
                 << cell(timed_value_text(kind.columns[c], row.value(c), false), kind.columns[c].width,
                         false);
        text << (row.correct ? "" : "  " + kind.wrong) << "\n";
    }
    if (kind.text_footer)
        text << kind.text_footer(table);
    return text.str();
}

} // namespace prefixlab
