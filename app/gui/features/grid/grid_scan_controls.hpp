// The settings panel's "Grid scan" section: what the next grid trace runs (driver, N, tile threads and
// body, resident blocks, start order and its seed, where tile indices come from, type, operator,
// exclusive, input) and the button that traces it in the background. Not traced on every change as the
// block trace is: a grid of 1024 tiles takes the emulator about a second, and a setting half-chosen
// (reversed start with tile = block index) may be a deadlock the lecturer means to show on purpose.
#pragma once

namespace prefixlab {

class GridSession;
struct GpuStatus;

// `open`: open the section now (View ▸ Grid scan…).
void draw_grid_scan_controls(GridSession& session, const GpuStatus& gpu, bool open);

} // namespace prefixlab
