// The Benchmark tab's timed tables, one state a kind (core/bench/timed_table.hpp: Harris's reduction
// table, the compaction table): those shipped in assets/bench/ as CSV, tables run earlier, files opened,
// and a table timed on this machine in the background (every row of it: the GPU's where there is one,
// else the CPU's), with its progress and cancel. A finished table is saved at once under the data
// folder's bench/ and comes back at the next start, as the sweeps do. Exports
// (BenchState::export_table) write the figure (timed_table_figure) or the CSV.
//
// Files are read off the UI thread, the ones found at start and then each one opened, in that order
// (a CSV of 52,000 N in the data folder kept the window from opening for 2.5 s, and opening it froze
// the window for 2.7 s): the window opens at once and shows the reading's progress.
#pragma once

#include "core/bench/timed_table.hpp"
#include "core/bench/timed_table_csv.hpp"
#include "core/bench/timed_table_run.hpp"
#include "core/plot/plot_export.hpp"
#include "core/util/background_queue.hpp"
#include "core/util/background_task.hpp"

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace prefixlab {

// What the tab needs of a kind of timed table besides its kind: which files are its, what its exports
// are called, and how one is timed here.
struct TimedTableSource {
    const TimedTableKind* kind = nullptr;
    std::string file_tag;   // "reduce-table": in the names of its CSVs, shipped and saved
    std::string slide_stem; // "harris": an export's name before -nN
    std::string title;      // "Harris's table": messages
    // How many rows timing one plans, and the timing (on the task's thread; `cancelled` between rows).
    std::function<std::size_t(int repetitions)> rows_planned;
    std::function<TimedTable(std::uint64_t n, int repetitions, const RowProgress&, const Cancelled&)> run;
};

// The two the tab shows.
TimedTableSource reduce_table_source();
TimedTableSource compact_table_source();
TimedTableSource sort_table_source();
TimedTableSource histogram_table_source();
TimedTableSource segmented_table_source();

struct ShownTimedTable {
    TimedTable table;
    std::string origin; // "shipped", "saved earlier", a file path, "this session"
};

class TimedTableState {
public:
    // notify(message, is_error): the status bar.
    TimedTableState(TimedTableSource source, std::function<void(const std::string&, bool)> notify);
    ~TimedTableState();
    const TimedTableSource& source() const { return source_; }
    // Once the window is open: reads the shipped and saved tables in the background.
    void read_startup_tables();

    const std::vector<ShownTimedTable>& tables() const { return tables_; }
    std::size_t selected() const { return selected_; }
    void select(std::size_t index);
    // Shows the first table whose figure title contains `words` (a scene's bench.table), now or once a table
    // that matches is read; "" changes nothing.
    void prefer(const std::string& words);
    std::string current_title() const; // the shown table's figure title; "" when there is none
    const ShownTimedTable* current() const; // nullptr when there is none

    // Reads the file in the background; once read, adds every table of it and shows the first, or puts
    // why not (one line) in the status bar.
    void open(const std::string& path);
    bool reading() const { return reads_.busy(); } // files at start, or opened, not read yet
    double read_progress() const { return reads_.progress(); }
    bool last_open_failed() const { return last_open_failed_; }

    // Times a table at n on this machine (2^10..2^30), with `repetitions` a row (a compaction table: half
    // the elements kept).
    void start(std::uint64_t n, int repetitions);
    void cancel();
    bool running() const { return task_.busy(); }
    double progress() const;   // 0..1 by rows done
    std::string activity() const; // the row being timed
    void poll();                  // once a frame: a file read, a table timed

private:
    struct Live;
    // What reading one file in the background brings back: its tables, or why it could not be read.
    struct Read {
        std::vector<ShownTimedTable> tables;
        std::string problem; // one line; empty when it was read
        std::string path;
        bool opened = false; // by the user, rather than found at start
    };
    void read_file(const std::string& path, const std::string& origin, bool opened);
    void finish_read(BackgroundQueue<Read>::Outcome outcome);

    TimedTableSource source_;
    std::function<void(const std::string&, bool)> notify_;
    std::vector<ShownTimedTable> tables_;
    std::size_t selected_ = 0;
    std::string preferred_; // prefer()'s words, until a table matches them
    std::shared_ptr<Live> live_;
    BackgroundTask<TimedTable> task_;
    BackgroundQueue<Read> reads_;
    bool last_open_failed_ = false;
};

// Writes `table` into `folder` (created if its parent exists) as STEM-nN.png/.svg/.pdf (harris-nN,
// compaction-nN-P for P % kept), a 1600 × 900 slide in the light or dark plot style, or (no format) as
// its CSV; returns "wrote PATH". Throws FileError or std::runtime_error naming the problem. BenchState
// runs it on its export thread.
std::string write_timed_table_file(const TimedTableSource& source, const TimedTable& table, const std::string& folder,
                                   std::optional<PlotFileFormat> format, bool dark);

} // namespace prefixlab
