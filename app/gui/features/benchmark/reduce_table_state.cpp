#include "gui/features/benchmark/reduce_table_state.hpp"

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

// The reduction tables' CSV files directly in `folder`, by name (their names carry the date); none when
// it cannot be listed (error codes throughout, as for the sweeps' files).
std::vector<fs::path> table_files_in(const fs::path& folder) {
    std::vector<fs::path> files;
    std::error_code error;
    for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error))
        if (it->path().extension() == ".csv" && it->path().filename().string().find("reduce-table") != std::string::npos)
            files.push_back(it->path());
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

// What the timing thread reports to the UI thread.
struct ReduceTableState::Live {
    mutable std::mutex mutex;
    std::string activity;
    std::size_t rows_started = 0;
    std::size_t rows_planned = 1;
};

ReduceTableState::ReduceTableState(std::function<void(const std::string&, bool)> notify)
    : notify_(std::move(notify)), live_(std::make_shared<Live>()) {}

void ReduceTableState::read_startup_tables() {
    // The shipped tables, then the newest saved ones, each read in the background and shown once read.
    for (const fs::path& path : table_files_in(fs::path(assets_folder()) / "bench"))
        read_file(path.string(), "shipped", false);
    std::vector<fs::path> saved = table_files_in(fs::path(data_folder()) / "bench");
    if (saved.size() > kSavedTablesShown)
        saved.erase(saved.begin(), saved.end() - std::ptrdiff_t(kSavedTablesShown));
    for (const fs::path& path : saved)
        read_file(path.string(), "saved earlier", false);
}

ReduceTableState::~ReduceTableState() = default;

void ReduceTableState::select(std::size_t index) {
    if (index < tables_.size())
        selected_ = index;
}

const ShownReduceTable* ReduceTableState::current() const {
    return selected_ < tables_.size() ? &tables_[selected_] : nullptr;
}

void ReduceTableState::open(const std::string& path) {
    read_file(path, path, true);
}

void ReduceTableState::read_file(const std::string& path, const std::string& origin, bool opened) {
    reads_.push([path, origin, opened](TaskControl& control) {
        Read file{{}, {}, path, opened};
        try {
            for (ReduceTable& table : read_reduce_table_csv(path, [&](double f) { control.set_progress(f); }))
                file.tables.push_back({std::move(table), origin});
        } catch (const std::exception& e) {
            file.problem = e.what(); // "cannot read reduction table 'PATH': …"
        }
        return file;
    });
}

void ReduceTableState::finish_read(BackgroundQueue<Read>::Outcome outcome) {
    if (const std::string* error = std::get_if<1>(&outcome)) { // not a reader's refusal: out of memory, say
        last_open_failed_ = true;
        notify_("reading a reduction table failed: " + *error, true);
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
    for (ShownReduceTable& table : file.tables)
        tables_.push_back(std::move(table));
    if (file.opened) {
        last_open_failed_ = false;
        selected_ = first;
        notify_("opened reduction table " + printable_path(file.path), false);
    }
}

void ReduceTableState::start(std::uint64_t n, int repetitions) {
    if (task_.busy())
        return;
    ReduceTableOptions options;
    options.repetitions = repetitions;
    {
        std::lock_guard lock(live_->mutex);
        live_->activity = "starting";
        live_->rows_started = 0;
        live_->rows_planned = std::max<std::size_t>(1, reduce_table_rows_planned(options));
    }
    auto live = live_;
    task_.start([n, options, live](TaskControl& control) {
        return run_reduce_table(
            n, options,
            [live](const std::string& row) {
                std::lock_guard lock(live->mutex);
                live->activity = row;
                ++live->rows_started;
            },
            [&control] { return control.cancelled(); });
    });
    notify_("timing Harris's table at N = " + format_size(n), false);
}

void ReduceTableState::cancel() { task_.cancel(); }

double ReduceTableState::progress() const {
    std::lock_guard lock(live_->mutex);
    return std::min(1.0, double(live_->rows_started) / double(live_->rows_planned));
}

std::string ReduceTableState::activity() const {
    std::lock_guard lock(live_->mutex);
    return live_->activity;
}

void ReduceTableState::poll() {
    if (auto read = reads_.poll())
        finish_read(std::move(*read));
    auto outcome = task_.poll();
    if (!outcome)
        return;
    if (const std::string* error = std::get_if<1>(&*outcome)) {
        notify_("reduction table failed: " + *error, true);
        return;
    }
    ReduceTable table = std::move(std::get<0>(*outcome));
    if (table.rows.empty()) {
        notify_("reduction table cancelled before its first row", false);
        return;
    }
    // Saved at once, so nothing measured is lost: reduce-table-DATE.csv in the data folder's bench/.
    std::string saved;
    try {
        const fs::path folder = fs::path(data_folder()) / "bench";
        std::error_code error;
        fs::create_directories(folder, error);
        std::string date = table.date;
        std::replace(date.begin(), date.end(), ':', '-');
        const std::string path = (folder / ("reduce-table-" + date + ".csv")).string();
        write_file_atomically(path, [&](std::ostream& out) { write_reduce_table_csv(out, {table}); });
        saved = ", saved to " + path;
    } catch (const std::exception& e) {
        notify_(std::string("reduction table timed but not saved: ") + e.what(), true);
    }
    const std::size_t rows = table.rows.size();
    tables_.push_back({std::move(table), "this session"});
    selected_ = tables_.size() - 1;
    if (!saved.empty())
        notify_("reduction table: " + std::to_string(rows) + " rows" + saved, false);
}

std::string write_reduce_table_file(const ReduceTable& table, const std::string& folder,
                                    std::optional<PlotFileFormat> format, bool dark) {
    constexpr float kWidth = 1600, kHeight = 900;
    require_folder_named(folder); // an empty one would put the table in the current folder
    std::error_code error;
    fs::create_directory(folder, error); // its parent must exist, as for the plots' exports
    const std::string path =
        (fs::path(folder) / ("harris-n" + std::to_string(table.n) + (format ? extension_of(*format) : ".csv"))).string();
    if (format) {
        const float scale = plot_scale_for_size(kWidth, kHeight);
        export_table_figure(reduce_table_figure(table), dark ? PlotStyle::dark(scale) : PlotStyle::light(scale), *format,
                            path, kWidth, kHeight);
    } else {
        write_file_atomically(path, [&](std::ostream& out) { write_reduce_table_csv(out, {table}); });
    }
    return "wrote " + path;
}

} // namespace prefixlab
