#include "gui/features/benchmark/bench_state.hpp"

#include "core/bench/bench_catalog.hpp"
#include "core/bench/bench_environment.hpp"
#include "core/bench/bench_export.hpp"
#include "core/bench/bench_json.hpp"
#include "core/bench/bench_sizes.hpp"
#include "core/capture/gpu_info.hpp"
#include "core/util/printable.hpp"
#include "core/util/terminal_output.hpp"
#include "gui/shell/app_folders.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <stdexcept>

namespace prefixlab {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kSavedRunsShown = 8; // the newest runs saved earlier come back at start

// A file name from a date: "2026-11-22T14:03:11Z" -> "run-2026-11-22T14-03-11Z.json".
std::string run_file_name(const BenchRun& run) {
    std::string date = run.environment.date;
    std::replace(date.begin(), date.end(), ':', '-');
    return "run-" + date + ".json";
}

} // namespace

BenchSpec default_gui_bench_spec() {
    BenchSpec spec;
    for (const BenchAlgorithm& algorithm : bench_algorithms())
        if (algorithm.target == BenchTarget::cpu || gpu_info().available)
            spec.algorithms.push_back(algorithm.name);
    spec.sizes = parse_bench_sizes("2^10..2^24");
    spec.command = "prefixlab (GUI benchmark panel)";
    return spec;
}

// Shared between the sweep's thread (it writes) and the UI thread (it copies out each frame).
struct BenchState::LiveSink final : BenchObserver {
    mutable std::mutex mutex;
    LiveBench live;
    TaskControl* control = nullptr; // the running task's, for cancel

    void on_progress(const BenchProgress& progress) override {
        std::lock_guard lock(mutex);
        live.progress = progress;
        if (control != nullptr)
            control->set_progress(progress.fraction);
    }
    void on_point(const BenchPoint& point) override {
        std::lock_guard lock(mutex);
        live.points.push_back(point);
    }
    void on_skip(const std::string& message) override {
        std::lock_guard lock(mutex);
        live.messages.push_back(message);
    }
    void on_failure(const std::string& message) override {
        std::lock_guard lock(mutex);
        live.messages.push_back("FAILED: " + message);
    }
    bool cancelled() override { return control != nullptr && control->cancelled(); }
};

BenchState::BenchState(std::function<void(const std::string&, bool)> notify)
    : spec(default_gui_bench_spec()), notify_(std::move(notify)), reduce_tables_(reduce_table_source(), notify_), compact_tables_(compact_table_source(), notify_), sort_tables_(sort_table_source(), notify_),
      histogram_tables_(histogram_table_source(), notify_), segmented_tables_(segmented_table_source(), notify_),
      live_(std::make_shared<LiveSink>()) {
    export_folder = (fs::current_path() / "prefixlab-plots").string();
}

void BenchState::read_startup_files() {
    read_startup_runs();
    reduce_tables_.read_startup_tables();
    compact_tables_.read_startup_tables();
    sort_tables_.read_startup_tables();
    histogram_tables_.read_startup_tables();
    segmented_tables_.read_startup_tables();
}

BenchState::~BenchState() = default;

void BenchState::read_startup_runs() {
    // The shipped default first, so the plots work on a machine that never ran a benchmark; then the
    // newest saved runs (names carry the date: oldest first). Each is read in the background and shown
    // once read.
    for (const fs::path& path : files_in(fs::path(assets_folder()) / "bench", ".json"))
        read_file(path.string(), "shipped default", Read::shipped);
    std::vector<fs::path> saved = files_in(fs::path(data_folder()) / "bench", ".json");
    if (saved.size() > kSavedRunsShown)
        saved.erase(saved.begin(), saved.end() - std::ptrdiff_t(kSavedRunsShown));
    for (const fs::path& path : saved)
        read_file(path.string(), "saved earlier", Read::saved);
}

void BenchState::open_results(const std::string& path) {
    read_file(path, path, Read::opened);
}

void BenchState::read_file(const std::string& path, const std::string& origin, Read::Source source) {
    reads_.push([path, origin, source](TaskControl& control) {
        Read file{{}, {}, source};
        try {
            // on show: the default, what is opened and what is run now
            file.run = {std::make_shared<const BenchRun>(read_bench_json(path)), origin, path,
                        source != Read::saved};
        } catch (const std::exception& e) {
            file.problem = e.what(); // one line naming the file and the problem
        }
        control.set_progress(1);
        return file;
    });
}

