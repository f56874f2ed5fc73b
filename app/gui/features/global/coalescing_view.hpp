// Global-memory coalescing (issue 15): the current step's warp-wide loads and stores of the block's
// input and output (core/analysis/coalescing.hpp), each as lanes → 32-byte sectors, the banks' lanes →
// banks for global memory: a warp reading 32 consecutive elements reaches 4 sectors, a scatter the
// sectors of the places it writes. A line per step and for the kernel gives requests, sectors and the
// share of the moved bytes used; a warp picker chooses whose instructions show; a step with no global
// access says which steps have them, a click away.
#pragma once

#include "core/analysis/coalescing.hpp"
#include "gui/views/view.hpp"

namespace prefixlab {

class CoalescingView : public View {
public:
    const char* title() const override { return "Global"; }
    void draw(AppState& state, const ViewContext& context) override;

private:
    PerTrace<CoalescingAnalysis> analysis_;
    int warp_ = 0; // the warp whose instructions show
};

} // namespace prefixlab
