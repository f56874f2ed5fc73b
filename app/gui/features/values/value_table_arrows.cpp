// The Values table's arrows for the current step: from each cell a thread read to the cell it wrote, and
// a scatter's from the input row to the output row (core/analysis/table_arrows.hpp), drawn live over the
// cached cells. Where columns are narrower than
// kArrowSpacingPixels they thin out to every k-th destination column (racy ones always stay), as the
// Dataflow diagram's edges do, so N = 1024 shows arrows rather than a solid sheet.
#include "gui/features/values/value_table_view.hpp"
#include "gui/theme.hpp"

#include <algorithm>
#include <cmath>
#include <imgui.h>

namespace prefixlab {

namespace {

constexpr float kArrowSpacingPixels = 12.0f;

void arrow(ImDrawList* list, ImVec2 from, ImVec2 to, ImU32 colour, float width) {
    list->AddLine(from, to, colour, width);
    const float dx = to.x - from.x, dy = to.y - from.y, length = std::sqrt(dx * dx + dy * dy);
    if (length < 1)
        return;
    const float head = std::min(length * 0.4f, width * 4), ux = dx / length, uy = dy / length;
    list->AddTriangleFilled(to, ImVec2(to.x - ux * head - uy * head * 0.5f, to.y - uy * head + ux * head * 0.5f),
                            ImVec2(to.x - ux * head + uy * head * 0.5f, to.y - uy * head - ux * head * 0.5f), colour);
}

} // namespace

void ValueTableView::draw_arrows(ImDrawList* list, const ValueTableLayout& l, const TableShowing& showing, float sx) {
    if (loaded_ == nullptr || showing.hides(showing.current))
        return;
    if (arrows_for_ != loaded_serial_ || arrows_step_ != showing.current) {
        arrows_ = table_arrows(loaded_->trace, model_, showing.current);
        arrows_for_ = loaded_serial_;
        arrows_step_ = showing.current;
    }
    const int stride = l.cell_w >= kArrowSpacingPixels ? 1 : static_cast<int>(std::ceil(kArrowSpacingPixels / l.cell_w));
    const float width = std::max(1.5f, ImGui::GetFontSize() / 10);
    const ImU32 plain = theme::packed(theme::colours().edge, 220), racy = theme::packed(theme::colours().error);
    const float first_x = l.cells_x0 - l.cell_w, last_x = l.x1 + l.cell_w;
    for (const bool scatter : {false, true}) {
        // A scatter's arrows run from the input row over the steps to the output row; the others stay
        // among the step rows.
        list->PushClipRect(ImVec2(l.cells_x0, scatter ? l.input_y0 : l.steps_y0),
                           ImVec2(l.x1, scatter ? l.output_y1 : l.steps_y1), true);
        for (const TableArrow& a : arrows_) {
            if ((a.from_row == kInputRow) != scatter || (!a.racy && a.to_column % stride != 0))
                continue;
            const float x0 = l.column_x(a.from_column, sx) + l.cell_w / 2, x1 = l.column_x(a.to_column, sx) + l.cell_w / 2;
            if (std::max(x0, x1) < first_x || std::min(x0, x1) > last_x)
                continue;
            // From the lower part of the source cell to the upper part of the written one (same row: side
            // to side).
            const float y0 = scatter ? l.input_y0 + l.cell_h * 0.75f
                                     : l.step_y(a.from_row) + l.cell_h * (a.from_row == a.to_row ? 0.5f : 0.75f);
            const float y1 = scatter ? l.output_y0 + l.cell_h * 0.3f
                                     : l.step_y(a.to_row) + l.cell_h * (a.from_row == a.to_row ? 0.5f : 0.3f);
            arrow(list, ImVec2(x0, y0), ImVec2(x1, y1), a.racy ? racy : plain, width);
        }
        list->PopClipRect();
    }
}

} // namespace prefixlab
