// The marks of a comparison on the Values table: every cell of the steps up to the current one whose value
// differs from the other side's counterpart at the paired step (core/analysis/trace_comparison.hpp),
// and every output element the two scans disagree on, framed in the theme's `differs` colour with a
// filled corner (gui/widgets.hpp).
#include "core/analysis/trace_comparison.hpp"
#include "gui/features/values/value_table_view.hpp"
#include "gui/theme.hpp"
#include "gui/widgets.hpp"

#include <algorithm>
#include <imgui.h>

namespace prefixlab {

bool ValueTableView::cell_differs(int column, int step) const {
    if (shown_.comparison == nullptr)
        return false;
    const auto& differs = shown_.comparison->sides[shown_.side].cell_differs;
    return step >= 0 && static_cast<std::size_t>(step) < differs.size() && column >= 0 &&
           static_cast<std::size_t>(column) < differs[step].size() && differs[step][column] != 0;
}

void ValueTableView::draw_differences(ImDrawList* list, const ValueTableLayout& l,
                                      const TableShowing& showing, float sx) const {
    if (shown_.comparison == nullptr || l.cell_w < 3)
        return;
    const auto [first_column, last_column] = visible_columns(l, sx);
    list->PushClipRect(ImVec2(l.cells_x0, l.steps_y0), ImVec2(l.x1, l.steps_y1), true);
    const int last_step = std::min(showing.current, l.last_visible_step());
    for (int k = std::max(0, l.first_visible_step()); k <= last_step; ++k)
        for (int c = first_column; c <= last_column; ++c)
            if (cell_differs(c, k))
                draw_difference_mark(list, l.column_x(c, sx), l.step_y(k), l.cell_w, l.cell_h);
    list->PopClipRect();
    // The output row: elements both scans have written by the steps shown, with different values.
    const std::vector<std::uint8_t>& outputs = shown_.comparison->output_differs;
    if (outputs.empty() || showing.hides(showing.current))
        return;
    list->PushClipRect(ImVec2(l.cells_x0, l.output_y0), ImVec2(l.x1, l.output_y0 + l.cell_h), true);
    for (std::size_t e = 0; e < outputs.size() && e < model_.element_column.size(); ++e) {
        const int written = model_.output_written_at[e];
        if (outputs[e] == 0 || written < 0 || written > showing.current)
            continue;
        const int c = static_cast<int>(model_.element_column[e]);
        if (c >= first_column && c <= last_column)
            draw_difference_mark(list, l.column_x(c, sx), l.output_y0, l.cell_w, l.cell_h);
    }
    list->PopClipRect();
}

} // namespace prefixlab
