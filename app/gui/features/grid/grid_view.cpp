#include "gui/features/grid/grid_view.hpp"

#include "core/analysis/loaded_grid_trace.hpp"
#include "core/ground/format_value.hpp"
#include "gui/app_state.hpp"
#include "gui/features/grid/grid_session.hpp"
#include "gui/layout/layout_check.hpp"
#include "gui/layout/shown_range.hpp"
#include "gui/theme.hpp"
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

// Up to this many elements every value is shown; more, a strip per tile (N = 4096 is 64 columns of 64
// values: no value would be readable at any scale, and a row would be 20 screens wide).
constexpr std::uint64_t kMostReadableN = 512;
// Values mode wraps a tile's values into at most this many lines, wider cells beyond (scrolling
// sideways rather than a cell taller than the screen at 2×).
constexpr int kMostValueLines = 16;

enum class CellMode { values, strip, tiles };

// `text` broken at spaces into lines at most `width` wide (a word wider than that stays whole).
std::vector<std::string> wrapped_lines(const std::string& text, float width) {
    std::vector<std::string> lines;
    std::string line;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find(' ', start);
        if (end == std::string::npos)
            end = text.size();
        const std::string word = text.substr(start, end - start);
        const std::string joined = line.empty() ? word : line + " " + word;
        if (!line.empty() && ImGui::CalcTextSize(joined.c_str()).x > width) {
            lines.push_back(line);
            line = word;
        } else {
            line = joined;
        }
        start = end + 1;
    }
    if (!line.empty())
        lines.push_back(line);
    return lines;
}

} // namespace

struct GridView::Layout {
    CellMode mode = CellMode::tiles;
    int step = 0, rows = 0, shown_rows = 0, tiles = 0;
    float cw = 0, lh = 0;
    float label_w = 0, header_h = 0;
    float origin_x = 0, origin_y = 0, width = 0, height = 0; // the canvas
    float area_x = 0, area_y = 0, area_w = 0, area_h = 0;    // its cells, right of the labels, under the header
    float cell_w = 0, gap = 0, pad = 0;
    int value_columns = 1;
    float value_w = 0, values_h = 0, status_h = 0;
    bool totals = false;   // a multi-launch driver: tile-totals boxes, arrows at the top of a row
    float totals_line_h = 0;
    int header_lines = 1;  // 2: runs of tiles named over the tile numbers
    std::vector<float> row_top; // [row], and the content's bottom: in content units, from 0
    std::vector<float> arrows_h;
    std::vector<std::vector<std::string>> labels; // [row] its label, wrapped into the label column
    // Where a row's parts start, from its top: the values (under a multi-launch row's arrows), the
    // status word or totals under them, a single-pass row's poll arrows under those.
    float values_dy(int s) const { return totals ? arrows_h[s] : 0; }
    float below_values_dy(int s) const { return values_dy(s) + values_h; }
    float pitch() const { return cell_w + gap; }
    float row_bottom_dy(int s) const { return row_top[s + 1] - row_top[s]; }
    float content_w() const { return tiles * pitch(); }
    float content_h() const { return row_top.back(); }
};

namespace {

// Two-level's runs over the tile numbers: "run 1 · block 1" centred over its tiles where it fits, else
// "1", with a rule across the run.
void draw_run_names(ImDrawList* draw, const GridTotals& totals, const GridView::Layout& l, float pan_x, int first_tile,
                    int last_tile) {
    const std::uint32_t per = std::max<std::uint32_t>(1, totals.tiles_per_group);
    const ImU32 colour = ImGui::GetColorU32(ImGuiCol_Text);
    for (std::uint32_t g = static_cast<std::uint32_t>(first_tile) / per; g * per <= static_cast<std::uint32_t>(last_tile); ++g) {
        const std::uint32_t end = std::min<std::uint32_t>(static_cast<std::uint32_t>(l.tiles), (g + 1) * per);
        const float x0 = l.area_x + static_cast<float>(g * per) * l.pitch() - pan_x;
        const float x1 = l.area_x + static_cast<float>(end - 1) * l.pitch() + l.cell_w - pan_x;
        std::string text;
        for (const std::string& name : {"run " + std::to_string(g) + " · block " + std::to_string(g), "run " + std::to_string(g),
                                        std::to_string(g)})
            if (text.empty() && ImGui::CalcTextSize(name.c_str()).x + l.cw / 2 <= x1 - x0)
                text = name;
        if (text.empty())
            continue;
        const float w = ImGui::CalcTextSize(text.c_str()).x;
        draw->AddText(ImVec2((x0 + x1 - w) / 2, l.origin_y + l.lh * 0.1f), colour, text.c_str());
        const float y = l.origin_y + l.lh * 1.2f;
        draw->AddLine(ImVec2(x0, y), ImVec2(x1, y), colour, std::max(1.0f, l.cw * 0.1f));
    }
}

} // namespace

