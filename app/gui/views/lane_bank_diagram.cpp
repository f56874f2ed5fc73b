#include "gui/views/lane_bank_diagram.hpp"

#include "gui/colour_map.hpp"
#include "gui/theme.hpp"

#include <algorithm>
#include <imgui.h>
#include <string>

namespace prefixlab {

namespace {

constexpr int kLanes = 32;
// Of the font size: the numbers shrink this far before the diagram scrolls sideways (a child window
// that the layout check finds cut when the tab scrolls). At 0.45 the 32 boxes fit 1280 px at 3× and
// 680 px (beside the settings panel on 1280 × 720) at 1.5×.
constexpr float kSmallestNumbers = 0.45f;

struct Geometry {
    float cell = 0;      // one lane's or bank's box, with its gap
    float numbers = 0;   // the numbers' font size
    float box_h = 0;
    float arrows_h = 0;  // between the two rows of boxes
    float height() const { return 2 * box_h + arrows_h; }
    float width() const { return cell * kLanes; }
};

Geometry geometry(float width) {
    const float font = ImGui::GetFontSize();
    const float two_digits = ImGui::CalcTextSize("00").x; // at the full font size
    const float padding = font * 0.15f;
    Geometry g;
    g.cell = width / kLanes;
    const float scale = std::clamp((g.cell - padding) / two_digits, kSmallestNumbers, 1.0f);
    g.numbers = font * scale;
    g.cell = std::max(g.cell, two_digits * scale + padding);
    g.box_h = std::max(g.numbers * 1.4f, font * 0.8f);
    g.arrows_h = ImGui::GetTextLineHeight() * 2;
    return g;
}

void numbered_box(ImDrawList* draw, const Geometry& g, ImVec2 at, int number, theme::Rgb fill) {
    const float gap = std::max(1.0f, g.cell * 0.08f);
    draw->AddRectFilled(ImVec2(at.x + gap / 2, at.y), ImVec2(at.x + g.cell - gap / 2, at.y + g.box_h), theme::packed(fill));
    const std::string text = std::to_string(number);
    ImFont* font = ImGui::GetFont();
    const ImVec2 size = font->CalcTextSizeA(g.numbers, 1e9f, 0, text.c_str());
    draw->AddText(font, g.numbers, ImVec2(at.x + (g.cell - size.x) / 2, at.y + (g.box_h - size.y) / 2),
                  theme::packed(theme::ink_on(fill)), text.c_str());
}

void draw_at(const Trace& trace, const WarpInstruction& in, const Geometry& g, ImVec2 origin) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const theme::Palette& colours = theme::colours();
    const float lanes_y = origin.y, banks_y = origin.y + g.box_h + g.arrows_h;
    // Lines under the boxes' edges: from a lane's bottom edge to its bank's top edge.
    const float thin = std::max(1.0f, ImGui::GetFontSize() / 16), thick = 2.5f * thin;
    for (std::uint32_t index : in.accesses) {
        const AccessRecord& a = trace.accesses[index];
        const float from = origin.x + (lane_of(a.thread) + 0.5f) * g.cell, to = origin.x + (bank_of(a.word) + 0.5f) * g.cell;
        const bool conflicted = in.distinct_words[bank_of(a.word)] > 1;
        draw->AddLine(ImVec2(from, lanes_y + g.box_h), ImVec2(to, banks_y), theme::packed(conflicted ? colours.error : colours.cell_read),
                      conflicted ? thick : thin);
    }
    for (int lane = 0; lane < kLanes; ++lane)
        numbered_box(draw, g, ImVec2(origin.x + lane * g.cell, lanes_y), lane,
                     (in.active_lanes >> lane & 1u) ? colours.cell_value : colours.cell_unwritten);
    for (int bank = 0; bank < kLanes; ++bank)
        numbered_box(draw, g, ImVec2(origin.x + bank * g.cell, banks_y), bank, conflict_colour(in.distinct_words[bank]));
}

float scrolling_strip_height(const Geometry& g) { return g.height() + ImGui::GetStyle().ScrollbarSize; }

bool fits(const Geometry& g, float width) { return g.width() <= width + 0.5f; }

} // namespace

float lane_bank_diagram_height(float width) {
    const Geometry g = geometry(width);
    return fits(g, width) ? g.height() : scrolling_strip_height(g);
}

void draw_lane_bank_diagram(const Trace& trace, const WarpInstruction& instruction, float width) {
    const Geometry g = geometry(width);
    if (fits(g, width)) {
        draw_at(trace, instruction, g, ImGui::GetCursorScreenPos());
        ImGui::Dummy(ImVec2(g.width(), g.height()));
        return;
    }
    // Wider than the room: a strip that scrolls sideways, as tall as the diagram and its scroll bar.
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::BeginChild("lanes and banks", ImVec2(width, scrolling_strip_height(g)), false,
                      ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::PopStyleVar();
    draw_at(trace, instruction, g, ImGui::GetCursorScreenPos());
    ImGui::Dummy(ImVec2(g.width(), g.height()));
    ImGui::EndChild();
}

} // namespace prefixlab
