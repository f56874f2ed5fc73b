#include "gui/features/benchmark/timed_table_state.hpp"

#include "core/bench/compact_table.hpp"
#include "core/bench/histogram_table.hpp"
#include "core/bench/segmented_table.hpp"
#include "core/bench/reduce_table.hpp"
#include "core/bench/sort_table.hpp"
#include "core/bench/timed_table_figure.hpp"

#include "core/bench/bench_export.hpp" // extension_of
#include "core/bench/bench_sizes.hpp"
#include "core/plot/table_figure.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/printable.hpp"
#include "core/util/terminal_output.hpp"
#include "gui/shell/app_folders.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace prefixlab {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kSavedTablesShown = 8; // the newest tables saved earlier come back at start

} // namespace

TimedTableSource reduce_table_source() {
    TimedTableSource source;
    source.kind = &reduce_table_kind();
    source.file_tag = "reduce-table";
    source.slide_stem = "harris";
    source.title = "Harris's table";
    source.rows_planned = [](int repetitions) {
        ReduceTableOptions options;
        options.repetitions = repetitions;
        return reduce_table_rows_planned(options);
    };
    source.run = [](std::uint64_t n, int repetitions, const RowProgress& progress, const Cancelled& cancelled) {
        ReduceTableOptions options;
        options.repetitions = repetitions;
        return run_reduce_table(n, options, progress, cancelled);
    };
    return source;
}

TimedTableSource compact_table_source() {
    constexpr int kPercent = 50; // the share kept where the forms differ most in what they write
    TimedTableSource source;
    source.kind = &compact_table_kind();
    source.file_tag = "compact-table";
    source.slide_stem = "compaction";
    source.title = "the compaction table";
    source.rows_planned = [](int repetitions) {
        TimedTableOptions options;
        options.repetitions = repetitions;
        return compact_table_rows_planned(options);
    };
    source.run = [](std::uint64_t n, int repetitions, const RowProgress& progress, const Cancelled& cancelled) {
        TimedTableOptions options;
        options.repetitions = repetitions;
        return run_compact_table(n, kPercent, options, progress, cancelled);
    };
    return source;
}

TimedTableSource sort_table_source() {
    constexpr int kKeyBits = 32; // random keys in all their bits: every pass of every sort has work
    TimedTableSource source;
    source.kind = &sort_table_kind();
    source.file_tag = "sort-table";
    source.slide_stem = "sort";
    source.title = "the sort table";
    source.rows_planned = [](int repetitions) {
        TimedTableOptions options;
        options.repetitions = repetitions;
        return sort_table_rows_planned(options);
    };
    source.run = [](std::uint64_t n, int repetitions, const RowProgress& progress, const Cancelled& cancelled) {
        TimedTableOptions options;
        options.repetitions = repetitions;
        return run_sort_table(n, kKeyBits, options, progress, cancelled);
    };
    return source;
}

TimedTableSource histogram_table_source() {
    constexpr std::uint32_t kBins = 256; // the bins the issue measures at, uniform keys
    TimedTableSource source;
    source.kind = &histogram_table_kind();
    source.file_tag = "histogram-table";
    source.slide_stem = "histogram";
    source.title = "the histogram table";
    source.rows_planned = [](int repetitions) {
        TimedTableOptions options;
        options.repetitions = repetitions;
        return histogram_table_rows_planned(kBins, options);
    };
    source.run = [](std::uint64_t n, int repetitions, const RowProgress& progress, const Cancelled& cancelled) {
        TimedTableOptions options;
        options.repetitions = repetitions;
        return run_histogram_table(n, kBins, HistogramInput::uniform, options, progress, cancelled);
    };
    return source;
}

