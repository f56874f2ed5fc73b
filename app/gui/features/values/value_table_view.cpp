#include "gui/features/values/value_table_view.hpp"

#include "core/analysis/sort_bits.hpp"
#include "core/ground/format_value.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/step_label.hpp"
#include "gui/app_state.hpp"
#include "gui/features/values/value_table_overview.hpp"
#include "gui/features/values/value_table_text.hpp"
#include "gui/layout/layout_check.hpp"
#include "gui/layout/shown_range.hpp"
#include "gui/theme.hpp"
#include "gui/widgets.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <imgui.h>
#include <imgui_internal.h> // the table window's inner rectangle: where its cells may be drawn

namespace prefixlab {

namespace {

// Zoom steps of the −/+ buttons and of one notch of Ctrl+wheel.
constexpr float kZoomStep = 1.5f;
// The legend shows in full when the tab has at least this many lines of height: at 2× on 1920×1080
// it has 11.5 and keeps 5 step rows in view with the legend; at 1.5× on 1280×720 it has 10.
constexpr float kMinLinesBesideLegend = 11;

// The narrowest column, in pixels: below it the strip says more than the table.
constexpr float kNarrowestColumn = 0.25f;

// Whole pixels while columns are wide enough to hold text (sharp cell edges); fractions below, so
// that "All columns" fits every column exactly.
float zoomed_cell_width(float base, float zoom) {
    const float width = base * zoom;
    // Rounded down: "All columns" rounded 54.8 up to 55 and cut the last column.
    return width >= 4 ? std::floor(width + 1e-3f) : std::max(kNarrowestColumn, width);
}

bool same_line_with_gap_if_fits(float width) {
    const float spacing = ImGui::GetStyle().ItemSpacing.x * 2;
    const float right = ImGui::GetItemRectMax().x + spacing + width;
    if (right > ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x)
        return false;
    ImGui::SameLine(0, spacing);
    return true;
}

// Headers, the input row, three step rows and the output rows, with the scroll bar.
float least_table_height(const ValueTableMetrics& metrics) {
    return table_cell_height(metrics.line_h) * static_cast<float>(8 + metrics.extra_rows);
}

} // namespace

void ValueTableView::prepare(const LoadedTrace& loaded) {
    const Trace& trace = loaded.trace;
    model_ = build_value_table_model(trace);
    column_element_.assign(model_.columns.size(), -1);
    for (std::size_t e = 0; e < model_.element_column.size(); ++e)
        column_element_[model_.element_column[e]] = static_cast<int>(e);
    extra_rows_ = trace.config.type == ElementType::float32 ? 2 : 1;
    const int steps = static_cast<int>(trace.steps.size());

    // The widest value decides the cell width; measured once per trace, not per frame.
    std::size_t widest = 2;
    for (int k = 0; k < steps; ++k)
        for (const ValueTableColumn& c : model_.columns) {
            std::uint32_t bits = 0;
            if (table_cell_value(trace, c, k, bits))
                widest = std::max(widest, format_element(trace.config.algorithm, trace.config.type, bits).size());
        }
    const bool every_output = writes_every_output(trace.config.algorithm); // a reduction: output[0] only
    for (std::size_t e = 0; e < trace.output.size(); ++e)
        if (every_output || model_.output_written_at[e] >= 0)
            widest = std::max(widest, format_element(trace.config.algorithm, trace.config.type, trace.output[e]).size());
    for (std::uint32_t bits : trace.input)
        widest = std::max(widest, format_element(trace.config.algorithm, trace.config.type, bits).size());
    sort_bits_ = sort_bits_in_binary(trace);
    widest = std::max(widest, static_cast<std::size_t>(sort_bits_));
    cell_chars_ = static_cast<int>(std::min<std::size_t>(widest, 12));

    row_labels_.clear();
    std::size_t label = 0;
    for (int k = 0; k < steps; ++k) {
        row_labels_.push_back(step_row_label(k, steps, trace.steps[k].tag));
        label = std::max(label, row_labels_.back().size());
    }
    for (const TableCaption caption : kTableCaptions)
        label = std::max(label, table_caption(caption, model_, false).size());
    label_chars_ = static_cast<int>(std::min<std::size_t>(label, 48));
    std::size_t compact = std::to_string(std::max(0, steps - 1)).size();
    for (const TableCaption caption : kTableCaptions)
        compact = std::max(compact, table_caption(caption, model_, true).size());
    compact_chars_ = static_cast<int>(compact);

    loaded_ = &loaded;
    loaded_serial_ = loaded.serial;
    built_key_.clear();
    followed_step_ = -1;
    zoom_ = 1;
    pending_scroll_x_ = 0.0f;
}

std::optional<ViewPlace> ValueTableView::view_place() const {
    if (pending_place_)
        return pending_place_; // not shown since the scene named it: still the scene's
    if (placed_)
        return ViewPlace{zoom_, false, placed_->scroll_x, placed_->scroll_y};
    const auto fraction = [](float scroll, float range) {
        return range > 0 ? std::clamp(scroll / range, 0.0f, 1.0f) : 0.0f;
    };
    return ViewPlace{zoom_, false, fraction(last_scroll_x_, last_max_x_),
                     fraction(followed_scroll_y_, last_max_y_)};
}

void ValueTableView::draw(AppState& state, const ViewContext& context) {
    shown_ = context.shown;
    const LoadedTrace* loaded = shown_.trace;
    if (loaded == nullptr) {
        ImGui::TextDisabled(state.tracing() ? "Tracing…"
                                            : "No trace yet: choose a kernel and N on the left.");
        if (shown_.side == 0)
            publish_value_table_geometry({});
        return;
    }
    if (loaded_serial_ != loaded->serial)
        prepare(*loaded);
    placing_.reset();
    if (pending_place_ && !state.tracing()) {
        zoom_ = std::clamp(pending_place_->zoom, 0.01f, 1.0f);
        placing_ = std::exchange(pending_place_, std::nullopt);
    }
    const TableShowing showing{shown_.step, dim_future_, state.reveal};

    // The labels and cells share the width left of the vertical scroll bar.
    const float width = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ScrollbarSize;
    table_font_ = fitting_font(context, width);
    ImGui::PushFont(table_font_);
    ValueTableMetrics metrics;
    metrics.char_w = ImGui::CalcTextSize("0").x;
    metrics.line_h = ImGui::GetTextLineHeight();
    ImGui::PopFont();
    base_cell_w_ = table_cell_width(metrics.char_w, cell_chars_);
    metrics.label_chars = label_chars_;
    metrics.compact_chars = compact_chars_;
    metrics.columns = static_cast<int>(model_.columns.size());
    metrics.steps = static_cast<int>(loaded->trace.steps.size());
    metrics.extra_rows = extra_rows_;
    metrics.group_row = model_.registers > 0 && model_.registers < metrics.columns;
    metrics.thread_row = model_.owner_differs_from_index;
    metrics.cell_w = base_cell_w_;
    const bool compact = !labels_fit(metrics, width);
    // A tab too short for the toolbar's lines and the table's least height (3× on 1280×720, where the tab
    // left the table 4 px) puts the toolbar behind one button, as each of two sides does.
    const float toolbar_h = 3 * ImGui::GetFrameHeightWithSpacing();
    draw_toolbar(state, metrics,
                 shown_.comparison != nullptr ||
                     ImGui::GetContentRegionAvail().y < least_table_height(metrics) + toolbar_h);
    // The overview strip: when the columns, at this zoom, are wider than the room for them.
    const float room = width - (compact ? compact_label_width(metrics) : full_label_width(metrics));
    metrics.cell_w = zoomed_cell_width(base_cell_w_, zoom_);
    const bool strip = metrics.columns * metrics.cell_w > room;
    const float strip_h = strip ? std::ceil(ImGui::GetTextLineHeight() * 0.8f) : 0;
    if (compact && !showing.hides(showing.current)) {
        // The short labels leave the step's name out; it shows here: beside the buttons where it fits, else
        // on a line of its own, wrapped, never cut, where that leaves the strip and the table their least
        // height (the row labels still number the steps; each of two sides at 2× on 1280×720 beside the racy
        // kernel's status bar has no line to spare). Counted without the strip, the caption took 4 px more
        // than a half of compare mode had at 2×: the half gained scroll bars, lost the line, and so on, every
        // other frame.
        const std::string& label = row_labels_[showing.current];
        const std::string caption = "Step " + label.substr(label.find_first_not_of(' '));
        const bool beside = same_line_with_gap_if_fits(ImGui::CalcTextSize(caption.c_str()).x);
        const float spacing = ImGui::GetStyle().ItemSpacing.y;
        const float caption_h =
            ImGui::CalcTextSize(caption.c_str(), nullptr, false, ImGui::GetContentRegionAvail().x).y + spacing;
        const float below = (strip ? strip_h + spacing : 0) + least_table_height(metrics);
        if (beside || ImGui::GetContentRegionAvail().y >= caption_h + below) {
            ImGui::PushTextWrapPos(0);
            ImGui::TextUnformatted(caption.c_str());
            ImGui::PopTextWrapPos();
        }
    }
    // "First wrong" (status bar, J): the element's column to the middle of the table, once a request.
    if (const TraceSession::ElementFocus& focus = state.block.element_focus();
        focus.serial != focused_serial_) {
        focused_serial_ = focus.serial;
        const auto column = std::find(column_element_.begin(), column_element_.end(), focus.element);
        if (column != column_element_.end()) {
            pending_scroll_x_ = std::max(0.0f, float(column - column_element_.begin()) * metrics.cell_w -
                                                   std::max(last_cells_w_, metrics.cell_w) / 2);
            placed_.reset();
        }
    }
    draw_table(state, showing, metrics, compact, strip_h);
}

ImFont* ValueTableView::fitting_font(const ViewContext& context, float width) const {
    const auto fits = [&](ImFont* font, std::size_t columns) {
        ValueTableMetrics m;
        ImGui::PushFont(font); // ImGui::CalcTextSize, as the table measures: it rounds up
        m.char_w = ImGui::CalcTextSize("0").x;
        ImGui::PopFont();
        m.compact_chars = compact_chars_;
        return compact_label_width(m) + static_cast<float>(columns) * table_cell_width(m.char_w, cell_chars_) <=
               width;
    };
    // Every column, else the N elements' (warp-shuffle's 32 warp-total words after its registers scroll).
    const std::size_t elements = std::min(model_.columns.size(), model_.element_column.size());
    for (const std::size_t columns : {model_.columns.size(), elements}) {
        if (fits(context.mono_font, columns))
            return context.mono_font;
        for (ImFont* font : context.smaller_mono)
            if (fits(font, columns))
                return font;
    }
    return context.mono_font;
}

void ValueTableView::draw_toolbar(const AppState& state, const ValueTableMetrics& metrics, bool one_button) {
    const auto legend = [] {
        draw_legend({{theme::colours().cell_written, "written in the step"},
                     {theme::colours().cell_read, "read in the step"},
                     {theme::colours().cell_value, "holds a value"},
                     {theme::colours().cell_unwritten, "not written yet"},
                     {theme::colours().ok, "output right"},
                     {theme::colours().error, "wrong output"}});
    };
    // The halves of two sides (3× on 1920×1080, 2× on 1280×720) and a short tab have no lines to spare for
    // the toolbar: everything moves behind one button, and the table keeps the room.
    if (one_button) {
        if (ImGui::Button("Table…"))
            ImGui::OpenPopup("values-options");
        if (ImGui::IsItemHovered())
            tooltip("Colours, dimming, arrows and zoom of this side's table");
        if (ImGui::BeginPopup("values-options")) {
            legend();
            draw_table_controls(state, metrics);
            ImGui::EndPopup();
        }
        return;
    }
    // Short of height (1280×720 from 1.5×), the legend's two or three lines would leave the table no
    // step rows: it moves behind a button, and the table keeps the room.
    const bool short_of_height =
        ImGui::GetContentRegionAvail().y < kMinLinesBesideLegend * ImGui::GetFrameHeightWithSpacing();
    if (short_of_height) {
        if (ImGui::Button("Colours"))
            ImGui::OpenPopup("values-legend");
        if (ImGui::BeginPopup("values-legend")) {
            legend();
            ImGui::EndPopup();
        }
    } else {
        legend();
    }
    draw_table_controls(state, metrics);
}

// Dimming, arrows and zoom, each on the line before where it fits.
void ValueTableView::draw_table_controls(const AppState& state, const ValueTableMetrics& metrics) {
    const float box = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x;
    same_line_with_gap_if_fits(box + ImGui::CalcTextSize("Dim later steps").x);
    ImGui::BeginDisabled(state.reveal); // reveal mode hides later steps outright
    ImGui::Checkbox("Dim later steps", &dim_future_);
    ImGui::EndDisabled();
    if (state.reveal && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        tooltip("Reveal mode: later steps are hidden");
    same_line_with_gap_if_fits(box + ImGui::CalcTextSize("Arrows").x);
    ImGui::Checkbox("Arrows", &show_arrows_);
    if (ImGui::IsItemHovered())
        tooltip("Arrows from each cell a thread read to the cell it wrote in this step");
    // Zoom: narrower columns down to colour only (values show where they still fit).
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const float zoom_w = button_width("−") + button_width("+") + button_width("All columns") + 2 * spacing;
    same_line_with_gap_if_fits(zoom_w);
    const float fit =
        last_cells_w_ > 0 ? last_cells_w_ / std::max(1, metrics.columns) / std::max(1.0f, base_cell_w_) : 1;
    if (ImGui::Button("−"))
        zoom_by(1 / kZoomStep, -1);
    if (ImGui::IsItemHovered())
        tooltip("Narrower columns (Ctrl+wheel over the table)");
    ImGui::SameLine();
    if (ImGui::Button("+"))
        zoom_by(kZoomStep, -1);
    if (ImGui::IsItemHovered())
        tooltip("Wider columns, up to every value readable (Ctrl+wheel over the table)");
    ImGui::SameLine();
    if (ImGui::Button("All columns"))
        zoom_by(fit / zoom_, -1);
    if (ImGui::IsItemHovered())
        tooltip("Zoom out until every column fits");
}

// Keeps the column at screen offset `anchor_x` from the cells' left edge (-1: the middle) in place.
void ValueTableView::zoom_by(float factor, float anchor_x) {
    placed_.reset(); // zoomed by hand: the scene's scroll no longer holds
    const int columns = static_cast<int>(model_.columns.size());
    if (columns == 0 || base_cell_w_ <= 0)
        return;
    // Down to every column in view (below a pixel a column at N = 2048 on a narrow window).
    const float smallest = std::min(1.0f, std::max(kNarrowestColumn, last_cells_w_ / columns) / base_cell_w_);
    const float old_w = zoomed_cell_width(base_cell_w_, zoom_);
    zoom_ = std::clamp(zoom_ * factor, smallest, 1.0f);
    const float new_w = zoomed_cell_width(base_cell_w_, zoom_);
    const float anchor = anchor_x < 0 ? last_cells_w_ / 2 : anchor_x;
    const float scroll = pending_scroll_x_ ? *pending_scroll_x_ : last_scroll_x_;
    pending_scroll_x_ = std::max(0.0f, (scroll + anchor) / old_w * new_w - anchor);
}

void ValueTableView::refresh_cells(const TableShowing& showing, float cell_w) {
    const bool solid = cell_w < kSolidBelowPixels;
    const std::string key = std::to_string(loaded_serial_) + "|" +
                            std::to_string(solid) + "|" + std::to_string(showing.current) + "|" +
                            std::to_string(showing.dim_later) + "|" + std::to_string(showing.reveal) + "|" +
                            theme::name_text(theme::current());
    if (key == built_key_)
        return;
    cells_.set_quads(step_cell_quads(*loaded_, model_, showing, solid));
    overview_colours_ = overview_colours(*loaded_, model_, showing);
    built_key_ = key;
}

void ValueTableView::note_what_shows(const ValueTableLayout& l, const TableShowing& showing, float sx) const {
    const ImRect& clip = ImGui::GetCurrentWindowRead()->InnerClipRect; // clipped by the windows around
    const float x0 = std::max(l.cells_x0, clip.Min.x), x1 = std::min(l.x1, clip.Max.x);
    const float y0 = std::max(l.steps_y0, clip.Min.y), y1 = std::min(l.steps_y1, clip.Max.y);
    const auto column_at = [&](float x) { return std::clamp((x - l.cells_x0 + sx) / l.cell_w, 0.0f, float(l.columns)); };
    const auto step_at = [&](float y) { return std::clamp((y - l.step_y(0)) / l.cell_h, 0.0f, float(l.steps)); };
    layout::note_shown_range({"Values", shown_.side, column_at(x0), column_at(std::max(x0, x1)), step_at(y0),
                              step_at(std::max(y0, y1))});
    if (!showing.hides(showing.current))
        layout::note_current_step_row({"Values", l.step_y(showing.current), l.step_y(showing.current) + l.cell_h, y0,
                                       std::max(y0, y1), l.steps_y0, l.steps_y1});
}

std::pair<int, int> ValueTableView::visible_columns(const ValueTableLayout& l, float sx) const {
    const int first = std::max(0, static_cast<int>(sx / l.cell_w));
    const int last = std::min(l.columns - 1, static_cast<int>((sx + l.cells_w()) / l.cell_w));
    return {first, last};
}

void ValueTableView::draw_table(AppState& state, const TableShowing& showing, ValueTableMetrics metrics,
                                bool compact_labels, float strip_height) {
    ImGui::PushFont(table_font_);
    const ImGuiIO& io = ImGui::GetIO();
    if (strip_height > 0) {
        // Its interaction comes first (the table scrolls this frame); it is drawn once the table is laid
        // out, aligned with the cells under it, which is where the last frame put it.
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float label_w = compact_labels ? compact_label_width(metrics) : full_label_width(metrics);
        ImGui::SetCursorScreenPos(ImVec2(at.x + label_w, at.y));
        ImGui::InvisibleButton("overview",
                               ImVec2(std::max(1.0f, ImGui::GetContentRegionAvail().x), strip_height));
        strip_.y0 = at.y, strip_.y1 = at.y + strip_height, strip_.columns = metrics.columns;
        if (ImGui::IsItemActive() && last_cells_w_ > 0 && strip_.x1 > strip_.x0) {
            const float column = strip_.column_at(io.MousePos.x);
            pending_scroll_x_ = std::max(0.0f, column * metrics.cell_w - last_cells_w_ / 2);
            placed_.reset();
        }
        if (ImGui::IsItemHovered())
            tooltip("All %d columns at this step: click or drag to show them", metrics.columns);
    }

    const ImGuiWindowFlags flags =
        ImGuiWindowFlags_HorizontalScrollbar | (io.KeyCtrl ? ImGuiWindowFlags_NoScrollWithMouse : 0);
    // The halves of two sides can be shorter than a table with a few step rows (the racy kernel's four-line
    // status bar at 2× on 1280×720 left 17 px): the table keeps that height and the half scrolls. (A whole
    // tab does not: its window would gain a scroll bar for a frame while the scale changes, and the tab
    // bar, narrower, scrolled; a short tab puts the toolbar behind one button instead.)
    const float least_h = shown_.comparison != nullptr ? least_table_height(metrics) : 0;
    ImGui::BeginChild("value-table", ImVec2(0, ImGui::GetContentRegionAvail().y < least_h ? least_h : 0),
                      false, flags);
    const ImRect inner = ImGui::GetCurrentWindowRead()->InnerRect;
    const auto lay_out = [&](float scroll_y) {
        return layout_value_table(metrics, compact_labels, inner.Min.x, inner.Min.y, inner.Max.x, inner.Max.y,
                                  scroll_y);
    };
    ValueTableLayout l = lay_out(0);
    last_cells_w_ = l.cells_w();
    if (ImGui::IsWindowHovered() && io.KeyCtrl && io.MouseWheel != 0) {
        zoom_by(std::pow(kZoomStep, io.MouseWheel),
                std::clamp(io.MousePos.x - l.cells_x0, 0.0f, l.cells_w()));
        metrics.cell_w = zoomed_cell_width(base_cell_w_, zoom_);
        l = lay_out(0);
    }
    // Follow the current step: scroll its row into view when it changes, or when the table's rows
    // changed size or began or stopped scrolling as one. A row the table scrolled to by itself is
    // centred again when the room for the rows changes (the window settles over a few frames after a
    // scale change), so where it ends depends only on the step and the window, not on the way there.
    // And in another window: compare mode draws the left side in a window of its own, which opens at the top
    // and holds a scroll asked for in its first frame to the content it had (none): followed for two frames.
    const ImGuiID window = ImGui::GetCurrentWindowRead()->ID;
    if (window != followed_window_)
        refollow_frames_ = 2;
    if (l.flowing != followed_flowing_ || l.cell_h != followed_cell_h_ || refollow_frames_ > 0)
        followed_step_ = -1;
    refollow_frames_ = std::max(0, refollow_frames_ - 1);
    followed_flowing_ = l.flowing, followed_cell_h_ = l.cell_h, followed_window_ = window;
    const float top = l.step_scroll_top(showing.current), view = l.step_scroll_view();
    // A scene's place holds until the step changes or the table is scrolled, zoomed or moved by hand (by
    // input, not by the scroll read back: Dear ImGui clamps a scroll to the last frame's content, which
    // differs from this frame's while the window settles, and under load that once passed for a scroll).
    const bool by_hand = ImGui::IsWindowHovered() && (io.MouseWheel != 0 || io.MouseWheelH != 0 ||
                                                      ImGui::IsMouseDragging(ImGuiMouseButton_Left));
    if (placed_ && (showing.current != placed_step_ || by_hand))
        placed_.reset();
    if (!pending_scroll_y_ && ImGui::GetScrollY() != followed_scroll_y_)
        scrolled_by_follow_ = false; // the user scrolled since
    const bool view_changed = std::abs(view - followed_view_) > 0.5f;
    if (showing.current != followed_step_ || (view_changed && scrolled_by_follow_)) {
        const float scroll_y = pending_scroll_y_.value_or(ImGui::GetScrollY());
        if (top < scroll_y || top + l.cell_h > scroll_y + view || (view_changed && scrolled_by_follow_)) {
            pending_scroll_y_ = std::max(0.0f, top - view / 2);
            scrolled_by_follow_ = true;
        }
        followed_step_ = showing.current;
    }
    followed_view_ = view;
    const float max_x = std::max(0.0f, l.content_w - (l.x1 - l.x0)),
                max_y = std::max(0.0f, l.content_h - (l.y1 - l.y0));
    if (placing_)
        placed_ = placing_, placed_step_ = showing.current;
    if (placed_) { // a scene's scroll, as fractions of the range the table has once it has settled
        pending_scroll_x_ = placed_->scroll_x * max_x;
        // Down only as far as keeps the current step's row in view: a lesson's scene that names a sideways
        // scroll (scroll_y then 0) at step 7 of N = 64, and one that names no place at step 21 of N = 1024,
        // held the row below the table's edge. The place the scene named is still what the view reports.
        const float placed_y = placed_->scroll_y * max_y;
        pending_scroll_y_ = top >= placed_y && top + l.cell_h <= placed_y + view
                                ? placed_y
                                : std::clamp(top - view / 2, 0.0f, max_y);
        scrolled_by_follow_ = true;
    }
    last_max_x_ = max_x, last_max_y_ = max_y;
    const float sx = std::clamp(pending_scroll_x_.value_or(ImGui::GetScrollX()), 0.0f, max_x);
    const float sy = std::clamp(pending_scroll_y_.value_or(ImGui::GetScrollY()), 0.0f, max_y);
    if (pending_scroll_x_)
        ImGui::SetScrollX(sx);
    if (pending_scroll_y_)
        ImGui::SetScrollY(sy);
    pending_scroll_x_.reset();
    pending_scroll_y_.reset();
    last_scroll_x_ = sx;
    followed_scroll_y_ = sy;
    l = lay_out(sy);
    ImGui::SetCursorPos(ImVec2(0, 0));
    ImGui::Dummy(ImVec2(l.content_w, l.content_h)); // the extent the scroll bars cover

    ImDrawList* list = ImGui::GetWindowDrawList();
    refresh_cells(showing, l.cell_w);
    if (l.steps_h() > 0) {
        const ShapeTransform transform{l.cells_x0 - sx, l.steps_origin_y, l.cell_w, l.cell_h, 0};
        const std::string key = built_key_ + "|" + std::to_string(sx) + "|" +
                                std::to_string(l.steps_origin_y) + "|" + std::to_string(l.cell_w) + "|" +
                                std::to_string(l.cell_h);
        cache_.draw(list, l.cells_x0, l.steps_y0, l.cells_w(), l.steps_h(), key, {&cells_}, transform,
                    theme::packed(theme::colours().background));
    }
    if (show_arrows_) // under the values, so that every digit stays readable
        draw_arrows(list, l, showing, sx);
    draw_differences(list, l, showing, sx);
    draw_cell_text(list, l, showing, sx);
    draw_global_rows(list, l, showing, sx);
    draw_headers(list, l, sx, showing.hides(showing.current) ? -1 : showing.current);
    draw_row_labels(list, l, showing);
    // Text cut at these edges is cut by scrolling, which the layout check allows.
    layout::note_scrolled_region(l.cells_x0, l.header_y0, l.x1, l.output_y1, true, l.flowing);
    layout::note_scrolled_region(l.x0, l.steps_y0, l.x1, l.steps_y1, false, true);
    note_what_shows(l, showing, sx);
    draw_tooltip(state, l, showing, sx);
    ImGui::EndChild();

    const auto [first, last] = visible_columns(l, sx);
    ValueTableGeometry geometry;
    geometry.drawn = true;
    geometry.layout = l;
    geometry.scroll_x = sx, geometry.scroll_y = sy;
    geometry.first_column = first, geometry.last_column = last;
    if (strip_height > 0) {
        strip_.x0 = l.cells_x0, strip_.x1 = l.x1;
        draw_overview(ImGui::GetWindowDrawList(), strip_, overview_colours_, sx / l.cell_w,
                      l.cells_w() / l.cell_w, std::max(1.0f, std::round(ImGui::GetFontSize() / 8)));
        geometry.overview = true;
        geometry.overview_x0 = strip_.x0, geometry.overview_y0 = strip_.y0;
        geometry.overview_x1 = strip_.x1, geometry.overview_y1 = strip_.y1;
    } else {
        strip_ = {};
    }
    if (shown_.side == 0) // the other side is not what scripts measure
        publish_value_table_geometry(geometry);
    ImGui::PopFont();
}

} // namespace prefixlab
