#include "gui/views/flow_layout.hpp"

#include <imgui.h>

namespace prefixlab {

void same_line_if_fits(float next_width, float right_margin) {
    const ImGuiStyle& style = ImGui::GetStyle();
    // Where the item would start on this line, in window coordinates, and where the line ends.
    const float right_of_last = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x;
    const float line_end = ImGui::GetWindowContentRegionMax().x - right_margin;
    if (right_of_last + style.ItemSpacing.x + next_width <= line_end)
        ImGui::SameLine();
}

float width_beside_scroll_bar() {
    const float reserve = ImGui::GetScrollMaxY() > 0 ? 0 : ImGui::GetStyle().ScrollbarSize;
    return ImGui::GetContentRegionAvail().x - reserve;
}

float checkbox_width(const char* label) {
    const ImGuiStyle& style = ImGui::GetStyle();
    return ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}

} // namespace prefixlab
