#include "core/bench/reduce_table_figure.hpp"

#include "core/bench/bench_sizes.hpp"
#include "core/ground/scan_names.hpp"

#include <cmath>
#include <cstdio>

namespace prefixlab {

namespace {

bool ours(const ReduceTableRow& row) { return parse_block_algorithm(row.method).has_value(); }

// A slide's name for a method: Harris's kernels by number, the others spelled out.
std::string method_label(const ReduceTable& table, std::size_t r) {
    const ReduceTableRow& row = table.rows[r];
    if (const int k = harris_kernel_of_row(table, r))
        return std::to_string(k) + "  " + row.method;
    if (row.method == "read-only")
        return "read-only pass";
    if (row.method == "cub")
        return "CUB";
    if (row.method == "thrust")
        return "Thrust";
    if (row.method == "cpu-loop")
        return "CPU loop";
    if (row.method == "cpu-std-reduce")
        return "CPU std::reduce";
    if (row.method == "cpu-threads")
        return "CPU threads";
    return row.method;
}

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

std::string subtitle_of(const ReduceTable& table) {
    std::string text = table.device;
    if (!table.driver.empty())
        text += " · driver " + table.driver;
    if (!table.date.empty())
        text += " · " + table.date.substr(0, 10);
    return text + " · uint32 + · median times from a flushed L2";
}

std::vector<std::string> notes_of(const ReduceTable& table) {
    std::vector<std::string> notes;
    if (table.best_own >= 0 && table.cub >= 0) {
        const ReduceTableRow& best = table.rows[std::size_t(table.best_own)];
        const ReduceTableRow& cub = table.rows[std::size_t(table.cub)];
        notes.push_back("Ours at our best: " + best.method + " (" + best.setup + "), " +
                        fixed(best.median_ms / cub.median_ms, "%.3f") + "× CUB's time.");
    }
    notes.push_back("GB/s: N × 4 bytes over the time.  % of read: the read-only pass's time over the row's.");
    return notes;
}

} // namespace

std::vector<std::size_t> reduce_table_figure_rows(const ReduceTable& table) {
    // Ours at Harris's block size and finish (the setup of his kernel 1's row), ours at our best, and
    // every row that is not ours.
    const std::string harris_setup = harris_kernel_of_row(table, 1) ? table.rows[1].setup : "";
    std::vector<std::size_t> rows;
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const ReduceTableRow& row = table.rows[r];
        if (!ours(row) || row.setup == harris_setup || int(r) == table.best_own)
            rows.push_back(r);
    }
    return rows;
}

TableFigure reduce_table_figure(const ReduceTable& table) {
    TableFigure figure;
    figure.title = "Harris's reduction table, N = " + format_size(table.n);
    figure.subtitle = subtitle_of(table);
    figure.columns = {{"method", false},   {"setup", false}, {"time (ms)", true},  {"GB/s", true},
                      {"% of read", true}, {"step", true},   {"cumulative", true}};
    bool was_ours = false, was_cpu = false;
    for (std::size_t r : reduce_table_figure_rows(table)) {
        const ReduceTableRow& row = table.rows[r];
        TableFigureRow line;
        line.cells = {method_label(table, r),
                      row.setup,
                      ms_text(row.median_ms) + (row.correct ? "" : " WRONG"),
                      row.gb_per_s > 0 ? fixed(row.gb_per_s, row.gb_per_s < 10 ? "%.1f" : "%.0f") : "",
                      row.of_read_speed > 0 ? fixed(100 * row.of_read_speed, "%.0f%%") : "",
                      row.step_speedup > 0 ? fixed(row.step_speedup, "%.2f×") : "",
                      row.cumulative > 0 ? fixed(row.cumulative, "%.2f×") : ""};
        line.emphasised = int(r) == table.best_own || int(r) == table.cub;
        // rules between the groups: ours, the libraries, the CPU
        const bool is_ours = ours(row), is_cpu = row.method.starts_with("cpu-");
        line.starts_group = is_ours != was_ours || (is_cpu && !was_cpu);
        was_ours = is_ours;
        was_cpu = is_cpu;
        figure.rows.push_back(line);
    }
    figure.notes = notes_of(table);
    return figure;
}

} // namespace prefixlab
