#include "gui/features/grid/timeline/look_back_timeline_view.hpp"

#include "core/analysis/loaded_grid_trace.hpp"
#include "core/ground/format_value.hpp"
#include "gui/app_state.hpp"
#include "gui/features/grid/grid_session.hpp"
#include "gui/layout/layout_check.hpp"
#include "gui/views/flow_layout.hpp"
#include "gui/features/grid/grid_view_parts.hpp"
#include "gui/views/value_table_cells.hpp" // blend
#include "gui/widgets.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <imgui.h>
#include <string>

namespace prefixlab {

namespace {

// Rows at least this many pixels tall get their full shapes; thinner ones (1024 tiles in a window)
// draw every mark as a dot of its colour, since no shape survives a sub-pixel row.
constexpr float kShapesFromRowPixels = 5;
// A mark is hovered within this many pixels across.
constexpr float kHoverPixels = 6;

theme::Rgb later_dimmed(theme::Rgb colour, bool later) {
    return later ? blend(colour, theme::colours().background, 0.7f) : colour;
}

theme::Rgb mark_colour(const TimelineMark& mark) {
    switch (mark.kind) {
    case TimelineMarkKind::taken:
        return theme::colours().text;
    case TimelineMarkKind::aggregate:
        return theme::colours().status_aggregate;
    case TimelineMarkKind::prefix:
        return theme::colours().status_prefix;
    case TimelineMarkKind::poll:
        break;
    }
    return status_colour(mark.seen);
}

// The shapes of one mark at (x, row) in diagram units; `ux`, `uy`: one pixel in units.
void add_mark(std::vector<QuadInstance>& quads, std::vector<LineInstance>& lines, const TimelineMark& mark, float row,
              float ux, float uy, float row_pixels, std::uint32_t rgba) {
    const float x = static_cast<float>(mark.x) + 0.5f, c = row + 0.5f;
    // Up to 14 px at 1× and as much more as the UI scale, strokes at least a pixel a scale: at 2× the marks
    // stayed 14 px with 2-px strokes beside 36-px text (issue 33, point 8).
    const float size = std::clamp(row_pixels * 0.7f, 1.5f, stroke_width(14.0f)); // pixels
    const float hx = size / 2 * ux, hy = size / 2 * uy;
    if (row_pixels < kShapesFromRowPixels) {
        quads.push_back({x - hx, row, x + hx, row + 1, rgba});
        return;
    }
    const float bar = std::max(stroke_width(2.0f), size * 0.35f) * ux;
    const float stroke = std::max(stroke_width(1.0f), size * 0.14f);
    switch (mark.kind) {
    case TimelineMarkKind::taken:
        lines.push_back({x, row + 0.08f, x, row + 0.92f, rgba, stroke});
        return;
    case TimelineMarkKind::aggregate:
        quads.push_back({x - bar / 2, row + 0.5f, x + bar / 2, row + 0.95f, rgba});
        return;
    case TimelineMarkKind::prefix:
        quads.push_back({x - bar / 2, row + 0.05f, x + bar / 2, row + 0.95f, rgba});
        return;
    case TimelineMarkKind::poll:
        break;
    }
    if (mark.seen == TileStatus::invalid) { // ×
        lines.push_back({x - hx, c - hy, x + hx, c + hy, rgba, stroke});
        lines.push_back({x - hx, c + hy, x + hx, c - hy, rgba, stroke});
    } else if (mark.seen == TileStatus::aggregate) { // hollow square
        lines.push_back({x - hx, c - hy, x + hx, c - hy, rgba, stroke});
        lines.push_back({x + hx, c - hy, x + hx, c + hy, rgba, stroke});
        lines.push_back({x + hx, c + hy, x - hx, c + hy, rgba, stroke});
        lines.push_back({x - hx, c + hy, x - hx, c - hy, rgba, stroke});
    } else { // filled square
        quads.push_back({x - hx, c - hy, x + hx, c + hy, rgba});
    }
}

// The legend's icon for a kind of mark, drawn with Dear ImGui at (x, y), `s` pixels square.
void legend_icon(ImDrawList* draw, float x, float y, float s, const TimelineMark& mark) {
    const ImU32 colour = theme::packed(mark_colour(mark));
    const float t = std::max(1.5f, s * 0.12f), cx = x + s / 2, cy = y + s / 2, h = s * 0.35f;
    switch (mark.kind) {
    case TimelineMarkKind::taken:
        draw->AddLine(ImVec2(cx, y + s * 0.05f), ImVec2(cx, y + s * 0.95f), colour, t);
        return;
    case TimelineMarkKind::aggregate:
        draw->AddRectFilled(ImVec2(cx - s * 0.15f, y + s * 0.5f), ImVec2(cx + s * 0.15f, y + s * 0.95f), colour);
        return;
    case TimelineMarkKind::prefix:
        draw->AddRectFilled(ImVec2(cx - s * 0.15f, y + s * 0.05f), ImVec2(cx + s * 0.15f, y + s * 0.95f), colour);
        return;
    case TimelineMarkKind::poll:
        break;
    }
    if (mark.seen == TileStatus::invalid) {
        draw->AddLine(ImVec2(cx - h, cy - h), ImVec2(cx + h, cy + h), colour, t);
        draw->AddLine(ImVec2(cx - h, cy + h), ImVec2(cx + h, cy - h), colour, t);
    } else if (mark.seen == TileStatus::aggregate) {
        draw->AddRect(ImVec2(cx - h, cy - h), ImVec2(cx + h, cy + h), colour, 0, 0, t);
    } else {
        draw->AddRectFilled(ImVec2(cx - h, cy - h), ImVec2(cx + h, cy + h), colour);
    }
}

// The legend, outside the data: each kind of mark with its shape and name, wrapped like draw_legend.
void draw_mark_legend() {
    TimelineMark kinds[6];
    kinds[0].kind = TimelineMarkKind::taken;
    kinds[1].kind = TimelineMarkKind::aggregate;
    kinds[2].kind = TimelineMarkKind::poll;
    kinds[2].seen = TileStatus::invalid;
    kinds[3].kind = TimelineMarkKind::poll;
    kinds[3].seen = TileStatus::aggregate;
    kinds[4].kind = TimelineMarkKind::poll;
    kinds[4].seen = TileStatus::prefix;
    kinds[5].kind = TimelineMarkKind::prefix;
    const float box = ImGui::GetTextLineHeight(), gap = ImGui::GetStyle().ItemSpacing.x;
    bool first = true;
    float right = 0;
    for (const TimelineMark& mark : kinds) {
        const char* name = mark_name(mark);
        const float width = box + gap + ImGui::CalcTextSize(name).x;
        if (!first && right + box + width <= ImGui::GetWindowContentRegionMax().x)
            ImGui::SameLine(0, box);
        first = false;
        const ImVec2 p = ImGui::GetCursorScreenPos();
        legend_icon(ImGui::GetWindowDrawList(), p.x, p.y, box, mark);
        ImGui::Dummy(ImVec2(box, box));
        ImGui::SameLine();
        ImGui::TextUnformatted(name);
        right = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x;
    }
}

// A tick spacing of 1, 2 or 5 × 10^k that is at least `least`.
double nice_step(double least) {
    const double power = std::pow(10.0, std::floor(std::log10(std::max(least, 1e-9))));
    for (const double m : {1.0, 2.0, 5.0, 10.0})
        if (m * power >= least)
            return m * power;
    return 10 * power;
}

std::string axis_text(double x, bool time) {
    char text[32];
    if (time)
        std::snprintf(text, sizeof text, x >= 1e6 ? "%.3g ms" : x >= 1e3 ? "%.3g µs" : "%.0f ns",
                      x >= 1e6 ? x / 1e6 : x >= 1e3 ? x / 1e3 : x);
    else
        std::snprintf(text, sizeof text, "%.0f", x);
    return text;
}

} // namespace

void LookBackTimelineView::rebuild(const LoadedGridTrace& grid, int step, bool reveal, float row_pixels) {
    const LookBackTimeline& timeline = grid.timeline;
    const float ux = 1 / scale_x_, uy = 1 / scale_y_;
    std::vector<QuadInstance> quads;
    std::vector<LineInstance> lines, spans;
    quads.reserve(timeline.marks.size());
    for (std::uint32_t t = 0; t < timeline.by_tile.size(); ++t) {
        const std::vector<std::uint32_t>& row = timeline.by_tile[t];
        float first = -1, last = -1;
        for (const std::uint32_t i : row) {
            const TimelineMark& mark = timeline.marks[i];
            if (reveal && static_cast<int>(mark.step) > step)
                continue;
            add_mark(quads, lines, mark, static_cast<float>(t), ux, uy, row_pixels,
                     theme::packed(later_dimmed(mark_colour(mark), static_cast<int>(mark.step) > step)));
            first = first < 0 ? static_cast<float>(mark.x) : first;
            last = static_cast<float>(mark.x);
        }
        // how long the tile was in flight, from its first mark to its last (its prefix)
        if (first >= 0 && last > first && row_pixels >= 2)
            spans.push_back({first + 0.5f, t + 0.5f, last + 0.5f, t + 0.5f,
                             theme::packed(blend(theme::colours().edge, theme::colours().background, 0.45f)),
                             stroke_width(1.0f)});
    }
    quads_.set_quads(std::move(quads));
    lines_.set_lines(std::move(lines));
    spans_.set_lines(std::move(spans));
    built_for_ = grid.serial;
    built_step_ = step;
    built_reveal_ = reveal;
    built_scale_x_ = scale_x_;
    built_scale_y_ = scale_y_;
    built_theme_ = theme::current();
    built_font_ = ImGui::GetFontSize();
    ++builds_;
}

void LookBackTimelineView::fit(const LoadedGridTrace& grid, float width, float height, float line_h) {
    const LookBackTimeline& timeline = grid.timeline;
    scale_x_ = width / static_cast<float>(std::max(1.0, timeline.x_end));
    // every tile in view, but a few tiles not taller than a couple of lines
    scale_y_ = std::min(height / static_cast<float>(std::max<std::uint32_t>(1, timeline.tiles)), line_h * 2.2f);
    pan_x_ = pan_y_ = 0;
    needs_fit_ = false;
}

void LookBackTimelineView::handle_mouse(float area_x, float area_y, float width, float height, float line_h) {
    ImGuiIO& io = ImGui::GetIO();
    if (!ImGui::IsWindowHovered())
        return;
    const ImVec2 mouse = io.MousePos;
    if (mouse.x < area_x || mouse.y < area_y || mouse.x > area_x + width || mouse.y > area_y + height)
        return;
    if (io.MouseWheel != 0) {
        const float factor = std::pow(1.2f, io.MouseWheel);
        const float dx = pan_x_ + (mouse.x - area_x) / scale_x_, dy = pan_y_ + (mouse.y - area_y) / scale_y_;
        scale_x_ = std::clamp(scale_x_ * factor, 1e-6f, 400.0f);
        if (!io.KeyShift)
            scale_y_ = std::clamp(scale_y_ * factor, 0.2f, line_h * 4);
        pan_x_ = dx - (mouse.x - area_x) / scale_x_;
        pan_y_ = dy - (mouse.y - area_y) / scale_y_;
    }
    if (ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
        pan_x_ -= io.MouseDelta.x / scale_x_;
        pan_y_ -= io.MouseDelta.y / scale_y_;
    }
    if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left))
        needs_fit_ = true;
}