void BenchState::finish_read(BackgroundQueue<Read>::Outcome outcome) {
    if (const std::string* error = std::get_if<1>(&outcome)) { // not a reader's refusal: out of memory, say
        last_open_failed_ = true;
        notify_("reading results failed: " + *error, true);
        return;
    }
    Read& file = std::get<0>(outcome);
    if (file.source == Read::opened) {
        last_open_failed_ = !file.problem.empty();
        if (last_open_failed_) {
            notify_(file.problem, true);
            return;
        }
        opened_.push_back(file.run.path);
        notify_("opened results " + printable_path(file.run.path), false);
        add_run(std::move(file.run.run), file.run.origin, file.run.path, true);
        return;
    }
    if (file.problem.empty()) {
        runs_.push_back(std::move(file.run));
        return;
    }
    // A bad file costs a line, never the start: each one is logged, the first also on the status line.
    printf_to_terminal(stderr, "prefixlab: skipped at start: %s\n", file.problem.c_str());
    if (++start_problems_ == 1)
        first_start_problem_ = file.problem;
    notify_(start_problems_ == 1 ? first_start_problem_
                                 : first_start_problem_ + " (and " + std::to_string(start_problems_ - 1) +
                                       " more, listed in the terminal)",
            true);
}

void BenchState::add_run(std::shared_ptr<const BenchRun> run, std::string origin, std::string path,
                         bool make_primary) {
    runs_.push_back({std::move(run), std::move(origin), std::move(path), true});
    if (make_primary)
        primary_ = runs_.size() - 1;
}

void BenchState::set_shown(std::size_t index, bool shown) {
    if (index < runs_.size())
        runs_[index].shown = shown;
}

void BenchState::set_primary(std::size_t index) {
    if (index < runs_.size()) {
        primary_ = index;
        runs_[index].shown = true;
    }
}

std::vector<const BenchRun*> BenchState::plotted_runs() {
    std::vector<const BenchRun*> plotted;
    if (running()) {
        live_run_.points = live().points;
        live_run_.label = "this run";
        live_run_.environment.device = gpu_info().available ? gpu_info().name : "";
        live_run_.environment.cpu_model = "this machine";
        live_run_.environment.date = "(running)";
        live_run_.method.repetitions = spec.repetitions;
        plotted.push_back(&live_run_);
    }
    if (primary_ < runs_.size() && runs_[primary_].shown)
        plotted.push_back(runs_[primary_].run.get());
    for (std::size_t i = 0; i < runs_.size(); ++i)
        if (i != primary_ && runs_[i].shown)
            plotted.push_back(runs_[i].run.get());
    return plotted;
}

void BenchState::start() {
    if (running())
        return;
    try {
        validate_bench_spec(spec);
    } catch (const std::exception& e) {
        notify_(e.what(), true);
        return;
    }
    sweep_started_ = true;
    nothing_measured_.clear();
    live_ = std::make_shared<LiveSink>();
    live_->live.running = true;
    auto sink = live_;
    const BenchSpec to_run = spec;
    task_.start([sink, to_run](TaskControl& control) {
        {
            std::lock_guard lock(sink->mutex);
            sink->control = &control;
        }
        return run_bench(to_run, *sink);
    });
    notify_("benchmark started", false);
}

void BenchState::cancel() { task_.cancel(); }

LiveBench BenchState::live() const {
    std::lock_guard lock(live_->mutex);
    LiveBench copy = live_->live;
    copy.running = task_.busy();
    return copy;
}

void BenchState::save_run(const BenchRun& run, std::string& path) {
    const fs::path folder = fs::path(data_folder()) / "bench";
    std::error_code error;
    fs::create_directories(folder, error);
    path = (folder / run_file_name(run)).string();
    write_bench_json(path, run);
}

