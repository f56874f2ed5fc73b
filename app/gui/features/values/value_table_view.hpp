// The element × step table: one column per value holder — each thread's register (shuffle kernels)
// and each shared-memory word — and one row per step, each cell the value at the end of that step
// (from the trace's snapshots). Cells written in a step are orange, cells read in it outlined in
// blue, words nothing has written yet dark; the current step's row is framed. The global input sits in
// its own row above the steps and the kernel's output in its own row below them (wrong elements in
// vermillion, and for floats each element's error against the double-precision scan): a global
// access marks those rows at the current step, never a shared word. Column headers name each column's
// index, the thread that owns it and its warp (from the trace's accesses). When the columns do not all
// fit, an overview strip shows the whole array and jumps the table where it is clicked; Ctrl+wheel or
// the −/+ buttons zoom to a range of columns, down to colour only. In reveal mode later steps show
// nothing. Cells are drawn by the flat-colour shaders into a cached layer; text only where visible, so
// N = 2048 costs about what N = 32 does. Parts: value_table_cells (what a cell looks like),
// value_table_layout (where things go), value_table_overview (the strip), value_table_text (the text).
#pragma once

#include "core/analysis/table_arrows.hpp"
#include "core/analysis/value_table_model.hpp"
#include "gui/features/values/value_table_layout.hpp"
#include "gui/features/values/value_table_overview.hpp"
#include "gui/render/cached_layer.hpp"
#include "gui/render/instanced_shapes.hpp"
#include "gui/views/value_table_cells.hpp"
#include "gui/views/view.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

struct ImDrawList;

namespace prefixlab {

class ValueTableView : public View {
public:
    // Its zoom and scroll, for a scene, the scroll as fractions of how far the table scrolls. Where the
    // step follow leaves the scroll depends on the way there (a window set up at 1× and scaled to 2× put
    // the rows 5 px from where one started at 2× did), so the scene keeps it. A scene's place is applied at
    // the first frame that shows a trace while no capture runs: a new trace starts at zoom 1 and scroll 0.
    std::optional<ViewPlace> view_place() const override;
    void set_view_place(const ViewPlace& place) override { pending_place_ = place; }
    const char* title() const override { return "Values"; }
    bool marks_differences() const override { return true; }
    void draw(AppState& state, const ViewContext& context) override;

private:
    void prepare(const LoadedTrace& loaded);
    void draw_toolbar(const AppState& state, const ValueTableMetrics& metrics, bool one_button);
    void draw_table_controls(const AppState& state, const ValueTableMetrics& metrics);
    void draw_table(AppState& state, const TableShowing& showing, ValueTableMetrics metrics,
                    bool compact_labels, float strip_height);
    void zoom_by(float factor, float anchor_x);
    void refresh_cells(const TableShowing& showing, float cell_w);
    // value_table_text.cpp
    void draw_cell_text(ImDrawList* list, const ValueTableLayout& l, const TableShowing& showing,
                        float sx) const;
    void draw_segment_heads(ImDrawList* list, const ValueTableLayout& l, float sx) const;
    void draw_global_rows(ImDrawList* list, const ValueTableLayout& l, const TableShowing& showing,
                          float sx) const;
    void draw_headers(ImDrawList* list, const ValueTableLayout& l, float sx, int step) const;
    // value_table_arrows.cpp: the current step's arrows, read cell → written cell
    void draw_arrows(ImDrawList* list, const ValueTableLayout& l, const TableShowing& showing, float sx);
    void draw_row_labels(ImDrawList* list, const ValueTableLayout& l, const TableShowing& showing) const;
    // value_table_differences.cpp: the marks on the cells that differ from the other side's
    void draw_differences(ImDrawList* list, const ValueTableLayout& l, const TableShowing& showing,
                          float sx) const;
    bool cell_differs(int column, int step) const;
    void draw_tooltip(AppState& state, const ValueTableLayout& l, const TableShowing& showing,
                      float sx) const;
    std::pair<int, int> visible_columns(const ValueTableLayout& l, float sx) const;
    // Says what of the trace is in view (layout/shown_range.hpp) and where the current step's row is.
    void note_what_shows(const ValueTableLayout& l, const TableShowing& showing, float sx) const;
    // The size of the monospace font the table is drawn in: the largest at which every column fits
    // `width` beside the short labels, else the full size (and the table scrolls).
    ImFont* fitting_font(const ViewContext& context, float width) const;

    const LoadedTrace* loaded_ = nullptr;
    std::uint64_t loaded_serial_ = 0; // loaded_'s LoadedTrace::serial (an address can be a new trace's)
    ShownTrace shown_; // this frame's
    ValueTableModel model_;
    std::vector<int> column_element_;     // [column]: the element of the global rows under it, or -1
    std::vector<std::string> row_labels_; // "  7  iteration 3, offset 4: read partner"
    int cell_chars_ = 3;
    int sort_bits_ = 0; // a radix sort's keys, shown in binary: their bits (sort_bits.hpp); else 0
    ImFont* table_font_ = nullptr; // this frame's, fitting_font()
    int label_chars_ = 20;
    int compact_chars_ = 4;
    int extra_rows_ = 1; // output, and for floats the error row

    bool dim_future_ = true;
    bool show_arrows_ = true;
    std::vector<TableArrow> arrows_; // the current step's, computed when the step changes
    int arrows_step_ = -1;
    std::uint64_t arrows_for_ = 0; // the LoadedTrace::serial the arrows were made for
    float zoom_ = 1;         // cell width as a fraction of the width that fits every value
    float base_cell_w_ = 0;  // that width, in pixels
    float last_cells_w_ = 0; // the cells' visible width in the last frame
    float last_scroll_x_ = 0;
    std::optional<float> pending_scroll_x_, pending_scroll_y_;
    int followed_step_ = -1;
    int focused_serial_ = 0; // the last element-focus request acted on
    bool followed_flowing_ = false;
    float followed_cell_h_ = 0;
    unsigned followed_window_ = 0; // the ImGuiID of the table's window when last followed
    int refollow_frames_ = 0;      // frames left in which the step is followed again (a new window)
    float followed_view_ = 0;     // the rows' visible height when last followed
    float followed_scroll_y_ = 0; // the vertical scroll the table drew with last
    bool scrolled_by_follow_ = false;
    float last_max_x_ = 0, last_max_y_ = 0;  // how far the table could scroll in the last frame
    std::optional<ViewPlace> pending_place_; // a scene's, until a trace is shown
    std::optional<ViewPlace> placing_;       // this frame's: its scroll, once the table's range is known
    // The scene's place, applied again each frame while the table settles (its range changes over the
    // first frames: the fraction applied once, in the first, left the rows 30 px off), until the step
    // changes or the table is scrolled or zoomed by hand; reported back unchanged meanwhile.
    std::optional<ViewPlace> placed_;
    int placed_step_ = -1;

    std::string built_key_; // what the cell quads and strip colours were built for
    std::vector<theme::Rgb> overview_colours_;
    OverviewStrip strip_; // where the strip was drawn last (x0 == x1: not shown)
    CachedLayer cache_;
    InstancedShapes cells_{InstancedShapes::Kind::quads};
};

} // namespace prefixlab