int LookBackTimelineView::hovered_mark(const LoadedGridTrace& grid, float area_x, float area_y, float width,
                                       float height) const {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    if (!ImGui::IsWindowHovered() || mouse.x < area_x || mouse.y < area_y || mouse.x > area_x + width ||
        mouse.y > area_y + height)
        return -1;
    const LookBackTimeline& timeline = grid.timeline;
    const int row = static_cast<int>(std::floor(pan_y_ + (mouse.y - area_y) / scale_y_));
    if (row < 0 || row >= static_cast<int>(timeline.by_tile.size()))
        return -1;
    const double x = pan_x_ + (mouse.x - area_x) / scale_x_ - 0.5;
    int best = -1;
    double best_distance = kHoverPixels / scale_x_;
    for (const std::uint32_t i : timeline.by_tile[row]) {
        const double distance = std::fabs(timeline.marks[i].x - x);
        if (distance <= best_distance) {
            best_distance = distance;
            best = static_cast<int>(i);
        }
    }
    return best;
}

std::string no_look_back_message(const GridTrace& trace) {
    std::string launches;
    for (std::size_t l = 0; l < trace.launches.size(); ++l)
        launches += (l == 0 ? "" : l + 1 == trace.launches.size() ? " and " : ", ") + trace.launches[l].name;
    return "The timeline shows look-backs: " + trace.config.driver + " has none (its tiles share no status words); its " +
           (trace.launches.size() == 1 ? "launch, " : std::to_string(trace.launches.size()) + " launches, ") + launches +
           (trace.launches.size() == 1 ? ", is" : ", are") + " in the Grid tab.";
}

