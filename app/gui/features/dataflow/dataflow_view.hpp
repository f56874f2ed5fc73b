// The dataflow diagram, drawn from the trace's DataflowGraph alone: elements (and lanes) across,
// steps down; a node for every value a step produced, with its value or the input range it combines
// (x3..x6); an edge from every value a thread read to the value it wrote with it. The current step is
// highlighted, later steps dimmed — or, in reveal mode, not drawn at all; a strip under each step
// shows which threads worked in it, so idle threads are visibly idle. Racy reads are drawn in
// vermillion.
//
// Sized from the font: a node is wide enough for the trace's longest value (or input range) and tall
// enough for a line of text, so the diagram grows with the UI scale and scrolls when it no longer
// fits; only when even four views would not hold the readable columns (N = 1024) does the first fit
// show the whole tree without values. "Fit" (or a double-click) always shows the whole tree. Row labels take the width they need, or a quarter of the view at most:
// then only step numbers, with the current step's full label above the diagram.
//
// Nodes and edges go through instanced shaders (render/instanced_shapes); text is drawn only where a
// node is large enough to hold it (level of detail), so N = 2048 zoomed out costs little more than
// N = 8. Mouse wheel zooms (Shift: horizontally only), dragging pans, double-click fits.
#pragma once

#include "gui/render/cached_layer.hpp"
#include "gui/render/instanced_shapes.hpp"
#include "gui/theme.hpp"
#include "gui/views/view.hpp"

#include <optional>
#include <vector>

namespace prefixlab {

struct LoadedTrace;

class DataflowView : public View {
public:
    const char* title() const override { return "Dataflow"; }
    bool marks_differences() const override { return true; }
    void draw(AppState& state, const ViewContext& context) override;
    // Its camera, for a scene: the zoom against the fit the view would make, the pan as fractions of
    // how far it can pan, and whether the last fit showed the whole tree. Applied at the next frame that
    // shows a trace (a scene is applied before its trace is captured).
    std::optional<ViewPlace> view_place() const override;
    void set_view_place(const ViewPlace& place) override { pending_place_ = place; }

private:
    void rebuild(const LoadedTrace& loaded, int step, bool reveal);
    void measure_texts(const LoadedTrace& loaded);
    void fit(float width, float height, float char_w, float line_h);
    void clamp_pan(float width, float height);
    void handle_mouse(float area_x, float area_y, float width, float height);
    void follow_step(int step, float width, float height);
    void place_camera(const ViewPlace& place, float width, float height);

    // The whole diagram is drawn into a cached layer, redrawn only when the trace, the step, the
    // zoom or the pan change; every other frame only copies it (see render/cached_layer.hpp).
    // Two levels of detail: every node and edge when columns are wide enough; else runs of
    // neighbouring nodes merged into one rectangle and only the current step's edges (thousands of
    // one-pixel lines are unreadable there, and each costs the rasteriser its setup).
    CachedLayer cache_;
    InstancedShapes bands_{InstancedShapes::Kind::quads};      // current row, threads at work
    InstancedShapes edges_{InstancedShapes::Kind::lines};      // every edge
    InstancedShapes step_edges_{InstancedShapes::Kind::lines}; // the current step's (coarse level)
    InstancedShapes nodes_{InstancedShapes::Kind::quads};
    InstancedShapes merged_nodes_{InstancedShapes::Kind::quads};
    const LoadedTrace* built_for_ = nullptr;
    std::uint64_t built_serial_ = 0; // built_for_'s LoadedTrace::serial (an address can be a new trace's)
    int built_step_ = -1;
    bool built_edges_ = true;
    bool built_reveal_ = false;
    float built_font_ = 0; // the edges' widths follow the UI scale
    int edge_stride_ = 1;  // the current step's edges drawn: every column's, or every stride-th (zoomed out)
    int built_stride_ = 1;
    unsigned builds_ = 0; // rebuilds so far: the cached picture's key
    theme::Name built_theme_ = theme::Name::dark; // colours are baked into the shapes
    int value_chars_ = 1, range_chars_ = 1;       // the longest node text, in characters (mono font)
    std::vector<std::vector<int>> nodes_by_row_; // row + 1 (inputs first) -> node indices, by column

    // camera: screen = area origin + (diagram point - pan) * scale
    float scale_x_ = 20, scale_y_ = 40;
    float fitted_font_ = 0; // the font size the last fit was made for: a scale change fits again
    float pan_x_ = 0, pan_y_ = 0;
    bool needs_fit_ = true;
    bool fit_whole_ = false; // the next fit shows every column (Fit, double-click), values or not
    int followed_step_ = -1;
    // Until the wheel or a drag moves it, the camera is the fit's and is made again when the room
    // changes: the window settles over a few frames after a start or a scale change, and a fit made in
    // one of them showed the tree 4 % of the pixels apart from a fit made in the settled window.
    bool placed_by_hand_ = false;
    bool fitted_whole_ = false;                   // the kind of the last fit, repeated when the room changes
    float fit_scale_x_ = 1, fit_scale_y_ = 1;     // what the last fit chose
    float area_w_ = 0, area_h_ = 0;               // the room of the last frame
    float pan_range_x_ = 0, pan_range_y_ = 0;     // how far the camera could pan in the last frame
    std::optional<ViewPlace> pending_place_;      // a scene's camera, for the next frame with a trace
    // The place applied and the camera it gave: the scene's fractions are reported back unchanged while
    // the camera stays there (fraction × range ÷ range is not always the same float).
    std::optional<ViewPlace> placed_;
    float placed_pan_x_ = 0, placed_pan_y_ = 0, placed_scale_x_ = 0;

    bool show_ranges_ = false;
    bool show_edges_ = true;
};

} // namespace prefixlab
