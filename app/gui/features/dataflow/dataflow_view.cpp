#include "gui/features/dataflow/dataflow_view.hpp"

#include "core/ground/format_value.hpp"
#include "core/ground/step_label.hpp"
#include "core/analysis/trace_comparison.hpp"
#include "gui/app_state.hpp"
#include "gui/layout/layout_check.hpp"
#include "gui/layout/shown_range.hpp"
#include "gui/theme.hpp"
#include "gui/views/flow_layout.hpp"
#include "gui/views/value_table_cells.hpp" // blend
#include "gui/widgets.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <imgui.h>
#include <imgui_internal.h> // the diagram's window clipped by the windows around it
#include <string>

namespace prefixlab {

namespace {

// Geometry in diagram units: column c spans [c, c+1]; step k's row spans [k+1, k+2]; inputs row 0.
constexpr float kNodeInsetX = 0.12f, kNodeTop = 0.22f, kNodeBottom = 0.78f;
constexpr float kStripTop = 0.84f, kStripBottom = 0.92f; // under the row's nodes
constexpr float kDimNode = 0.65f; // a later step's node: this far towards the background
constexpr float kDetailPixelsPerColumn = 3.0f; // below this: merged nodes, current step's edges only
// Closer than this, the current step's edges thin out to about one every this many pixels (by their
// destination column; racy ones always stay): at N = 1024 fitted in 1400 px, all 1023 of one
// Hillis–Steele step merged into a solid light-blue slab that showed no direction at all.
constexpr float kThinEdgeSpacingPixels = 12.0f;
// Readable columns are used when the diagram then spans at most this many views' widths; wider (N =
// 1024 takes ~80 views at 2×) the fit shows the whole tree instead, and the wheel zooms in to read.
constexpr float kMostViewsToScroll = 4.0f;

float row_top(int row) { return static_cast<float>(row + 1); }

theme::Rgb node_colour(const DataflowNode& node, const LoadedTrace& loaded, int step) {
    if (node.kind == NodeKind::input)
        return theme::colours().input_node;
    if (node.kind == NodeKind::output && loaded.trace.check.wrong.at(node.column))
        return theme::colours().error;
    if (node.row == step)
        return theme::colours().cell_written;
    if (node.kind == NodeKind::output)
        return theme::colours().ok;
    return theme::colours().cell_value;
}

} // namespace

void DataflowView::measure_texts(const LoadedTrace& loaded) {
    value_chars_ = range_chars_ = 1;
    for (const DataflowNode& node : loaded.dataflow.nodes) {
        value_chars_ = std::max<int>(value_chars_, static_cast<int>(format_element(loaded.trace.config.algorithm, loaded.trace.config.type, node.bits).size()));
        range_chars_ = std::max<int>(range_chars_, static_cast<int>(describe(node.range).size()));
    }
}

void DataflowView::rebuild(const LoadedTrace& loaded, int step, bool reveal) {
    const DataflowGraph& graph = loaded.dataflow;
    // Reveal mode: rows after the current step are not built at all (not even dimmed).
    const int last_row = reveal ? step : graph.rows - 1;
    if (loaded.serial != built_serial_) {
        measure_texts(loaded);
        nodes_by_row_.assign(graph.rows + 1, {});
        for (std::size_t i = 0; i < graph.nodes.size(); ++i)
            nodes_by_row_[graph.nodes[i].row + 1].push_back(static_cast<int>(i));
        for (std::vector<int>& row : nodes_by_row_)
            std::sort(row.begin(), row.end(), [&](int a, int b) { return graph.nodes[a].column < graph.nodes[b].column; });
    }
    // Later steps are dimmed by blending their colours with the background here: the shapes are drawn
    // opaque, without the cost of blending on a software rasteriser.
    const auto at = [step](theme::Rgb colour, int row, float dim) { return row > step ? blend(colour, theme::colours().background, dim) : colour; };

    // Bands: the current step's row, and each row's strip of active threads (runs merged).
    std::vector<QuadInstance> bands;
    bands.push_back({0, row_top(step), static_cast<float>(graph.columns()), row_top(step) + 1,
                     theme::packed(blend(theme::colours().current_step, theme::colours().background, 0.55f))});
    const int threads = loaded.trace.config.block_threads;
    const float per_thread = static_cast<float>(graph.element_columns) / static_cast<float>(threads);
    for (int k = 0; k <= last_row; ++k) {
        const auto& active = loaded.index.steps[k].active_threads;
        for (int t = 0; t < threads;) {
            if (!active[t]) {
                ++t;
                continue;
            }
            int end = t;
            while (end < threads && active[end])
                ++end;
            bands.push_back({t * per_thread, row_top(k) + kStripTop, end * per_thread, row_top(k) + kStripBottom,
                             theme::packed(at(theme::colours().active_threads, k, 0.6f))});
            t = end;
        }
    }
    bands_.set_quads(std::move(bands));

    // Nodes, row by row in column order, and the same with neighbours of one colour merged.
    std::vector<QuadInstance> nodes, merged;
    nodes.reserve(graph.nodes.size());
    for (int r = 0; r <= last_row + 1; ++r)
        for (int i : nodes_by_row_[r]) {
            const DataflowNode& node = graph.nodes[i];
            const float x = static_cast<float>(node.column), y = row_top(node.row);
            const QuadInstance quad{x + kNodeInsetX, y + kNodeTop, x + 1 - kNodeInsetX, y + kNodeBottom,
                                    theme::packed(at(node_colour(node, loaded, step), node.row, kDimNode))};
            nodes.push_back(quad);
            if (!merged.empty() && merged.back().rgba == quad.rgba && merged.back().y0 == quad.y0 &&
                quad.x0 - merged.back().x1 < 2 * kNodeInsetX + 0.01f)
                merged.back().x1 = quad.x1;
            else
                merged.push_back(quad);
        }
    nodes_.set_quads(std::move(nodes));
    merged_nodes_.set_quads(std::move(merged));

    // Edges: the current step's (and racy ones) two pixels wide and coloured, the rest one pixel, at 1×; as
    // much more as the UI scale (they stayed 1–2 px at 2× beside 36-px text).
    std::vector<LineInstance> edges, current;
    if (show_edges_) {
        edges.reserve(graph.edges.size());
        for (const DataflowEdge& e : graph.edges) {
            const DataflowNode& from = graph.nodes[e.from];
            const DataflowNode& to = graph.nodes[e.to];
            if (to.row > last_row)
                continue;
            const bool highlighted = e.racy || to.row == step;
            if (to.row == step && !e.racy && edge_stride_ > 1 && to.column % edge_stride_ != 0)
                continue; // thinned: zoomed out too far to tell neighbours apart
            const theme::Rgb colour = e.racy ? theme::colours().error : to.row == step ? theme::colours().cell_read : theme::colours().edge;
            const LineInstance line{from.column + 0.5f, row_top(from.row) + kNodeBottom, to.column + 0.5f,
                                    row_top(to.row) + kNodeTop, theme::packed(at(colour, to.row, 0.7f)),
                                    stroke_width(highlighted ? 2.0f : 1.0f)};
            (highlighted ? current : edges).push_back(line);
        }
        edges.insert(edges.end(), current.begin(), current.end()); // highlighted ones on top
    }
    edges_.set_lines(std::move(edges));
    step_edges_.set_lines(std::move(current));
    built_for_ = &loaded;
    built_serial_ = loaded.serial;
    built_step_ = step;
    built_font_ = ImGui::GetFontSize();
    built_edges_ = show_edges_;
    built_reveal_ = reveal;
    built_theme_ = theme::current();
    built_stride_ = edge_stride_;
    ++builds_;
}

void DataflowView::fit(float width, float height, float char_w, float line_h) {
    const DataflowGraph& graph = built_for_->dataflow;
    const float columns = static_cast<float>(std::max(1, graph.columns())), rows = static_cast<float>(graph.rows + 1);
    // A node holds its text with half a character either side; a row holds a line of text in its node.
    const int chars = std::max(value_chars_, show_ranges_ ? range_chars_ : 1);
    const float readable_x = (chars + 1) * char_w / (1 - 2 * kNodeInsetX);
    const float readable_y = line_h * 1.15f / (kNodeBottom - kNodeTop);
    const float one_line = line_h * 1.1f; // the least a row may take: its label is a line of text
    if (!fit_whole_ && columns * readable_x <= kMostViewsToScroll * width) {
        scale_x_ = std::clamp(width / columns, readable_x, readable_x * 2.5f);
        scale_y_ = std::clamp(height / rows, readable_y, readable_y * 1.6f);
    } else {
        scale_x_ = std::max(width / columns, 0.25f);
        // Fit (the button, a double-click) fits both axes: rows may be thinner than a line of text (their
        // labels then thin out), so Blelloch's up- and down-sweep show together at 2×; a row keeps 2 px.
        scale_y_ = std::clamp(height / rows, fit_whole_ ? std::min(2.0f, readable_y) : one_line, readable_y);
    }
    pan_x_ = 0;
    pan_y_ = 0;
    needs_fit_ = false;
    fitted_whole_ = fit_whole_;
    fit_whole_ = false;
    placed_by_hand_ = false;
    fit_scale_x_ = scale_x_;
    fit_scale_y_ = scale_y_;
}

// How far the camera can pan: to where the diagram's far edge meets the view's.
namespace {
struct PanRange {
    float x, y;
};
PanRange pan_range(const DataflowGraph& graph, float width, float height, float scale_x, float scale_y) {
    return {std::max(0.0f, graph.columns() - width / scale_x), std::max(0.0f, graph.rows + 1 - height / scale_y)};
}
float fraction_of(float value, float range) { return range > 0 ? std::clamp(value / range, 0.0f, 1.0f) : 0.0f; }
} // namespace

std::optional<ViewPlace> DataflowView::view_place() const {
    if (pending_place_)
        return pending_place_; // not shown since the scene named it: still the scene's
    if (built_for_ == nullptr)
        return ViewPlace{};
    if (placed_ && pan_x_ == placed_pan_x_ && pan_y_ == placed_pan_y_ && scale_x_ == placed_scale_x_)
        return placed_;
    // The range the last frame drew with: the trace it was built for may be gone by now (a compare
    // partner traced again frees its trace before this view draws the new one).
    return ViewPlace{placed_by_hand_ ? scale_x_ / fit_scale_x_ : 1, fitted_whole_ && !placed_by_hand_,
                     fraction_of(pan_x_, pan_range_x_), fraction_of(pan_y_, pan_range_y_)};
}

void DataflowView::place_camera(const ViewPlace& place, float width, float height) {
    if (place.zoom != 1) {
        scale_x_ = std::clamp(fit_scale_x_ * place.zoom, 0.05f, 400.0f);
        scale_y_ = std::clamp(fit_scale_y_ * place.zoom, std::min(fit_scale_y_, ImGui::GetTextLineHeight() * 1.1f), 400.0f);
        placed_by_hand_ = true;
    }
    const PanRange range = pan_range(built_for_->dataflow, width, height, scale_x_, scale_y_);
    pan_x_ = place.scroll_x * range.x;
    pan_y_ = place.scroll_y * range.y;
    placed_ = place;
    placed_pan_x_ = pan_x_, placed_pan_y_ = pan_y_, placed_scale_x_ = scale_x_;
}

void DataflowView::clamp_pan(float width, float height) {
    // Keep some of the diagram in view: pan at most to where its far edge meets the view's.
    const DataflowGraph& graph = built_for_->dataflow;
    const float max_x = std::max(0.0f, graph.columns() - width / scale_x_);
    const float max_y = std::max(0.0f, graph.rows + 1 - height / scale_y_);
    pan_x_ = std::clamp(pan_x_, 0.0f, max_x);
    pan_y_ = std::clamp(pan_y_, 0.0f, max_y);
}

void DataflowView::follow_step(int step, float width, float height) {
    // Keep the current step's row in view when it changes (stepping, playback).
    if (step == followed_step_)
        return;
    followed_step_ = step;
    const float top = row_top(step), bottom = top + 1;
    const float visible = height / scale_y_;
    if (top < pan_y_)
        pan_y_ = top;
    else if (bottom > pan_y_ + visible)
        pan_y_ = bottom - visible;
    // And its nodes: where none is in view (Blelloch's deep levels work at the right end), the first.
    const std::vector<int>& row = nodes_by_row_[step + 1];
    const DataflowGraph& graph = built_for_->dataflow;
    const float left = pan_x_, right = pan_x_ + width / scale_x_;
    const bool any_in_view = std::any_of(row.begin(), row.end(), [&](int i) {
        return graph.nodes[i].column + 1 > left && graph.nodes[i].column < right;
    });
    if (!row.empty() && !any_in_view)
        pan_x_ = static_cast<float>(graph.nodes[row.front()].column);
}

void DataflowView::handle_mouse(float area_x, float area_y, float width, float height) {
    ImGuiIO& io = ImGui::GetIO();
    if (!ImGui::IsWindowHovered())
        return;
    const ImVec2 mouse = io.MousePos;
    if (mouse.x < area_x || mouse.y < area_y || mouse.x > area_x + width || mouse.y > area_y + height)
        return;
    if (io.MouseWheel != 0) {
        const float factor = std::pow(1.15f, io.MouseWheel);
        // zoom about the point under the cursor
        const float dx = pan_x_ + (mouse.x - area_x) / scale_x_, dy = pan_y_ + (mouse.y - area_y) / scale_y_;
        scale_x_ = std::clamp(scale_x_ * factor, 0.05f, 400.0f);
        if (!io.KeyShift) // rows keep a line of text for their labels
            scale_y_ = std::clamp(scale_y_ * factor, std::min(fit_scale_y_, ImGui::GetTextLineHeight() * 1.1f), 400.0f);
        pan_x_ = dx - (mouse.x - area_x) / scale_x_;
        pan_y_ = dy - (mouse.y - area_y) / scale_y_;
    }
    if (ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
        pan_x_ -= io.MouseDelta.x / scale_x_;
        pan_y_ -= io.MouseDelta.y / scale_y_;
    }
    if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
        needs_fit_ = true;
        fit_whole_ = true;
    }
    if (io.MouseWheel != 0 || ImGui::IsMouseDragging(ImGuiMouseButton_Left))
        placed_by_hand_ = !needs_fit_;
}