void LookBackTimelineView::draw(AppState& state, const ViewContext& context) {
    if (!grid_header(session_))
        return;
    const LoadedGridTrace& grid = *session_.grid();
    const LookBackTimeline& timeline = grid.timeline;
    if (timeline.tiles == 0) { // a multi-launch driver: its blocks talk through the tile totals, between launches
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("%s", no_look_back_message(grid.trace).c_str());
        ImGui::PopTextWrapPos();
        return;
    }
    // The summary line (the narration's counters line says it too: where height is short, only a
    // verdict that a look-back does not add up), in the error colour when one does not.
    ImGui::PushTextWrapPos(0);
    if (timeline.verdict.empty()) {
        if (room_above_picture())
            ImGui::TextUnformatted(timeline_summary(timeline).c_str());
    } else {
        ImGui::TextColored(text_colour(theme::colours().error), "%s", timeline_summary(timeline).c_str());
    }
    ImGui::PopTextWrapPos();
    legend_or_button(draw_mark_legend);
    const float right_margin = ImGui::GetContentRegionAvail().x - width_beside_scroll_bar();
    same_line_if_fits(ImGui::CalcTextSize("Fit").x + ImGui::GetStyle().FramePadding.x * 2, right_margin);
    if (ImGui::Button("Fit"))
        needs_fit_ = true;
    if (ImGui::IsItemHovered())
        tooltip("Show every tile. Wheel: zoom (Shift: across only); drag: move; double-click: fit");

    ImGui::PushFont(context.mono_font);
    const float cw = ImGui::CalcTextSize("0").x, lh = ImGui::GetTextLineHeight();
    const float label_w = cw * static_cast<float>(std::to_string(timeline.tiles).size() + 6);
    const float header_h = lh * 1.4f;
    const float child_w = width_beside_scroll_bar();
    const float child_h = std::max(ImGui::GetContentRegionAvail().y, lh * 8);
    ImGui::BeginChild("timeline", ImVec2(child_w, child_h), false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    const ImVec2 origin = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    const float area_x = origin.x + label_w, area_y = origin.y + header_h;
    const float area_w = std::max(10.0f, size.x - label_w - cw), area_h = std::max(10.0f, size.y - header_h);
    if (grid.serial != fitted_for_ || ImGui::GetFontSize() != fitted_font_) {
        needs_fit_ = true;
        fitted_for_ = grid.serial;
        fitted_font_ = ImGui::GetFontSize();
    }
    if (needs_fit_)
        fit(grid, area_w, area_h, lh);
    handle_mouse(area_x, area_y, area_w, area_h, lh);
    pan_x_ = std::clamp(pan_x_, 0.0f, std::max(0.0f, static_cast<float>(timeline.x_end) - area_w / scale_x_));
    pan_y_ = std::clamp(pan_y_, 0.0f, std::max(0.0f, static_cast<float>(timeline.tiles) - area_h / scale_y_));
    layout::note_scrolled_region(area_x, area_y, origin.x + size.x, origin.y + size.y, true, true);
    layout::note_scrolled_region(area_x, origin.y, origin.x + size.x, area_y, true, false);
    layout::note_scrolled_region(origin.x, area_y, area_x, origin.y + size.y, false, true);

    const int step = session_.step();
    const bool reveal = state.reveal;
    if (grid.serial != built_for_ || step != built_step_ || reveal != built_reveal_ || scale_x_ != built_scale_x_ ||
        scale_y_ != built_scale_y_ || theme::current() != built_theme_ || ImGui::GetFontSize() != built_font_)
        rebuild(grid, step, reveal, scale_y_);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ShapeTransform transform{area_x - pan_x_ * scale_x_, area_y - pan_y_ * scale_y_, scale_x_, scale_y_, 1.5f};
    draw->PushClipRect(ImVec2(area_x, area_y), ImVec2(area_x + area_w, origin.y + size.y), true);
    char key[256];
    // Keyed by the build count too: the picture is what the last build made (see DataflowView's key).
    std::snprintf(key, sizeof key, "%u|%p|%d|%d|%g|%g|%g|%g|%s", builds_, static_cast<const void*>(&grid), step, reveal ? 1 : 0,
                  static_cast<double>(scale_x_), static_cast<double>(scale_y_), static_cast<double>(pan_x_),
                  static_cast<double>(pan_y_), theme::name_text(theme::current()));
    cache_.draw(draw, area_x, area_y, area_w, area_h, key, {&spans_, &quads_, &lines_}, transform,
                theme::packed(theme::colours().background));
    draw->PopClipRect();

    // The axis: global order (or time) ticks as far apart as their labels need.
    draw->PushClipRect(ImVec2(area_x, origin.y), ImVec2(origin.x + size.x, area_y), true);
    const double tick = nice_step(cw * 10 / scale_x_);
    for (double x = std::floor(pan_x_ / tick) * tick; x <= pan_x_ + area_w / scale_x_; x += tick) {
        const float sx = transform.offset_x + static_cast<float>(x) * scale_x_;
        if (sx < area_x - 1)
            continue;
        const std::string text = axis_text(x, timeline.uses_time);
        draw->AddLine(ImVec2(sx, area_y - lh * 0.25f), ImVec2(sx, area_y), ImGui::GetColorU32(ImGuiCol_TextDisabled),
                      stroke_width(1.0f));
        draw->AddText(ImVec2(sx + 2, origin.y + (header_h - lh) / 2 - lh * 0.15f), ImGui::GetColorU32(ImGuiCol_TextDisabled),
                      text.c_str());
    }
    draw->PopClipRect();
    // Row labels: every tile where rows hold a line, else every k-th.
    draw->PushClipRect(ImVec2(origin.x, area_y), ImVec2(area_x, origin.y + size.y), true);
    const int stride = std::max(1, static_cast<int>(std::ceil(lh / scale_y_ - 0.01f)));
    const int first_row = std::max(0, static_cast<int>(pan_y_) / stride * stride);
    for (int t = first_row; t < static_cast<int>(timeline.tiles) && transform.offset_y + t * scale_y_ < origin.y + size.y;
         t += stride) {
        const float y = transform.offset_y + t * scale_y_ + std::max(0.0f, (scale_y_ - lh) / 2);
        draw->AddText(ImVec2(origin.x + cw / 4, y), ImGui::GetColorU32(ImGuiCol_Text), ("tile " + std::to_string(t)).c_str());
    }
    draw->PopClipRect();
    if (!quads_.error().empty())
        draw->AddText(ImVec2(area_x + 8, area_y + 8), theme::packed(theme::colours().error), quads_.error().c_str());
    if (std::getenv("PREFIXLAB_DEBUG_LAYERS"))
        draw->AddText(ImVec2(area_x + 8, area_y + area_h - lh), theme::packed(theme::colours().text),
                      ("layer redraws: " + std::to_string(cache_.redraws())).c_str());

    const int hovered = hovered_mark(grid, area_x, area_y, area_w, area_h);
    if (hovered >= 0 && !(reveal && static_cast<int>(timeline.marks[hovered].step) > step)) {
        const TimelineMark& mark = timeline.marks[hovered];
        const ElementType type = look_back_type(grid.trace.config); // a compaction's words carry counts
        begin_tooltip();
        ImGui::Text("tile %u (block %u): %s", mark.tile, grid.look_backs.at(mark.tile).block, mark_name(mark));
        if (mark.kind == TimelineMarkKind::poll)
            ImGui::Text("read tile %u's status word: %s%s%s", mark.predecessor,
                        mark.seen == TileStatus::invalid ? "invalid" : mark.seen == TileStatus::aggregate ? "aggregate" : "prefix",
                        mark.seen == TileStatus::invalid ? "" : " ", mark.seen == TileStatus::invalid ? "" : format_value(type, mark.value_bits, false).c_str());
        else if (mark.kind != TimelineMarkKind::taken)
            ImGui::Text("value %s", format_value(type, mark.value_bits, false).c_str());
        ImGui::Text("%s %s · step %u: %s", timeline.uses_time ? "time" : "global order", axis_text(mark.x, timeline.uses_time).c_str(),
                    mark.step, grid.steps.steps.at(mark.step).label.c_str());
        end_tooltip();
    }
    ImGui::EndChild();
    ImGui::PopFont();
}

SteppedSession* LookBackTimelineView::stepped_session() { return &session_; }

} // namespace prefixlab