TimedTableSource segmented_table_source() {
    constexpr std::uint64_t kMeanLength = 1000; // the segments the issue measures at
    TimedTableSource source;
    source.kind = &segmented_table_kind();
    source.file_tag = "segmented-table";
    source.slide_stem = "segmented";
    source.title = "the segmented scan table";
    source.rows_planned = [](int repetitions) {
        TimedTableOptions options;
        options.repetitions = repetitions;
        return segmented_table_rows_planned(options);
    };
    source.run = [](std::uint64_t n, int repetitions, const RowProgress& progress, const Cancelled& cancelled) {
        TimedTableOptions options;
        options.repetitions = repetitions;
        return run_segmented_table(n, kMeanLength, options, progress, cancelled);
    };
    return source;
}

// What the timing thread reports to the UI thread.
struct TimedTableState::Live {
    mutable std::mutex mutex;
    std::string activity;
    std::size_t rows_started = 0;
    std::size_t rows_planned = 1;
};

TimedTableState::TimedTableState(TimedTableSource source, std::function<void(const std::string&, bool)> notify)
    : source_(std::move(source)), notify_(std::move(notify)), live_(std::make_shared<Live>()) {}

void TimedTableState::read_startup_tables() {
    // The shipped tables, then the newest saved ones, each read in the background and shown once read.
    for (const fs::path& path : files_in(fs::path(assets_folder()) / "bench", ".csv", source_.file_tag))
        read_file(path.string(), "shipped", false);
    std::vector<fs::path> saved = files_in(fs::path(data_folder()) / "bench", ".csv", source_.file_tag);
    if (saved.size() > kSavedTablesShown)
        saved.erase(saved.begin(), saved.end() - std::ptrdiff_t(kSavedTablesShown));
    for (const fs::path& path : saved)
        read_file(path.string(), "saved earlier", false);
}

TimedTableState::~TimedTableState() = default;

void TimedTableState::select(std::size_t index) {
    if (index < tables_.size())
        selected_ = index;
}

void TimedTableState::prefer(const std::string& words) {
    preferred_ = words;
    if (preferred_.empty() || source_.kind->figure_title == nullptr)
        return;
    for (std::size_t i = 0; i < tables_.size(); ++i)
        if (source_.kind->figure_title(tables_[i].table).find(preferred_) != std::string::npos) {
            selected_ = i;
            preferred_.clear();
            return;
        }
}

std::string TimedTableState::current_title() const {
    const ShownTimedTable* shown = current();
    return shown != nullptr && source_.kind->figure_title != nullptr ? source_.kind->figure_title(shown->table) : "";
}

const ShownTimedTable* TimedTableState::current() const {
    return selected_ < tables_.size() ? &tables_[selected_] : nullptr;
}

void TimedTableState::open(const std::string& path) {
    read_file(path, path, true);
}

void TimedTableState::read_file(const std::string& path, const std::string& origin, bool opened) {
    reads_.push([path, origin, opened, kind = source_.kind](TaskControl& control) {
        Read file{{}, {}, path, opened};
        try {
            for (TimedTable& table : read_timed_table_csv(path, *kind, [&](double f) { control.set_progress(f); }))
                file.tables.push_back({std::move(table), origin});
        } catch (const std::exception& e) {
            file.problem = e.what(); // "cannot read reduction table 'PATH': …"
        }
        return file;
    });
}

void TimedTableState::finish_read(BackgroundQueue<Read>::Outcome outcome) {
    if (const std::string* error = std::get_if<1>(&outcome)) { // not a reader's refusal: out of memory, say
        last_open_failed_ = true;
        notify_("reading a " + source_.kind->name + " table failed: " + *error, true);
        return;
    }
    Read& file = std::get<0>(outcome);
    if (!file.problem.empty()) {
        if (file.opened) {
            last_open_failed_ = true;
            notify_(file.problem, true);
        } else { // a bad file costs a line, never the start
            printf_to_terminal(stderr, "prefixlab: skipped at start: %s\n", file.problem.c_str());
        }
        return;
    }
    const std::size_t first = tables_.size();
    for (ShownTimedTable& table : file.tables)
        tables_.push_back(std::move(table));
    if (file.opened) {
        last_open_failed_ = false;
        selected_ = first;
        notify_("opened " + source_.kind->name + " table " + printable_path(file.path), false);
    } else if (!preferred_.empty()) { // a scene asked for a table before the files at start were read
        prefer(std::string(preferred_));
    }
}

