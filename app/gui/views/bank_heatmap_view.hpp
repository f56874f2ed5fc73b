// Shared-memory bank accesses: for every warp-wide instruction (rows, grouped by step) and each of
// the 32 banks (columns), how many distinct words the instruction touches in that bank — 1 is
// conflict-free, k means k - 1 extra wavefronts. Drawn by shaders/heatmap.frag from a texture, with
// a perceptually uniform, colour-blind-safe scale (colour_map.hpp) and its legend. Hovering shows the
// lanes, words and values in a bank; clicking a row draws that instruction's lane-to-bank arrows.
// Per-step and total conflict counts stand beside, with the Nsight Compute metrics they equal.
// A Blelloch trace is shown beside its companion (plain and padded, same input), stepping together.
#pragma once

#include "../render/heatmap_renderer.hpp"
#include "view.hpp"

#include <memory>
#include <string>

namespace prefixlab {

struct LoadedTrace;

class BankHeatmapView : public View {
public:
    BankHeatmapView();
    ~BankHeatmapView() override;
    const char* title() const override { return "Banks"; }
    void draw(AppState& state, const ViewContext& context) override;

    struct Panel; // one trace's heatmap, statistics and selection

private:
    std::unique_ptr<Panel> panels_[2];
    float row_pixels_ = 0;  // 0: fit the tallest trace to the view
    float scroll_y_ = 0;    // shared by both panels, so they show the same steps
    int followed_step_ = -1;
};

} // namespace prefixlab
