// Warp divergence (issue 15): for each step of the trace (rows) and each warp (columns), how many of its
// lanes were active (core/analysis/warp_activity.hpp), as a heat strip on the banks' colour ramp, read
// linearly (idle warps are empty cells), with each cell's count written in it and, per step, the
// share of the block's lanes at work and the warps split by a branch. Side by side, Harris's kernel 1
// beside kernel 3 shows half-active warps against whole idle ones. A table that scrolls both ways, its
// step column and header row frozen; clicking a step goes to it; in reveal mode nothing of the steps
// after the current one is drawn.
#pragma once

#include "core/analysis/warp_activity.hpp"
#include "gui/views/view.hpp"

namespace prefixlab {

class DivergenceView : public View {
public:
    const char* title() const override { return "Warps"; }
    void draw(AppState& state, const ViewContext& context) override;

private:
    PerTrace<WarpActivity> activity_;
    int followed_step_ = -1; // the step last scrolled into view
    unsigned followed_window_ = 0; // the ImGuiID of the rows' window then
    float followed_row_h_ = 0;     // and the rows' height
    int follow_frames_ = 0;        // frames left in which the current row is scrolled to the middle
};

} // namespace prefixlab