void TimedTableState::start(std::uint64_t n, int repetitions) {
    if (task_.busy())
        return;
    {
        std::lock_guard lock(live_->mutex);
        live_->activity = "starting";
        live_->rows_started = 0;
        live_->rows_planned = std::max<std::size_t>(1, source_.rows_planned(repetitions));
    }
    auto live = live_;
    task_.start([n, repetitions, live, run = source_.run](TaskControl& control) {
        return run(
            n, repetitions,
            [live](const std::string& row) {
                std::lock_guard lock(live->mutex);
                live->activity = row;
                ++live->rows_started;
            },
            [&control] { return control.cancelled(); });
    });
    notify_("timing " + source_.title + " at N = " + format_size(n), false);
}

void TimedTableState::cancel() { task_.cancel(); }

double TimedTableState::progress() const {
    std::lock_guard lock(live_->mutex);
    return std::min(1.0, double(live_->rows_started) / double(live_->rows_planned));
}

std::string TimedTableState::activity() const {
    std::lock_guard lock(live_->mutex);
    return live_->activity;
}

void TimedTableState::poll() {
    if (auto read = reads_.poll())
        finish_read(std::move(*read));
    auto outcome = task_.poll();
    if (!outcome)
        return;
    if (const std::string* error = std::get_if<1>(&*outcome)) {
        notify_(source_.kind->name + " table failed: " + *error, true);
        return;
    }
    TimedTable table = std::move(std::get<0>(*outcome));
    if (table.rows.empty()) {
        notify_(source_.kind->name + " table cancelled before its first row", false);
        return;
    }
    // Saved at once, so nothing measured is lost: TAG-DATE.csv in the data folder's bench/.
    std::string saved;
    try {
        const fs::path folder = fs::path(data_folder()) / "bench";
        std::error_code error;
        fs::create_directories(folder, error);
        std::string date = table.date;
        std::replace(date.begin(), date.end(), ':', '-');
        const std::string path = (folder / (source_.file_tag + "-" + date + ".csv")).string();
        write_file_atomically(path, [&](std::ostream& out) { write_timed_table_csv(out, *source_.kind, {table}); });
        saved = ", saved to " + path;
    } catch (const std::exception& e) {
        notify_(source_.kind->name + " table timed but not saved: " + e.what(), true);
    }
    const std::size_t rows = table.rows.size();
    tables_.push_back({std::move(table), "this session"});
    selected_ = tables_.size() - 1;
    if (!saved.empty())
        notify_(source_.kind->name + " table: " + std::to_string(rows) + " rows" + saved, false);
}

std::string write_timed_table_file(const TimedTableSource& source, const TimedTable& table, const std::string& folder,
                                   std::optional<PlotFileFormat> format, bool dark) {
    constexpr float kWidth = 1600, kHeight = 900;
    require_folder_named(folder); // an empty one would put the table in the current folder
    std::error_code error;
    fs::create_directory(folder, error); // its parent must exist, as for the plots' exports
    // a table is told from another of the same N by its parameters (the compaction's share kept)
    std::string stem = source.slide_stem + "-n" + std::to_string(table.n);
    if (!table.parameters.empty())
        stem += "-" + std::to_string(table.parameters.front());
    const std::string path = (fs::path(folder) / (stem + (format ? extension_of(*format) : ".csv"))).string();
    if (format) {
        const float scale = plot_scale_for_size(kWidth, kHeight);
        export_table_figure(timed_table_figure(*source.kind, table), dark ? PlotStyle::dark(scale) : PlotStyle::light(scale),
                            *format, path, kWidth, kHeight);
    } else {
        write_file_atomically(path, [&](std::ostream& out) { write_timed_table_csv(out, *source.kind, {table}); });
    }
    return "wrote " + path;
}

} // namespace prefixlab
