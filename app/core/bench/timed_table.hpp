// One model for every timed table: the reduction table (Harris's), the compaction table, and the sort and
// histogram tables to come. As nvbench registers a benchmark as data and writes every benchmark's output
// with one set of printers (Google Benchmark: fixed fields plus named counters), a table is a
// TimedTableKind (its name, its own columns, how its text and figure differ) and TimedTables of rows
// that share the same fields; the text (here), the CSV (timed_table_csv.hpp), the figure
// (timed_table_figure.hpp) and the timing (timed_table_run.hpp) are written once for all of them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace prefixlab {

struct TimedTable;

// One of a table's own columns after the median and the GB/s: a ratio, shown blank where it is 0.
struct TimedColumn {
    std::string csv;      // its CSV header: "of_read_speed"
    std::string text;     // its heading in the text table: "of read"
    std::string figure;   // its heading in the figure: "% of read"
    int width = 9;        // in the text table
    bool percent = false; // 0.92 reads "92%"; else a factor: "1.23x" (text), "1.23×" (figure)
    int decimals = 2;     // of a factor
};

// A number that says what a table's input was, beyond N (the compaction's share kept and the count it
// keeps): a CSV column before the method, and part of what tells one table of a file from another.
struct TimedParameter {
    std::string csv;        // "percent"
    std::uint64_t most = 0; // the largest a file may give
    std::string shown;      // after its value where a table is named ("% kept": "50% kept"); "": not named
};

// What a kind of table is. One constant a table (reduce_table_kind(), compact_table_kind()); the hooks
// are plain functions, null where the kind takes the default.
struct TimedTableKind {
    std::string name;        // "reduction": "a reduction table", "cannot read reduction table …"
    std::string data;        // what it combines: "uint32 +", "uint32"
    std::uint64_t max_n = 0; // the largest N a table of it is timed at (and a file may give)
    std::vector<TimedParameter> parameters;
    std::vector<TimedColumn> columns;
    bool dated = true;                       // its CSV holds the driver and the date after the device
    int method_width = 24, setup_width = 24; // the text table's first two columns
    std::string wrong = "WRONG";             // after a wrong row in the text table: "WRONG TOTAL"
    std::string cub_method;                  // CUB's row, the yardstick: "cub", "cub-select"
    // Whether a method is ours: best_own is the fastest correct one.
    bool (*ours)(const std::string& method) = nullptr;
    std::string (*text_heading)(const TimedTable& table) = nullptr; // the text table's first line
    std::string (*text_footer)(const TimedTable& table) = nullptr;  // its last lines, each ending in '\n'
    // The figure (timed_table_figure.hpp): its title, which rows it shows (default: all), a row's
    // method as a slide names it (default: the method), and a note under it on its own columns.
    std::string (*figure_title)(const TimedTable& table) = nullptr;
    std::vector<std::size_t> (*figure_rows)(const TimedTable& table) = nullptr;
    std::string (*figure_label)(const TimedTable& table, std::size_t row) = nullptr;
    std::string figure_note;
};

struct TimedRow {
    std::string method; // "reduce-sequential", "cub", "compact", "cpu-copy-if", …
    std::string setup;  // "recursive, 256 threads", "DeviceSelect::If", "one core"
    double median_ms = 0;
    double gb_per_s = 0;        // the bytes the method must move / median
    std::vector<double> values; // the kind's columns, in its order; 0 where the row has none
    bool checked = false;       // its answer was compared with the CPU's (not a speed-of-light pass)
    bool correct = true;

    double value(std::size_t column) const { return column < values.size() ? values[column] : 0.0; }
};

struct TimedTable {
    std::uint64_t n = 0;
    std::vector<std::uint64_t> parameters; // the kind's parameters, in its order
    std::string device;                    // the GPU's name, or why there was none
    std::string driver;                    // the NVIDIA driver's version; empty without a GPU
    std::string date;                      // when it was timed, ISO 8601 UTC
    std::vector<TimedRow> rows;
    int best_own = -1; // the fastest correct row of ours, or -1
    int cub = -1;      // CUB's row, or -1
};

// A value of `column` as the text table (figure = false) or the figure shows it: "92%", "1.23x" or
// "1.23×"; "" for 0 (the row has none).
std::string timed_value_text(const TimedColumn& column, double value, bool figure);

// Sets best_own and cub from the rows (the timing and the CSV reader call it).
void find_best_rows(const TimedTableKind& kind, TimedTable& table);

// The table as text, one row a line, columns aligned: the kind's heading, "method setup time (ms) GB/s"
// and the kind's columns, each row (marked when wrong), the kind's footer.
std::string timed_table_text(const TimedTableKind& kind, const TimedTable& table);

// "ours at our best: METHOD (SETUP) 0.3480 ms, 1.002x CUB's time (0.3473 ms)\n", or "" without both rows.
std::string ours_against_cub_line(const TimedTable& table);

} // namespace prefixlab
