#include "flow_layout.hpp"

#include <imgui.h>

namespace prefixlab {

void same_line_if_fits(float next_width) {
    const ImGuiStyle& style = ImGui::GetStyle();
    // Where the item would start on this line, in window coordinates, and where the line ends.
    const float right_of_last = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x;
    const float line_end = ImGui::GetWindowContentRegionMax().x;
    if (right_of_last + style.ItemSpacing.x + next_width <= line_end)
        ImGui::SameLine();
}

float checkbox_width(const char* label) {
    const ImGuiStyle& style = ImGui::GetStyle();
    return ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}

} // namespace prefixlab
