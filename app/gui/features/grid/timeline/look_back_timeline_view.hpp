// The look-back timeline (tab "Timeline", issue 13): one row per tile of a single-pass scan, the grid's
// global order across (a GPU trace's %globaltimer time where it has one), from the grid trace alone
// (core/analysis/look_back_timeline.hpp). Marks, each told apart by shape as well as colour:
//   tile taken                 a thin vertical line across the row (the tile counter's atomic)
//   aggregate published        a bar in the lower half of the row (status aggregate colour)
//   inclusive prefix published a bar across the whole row (status prefix colour)
//   poll saw invalid           × (the tile waits: status invalid colour)
//   poll saw aggregate         a hollow square
//   poll saw prefix            a filled square
// and a thin line from each tile's first mark to its prefix: how long it was in flight. With a few
// resident blocks the taken marks form a staircase — the waves of blocks that held the slots.
//
// The legend stands above the data, the summary line (tiles, deepest and mean look-back, polls that
// waited, check_look_backs()' verdict) above it. Rows thin out to fit every tile (1024 tiles fit a
// window as sub-pixel rows, marks kept at least 1.5 px); the wheel zooms (Shift: across only), dragging
// pans, double-click or Fit shows everything. Every mark goes through instanced shapes into a cached
// layer, redrawn only when the trace, step, zoom, pan or theme changes. Stepping the grid trace dims the
// marks of later phases, or in reveal mode hides them. Hover a mark for its tile, predecessor, status
// and value.
#pragma once

#include "gui/render/cached_layer.hpp"
#include "gui/render/instanced_shapes.hpp"
#include "gui/theme.hpp"
#include "gui/views/view.hpp"

#include <string>

namespace prefixlab {

struct LoadedGridTrace;
struct GridTrace;

// What the tab says for a grid trace with no look-back (a multi-launch driver): "The timeline shows
// look-backs: scan-then-propagate has none (…); its 3 launches, scan tiles, scan the totals and
// propagate, are in the Grid tab."
std::string no_look_back_message(const GridTrace& trace);

class GridSession;

class LookBackTimelineView : public View {
public:
    explicit LookBackTimelineView(GridSession& session) : session_(session) {}
    const char* title() const override { return "Timeline"; }
    SteppedSession* stepped_session() override;
    void draw(AppState& state, const ViewContext& context) override;

private:
    void rebuild(const LoadedGridTrace& grid, int step, bool reveal, float row_pixels);
    void fit(const LoadedGridTrace& grid, float width, float height, float line_h);
    void handle_mouse(float area_x, float area_y, float width, float height, float line_h);
    int hovered_mark(const LoadedGridTrace& grid, float area_x, float area_y, float width, float height) const;

    GridSession& session_;
    CachedLayer cache_;
    InstancedShapes spans_{InstancedShapes::Kind::lines};
    InstancedShapes quads_{InstancedShapes::Kind::quads};
    InstancedShapes lines_{InstancedShapes::Kind::lines};
    std::uint64_t built_for_ = 0; // LoadedGridTrace::serial (an address can be a new trace's)
    int built_step_ = -1;
    bool built_reveal_ = false;
    float built_scale_x_ = 0, built_scale_y_ = 0;
    theme::Name built_theme_ = theme::Name::dark;
    float built_font_ = 0;
    unsigned builds_ = 0; // builds so far: the cached picture's key

    // camera: screen = area origin + (diagram point - pan) * scale; a row is one unit tall
    std::uint64_t fitted_for_ = 0; // LoadedGridTrace::serial
    float fitted_font_ = 0;
    bool needs_fit_ = true;
    float scale_x_ = 1, scale_y_ = 10;
    float pan_x_ = 0, pan_y_ = 0;
};

} // namespace prefixlab
