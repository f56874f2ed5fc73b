// AppState's grid trace: captured in the emulator on a background thread like the block traces, so a
// run of 1024 tiles (about a second under the emulator) never holds a frame, and a deadlock, which the
// emulator detects and names, arrives as a one-line error while the previous grid trace stays shown.
#include "gui/app_state.hpp"

#include <algorithm>
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
    grid_failed_ = false;
    grid_status_ = "Tracing the grid…";
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
    if (outcome->index() == 1) {
        grid_status_ = "Grid scan: " + std::get<1>(*outcome);
        grid_failed_ = true;
        report_error(grid_status_);
        return;
    }
    const std::shared_ptr<LoadedGridTrace>& loaded = std::get<0>(*outcome);
    grid_ = std::make_unique<LoadedGridTrace>(std::move(*loaded));
    grid_status_.clear();
    // A new grid trace opens on its first step, as a block trace does: nothing given away.
    grid_step_ = 0;
    inform("Grid traced: " + std::to_string(grid_->model.columns.size()) + " tiles, " +
           (grid_->timeline.verdict.empty() ? "every look-back consistent" : "inconsistent: " + grid_->timeline.verdict));
}

} // namespace prefixlab
