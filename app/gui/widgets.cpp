#include "widgets.hpp"

#include <imgui.h>

namespace prefixlab {

void draw_legend(std::initializer_list<std::pair<theme::Rgb, const char*>> entries) {
    const float box = ImGui::GetTextLineHeight();
    bool first = true;
    for (const auto& [colour, meaning] : entries) {
        if (!first)
            ImGui::SameLine(0, box);
        first = false;
        const ImVec2 p = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + box, p.y + box), theme::packed(colour));
        ImGui::Dummy(ImVec2(box, box));
        ImGui::SameLine();
        ImGui::TextUnformatted(meaning);
    }
}

void section_heading(const char* text) {
    ImGui::Spacing();
    ImGui::TextDisabled("%s", text);
    ImGui::Separator();
}

} // namespace prefixlab
