#include "gui/features/grid/grid_session.hpp"

#include "core/analysis/grid_narration.hpp"
#include "core/analysis/look_back.hpp"
#include "core/capture/gpu_info.hpp"
#include "core/scene/scene.hpp"
#include "core/trace/grid_trace_json.hpp"
#include "core/util/parse_number.hpp"
#include "core/util/printable.hpp"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <optional>

namespace prefixlab {

// The scene's default (core/scene): one definition of what the Grid tab starts with.
GridCaptureRequest GridSession::default_setup() { return default_grid_scene_setup(); }

void GridSession::set_step(int step) { step_ = std::clamp(step, 0, std::max(0, step_count() - 1)); }

void GridSession::capture() {
    if (task_.busy()) {
        pending_ = true;
        return;
    }
    pending_ = false;
    if (setup.device == DeviceChoice::gpu && !gpu_info().available) { // the script's device=gpu
        failed_ = true;
        status_ = "Grid scan: no CUDA GPU to trace on (" + gpu_info().reason + ")";
        report_error(status_);
        return;
    }
    failed_ = false;
    status_ = "Tracing the grid…";
    capture_dropped_ = false;
    task_.start([request = setup](TaskControl&) {
        return std::shared_ptr<LoadedGridTrace>(prepare_grid_for_display(capture_grid_trace(request)));
    });
}

void GridSession::load(const std::string& path) {
    if (read_task_.busy()) {
        pending_read_ = path; // read the newest when this one ends
        return;
    }
    reading_ = path;
    read_task_.start([path](TaskControl&) {
        return std::shared_ptr<LoadedGridTrace>(prepare_grid_for_display(load_grid_trace_file(path)));
    });
}

void GridSession::poll() {
    if (auto read = read_task_.poll()) {
        if (!pending_read_.empty()) {
            load(std::exchange(pending_read_, ""));
        } else if (read->index() == 1) {
            report_error(std::get<1>(*read));
        } else {
            LoadedGridTrace& loaded = *std::get<0>(*read);
            // A status line names the file, not its folders (a long path wrapped the status bar).
            const std::string name = std::filesystem::path(reading_).filename().string();
            const std::string message = "Opened the grid trace " + printable_path(name) + " (recorded on " +
                                        printable(loaded.trace.config.device_name) + ")";
            show_file(std::make_unique<LoadedGridTrace>(std::move(loaded)), reading_);
            files_used_.push_back(reading_);
            inform(message);
        }
    }
    auto outcome = task_.poll();
    if (!outcome)
        return;
    if (pending_) {
        capture();
        return;
    }
    if (std::exchange(capture_dropped_, false)) { // a grid file opened while it ran: the file stays
        status_.clear();
        return;
    }
    if (outcome->index() == 1) {
        status_ = "Grid scan: " + std::get<1>(*outcome);
        failed_ = true;
        report_error(status_);
        return;
    }
    const std::shared_ptr<LoadedGridTrace>& loaded = std::get<0>(*outcome);
    grid_ = std::make_unique<LoadedGridTrace>(std::move(*loaded));
    file_.clear();
    status_.clear();
    // A new grid trace opens on its first step, as a block trace does: nothing given away.
    step_ = 0;
    set_step(std::exchange(step_when_shown_, -1));
    const std::size_t wrong = grid_->trace.wrong_outputs;
    // Short: at 1280×720 and scale 3 a second line of status bar is the grid's last row.
    const std::string said = grid_->look_backs.empty()
                                 ? std::to_string(grid_->trace.launches.size()) + " launches"
                                 : look_back_summary(grid_->look_backs, grid_->timeline.verdict);
    inform("Grid traced: " + std::to_string(grid_->model.columns.size()) + " tiles, " + said +
           (wrong > 0 ? ", " + std::to_string(wrong) + " outputs wrong" : ""));
}

namespace {

// The start order a trace's configuration describes ("in order", "reversed", "random (seed 7)": the
// words of describe_start_order), or nullopt for one it does not (a GPU trace's "").
std::optional<GridSchedule> schedule_described(const std::string& text, std::uint32_t resident) {
    for (const BlockStartOrder order : {BlockStartOrder::in_order, BlockStartOrder::reversed})
        if (text == describe_start_order(GridSchedule{resident, order, 0}))
            return GridSchedule{resident, order, 0};
    const std::string prefix = "random (seed ";
    if (text.rfind(prefix, 0) != 0 || text.back() != ')')
        return std::nullopt;
    try {
        const std::string digits = text.substr(prefix.size(), text.size() - prefix.size() - 1);
        return GridSchedule{resident, BlockStartOrder::seeded_random,
                            parse_whole_number(digits, 0, std::numeric_limits<std::uint64_t>::max())};
    } catch (const NumberError&) {
        return std::nullopt;
    }
}

} // namespace

GridCaptureRequest GridSession::request_like(const GridTraceConfig& c, GridCaptureRequest r) {
    r.scan.driver = parse_grid_driver(c.driver).value_or(r.scan.driver);
    r.scan.body = parse_tile_body(c.tile_body).value_or(TileScanBody::warp_shuffle);
    r.scan.tile_threads = static_cast<int>(c.tile_threads);
    r.scan.type = c.type;
    r.scan.op = c.op;
    r.scan.exclusive = c.exclusive;
    r.scan.compaction = c.compaction;
    r.scan.keep = c.keep;
    r.scan.sort = c.sort;
    r.scan.order = c.tiles_from_counter ? TileOrder::atomic_counter : TileOrder::block_index;
    r.input = c.input_kind;
    r.seed = c.seed;
    r.n = c.n;
    if (c.emulated) {
        r.device = DeviceChoice::cpu;
        r.schedule = schedule_described(c.start_order, std::max<std::uint32_t>(c.resident, 1)).value_or(r.schedule);
    } else if (gpu_info().available) {
        r.device = DeviceChoice::gpu; // the hardware schedules the blocks: the emulator's schedule stays
    } else {
        // Recorded on a GPU this machine lacks: the emulator traces it again, as far as it reaches.
        r.device = DeviceChoice::cpu;
        r.n = std::min<std::uint64_t>(r.n, kMaxEmulatedGridN);
    }
    return r;
}

void GridSession::show_file(std::unique_ptr<LoadedGridTrace> loaded, const std::string& path) {
    setup = request_like(loaded->trace.config, setup);
    grid_ = std::move(loaded);
    step_ = 0; // on its first step, as a traced one
    file_ = path;
    failed_ = false;
    pending_ = false;
    capture_dropped_ = task_.busy();
    status_.clear();
    tab_requested_ = true;
}

void GridSession::save(const std::string& path) {
    if (!grid_) {
        report_error("no grid trace to save yet (Grid scan ▸ Trace the grid, or open one)");
        return;
    }
    try {
        save_grid_trace_file(grid_->trace, path);
        files_used_.push_back(path);
        inform("Saved the grid trace to " + printable_path(path));
    } catch (const std::exception& e) {
        report_error(e.what());
    }
}

Narration GridSession::narration() const {
    if (grid_ == nullptr || grid_->narration.empty())
        return {"No grid trace yet: the narration says what each phase did once one is traced.", "", "", "", ""};
    return {grid_->narration[std::min<std::size_t>(step_, grid_->narration.size() - 1)],
            grid_counters_line(grid_->trace, grid_->steps, grid_->model.totals, grid_->timeline, step_), "", "", ""};
}

std::string GridSession::step_line() const {
    if (grid_ == nullptr)
        return "";
    return "Grid step " + std::to_string(step_) + " of " + std::to_string(step_count()) + ": " +
           grid_->steps.steps[step_].label;
}

} // namespace prefixlab
