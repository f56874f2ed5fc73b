// AppState's grid trace: captured in the emulator on a background thread like the block traces, so a
// run of 1024 tiles (about a second under the emulator) never holds a frame, and a deadlock, which the
// emulator detects and names, arrives as a one-line error while the previous grid trace stays shown.
// A grid trace file is read by load_trace (app_state.cpp) and shown here.
#include "gui/app_state.hpp"

#include "core/analysis/look_back.hpp"

#include "core/capture/gpu_info.hpp"
#include "core/trace/grid_trace_json.hpp"
#include "core/util/parse_number.hpp"
#include "core/util/printable.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <string>

namespace prefixlab {

GridCaptureRequest AppState::default_grid_setup() {
    // N = 64 in 8 tiles of 8 (8 threads, one partial warp, with the warp-shuffle body), the issue's
    // example: the whole grid and its dataflow fit the view with every value readable. Four resident
    // blocks started in a random order make look-backs that go past one predecessor.
    GridCaptureRequest request;
    request.scan.driver = GridDriver::decoupled_look_back;
    request.scan.order = TileOrder::atomic_counter;
    request.scan.body = TileScanBody::warp_shuffle;
    request.scan.tile_threads = 8;
    request.n = 64;
    request.input = InputKind::iota;
    request.seed = 1;
    request.schedule = GridSchedule{4, BlockStartOrder::seeded_random, 3};
    return request;
}

void AppState::capture_grid() {
    if (grid_task_.busy()) {
        grid_pending_ = true;
        return;
    }
    grid_pending_ = false;
    if (grid_setup.device == DeviceChoice::gpu && !gpu_info().available) { // the script's device=gpu
        grid_failed_ = true;
        grid_status_ = "Grid scan: no CUDA GPU to trace on (" + gpu_info().reason + ")";
        report_error(grid_status_);
        return;
    }
    grid_failed_ = false;
    grid_status_ = "Tracing the grid…";
    grid_capture_dropped_ = false;
    grid_task_.start([request = grid_setup](TaskControl&) {
        return std::shared_ptr<LoadedGridTrace>(prepare_grid_for_display(capture_grid_trace(request)));
    });
}

void AppState::set_grid_step(int step) { grid_step_ = std::clamp(step, 0, std::max(0, grid_step_count() - 1)); }

void AppState::poll_grid() {
    auto outcome = grid_task_.poll();
    if (!outcome)
        return;
    if (grid_pending_) {
        capture_grid();
        return;
    }
    if (std::exchange(grid_capture_dropped_, false)) { // a grid file opened while it ran: the file stays
        grid_status_.clear();
        return;
    }
    if (outcome->index() == 1) {
        grid_status_ = "Grid scan: " + std::get<1>(*outcome);
        grid_failed_ = true;
        report_error(grid_status_);
        return;
    }
    const std::shared_ptr<LoadedGridTrace>& loaded = std::get<0>(*outcome);
    grid_ = std::make_unique<LoadedGridTrace>(std::move(*loaded));
    grid_file_.clear();
    grid_status_.clear();
    // A new grid trace opens on its first step, as a block trace does: nothing given away.
    grid_step_ = 0;
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

GridCaptureRequest AppState::grid_request_like(const GridTraceConfig& c, GridCaptureRequest r) {
    r.scan.driver = parse_grid_driver(c.driver).value_or(r.scan.driver);
    r.scan.body = parse_tile_body(c.tile_body).value_or(TileScanBody::warp_shuffle);
    r.scan.tile_threads = static_cast<int>(c.tile_threads);
    r.scan.type = c.type;
    r.scan.op = c.op;
    r.scan.exclusive = c.exclusive;
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

void AppState::show_grid_file(std::unique_ptr<LoadedGridTrace> loaded, const std::string& path) {
    grid_setup = grid_request_like(loaded->trace.config, grid_setup);
    grid_ = std::move(loaded);
    grid_step_ = 0; // on its first step, as a traced one
    grid_file_ = path;
    grid_failed_ = false;
    grid_pending_ = false;
    grid_capture_dropped_ = grid_task_.busy();
    grid_status_.clear();
    grid_tab_requested_ = true;
    stepping_grid = true; // the Grid tab, selected at the end of this frame, steps it
}

void AppState::save_grid_trace(const std::string& path) {
    if (!grid_) {
        report_error("no grid trace to save yet (Grid scan ▸ Trace the grid, or open one)");
        return;
    }
    try {
        save_grid_trace_file(grid_->trace, path);
        trace_files_used_.push_back(path);
        inform("Saved the grid trace to " + printable_path(path));
    } catch (const std::exception& e) {
        report_error(e.what());
    }
}

} // namespace prefixlab
