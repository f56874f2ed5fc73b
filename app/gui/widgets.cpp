#include "gui/widgets.hpp"

#include <imgui.h>

namespace prefixlab {

void draw_legend(std::initializer_list<std::pair<theme::Rgb, const char*>> entries) {
    const float box = ImGui::GetTextLineHeight();
    const float gap = ImGui::GetStyle().ItemSpacing.x;
    bool first = true;
    float right = 0; // where the last entry ended, in window coordinates
    for (const auto& [colour, meaning] : entries) {
        // An entry that does not fit beside the last goes onto the next line: at 2× the legend of
        // the Values tab ran past the window's edge ("not writter").
        const float width = box + gap + ImGui::CalcTextSize(meaning).x;
        if (!first && right + box + width <= ImGui::GetWindowContentRegionMax().x)
            ImGui::SameLine(0, box);
        first = false;
        const ImVec2 p = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + box, p.y + box), theme::packed(colour));
        ImGui::Dummy(ImVec2(box, box));
        ImGui::SameLine();
        ImGui::TextUnformatted(meaning);
        right = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x;
    }
}

void section_heading(const char* text) {
    ImGui::Spacing();
    ImGui::TextDisabled("%s", text);
    ImGui::Separator();
}

} // namespace prefixlab
