// The grid view (tab "Grid", issue 13): a scan across many blocks, from the grid trace alone
// (AppState::grid(), core/analysis/grid_view_model.hpp). Tiles across, the launch's phases down (the
// single-pass scans: take a tile, reduce it, publish and look back, scan it); each cell is the tile after
// that phase:
//   - element detail with tiles of at most 64 elements: the tile's values, every one readable (written
//     in the step in the "written" colour, input not yet overwritten in the input colour);
//   - element detail with more: a strip of the tile's elements in those colours, and its last value;
//   - tile level (N above 4096): no elements, only what the tiles told each other.
// A single-pass scan: under each cell the tile's status word after the phase (– invalid, A its
// aggregate, P its inclusive prefix, each in its status colour) and, in the row of the phase that made
// them, an arrow for each look-back poll from the predecessor's word to the tile that read it, coloured
// by what it saw (merged polls of one word thicker; the tooltip counts them).
// A multi-launch driver (grid_totals.hpp): rows are its launches' phases, each labelled with its launch;
// under each cell the tile totals the step wrote or combined into there (Σ a tile's total, P a word
// scanned in place, + an atomic partial sum; a run's word spans its run, a spine level's total the
// tiles under it), and at the top of the row an arrow for each word that crossed blocks into it: from
// the box above that held it (or the tile that added into it) down into the reader. Two-level's runs
// are named in a second header line.
//
// Stepping (the grid trace's own step) reveals the rows down to the current one, which is highlighted;
// later rows are dimmed, or in reveal mode not drawn at all. The canvas scrolls: wheel (Shift: across),
// drag; its header and row labels stay. Hover a cell for the tile's numbers and polls; click a row label
// to step there. The Values checkbox turns the readable values into strips: at 2× beside the settings
// panel a row of 32-value tiles is taller than the view, and the protocol is what a lecture points at.
#pragma once

#include "gui/render/cached_layer.hpp"
#include "gui/render/instanced_shapes.hpp"
#include "gui/features/grid/grid_view_parts.hpp"
#include "gui/views/view.hpp"

#include <string>
#include <vector>

namespace prefixlab {

struct LoadedGridTrace;

class GridSession;

class GridView : public View {
public:
    explicit GridView(GridSession& session) : session_(session) {}
    const char* title() const override { return "Grid"; }
    SteppedSession* stepped_session() override;
    void draw(AppState& state, const ViewContext& context) override;

    struct Layout; // this frame's columns and rows (grid_view.cpp)

private:
    void measure(const LoadedGridTrace& grid);
    void draw_canvas(AppState& state, const LoadedGridTrace& grid, const Layout& layout);
    void handle_mouse(const Layout& layout);

    GridSession& session_;

    // The cells' boxes, strips, status words and arrows, in a cached layer redrawn only when the trace,
    // step, scroll, size or theme change; the text is drawn live over it.
    CachedLayer cache_;
    InstancedShapes quads_{InstancedShapes::Kind::quads};
    InstancedShapes lines_{InstancedShapes::Kind::lines};
    std::string built_key_;

    std::uint64_t measured_ = 0; // the LoadedGridTrace::serial measured (an address can be a new trace's)
    int value_chars_ = 1; // the longest value of the trace, in characters (mono font)
    std::vector<std::vector<std::string>> value_texts_; // [step][element], values mode
    std::vector<ItemRange> box_ranges_, arrow_ranges_;  // [step]: its tile-totals boxes and arrows
    float pan_x_ = 0, pan_y_ = 0;
    int followed_step_ = -1;
    float followed_top_ = 0, followed_bottom_ = 0; // where the followed row lay when it was followed
    bool show_values_ = true; // off: strips at any N, so the whole protocol fits a projector at 2×
};

} // namespace prefixlab
