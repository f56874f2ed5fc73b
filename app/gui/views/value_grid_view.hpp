// The element × step grid: one column per shared-memory word, one row per step, each cell the word's
// value at the end of that step (from the trace's snapshots). The current step's row is banded;
// cells written in a step are orange, cells read in it outlined in blue, words nothing has written
// yet are dark. Hovering a cell tells who wrote it. Only visible cells are drawn, so N = 2048 costs
// what N = 32 does.
#pragma once

#include "view.hpp"

#include <string>

namespace prefixlab {

struct LoadedTrace;

class ValueGridView : public View {
public:
    const char* title() const override { return "Values"; }
    void draw(AppState& state, const ViewContext& context) override;

private:
    void measure(const LoadedTrace& loaded, const ViewContext& context);

    const LoadedTrace* measured_ = nullptr; // the trace cell_chars_ was measured for
    float measured_scale_ = 0;
    int cell_chars_ = 3;
    int label_chars_ = 20;
    int followed_step_ = -1; // the step last scrolled into view
    bool dim_future_ = true;
};

} // namespace prefixlab
