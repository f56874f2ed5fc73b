#include "gui/features/values/value_table_overview.hpp"

#include <algorithm>
#include <cmath>
#include <imgui.h>

namespace prefixlab {

namespace {

// Which mark wins when several columns share one pixel of the strip: a write, then a read, then a value.
int rank(const CellLook& look) {
    if (look.fill == theme::colours().cell_written)
        return 3;
    if (look.read)
        return 2;
    return look.has_value ? 1 : 0;
}

} // namespace

std::vector<theme::Rgb> overview_colours(const LoadedTrace& loaded, const ValueTableModel& model,
                                         const TableShowing& showing) {
    std::vector<theme::Rgb> colours(model.columns.size());
    for (std::size_t c = 0; c < colours.size(); ++c) {
        const CellLook look = step_cell_look(loaded, model, c, showing.current, showing);
        colours[c] = rank(look) == 2 ? theme::colours().cell_read : look.fill;
    }
    return colours;
}

float OverviewStrip::column_at(float x) const {
    const float t = std::clamp((x - x0) / std::max(1.0f, x1 - x0), 0.0f, 1.0f);
    return t * columns;
}

float OverviewStrip::x_of(float column) const {
    return x0 + (x1 - x0) * column / std::max(1, columns);
}

void draw_overview(ImDrawList* list, const OverviewStrip& strip, const std::vector<theme::Rgb>& colours,
                   float first, float count, float line_width) {
    const int columns = static_cast<int>(colours.size());
    if (columns == 0)
        return;
    // At most one bucket per pixel, each the strongest mark among its columns, then runs of equal
    // colour merged: ≤ strip-width rectangles (measured well under 0.1 ms for N = 2048).
    const int buckets = std::max(1, std::min(columns, static_cast<int>(strip.x1 - strip.x0)));
    std::vector<theme::Rgb> bucket(buckets);
    std::vector<int> best(buckets, -1);
    for (int c = 0; c < columns; ++c) {
        const int b = static_cast<int>(static_cast<long long>(c) * buckets / columns);
        const theme::Rgb colour = colours[c];
        const int r = colour == theme::colours().cell_written ? 3
                      : colour == theme::colours().cell_read  ? 2
                      : colour == theme::colours().cell_value ? 1
                                                              : 0;
        if (r > best[b])
            best[b] = r, bucket[b] = colour;
    }
    const auto x_of_bucket = [&](int b) { return strip.x0 + (strip.x1 - strip.x0) * b / buckets; };
    for (int b = 0; b < buckets;) {
        int e = b + 1;
        while (e < buckets && bucket[e] == bucket[b])
            ++e;
        list->AddRectFilled(ImVec2(x_of_bucket(b), strip.y0), ImVec2(x_of_bucket(e), strip.y1),
                            theme::packed(bucket[b]));
        b = e;
    }
    const float half = line_width / 2;
    list->AddRect(ImVec2(std::max(strip.x0, strip.x_of(first)) - half, strip.y0 - half),
                  ImVec2(std::min(strip.x1, strip.x_of(first + count)) + half, strip.y1 + half),
                  theme::packed(theme::colours().text), 0, 0, line_width);
}

} // namespace prefixlab
