#include "core/bench/timed_table_figure.hpp"

#include "core/bench/bench_sizes.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace prefixlab {

namespace {

std::string fixed(double value, const char* format) {
    char text[32];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

// Time with four significant digits: 0.01161, 0.3485, 3.776, 114.2.
std::string ms_text(double ms) {
    if (ms <= 0)
        return "";
    const int decimals = std::max(0, 3 - static_cast<int>(std::floor(std::log10(ms))));
    char text[32];
    std::snprintf(text, sizeof text, "%.*f", std::min(decimals, 6), ms);
    return text;
}

std::string subtitle_of(const TimedTableKind& kind, const TimedTable& table) {
    std::string text = table.device;
    if (!table.driver.empty())
        text += " · driver " + table.driver;
    if (!table.date.empty())
        text += " · " + table.date.substr(0, 10);
    return text + " · " + kind.data + " · median times from a flushed L2";
}

std::vector<std::string> notes_of(const TimedTableKind& kind, const TimedTable& table) {
    std::vector<std::string> notes;
    if (table.best_own >= 0 && table.cub >= 0) {
        const TimedRow& best = table.rows[std::size_t(table.best_own)];
        const TimedRow& cub = table.rows[std::size_t(table.cub)];
        notes.push_back("Ours at our best: " + best.method + " (" + best.setup + "), " +
                        fixed(best.median_ms / cub.median_ms, "%.3f") + "× CUB's time.");
    }
    if (!kind.figure_note.empty())
        notes.push_back(kind.figure_note);
    return notes;
}

} // namespace

TableFigure timed_table_figure(const TimedTableKind& kind, const TimedTable& table) {
    TableFigure figure;
    figure.title =
        kind.figure_title ? kind.figure_title(table) : kind.name + " table, N = " + format_size(table.n);
    if (!figure.title.empty())
        figure.title[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(figure.title[0])));
    figure.subtitle = subtitle_of(kind, table);
    figure.columns = {{"method", false}, {"setup", false}, {"time (ms)", true}, {"GB/s", true}};
    for (const TimedColumn& column : kind.columns)
        figure.columns.push_back({column.figure, true});
    std::vector<std::size_t> rows(table.rows.size());
    std::iota(rows.begin(), rows.end(), std::size_t(0));
    if (kind.figure_rows)
        rows = kind.figure_rows(table);
    bool was_ours = false, was_cpu = false;
    for (std::size_t r : rows) {
        const TimedRow& row = table.rows[r];
        TableFigureRow line;
        line.cells = {kind.figure_label ? kind.figure_label(table, r) : row.method, row.setup,
                      ms_text(row.median_ms) + (row.correct ? "" : " WRONG"),
                      row.gb_per_s > 0 ? fixed(row.gb_per_s, row.gb_per_s < 10 ? "%.1f" : "%.0f") : ""};
        for (std::size_t c = 0; c < kind.columns.size(); ++c)
            line.cells.push_back(timed_value_text(kind.columns[c], row.value(c), true));
        line.emphasised = int(r) == table.best_own || int(r) == table.cub;
        // rules between the groups: ours, the libraries, the CPU
        const bool is_ours = kind.ours != nullptr && kind.ours(row.method),
                   is_cpu = row.method.starts_with("cpu-");
        line.starts_group = is_ours != was_ours || (is_cpu && !was_cpu);
        was_ours = is_ours;
        was_cpu = is_cpu;
        figure.rows.push_back(line);
    }
    figure.notes = notes_of(kind, table);
    return figure;
}

} // namespace prefixlab
