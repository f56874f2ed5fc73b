// Shared-memory bank accesses: for every warp-wide instruction (rows, grouped by step) and each of
// the 32 banks (columns), how many distinct words the instruction touches in that bank — 1 is
// conflict-free, k means k - 1 extra wavefronts. Drawn by shaders/heatmap.frag from a texture, with
// a perceptually uniform, colour-blind-safe scale (colour_map.hpp) and its legend. Hovering shows the
// lanes, words and values in a bank; the lane-to-bank diagram under the heatmap shows the current
// step's worst instruction, or the one clicked. Per-step and total conflict counts stand beside,
// with the Nsight Compute metrics they equal. A Blelloch trace is shown beside its companion (plain
// and padded, same input) on the same step bands.
//
// Laid out from the font (step_bands.hpp): every step is a band at least one text line tall, so a
// step of one instruction — where Blelloch's 16- and 32-way conflicts are — has its label and counts;
// the heatmap scrolls (both ways) rather than shrinking below a readable row. Row labels sit in a
// column of their own, abbreviated to step numbers when the full labels would take more than a
// quarter of the width. In reveal mode nothing of the steps after the current one is drawn.
#pragma once

#include "gui/render/heatmap_renderer.hpp"
#include "gui/views/view.hpp"

#include <algorithm>
#include <imgui.h>
#include <memory>
#include <string>

namespace prefixlab {

struct LoadedTrace;

class BankHeatmapView : public View {
public:
    // Its rows' zoom, or fit (0); the scroll follows the step shown, so it is not kept.
    std::optional<ViewPlace> view_place() const override {
        return ViewPlace{row_zoom_ > 0 ? row_zoom_ : 1, row_zoom_ <= 0, 0, 0};
    }
    ViewPlace default_view_place() const override { return ViewPlace{1, true, 0, 0}; } // rows fitted
    void set_view_place(const ViewPlace& place) override {
        row_zoom_ = place.fit ? 0 : std::clamp(place.zoom, 0.05f, 2.0f); // the Ctrl+wheel range
    }
    BankHeatmapView();
    ~BankHeatmapView() override;
    const char* title() const override { return "Banks"; }
    bool marks_differences() const override { return true; }
    void draw(AppState& state, const ViewContext& context) override;

    struct Panel;  // one trace's heatmap, counts and selection
    struct Layout; // this frame's columns and bands

private:
    void draw_heatmaps(AppState& state, const Layout& layout, ImVec2 size);
    void draw_lanes_and_banks(float width);
    float lanes_and_banks_height(float width) const;
    std::size_t chosen_instruction() const; // the focused panel's at the shown step, or kNoInstruction
    std::string caption() const; // what the lane-to-bank diagram shows (at this frame's step)
    bool counts_differ(std::size_t step) const;       // side by side: unlike the other side's step

    ShownTrace shown_; // this frame's
    std::unique_ptr<Panel> panels_[2];
    int panel_count_ = 1;
    float row_zoom_ = 0;     // an instruction row's height in font sizes (Ctrl+wheel); 0: fit the view
    int followed_step_ = -1;
    unsigned followed_window_ = 0; // the ImGuiID of the window the step was followed in
    float followed_top_ = 0, followed_bottom_ = 0;        // the band's place when followed
    float followed_view_top_ = 0, followed_view_ = 0;     // and the part of the rows in view then
    int follow_frames_ = 0; // frames left in which the band is scrolled into view if it is not
    int focused_panel_ = 0;  // whose instruction the lane-to-bank diagram shows: the panel last clicked
};

} // namespace prefixlab
