// The benchmark side of the GUI: the result sets on show (the H100 default shipped in assets/, the
// user's earlier runs, files opened, the run in progress), the sweep running in the background with
// its live points, progress and cancel, the plot's options and which series are hidden, and exports
// written in the background. Views read it; nothing here draws.
//
// Every finished or cancelled run is saved at once under the user's data folder
// ($PREFIXLAB_DATA_DIR, else $XDG_DATA_HOME/prefixlab, else ~/.local/share/prefixlab), in bench/, and
// shown again at the next start: nothing measured is lost. Results files are read off the UI thread,
// those found at start and then each one opened, in that order: the window opens at once.
#pragma once

#include "core/bench/bench_plots.hpp"
#include "core/bench/bench_runner.hpp"
#include "core/capture/gpu_info.hpp"
#include "core/plot/plot_export.hpp"
#include "core/util/background_queue.hpp"
#include "core/util/background_task.hpp"
#include "gui/features/benchmark/timed_table_state.hpp"
#include "gui/sessions/background_work.hpp"

#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace prefixlab {

// What the Benchmark tab shows: the scans' sweep, or one of its timed tables; in the order of the scene's
// and the script's names (kSceneBenchViews).
enum class BenchShows : std::uint8_t { sweep, reduce_table, compact_table, sort_table, histogram_table, segmented_table };

struct BenchPlotSource;

// The sweep the Benchmark tab starts with: every algorithm this machine can run, 2^10..2^24 (a few
// seconds). Scripted mode checks its `bench` settings against it before the window opens.
BenchSpec default_gui_bench_spec();

// A result set the plots can show.
struct ShownRun {
    std::shared_ptr<const BenchRun> run;
    std::string origin; // "shipped default", "saved earlier", a file path, or "this session"
    std::string path;   // where it is stored, if anywhere
    bool shown = true;
};

// What the sweep running in the background has produced so far (copied out under a lock).
struct LiveBench {
    bool running = false;
    BenchProgress progress;
    std::vector<BenchPoint> points;
    std::vector<std::string> messages; // skips and failures, as they happened
};

class BenchState final : public BackgroundWork {
public:
    // notify(message, is_error): where messages go (the status bar).
    explicit BenchState(std::function<void(const std::string&, bool)> notify);
    ~BenchState();
    // Once the window is open: reads the shipped and saved results and tables in the background.
    void read_startup_files();

    // --- result sets ---
    const std::vector<ShownRun>& runs() const { return runs_; }
    void set_shown(std::size_t index, bool shown);
    std::size_t primary() const { return primary_; } // the run speedups and crossovers come from
    void set_primary(std::size_t index);
    // Shown runs, primary first; while a sweep runs, its points so far as the first.
    std::vector<const BenchRun*> plotted_runs();
    // Reads the file in the background; once read, it becomes the primary set, or its one-line problem
    // goes to the status bar.
    void open_results(const std::string& path);
    bool reading() const { return reads_.busy(); } // results files at start, or opened, not read yet
    double read_progress() const { return reads_.progress(); }
    bool last_open_failed() const { return last_open_failed_; }
    // Results files opened and read since the last call, for the recent files (file_opening).
    std::vector<std::string> take_results_files_opened() { return std::exchange(opened_, {}); }
    // Any file of the tab still being read: results or reduction tables (a script waits for them).
    bool reading_files() const override { return reading() || reading_tables(); }

    // --- running a sweep ---
    BenchSpec spec; // what Run starts; the panel edits it
    void start();   // validates spec first; a message names a problem
    void cancel();
    bool running() const { return task_.busy(); }
    // While it runs, the window draws five frames a second: at full rate its rendering would take CPU
    // time from the CPU baselines being timed (under Mesa's llvmpipe on 2 cores a CPU sweep's process
    // used 6.7 s of user time at full rate and 3.4 s throttled).
    bool holds_cores() const override { return running(); }
    LiveBench live() const;
    // Whether a sweep was started in this session, and once the last one ended, why it measured no
    // point (why_nothing_measured), or "" when it measured some: what the script's wait-bench checks.
    bool sweep_started() const { return sweep_started_; }
    const std::string& nothing_measured() const { return nothing_measured_; }
    void poll() override; // takes a file read, a finished sweep and a finished export