void GridView::measure(const LoadedGridTrace& grid) {
    value_chars_ = 1;
    const ElementType type = grid.trace.config.type;
    for (const std::vector<std::uint32_t>* values : {&grid.model.input, grid.model.values.empty() ? nullptr : &grid.model.values.back()})
        if (values != nullptr)
            for (std::uint32_t bits : *values)
                value_chars_ = std::max<int>(value_chars_, static_cast<int>(format_value(type, bits).size()));
    value_texts_.clear();
    if (grid.trace.config.n <= kMostReadableN) // formatted once: 2048 strings a frame cost ~2 ms
        for (const std::vector<std::uint32_t>& row : grid.model.values) {
            value_texts_.emplace_back();
            for (std::uint32_t bits : row)
                value_texts_.back().push_back(format_value(type, bits));
        }
    // Each step's boxes and arrows: the lists are sorted by step.
    const std::size_t rows = grid.steps.steps.size();
    box_ranges_.assign(rows, {});
    arrow_ranges_.assign(rows, {});
    const GridTotals& totals = grid.model.totals;
    for (std::size_t i = 0; i < totals.boxes.size(); ++i)
        if (const std::uint32_t s = totals.boxes[i].step; s < rows)
            box_ranges_[s] = {box_ranges_[s].end == 0 ? i : box_ranges_[s].first, i + 1};
    for (std::size_t i = 0; i < totals.arrows.size(); ++i)
        if (const std::uint32_t s = totals.arrows[i].step; s < rows)
            arrow_ranges_[s] = {arrow_ranges_[s].end == 0 ? i : arrow_ranges_[s].first, i + 1};
    measured_ = grid.serial;
    pan_x_ = pan_y_ = 0;
    followed_step_ = -1;
}