void DataflowView::draw(AppState& state, const ViewContext& context) {
    const LoadedTrace* loaded = context.shown.trace;
    if (loaded == nullptr) {
        ImGui::TextDisabled(state.tracing() ? "Tracing…" : "No trace yet: choose a kernel and N on the left.");
        return;
    }
    const int step = context.shown.step;
    // Side by side with another trace: the nodes whose value differs from the other side's, framed (up to this step).
    const std::vector<std::uint8_t>* differs =
        context.shown.comparison ? &context.shown.comparison->sides[context.shown.side].node_differs : nullptr;
    const bool reveal = state.reveal;
    if (loaded->serial != built_serial_) {
        needs_fit_ = true;
        followed_step_ = -1;
    }
    // Every column's edge where columns are apart enough to tell, else every stride-th.
    edge_stride_ = scale_x_ >= kThinEdgeSpacingPixels || scale_x_ <= 0
                       ? 1
                       : static_cast<int>(std::ceil(kThinEdgeSpacingPixels / scale_x_));
    if (loaded->serial != built_serial_ || step != built_step_ || show_edges_ != built_edges_ || reveal != built_reveal_ ||
        theme::current() != built_theme_ || edge_stride_ != built_stride_ || ImGui::GetFontSize() != built_font_)
        rebuild(*loaded, step, reveal);

    // The legend takes up to two lines; where the tab is short, it hides behind a button and the diagram
    // keeps them (3× on 1280×720 had 10 lines, and the diagram was left none).
    legend_or_button(
        [] {
            draw_legend({{theme::colours().cell_written, "produced in the step"},
                         {theme::colours().input_node, "input"},
                         {theme::colours().ok, "output"},
                         {theme::colours().error, "wrong output / racy read"},
                         {theme::colours().active_threads, "threads at work"}});
        },
        room_for_legend());
    const float right_margin = ImGui::GetContentRegionAvail().x - width_beside_scroll_bar();
    same_line_if_fits(checkbox_width("Input ranges"), right_margin);
    if (ImGui::Checkbox("Input ranges", &show_ranges_))
        needs_fit_ = true; // ranges may be wider than values
    if (ImGui::IsItemHovered())
        tooltip("Label each node with the inputs it combines (x3..x6; a strided set as x3,x67,…x195) instead of its value");
    same_line_if_fits(checkbox_width("Edges"), right_margin);
    ImGui::Checkbox("Edges", &show_edges_);
    same_line_if_fits(ImGui::CalcTextSize("Fit").x + ImGui::GetStyle().FramePadding.x * 2, right_margin);
    if (ImGui::Button("Fit")) {
        needs_fit_ = true;
        fit_whole_ = true;
    }
    if (ImGui::IsItemHovered())
        tooltip("Show the whole diagram. Wheel: zoom (Shift: across only); drag: move; double-click: fit");

    const DataflowGraph& graph = loaded->dataflow;
    const Trace& trace = loaded->trace;
    ImGui::PushFont(context.mono_font);
    const float char_w = ImGui::CalcTextSize("0").x, line_h = ImGui::GetTextLineHeight();
    // Row labels: "12  down-sweep d=9, stride 512" where a quarter of the width holds them, else
    // step numbers with the current step's label above the diagram.
    const float child_w = width_beside_scroll_bar();
    std::size_t label_chars = std::string("input").size();
    for (const TraceStep& s : trace.steps)
        label_chars = std::max(label_chars, std::to_string(trace.steps.size()).size() + 2 + step_label(s.tag).size());
    const bool full_labels = char_w * static_cast<float>(label_chars + 1) <= child_w * 0.25f;
    const std::size_t shown_chars = full_labels ? label_chars : std::max<std::size_t>(5, std::to_string(trace.steps.size()).size());
    const float label_w = char_w * static_cast<float>(shown_chars + 1);
    if (!full_labels && step >= 0 && step < static_cast<int>(trace.steps.size()))
        ImGui::Text("step %d: %s", step, step_label(trace.steps[step].tag).c_str());
    const float header_h = line_h * 1.4f;

    // The room the tab has, so that all of the diagram's window is on screen and the step it follows is in
    // view: with at least eight lines (as it was) the tab scrolled at 2× on 1280×720 with the narration, and
    // the current row, followed inside the window, was below the tab's edge. Where the controls leave less
    // than the header and two rows (3× on 1280×720), the tab scrolls.
    const float child_h = std::max(ImGui::GetContentRegionAvail().y, header_h + 2 * 1.1f * line_h);
    ImGui::BeginChild("dataflow", ImVec2(child_w, child_h), false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    const ImVec2 origin = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    const float area_x = origin.x + label_w, area_y = origin.y + header_h;
    const float area_w = std::max(10.0f, size.x - label_w), area_h = std::max(10.0f, size.y - header_h);
    if (ImGui::GetFontSize() != fitted_font_) { // a new UI scale: nodes follow the font
        needs_fit_ = true;
        fitted_font_ = ImGui::GetFontSize();
    }
    if (!placed_by_hand_ && (area_w != area_w_ || area_h != area_h_)) {
        needs_fit_ = true; // the room changed under a fitted camera: fit again, as the last fit did
        fit_whole_ = fitted_whole_;
        followed_step_ = -1;
    }
    if (pending_place_ && !state.tracing()) {
        needs_fit_ = true;
        fit_whole_ = pending_place_->fit;
    }
    if (needs_fit_)
        fit(area_w, area_h, char_w, line_h);
    if (pending_place_ && !state.tracing()) {
        place_camera(*pending_place_, area_w, area_h);
        // The scene's pan already shows what it showed; the default place (a scene that does not name the
        // view, as a lesson's) follows the step from there (step 7 of a 16-element Hillis–Steele was below the
        // view's edge).
        followed_step_ = *pending_place_ == ViewPlace{} ? -1 : step;
        pending_place_.reset();
    }
    follow_step(step, area_w, area_h);
    area_w_ = area_w;
    area_h_ = area_h;
    handle_mouse(area_x, area_y, area_w, area_h);
    clamp_pan(area_w, area_h);
    const PanRange range = pan_range(graph, area_w, area_h, scale_x_, scale_y_);
    pan_range_x_ = range.x, pan_range_y_ = range.y;
    // The diagram, its column header and its row labels are canvases the mouse scrolls.
    layout::note_scrolled_region(area_x, area_y, origin.x + size.x, origin.y + size.y, true, true);
    layout::note_scrolled_region(area_x, origin.y, origin.x + size.x, area_y, true, false);
    layout::note_scrolled_region(origin.x, area_y, area_x, origin.y + size.y, false, true);

    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ShapeTransform transform{area_x - pan_x_ * scale_x_, area_y - pan_y_ * scale_y_, scale_x_, scale_y_, 1.5f};
    const auto screen_x = [&](float x) { return transform.offset_x + x * scale_x_; };
    const auto screen_y = [&](float y) { return transform.offset_y + y * scale_y_; };
    { // What is in view, in columns and steps (row_top(k) = k + 1: the input row is "step −1").
        const ImRect& clip = ImGui::GetCurrentWindowRead()->InnerClipRect; // clipped by the windows around
        const float shown_w = std::max(0.0f, std::min(origin.x + size.x, clip.Max.x) - area_x) / scale_x_;
        const float shown_h = std::max(0.0f, std::min(origin.y + size.y, clip.Max.y) - area_y) / scale_y_;
        const float columns = static_cast<float>(graph.columns()), rows = static_cast<float>(graph.rows + 2);
        layout::note_shown_range({"Dataflow", context.shown.side, std::clamp(pan_x_, 0.0f, columns),
                                  std::clamp(pan_x_ + shown_w, 0.0f, columns), std::clamp(pan_y_, 0.0f, rows) - 1,
                                  std::clamp(pan_y_ + shown_h, 0.0f, rows) - 1});
        if (step >= 0 && step < graph.rows)
            layout::note_current_step_row(
                {"Dataflow", screen_y(row_top(step)), screen_y(row_top(step) + 1), area_y, area_y + shown_h * scale_y_,
                 area_y, origin.y + size.y});
    }

    draw->PushClipRect(ImVec2(area_x, area_y), ImVec2(origin.x + size.x, origin.y + size.y), true);
    const bool detailed = scale_x_ >= kDetailPixelsPerColumn;
    // The layers' build counts: a rebuild at the same camera (the edges thinned a frame after the first fit
    // set the scale) kept the cached picture of the build before, a solid slab of edges at N = 1024.
    const std::string key = std::to_string(builds_) + "|" + std::to_string(reinterpret_cast<std::uintptr_t>(loaded)) + "|" + std::to_string(step) + "|" +
                            std::to_string(scale_x_) + "|" + std::to_string(scale_y_) + "|" + std::to_string(pan_x_) + "|" +
                            std::to_string(pan_y_) + "|" + std::to_string(show_edges_) + "|" + std::to_string(detailed) + "|" +
                            std::to_string(reveal) + "|" + theme::name_text(theme::current());
    std::vector<InstancedShapes*> layers{&bands_};
    if (show_edges_)
        layers.push_back(detailed ? &edges_ : &step_edges_);
    layers.push_back(detailed ? &nodes_ : &merged_nodes_);
    cache_.draw(draw, area_x, area_y, area_w, area_h, key, std::move(layers), transform, theme::packed(theme::colours().background));

    // Node labels where they fit (level of detail), and the node under the mouse.
    const int shown_rows = reveal ? std::min(step + 1, graph.rows) : graph.rows;
    const float node_w = (1 - 2 * kNodeInsetX) * scale_x_, node_h = (kNodeBottom - kNodeTop) * scale_y_;
    const int first_row = std::max(-1, static_cast<int>(std::floor(pan_y_)) - 1);
    const int last_row = std::min(shown_rows - 1, static_cast<int>(pan_y_ + area_h / scale_y_));
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    int hovered = -1;
    for (int row = first_row; row <= last_row; ++row)
        for (int i : nodes_by_row_[row + 1]) {
            const DataflowNode& node = graph.nodes[i];
            const float x0 = screen_x(node.column + kNodeInsetX), y0 = screen_y(row_top(row) + kNodeTop);
            if (x0 + node_w < area_x || x0 > area_x + area_w)
                continue;
            if (mouse.x >= x0 && mouse.x <= x0 + std::max(node_w, 2.0f) && mouse.y >= y0 && mouse.y <= y0 + node_h)
                hovered = i;
            if (differs != nullptr && (*differs)[i] != 0 && node.row <= step)
                draw_difference_mark(draw, x0, y0, std::max(node_w, 2.0f), std::max(node_h, 2.0f));
            if (node_h < line_h * 0.9f || node_w < char_w * 2)
                continue; // too small for text: no formatting, no measuring
            const std::string text = show_ranges_ ? describe(node.range) : format_element(trace.config.algorithm, trace.config.type, node.bits);
            const ImVec2 text_size = ImGui::CalcTextSize(text.c_str());
            if (text_size.x + 2 > node_w)
                continue;
            const theme::Rgb fill = node_colour(node, *loaded, step);
            const theme::Rgb ink = node.row > step ? theme::dimmed_ink_on(blend(fill, theme::colours().background, kDimNode))
                                                   : theme::ink_on(fill);
            draw->AddText(ImVec2(x0 + (node_w - text_size.x) / 2, y0 + (node_h - text_size.y) / 2), theme::packed(ink),
                          text.c_str());
        }
    draw->PopClipRect();

    // Sticky column header and row labels.
    draw->PushClipRect(ImVec2(area_x, origin.y), ImVec2(origin.x + size.x, area_y), true);
    const float digits_w = char_w * (std::to_string(graph.columns()).size() + 1);
    const int column_stride = std::max(1, static_cast<int>(std::ceil(digits_w / scale_x_)));
    const int first_column = std::max(0, static_cast<int>(pan_x_) / column_stride * column_stride);
    for (int c = first_column; c < graph.columns() && screen_x(static_cast<float>(c)) < area_x + area_w; c += column_stride) {
        const std::string text = c < graph.element_columns ? std::to_string(c) : "";
        draw->AddText(ImVec2(std::max(area_x, screen_x(c + 0.5f) - ImGui::CalcTextSize(text.c_str()).x / 2), origin.y + (header_h - line_h) / 2),
                      ImGui::GetColorU32(ImGuiCol_TextDisabled), text.c_str());
    }
    draw->PopClipRect();
    draw->PushClipRect(ImVec2(origin.x, area_y), ImVec2(area_x, origin.y + size.y), true);
    // Rows thinner than a line (a fit of both axes) are labelled every `label_stride` rows, and the current
    // step always, its neighbours within the stride left unlabelled.
    const int label_stride = std::max(1, static_cast<int>(std::ceil(line_h / scale_y_)));
    for (int row = std::max(-1, first_row); row <= last_row; ++row) {
        // A label a line tall, centred on its row (which may be thinner), on the current step's band.
        const float band_h = std::max(scale_y_, line_h), y = screen_y(row_top(row)) + (scale_y_ - band_h) / 2;
        if (row == step)
            draw->AddRectFilled(ImVec2(origin.x, y), ImVec2(area_x - char_w / 2, y + band_h), theme::packed(theme::colours().current_step));
        if (label_stride > 1 && row != step && ((row + 1) % label_stride != 0 || std::abs(row - step) < label_stride))
            continue;
        const std::string text = row < 0 ? std::string("input")
                                 : full_labels ? std::to_string(row) + "  " + step_label(trace.steps[row].tag)
                                               : std::to_string(row);
        draw->AddText(ImVec2(origin.x + char_w / 4, y + (band_h - line_h) / 2),
                      row == step ? theme::packed(theme::ink_on(theme::colours().current_step)) : ImGui::GetColorU32(ImGuiCol_Text), text.c_str());
        if (!full_labels && row >= 0 && ImGui::IsWindowHovered() && mouse.x >= origin.x && mouse.x < area_x && mouse.y >= y &&
            mouse.y < y + band_h)
            tooltip("step %d: %s", row, step_label(trace.steps[row].tag).c_str());
    }
    draw->PopClipRect();
    if (!nodes_.error().empty())
        draw->AddText(ImVec2(area_x + 8, area_y + 8), theme::packed(theme::colours().error), nodes_.error().c_str());
    if (std::getenv("PREFIXLAB_DEBUG_LAYERS"))
        draw->AddText(ImVec2(area_x + 8, area_y + area_h - line_h), theme::packed(theme::colours().text),
                      ("layer redraws: " + std::to_string(cache_.redraws())).c_str());

    if (hovered >= 0) {
        const DataflowNode& node = graph.nodes[hovered];
        begin_tooltip();
        if (node.kind == NodeKind::input)
            ImGui::Text("input x%d = %s", node.column, format_element(trace.config.algorithm, trace.config.type, node.bits, false).c_str());
        else {
            ImGui::Text("%s, step %d: %s", node.kind == NodeKind::output ? "output" : node.kind == NodeKind::register_value ? "register" : "shared memory",
                        node.row, step_label(trace.steps[node.row].tag).c_str());
            ImGui::Text("value %s, combines %s", format_element(trace.config.algorithm, trace.config.type, node.bits, false).c_str(),
                        describe(node.range).c_str());
            ImGui::Text("produced by thread %u (warp %u, lane %u)", node.thread, warp_of(node.thread), lane_of(node.thread));
            if (node.column >= graph.element_columns)
                ImGui::Text("%s", graph.extra_columns[node.column - graph.element_columns].c_str());
        }
        end_tooltip();
        if (ImGui::IsMouseReleased(ImGuiMouseButton_Left) && ImGui::GetIO().MouseDragMaxDistanceSqr[0] < 16 && node.row >= 0)
            go_to_shown_step(state, context.shown, node.row);
    }
    ImGui::EndChild();
    ImGui::PopFont();
}

} // namespace prefixlab
