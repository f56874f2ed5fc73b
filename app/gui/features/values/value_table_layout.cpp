#include "gui/features/values/value_table_layout.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace prefixlab {

namespace {

ValueTableGeometry g_geometry; // one Values table in the window

// Room either side of a label: 1.5 digits.
constexpr float kLabelPadChars = 1.5f;
// The labels' share of the table's width before they are shortened: at 2× on 1280×720 the full
// Hillis–Steele labels ("20  iteration 10, offset 512: combine and write") would take 70% of it.
constexpr float kMaxLabelShare = 0.4f;

} // namespace

float full_label_width(const ValueTableMetrics& m) {
    return std::ceil(m.char_w * (m.label_chars + kLabelPadChars));
}
float compact_label_width(const ValueTableMetrics& m) {
    return std::ceil(m.char_w * (m.compact_chars + kLabelPadChars));
}
bool labels_fit(const ValueTableMetrics& m, float width) {
    const float labels = full_label_width(m);
    return labels <= kMaxLabelShare * width && labels + m.columns * m.cell_w <= width;
}
float table_cell_width(float char_w, int chars) {
    return std::ceil(char_w * (static_cast<float>(chars) + 0.8f));
}
float table_cell_height(float line_h) {
    return std::ceil(line_h * 1.35f);
}

// Fewer step rows than this between sticky headers and output rows, and the whole table scrolls.
constexpr int kMinStickyStepRows = 3;

ValueTableLayout layout_value_table(const ValueTableMetrics& m, bool compact_labels, float x0, float y0,
                                    float x1, float y1, float scroll_y) {
    ValueTableLayout l;
    l.x0 = x0, l.y0 = y0, l.x1 = x1, l.y1 = y1;
    l.cell_w = m.cell_w;
    l.cell_h = table_cell_height(m.line_h);
    l.header_row_h = std::ceil(m.line_h * 1.05f);
    l.gap = std::ceil(l.cell_h * 0.2f);
    l.compact_labels = compact_labels;
    l.label_w = compact_labels ? compact_label_width(m) : full_label_width(m);
    l.group_row = m.group_row;
    l.thread_row = m.thread_row;
    l.columns = m.columns, l.steps = m.steps, l.extra_rows = m.extra_rows;
    const int header_rows = 2 + (m.group_row ? 1 : 0) + (m.thread_row ? 1 : 0); // warps, indices
    const float above = header_rows * l.header_row_h + l.cell_h + l.gap;        // headers, input row, gap
    const float below = l.gap + m.extra_rows * l.cell_h;
    const float all_steps = m.steps * l.cell_h;
    l.flowing = y1 - y0 - above - below < std::min(m.steps, kMinStickyStepRows) * l.cell_h;
    l.cells_x0 = x0 + l.label_w;
    l.content_w = l.label_w + m.columns * l.cell_w;
    l.content_h = above + all_steps + below;
    // Sticky: the top part stays at y0; flowing: it moves up with the scroll.
    l.header_y0 = l.flowing ? y0 - scroll_y : y0;
    l.header_y1 = l.header_y0 + header_rows * l.header_row_h;
    l.input_y0 = l.header_y1;
    l.input_y1 = l.input_y0 + l.cell_h;
    const float steps_top = l.input_y1 + l.gap;
    if (l.flowing) {
        l.steps_before = above;
        l.steps_origin_y = steps_top;
        l.steps_y0 = std::max(y0, steps_top);
        l.steps_y1 = std::min(y1, steps_top + all_steps);
        l.output_y0 = steps_top + all_steps + l.gap;
    } else {
        l.steps_origin_y = steps_top - scroll_y;
        l.steps_y0 = steps_top;
        l.steps_y1 = steps_top + std::clamp(y1 - below - steps_top, 0.0f, all_steps);
        l.output_y0 = l.steps_y1 + l.gap;
    }
    l.output_y1 = l.output_y0 + m.extra_rows * l.cell_h;
    return l;
}

int ValueTableLayout::first_visible_step() const {
    return std::clamp(static_cast<int>((steps_y0 - steps_origin_y) / cell_h), 0, std::max(0, steps - 1));
}
int ValueTableLayout::last_visible_step() const {
    return std::clamp(static_cast<int>((steps_y1 - steps_origin_y) / cell_h), 0, steps - 1);
}

const ValueTableGeometry& last_value_table_geometry() {
    return g_geometry;
}
void publish_value_table_geometry(const ValueTableGeometry& geometry) {
    g_geometry = geometry;
}

std::string describe(const ValueTableGeometry& g) {
    if (!g.drawn)
        return "values: none";
    const ValueTableLayout& l = g.layout;
    char text[512];
    std::snprintf(
        text, sizeof text,
        "values: columns=%d steps=%d cell=%.1f,%.1f cells_x=%.1f,%.1f scroll=%.1f,%.1f input_y=%.1f,%.1f "
        "steps_y=%.1f,%.1f step0_y=%.1f output_y=%.1f,%.1f visible_columns=%d,%d",
        l.columns, l.steps, l.cell_w, l.cell_h, l.cells_x0, l.x1, g.scroll_x, g.scroll_y, l.input_y0,
        l.input_y1, l.steps_y0, l.steps_y1, l.steps_origin_y, l.output_y0, l.output_y1, g.first_column,
        g.last_column);
    std::string line = text;
    if (g.overview) {
        std::snprintf(text, sizeof text, " overview=%.1f,%.1f,%.1f,%.1f", g.overview_x0, g.overview_y0,
                      g.overview_x1, g.overview_y1);
        line += text;
    } else {
        line += " overview=none";
    }
    return line;
}

} // namespace prefixlab