void GridView::draw(AppState& state, const ViewContext& context) {
    const LoadedGridTrace* grid = session_.grid();
    if (!grid_header(session_))
        return;
    if (grid->serial != measured_)
        measure(*grid);
    const GridViewModel& model = grid->model;
    const theme::Palette& colours = theme::colours();
    const bool totals = !model.status_words && model.totals.any();
    legend_or_button([&] {
        if (totals) {
            if (std::any_of(model.totals.boxes.begin(), model.totals.boxes.end(),
                            [](const GridTotalsBox& b) { return b.kind == TotalsWordKind::partial; }))
                draw_legend({{colours.status_aggregate, "Σ tile total"},
                             {colours.active_threads, "+ partial sum (atomics)"},
                             {colours.cell_written, "written in the step"},
                             {colours.input_node, "input"}});
            else
                draw_legend({{colours.status_aggregate, "Σ tile total"},
                             {colours.status_prefix, "P scanned in place"},
                             {colours.cell_written, "written in the step"},
                             {colours.input_node, "input"}});
        } else {
            draw_legend({{colours.status_invalid, "– invalid: not published"},
                         {colours.status_aggregate, "A aggregate"},
                         {colours.status_prefix, "P inclusive prefix"},
                         {colours.cell_written, "written in the step"},
                         {colours.input_node, "input"}});
        }
    });
    if (model.element_detail && grid->trace.config.n <= kMostReadableN) {
        const float right_margin = ImGui::GetContentRegionAvail().x - width_beside_scroll_bar();
        same_line_if_fits(checkbox_width("Values"), right_margin);
        if (ImGui::Checkbox("Values", &show_values_))
            followed_step_ = -1; // rows change height: bring the current one back into view
        if (ImGui::IsItemHovered())
            tooltip(totals ? "Every value of every tile, or a strip per tile (the tile totals and arrows in less height)"
                                     : "Every value of every tile, or a strip per tile (the status words and arrows in less height)");
    }

    ImGui::PushFont(context.mono_font);
    Layout l;
    l.totals = totals;
    l.step = session_.step();
    l.rows = static_cast<int>(grid->steps.steps.size());
    l.shown_rows = state.reveal ? std::min(l.step + 1, l.rows) : l.rows;
    l.tiles = static_cast<int>(model.columns.size());
    l.cw = ImGui::CalcTextSize("0").x;
    l.lh = ImGui::GetTextLineHeight();
    const float child_w = width_beside_scroll_bar();
    // Row labels ("2  launch 2 · propagate") wrapped into a column of at most a fifth of the width.
    float longest = 0;
    std::vector<std::string> label_texts;
    for (std::size_t s = 0; s < grid->steps.steps.size(); ++s) {
        label_texts.push_back(std::to_string(s) + "  " + grid->steps.steps[s].label);
        longest = std::max(longest, ImGui::CalcTextSize(label_texts.back().c_str()).x);
    }
    l.label_w = std::min(longest + l.cw, std::max(child_w * 0.2f, l.cw * 16)) + l.cw / 2;
    for (const std::string& text : label_texts)
        l.labels.push_back(wrapped_lines(text, l.label_w - l.cw));
    l.header_lines = totals && model.totals.tiles_per_group > 1 ? 2 : 1;
    l.header_h = l.lh * (l.header_lines == 2 ? 2.5f : 1.4f);

    const float child_h = std::max(ImGui::GetContentRegionAvail().y, l.lh * 8);
    ImGui::BeginChild("grid-canvas", ImVec2(child_w, child_h), false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    const ImVec2 origin = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    l.origin_x = origin.x;
    l.origin_y = origin.y;
    l.width = size.x;
    l.height = size.y;
    l.area_x = origin.x + l.label_w;
    l.area_y = origin.y + l.header_h;
    l.area_w = std::max(10.0f, size.x - l.label_w);
    l.area_h = std::max(10.0f, size.y - l.header_h);

    // Columns: readable values, a strip, or bare status words.
    const std::uint32_t tile = std::max<std::uint32_t>(1, model.tile);
    l.mode = !model.element_detail                  ? CellMode::tiles
             : grid->trace.config.n <= kMostReadableN && show_values_ ? CellMode::values
                                                      : CellMode::strip;
    l.pad = l.cw * 0.4f;
    const float share = l.area_w / static_cast<float>(std::max(1, l.tiles));
    if (l.mode == CellMode::values) {
        l.value_w = (value_chars_ + 1) * l.cw;
        const int fit = static_cast<int>((share - l.cw - 2 * l.pad) / l.value_w);
        const int fewest = static_cast<int>((tile + kMostValueLines - 1) / kMostValueLines);
        l.value_columns = std::clamp(std::max(fit, fewest), 1, static_cast<int>(tile));
        l.cell_w = l.value_columns * l.value_w + 2 * l.pad;
        l.gap = l.cw;
        const int lines = static_cast<int>((tile + l.value_columns - 1) / l.value_columns);
        l.values_h = lines * l.lh + 2 * l.pad;
    } else {
        l.gap = share >= 6 * l.cw ? l.cw : std::max(1.0f, share * 0.15f);
        l.cell_w = std::max(share - l.gap, 3.0f);
        // Two-level's runs at tile level: every run in view (its words and arrows are what the rows show),
        // its tiles thinner than a pixel where they must be.
        if (l.mode == CellMode::tiles && totals && model.totals.tiles_per_group > 1 && share < 4.0f) {
            l.gap = share * 0.15f;
            l.cell_w = share - l.gap;
        }
        l.values_h = l.mode == CellMode::strip ? l.lh * 0.6f + l.lh + l.pad : 0;
    }
    l.totals_line_h = l.lh * 1.25f;
    l.status_h = totals ? l.totals_line_h * static_cast<float>(model.totals.depth + 1) : l.lh * 1.25f;
    l.row_top.assign(1, 0.0f);
    l.arrows_h.assign(l.rows, 0.0f);
    for (const GridPollArrow& arrow : model.arrows)
        if (arrow.step < l.arrows_h.size())
            l.arrows_h[arrow.step] = l.lh * 1.8f;
    for (int s = 0; s < l.rows && totals; ++s)
        if (arrow_ranges_[s].end > arrow_ranges_[s].first)
            l.arrows_h[s] = l.lh * 1.8f;
    for (int s = 0; s < l.rows; ++s) {
        const float content = l.values_h + l.status_h + l.arrows_h[s] + l.lh * 0.6f;
        const float label = static_cast<float>(l.labels[s].size()) * l.lh + l.lh * 0.4f;
        l.row_top.push_back(l.row_top.back() + std::max(content, label));
    }

    // Keep the current row in view when the step changes, and again when its place does (the frame a
    // step is taken in may lay rows out before the canvas has its final size: the row then moves).
    const float top = l.row_top[l.step], bottom = l.row_top[l.step + 1];
    if (l.step != followed_step_ || top != followed_top_ || bottom != followed_bottom_) {
        followed_step_ = l.step;
        followed_top_ = top;
        followed_bottom_ = bottom;
        if (top < pan_y_ || bottom - top > l.area_h) {
            pan_y_ = top;
        } else if (bottom > pan_y_ + l.area_h) {
            // Down to the current row, from the top of a row: the earliest whose rows through the current one
            // are whole in view (the bottom edge once cut the row above in half at 2× on 1280×720).
            int first = l.step;
            while (first > 0 && bottom - l.row_top[first - 1] <= l.area_h)
                --first;
            pan_y_ = l.row_top[first];
        }
    }
    handle_mouse(l);
    pan_x_ = std::clamp(pan_x_, 0.0f, std::max(0.0f, l.content_w() - l.area_w));
    // Down to where the content ends, or to the current row's top where that is further (room below the last
    // row, rather than the row above it cut in half at the top).
    pan_y_ = std::clamp(pan_y_, 0.0f, std::max({0.0f, l.content_h() - l.area_h, std::min(pan_y_, l.row_top[l.step])}));
    { // The steps in view, fractional within their rows (row_top), and the tiles (columns of `pitch`).
        const auto step_at = [&](float y) {
            const auto after = std::upper_bound(l.row_top.begin(), l.row_top.end(), y);
            const std::size_t k = static_cast<std::size_t>(std::max<std::ptrdiff_t>(0, after - l.row_top.begin() - 1));
            if (k + 1 >= l.row_top.size())
                return static_cast<float>(l.rows);
            return static_cast<float>(k) + (y - l.row_top[k]) / (l.row_top[k + 1] - l.row_top[k]);
        };
        layout::note_shown_range({"Grid", 0, pan_x_ / l.pitch(), (pan_x_ + l.area_w) / l.pitch(), step_at(pan_y_),
                                  step_at(std::min(pan_y_ + l.area_h, l.content_h()))});
    }
    layout::note_scrolled_region(l.area_x, l.area_y, origin.x + size.x, origin.y + size.y, true, true);
    layout::note_scrolled_region(l.area_x, origin.y, origin.x + size.x, l.area_y, true, false);
    layout::note_scrolled_region(origin.x, l.area_y, l.area_x, origin.y + size.y, false, true);
    draw_canvas(state, *grid, l);
    ImGui::EndChild();
    ImGui::PopFont();
}

void GridView::handle_mouse(const Layout& l) {
    ImGuiIO& io = ImGui::GetIO();
    if (!ImGui::IsWindowHovered())
        return;
    if (io.MouseWheel != 0 || io.MouseWheelH != 0) {
        const float lines = io.MouseWheel * l.lh * 3;
        if (io.KeyShift)
            pan_x_ -= lines;
        else
            pan_y_ -= lines;
        pan_x_ -= io.MouseWheelH * l.lh * 3;
    }
    if (ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
        pan_x_ -= io.MouseDelta.x;
        pan_y_ -= io.MouseDelta.y;
    }
}

void GridView::draw_canvas(AppState& state, const LoadedGridTrace& grid, const Layout& l) {
    const GridViewModel& model = grid.model;
    const theme::Palette& colours = theme::colours();
    const ElementType type = grid.trace.config.type;
    // what the status words and totals carry: the scan's values, or a compaction's or a sort's counts
    const ElementType word_type = look_back_type(grid.trace.config);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const float right = l.origin_x + l.width, bottom = l.origin_y + l.height;
    const int first_tile = std::max(0, static_cast<int>(pan_x_ / l.pitch()));
    const int last_tile = std::min(l.tiles - 1, static_cast<int>((pan_x_ + l.area_w) / l.pitch()));
    const auto column_x = [&](int t) { return l.area_x + t * l.pitch() - pan_x_; };
    const auto row_y = [&](int s) { return l.area_y + l.row_top[s] - pan_y_; };
    GridHover hover;
    const bool hovered_window = ImGui::IsWindowHovered();

    // Shapes: rebuilt and redrawn into the cached layer only when what they show changed.
    char key[200];
    std::snprintf(key, sizeof key, "%p|%d|%d|%s|%g|%g|%g|%g|%g|%g", static_cast<const void*>(&grid), l.step, l.shown_rows,
                  theme::name_text(theme::current()), static_cast<double>(pan_x_), static_cast<double>(pan_y_),
                  static_cast<double>(l.area_x), static_cast<double>(l.area_y), static_cast<double>(l.cell_w),
                  static_cast<double>(l.width + 1000 * l.height));
    const auto place_of = [&](int t, int s) {
        return CellPlace{column_x(t), row_y(s) + l.values_dy(s), l.cell_w, l.values_h, l.status_h, l.pad, l.lh, l.value_w,
                         l.value_columns};
    };
    const auto totals_place = [&](int s) {
        return TotalsPlace{l.area_x - pan_x_, l.pitch(), l.cell_w, row_y(s) + l.below_values_dy(s), l.totals_line_h, l.lh,
                           l.area_x, right};
    };
    const auto row_visible = [&](int s) { return row_y(s) <= bottom && row_y(s + 1) >= l.area_y; };
    if (key != built_key_) {
        GridShapes shapes;
        for (int s = 0; s < l.shown_rows; ++s) {
            if (!row_visible(s))
                continue;
            const bool later = s > l.step;
            if (s == l.step)
                shapes.quads.push_back({l.area_x, row_y(s), right, row_y(s + 1),
                                        theme::packed(blend(colours.current_step, colours.background, 0.82f))});
            for (int t = first_tile; t <= last_tile; ++t) {
                const CellPlace place = place_of(t, s);
                if (l.mode == CellMode::values)
                    add_cell_values(shapes, model, model.columns[t], s, place, later);
                else if (l.mode == CellMode::strip)
                    add_cell_strip(shapes, model, model.columns[t], s, place, later);
                if (!l.totals)
                    add_status_word(shapes, model.columns[t], static_cast<std::uint32_t>(s), place, later);
            }
            if (l.totals) {
                add_totals_boxes(shapes, model.totals, box_ranges_[s], totals_place(s), later);
                add_totals_arrows(shapes, model.totals, arrow_ranges_[s],
                                  ArrowPlace{l.area_x - pan_x_, l.pitch(), l.cell_w, row_y(s), l.arrows_h[s], l.cw, l.area_x, right},
                                  later);
            } else if (l.arrows_h[s] > 0)
                add_poll_arrows(shapes, model, static_cast<std::uint32_t>(s),
                                ArrowPlace{l.area_x - pan_x_, l.pitch(), l.cell_w, row_y(s) + l.values_h + l.status_h,
                                           l.arrows_h[s], l.cw, l.area_x, right},
                                later);
        }
        quads_.set_quads(std::move(shapes.quads));
        lines_.set_lines(std::move(shapes.lines));
        built_key_ = key;
    }
    draw->PushClipRect(ImVec2(l.area_x, l.area_y), ImVec2(right, bottom), true);
    cache_.draw(draw, l.area_x, l.area_y, right - l.area_x, bottom - l.area_y, key, {&quads_, &lines_}, ShapeTransform{},
                theme::packed(colours.background));
    for (int s = 0; s < l.shown_rows; ++s) {
        if (!row_visible(s))
            continue;
        const bool later = s > l.step;
        for (int t = first_tile; t <= last_tile; ++t) {
            const CellPlace place = place_of(t, s);
            if (l.mode == CellMode::values)
                draw_cell_value_texts(draw, model, value_texts_[s], model.columns[t], s, place, l.area_y, bottom, later);
            else if (l.mode == CellMode::strip)
                draw_cell_strip_text(draw, model, model.columns[t], s, type, place, later);
            if (!l.totals)
                draw_status_word_text(draw, model.columns[t], static_cast<std::uint32_t>(s), word_type, place, later);
            if (hovered_window && mouse.x >= place.x && mouse.x < place.x + l.pitch() && mouse.y >= row_y(s) &&
                mouse.y < row_y(s + 1) && mouse.x >= l.area_x && mouse.y >= l.area_y)
                hover = {t, s};
        }
        if (l.totals)
            draw_totals_box_texts(draw, model.totals, box_ranges_[s], word_type, totals_place(s), later);
    }
    if (std::getenv("PREFIXLAB_DEBUG_LAYERS"))
        draw->AddText(ImVec2(l.area_x + 8, bottom - l.lh), theme::packed(colours.text),
                      ("layer redraws: " + std::to_string(cache_.redraws())).c_str());
    draw->PopClipRect();

    // The sticky header (tile numbers, as many as fit apart) and row labels.
    draw->PushClipRect(ImVec2(l.area_x, l.origin_y), ImVec2(right, l.area_y), true);
    const bool long_names = l.pitch() >= l.cw * (std::to_string(l.tiles).size() + 6);
    const float number_w = l.cw * static_cast<float>(std::to_string(l.tiles).size() + (long_names ? 6 : 1));
    const int stride = std::max(1, static_cast<int>(std::ceil(number_w / l.pitch())));
    const float numbers_y = l.header_lines == 2 ? l.origin_y + l.lh * 1.3f : l.origin_y + (l.header_h - l.lh) / 2;
    for (int t = first_tile / stride * stride; t <= last_tile; t += stride) {
        const std::string text = long_names ? "tile " + std::to_string(t) : std::to_string(t);
        const float w = ImGui::CalcTextSize(text.c_str()).x;
        const float x = column_x(t) + std::max(0.0f, (l.cell_w - w) / 2);
        if (x < l.area_x || x + w > right) // a number the header's edge would cut: the 256th tile's read "25"
            continue;
        draw->AddText(ImVec2(x, numbers_y), ImGui::GetColorU32(ImGuiCol_TextDisabled), text.c_str());
    }
    if (l.header_lines == 2) // the runs: "run 1 · block 1" over its tiles, a rule under it
        draw_run_names(draw, model.totals, l, pan_x_, first_tile, last_tile);
    draw->PopClipRect();
    draw->PushClipRect(ImVec2(l.origin_x, l.area_y), ImVec2(l.area_x, bottom), true);
    for (int s = 0; s < l.shown_rows; ++s) {
        const float y0 = row_y(s), y1 = row_y(s + 1);
        if (y0 > bottom || y1 < l.area_y)
            continue;
        const bool current = s == l.step;
        const float label_h = static_cast<float>(l.labels[s].size()) * l.lh + l.lh * 0.2f;
        if (current)
            draw->AddRectFilled(ImVec2(l.origin_x, y0), ImVec2(l.area_x - l.cw / 2, y0 + label_h), theme::packed(colours.current_step));
        for (std::size_t k = 0; k < l.labels[s].size(); ++k)
            draw->AddText(ImVec2(l.origin_x + l.cw / 4, y0 + l.lh * (0.1f + static_cast<float>(k))),
                          current ? theme::packed(theme::ink_on(colours.current_step))
                                  : ImGui::GetColorU32(s > l.step ? ImGuiCol_TextDisabled : ImGuiCol_Text),
                          l.labels[s][k].c_str());
        if (ImGui::IsWindowHovered() && mouse.x >= l.origin_x && mouse.x < l.area_x && mouse.y >= y0 && mouse.y < y1) {
            tooltip("step %d: %s — launch %u: %s (click to step here)", s, grid.steps.steps[s].label.c_str(),
                              grid.steps.steps[s].launch, grid.trace.launches.at(grid.steps.steps[s].launch).name.c_str());
            if (ImGui::IsMouseReleased(ImGuiMouseButton_Left) && ImGui::GetIO().MouseDragMaxDistanceSqr[0] < 16)
                session_.set_step(s);
        }
    }
    draw->PopClipRect();
    if (hover.tile >= 0)
        grid_cell_tooltip(grid, static_cast<std::uint32_t>(hover.tile), static_cast<std::uint32_t>(hover.step));
}

SteppedSession* GridView::stepped_session() { return &session_; }

} // namespace prefixlab