    // --- plots ---
    // Opens on the lecture set (copy, CUB, the fastest own scan, a textbook scan, the CPU): all 23 series
    // at once had no room for a legend on a projector.
    BenchPlotOptions plot_options = [] {
        BenchPlotOptions options;
        options.series = BenchSeriesPreset::lecture;
        return options;
    }();
    bool dark_plot = false;
    Plot current_plot();                 // of plotted_runs() with plot_options
    std::vector<bool> series_visibility(const Plot& plot) const;

    // --- export (in the background) ---
    std::string export_folder;
    // The current plot (hidden series left out) in each format; or every plot kind with data. Both
    // through export_bench (core/bench/bench_export.hpp), like `prefixlab bench --out`.
    void export_current(const std::vector<PlotFileFormat>& formats);
    void export_all_plots();
    void export_results(); // bench.json and bench.csv of the primary run
    // The table `tables` has on show (write_timed_table_file): a slide in `format`, or (none) its CSV.
    void export_table(const TimedTableState& tables, std::optional<PlotFileFormat> format);
    bool exporting() const { return export_task_.busy(); }
    const std::string& last_export() const { return last_export_; }
    bool last_export_failed() const { return last_export_failed_; }

    // --- the timed tables (the tab's other views): Harris's reduction table, the compaction table, the sort table ---
    BenchShows shows = BenchShows::sweep;
    TimedTableState& reduce_tables() { return reduce_tables_; }
    TimedTableState& compact_tables() { return compact_tables_; }
    TimedTableState& tables_of(BenchShows table) {
        return const_cast<TimedTableState&>(std::as_const(*this).tables_of(table));
    }
    const TimedTableState& tables_of(BenchShows table) const {
        return table == BenchShows::compact_table     ? compact_tables_
               : table == BenchShows::sort_table      ? sort_tables_
               : table == BenchShows::histogram_table ? histogram_tables_
               : table == BenchShows::segmented_table ? segmented_tables_
                                                      : reduce_tables_;
    }
    bool reading_tables() const {
        return reduce_tables_.reading() || compact_tables_.reading() || sort_tables_.reading() ||
               histogram_tables_.reading() || segmented_tables_.reading();
    }

    const GpuStatus& gpu() const { return gpu_info(); } // the GPU algorithms need one

private:
    struct LiveSink;
    // What reading one file in the background brings back: its run, or why it could not be read.
    struct Read {
        enum Source { shipped, saved, opened }; // found at start (in assets/, in the data folder), or opened
        ShownRun run;
        std::string problem; // one line; empty when it was read
        Source source = shipped;
    };
    void add_run(std::shared_ptr<const BenchRun> run, std::string origin, std::string path,
                 bool make_primary);
    void read_startup_runs();
    void read_file(const std::string& path, const std::string& origin, Read::Source source);
    void finish_read(BackgroundQueue<Read>::Outcome outcome);
    void finish_run(BackgroundTask<BenchRun>::Outcome outcome); // adds, saves and announces it
    void save_run(const BenchRun& run, std::string& path);
    void start_export(std::function<std::string()> work);
    BenchPlotSource export_source(); // what the plots show, shared with the export's thread

    std::function<void(const std::string&, bool)> notify_;
    TimedTableState reduce_tables_;
    TimedTableState compact_tables_;
    TimedTableState sort_tables_;
    TimedTableState histogram_tables_;
    TimedTableState segmented_tables_;
    std::vector<ShownRun> runs_;
    std::size_t primary_ = 0;
    std::shared_ptr<LiveSink> live_;
    BackgroundTask<BenchRun> task_;
    BackgroundTask<std::string> export_task_;
    std::string last_export_;
    bool last_export_failed_ = false;
    BenchRun live_run_; // the plotted stand-in for the sweep in progress
    bool sweep_started_ = false;
    std::string nothing_measured_;
    BackgroundQueue<Read> reads_;
    bool last_open_failed_ = false;
    std::vector<std::string> opened_;
    std::size_t start_problems_ = 0; // files found at start that could not be read
    std::string first_start_problem_;
};

} // namespace prefixlab
