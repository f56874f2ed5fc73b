#include "gui/widgets.hpp"

#include "gui/imgui_layer.hpp"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <imgui.h>

namespace prefixlab {

void begin_tooltip() {
    ImGui::BeginTooltip();
    const float wrap = std::min(ImGui::GetFontSize() * kTooltipEms, ImGui::GetIO().DisplaySize.x * 0.9f);
    ImGui::PushTextWrapPos(wrap);
}

void end_tooltip() {
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

void tooltip(const char* format, ...) {
    begin_tooltip();
    va_list args;
    va_start(args, format);
    ImGui::TextV(format, args);
    va_end(args);
    end_tooltip();
}

float stroke_width(float pixels_at_1x) {
    return std::max(1.0f, pixels_at_1x * ImGui::GetFontSize() / ImGuiLayer::kBaseFontPixels);
}

ImVec4 text_colour(theme::Rgb colour) {
    const theme::Rgb c = theme::readable_on(colour, theme::colours().background);
    return ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1.0f);
}

float button_width(const char* label) {
    return ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x;
}

void draw_reading_progress(double fraction, const char* what, float width) {
    char overlay[96];
    std::snprintf(overlay, sizeof overlay, "%s  %.0f %%", what, 100 * fraction);
    ImGui::PushStyleColor(ImGuiCol_PlotHistogram, text_colour(theme::colours().progress));
    ImGui::ProgressBar(static_cast<float>(fraction), ImVec2(width, 0), overlay);
    ImGui::PopStyleColor();
}

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

void legend_or_button(const std::function<void()>& draw_legend, bool room) {
    if (room) {
        draw_legend();
        return;
    }
    ImGui::SmallButton("Legend");
    if (ImGui::IsItemHovered()) {
        begin_tooltip();
        draw_legend();
        end_tooltip();
    }
}

bool room_for_legend() {
    return ImGui::GetContentRegionAvail().y >= kLinesForLegend * ImGui::GetTextLineHeightWithSpacing();
}

void section_heading(const char* text) {
    ImGui::Spacing();
    ImGui::TextDisabled("%s", text);
    ImGui::Separator();
}

float difference_mark_corner(float w, float h) {
    return std::min(w, h) * 0.35f;
}

void draw_difference_mark(ImDrawList* list, float x, float y, float w, float h) {
    const ImU32 colour = theme::packed(theme::colours().differs);
    const float thickness =
        std::clamp(std::min(w, h) * 0.12f, 1.0f, std::max(1.0f, ImGui::GetFontSize() * 0.15f));
    list->AddRect(ImVec2(x + thickness / 2, y + thickness / 2),
                  ImVec2(x + w - thickness / 2, y + h - thickness / 2), colour, 0, 0, thickness);
    const float corner = difference_mark_corner(w, h);
    list->AddTriangleFilled(ImVec2(x + w - corner, y), ImVec2(x + w, y), ImVec2(x + w, y + corner), colour);
}

bool input_text(const char* label, std::string& text) {
    const auto resize = [](ImGuiInputTextCallbackData* data) {
        if (data->EventFlag == ImGuiInputTextFlags_CallbackResize) {
            auto* grown = static_cast<std::string*>(data->UserData);
            grown->resize(static_cast<std::size_t>(data->BufTextLen));
            data->Buf = grown->data();
        }
        return 0;
    };
    return ImGui::InputText(label, text.data(), text.capacity() + 1, ImGuiInputTextFlags_CallbackResize, resize,
                            &text);
}

} // namespace prefixlab
