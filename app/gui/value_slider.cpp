#include "gui/value_slider.hpp"

#include <algorithm>
#include <cmath>
#include <imgui.h>

namespace prefixlab {

namespace {

// Where `value` lies in [min, max], 0 to 1, as Dear ImGui places its grab: by the ratio of the values on
// a logarithmic slider with positive ends, else linearly. A range of one value is full.
float place_in_range(double value, double min, double max, bool logarithmic) {
    if (max <= min)
        return 1;
    value = std::clamp(value, min, max);
    if (logarithmic && min > 0)
        return static_cast<float>(std::log(value / min) / std::log(max / min));
    return static_cast<float>((value - min) / (max - min));
}

// The value's place under the text: a thin track from the left edge to a short bar, in the grab's colour,
// inside the frame's bottom padding (the text takes the font's height between the two paddings).
void draw_place(ImVec2 frame_min, float frame_width, float place, bool active) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float inset = std::max(1.0f, style.FrameBorderSize) + 1;
    const float thickness = std::max(2.0f, std::round(style.FramePadding.y * 0.4f));
    const float bottom = frame_min.y + ImGui::GetFrameHeight() - inset;
    const float bar = std::max(style.GrabMinSize, ImGui::GetFontSize() * 0.8f);
    const float left = frame_min.x + inset, right = frame_min.x + frame_width - inset;
    const float x = left + place * std::max(0.0f, right - left - bar);
    ImDrawList* list = ImGui::GetWindowDrawList();
    const ImU32 colour = ImGui::GetColorU32(active ? ImGuiCol_SliderGrabActive : ImGuiCol_SliderGrab);
    list->AddRectFilled(ImVec2(left, bottom - thickness * 0.5f), ImVec2(x, bottom),
                        ImGui::GetColorU32(ImGuiCol_SliderGrab, 0.5f));
    list->AddRectFilled(ImVec2(x, bottom - thickness), ImVec2(x + bar, bottom), colour);
}

// Draws the slider (`draw`, Dear ImGui's) without its grab, then the value's place under its text.
template <class Draw>
bool slider_without_grab(const double* value, double min, double max, int flags, Draw draw) {
    const ImVec2 frame_min = ImGui::GetCursorScreenPos();
    const float frame_width = ImGui::CalcItemWidth();
    ImGui::PushStyleColor(ImGuiCol_SliderGrab, IM_COL32(0, 0, 0, 0)); // transparent: Dear ImGui skips it
    ImGui::PushStyleColor(ImGuiCol_SliderGrabActive, IM_COL32(0, 0, 0, 0));
    const bool changed = draw();
    ImGui::PopStyleColor(2);
    if (ImGui::IsItemVisible())
        draw_place(frame_min, frame_width,
                   place_in_range(*value, min, max, (flags & ImGuiSliderFlags_Logarithmic) != 0),
                   ImGui::IsItemActive());
    return changed;
}

} // namespace

bool slider_int(const char* label, int* value, int min, int max, const char* format, int flags) {
    double now = 0;
    return slider_without_grab(&now, min, max, flags, [&] {
        const bool changed = ImGui::SliderInt(label, value, min, max, format, flags);
        now = *value;
        return changed;
    });
}

bool slider_float(const char* label, float* value, float min, float max, const char* format, int flags) {
    double now = 0;
    return slider_without_grab(&now, min, max, flags, [&] {
        const bool changed = ImGui::SliderFloat(label, value, min, max, format, flags);
        now = *value;
        return changed;
    });
}

} // namespace prefixlab