void BenchState::finish_run(BackgroundTask<BenchRun>::Outcome outcome) {
    if (BenchRun* finished = std::get_if<0>(&outcome)) {
        auto run = std::make_shared<BenchRun>(std::move(*finished));
        std::string path;
        std::string saved;
        try {
            if (!run->points.empty()) {
                save_run(*run, path);
                saved = ", saved to " + path;
            }
        } catch (const std::exception& e) {
            notify_(std::string("benchmark finished but not saved: ") + e.what(), true);
        }
        const std::size_t points = run->points.size();
        const bool cancelled = run->cancelled;
        nothing_measured_ = points == 0 ? why_nothing_measured(*run) : "";
        add_run(std::move(run), "this session", path, true);
        if (saved.empty() && points == 0)
            notify_(cancelled ? "benchmark cancelled before its first point" : "benchmark measured nothing", false);
        else if (!saved.empty())
            notify_(std::string(cancelled ? "benchmark cancelled: " : "benchmark finished: ") +
                        std::to_string(points) + " points" + saved,
                    false);
    } else if (const std::string* error = std::get_if<1>(&outcome)) {
        notify_("benchmark failed: " + *error, true);
    }
}

void BenchState::poll() {
    reduce_tables_.poll();
    compact_tables_.poll();
    sort_tables_.poll();
    histogram_tables_.poll();
    segmented_tables_.poll();
    if (auto read = reads_.poll())
        finish_read(std::move(*read));
    if (auto outcome = task_.poll())
        finish_run(std::move(*outcome));
    if (auto outcome = export_task_.poll()) {
        last_export_failed_ = outcome->index() != 0;
        last_export_ = last_export_failed_ ? std::get<1>(*outcome) : std::get<0>(*outcome);
        notify_(last_export_, last_export_failed_);
    }
}

Plot BenchState::current_plot() { return build_bench_plot(plotted_runs(), plot_options); }

std::vector<bool> BenchState::series_visibility(const Plot& plot) const {
    std::vector<bool> visible(plot.series.size());
    for (std::size_t i = 0; i < plot.series.size(); ++i)
        visible[i] = plot_options.hidden_series.count(plot.series[i].name) == 0;
    return visible;
}

void BenchState::start_export(std::function<std::string()> work) {
    if (export_task_.busy())
        return;
    export_task_.start([work = std::move(work)](TaskControl&) { return work(); });
}

BenchPlotSource BenchState::export_source() {
    BenchPlotSource source;
    for (const BenchRun* run : plotted_runs()) {
        if (run == &live_run_) { // the sweep in progress: its points so far, copied
            source.runs.push_back(std::make_shared<const BenchRun>(live_run_));
            continue;
        }
        const auto shown =
            std::find_if(runs_.begin(), runs_.end(), [&](const ShownRun& r) { return r.run.get() == run; });
        source.runs.push_back(shown->run);
    }
    source.options = plot_options;
    source.dark = dark_plot;
    return source;
}

void BenchState::export_current(const std::vector<PlotFileFormat>& formats) {
    BenchExportRequest request{export_source(), BenchExportPlots::current, formats};
    start_export([request, folder = export_folder] {
        std::string written;
        for (const std::string& path : export_bench(request, folder).written)
            written += (written.empty() ? "" : ", ") + path;
        return "exported " + written;
    });
}

void BenchState::export_table(const TimedTableState& tables, std::optional<PlotFileFormat> format) {
    const ShownTimedTable* shown = tables.current();
    std::optional<TimedTable> table;
    if (shown != nullptr)
        table = shown->table;
    // A 1600 × 900 PNG takes ~50 ms to draw: on the export thread, as the plots are; no table is a
    // failed export, so that a script waiting for it fails too.
    start_export([table = std::move(table), source = tables.source(), folder = export_folder, format, dark = dark_plot] {
        if (!table)
            throw std::runtime_error("nothing to export: no " + source.kind->name + " table yet");
        return write_timed_table_file(source, *table, folder, format, dark);
    });
}

void BenchState::export_all_plots() {
    BenchExportRequest request{export_source(),
                               BenchExportPlots::every_kind_with_data,
                               {PlotFileFormat::png, PlotFileFormat::svg, PlotFileFormat::pdf}};
    start_export([request, folder = export_folder] {
        if (request.source.runs.empty())
            return std::string("nothing to export: no results shown");
        const BenchExportResult result = export_bench(request, folder);
        return "exported " + std::to_string(result.written.size()) + " plot files to " + folder;
    });
}

void BenchState::export_results() {
    if (primary_ >= runs_.size()) {
        notify_("nothing to export: no results yet", true);
        return;
    }
    BenchExportRequest request;
    request.source.runs = {runs_[primary_].run};
    request.results = true;
    start_export([request, folder = export_folder] {
        export_bench(request, folder);
        return "exported bench.json and bench.csv to " + folder;
    });
}

} // namespace prefixlab
