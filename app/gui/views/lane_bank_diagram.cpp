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

void draw_at(const LaneDiagram& d, const Geometry& g, ImVec2 origin) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const theme::Palette& colours = theme::colours();
    const float lanes_y = origin.y, targets_y = origin.y + g.box_h + g.arrows_h;
    // Lines under the boxes' edges: from a lane's bottom edge to its target's top edge.
    const float thin = std::max(1.0f, ImGui::GetFontSize() / 16), thick = 2.5f * thin;
    for (int lane = 0; lane < kLanes; ++lane) {
        const int target = d.target_of_lane[std::size_t(lane)];
        if (target < 0)
            continue;
        const float from = origin.x + (lane + 0.5f) * g.cell, to = origin.x + (target + 0.5f) * g.cell;
        const bool emphasised = d.emphasised[std::size_t(lane)];
        draw->AddLine(ImVec2(from, lanes_y + g.box_h), ImVec2(to, targets_y),
                      theme::packed(emphasised ? colours.error : colours.cell_read), emphasised ? thick : thin);
    }
    for (int lane = 0; lane < kLanes; ++lane)
        numbered_box(draw, g, ImVec2(origin.x + lane * g.cell, lanes_y), lane,
                     (d.active_lanes >> lane & 1u) ? colours.cell_value : colours.cell_unwritten);
    for (int target = 0; target < kLanes; ++target)
        numbered_box(draw, g, ImVec2(origin.x + target * g.cell, targets_y),
                     static_cast<int>(d.target_number[std::size_t(target)]), d.target_fill[std::size_t(target)]);
}

// A shared-memory instruction's lanes and banks.
LaneDiagram bank_diagram(const Trace& trace, const WarpInstruction& in) {
    LaneDiagram d;
    d.target_of_lane.fill(-1);
    d.active_lanes = in.active_lanes;
    for (std::uint32_t index : in.accesses) {
        const AccessRecord& a = trace.accesses[index];
        d.target_of_lane[lane_of(a.thread)] = static_cast<int>(bank_of(a.word));
        d.emphasised[lane_of(a.thread)] = in.distinct_words[bank_of(a.word)] > 1;
    }
    for (std::uint32_t bank = 0; bank < kBanks; ++bank) {
        d.target_number[bank] = bank;
        d.target_fill[bank] = conflict_colour(in.distinct_words[bank]);
    }
    return d;
}

float scrolling_strip_height(const Geometry& g) { return g.height() + ImGui::GetStyle().ScrollbarSize; }

bool fits(const Geometry& g, float width) { return g.width() <= width + 0.5f; }

} // namespace

float lane_diagram_height(float width) {
    const Geometry g = geometry(width);
    return fits(g, width) ? g.height() : scrolling_strip_height(g);
}

void draw_lane_diagram(const LaneDiagram& diagram, float width, const char* id) {
    const Geometry g = geometry(width);
    if (fits(g, width)) {
        draw_at(diagram, g, ImGui::GetCursorScreenPos());
        ImGui::Dummy(ImVec2(g.width(), g.height()));
        return;
    }
    // Wider than the room: a strip that scrolls sideways, as tall as the diagram and its scroll bar.
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::BeginChild(id, ImVec2(width, scrolling_strip_height(g)), false,
                      ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::PopStyleVar();
    draw_at(diagram, g, ImGui::GetCursorScreenPos());
    ImGui::Dummy(ImVec2(g.width(), g.height()));
    ImGui::EndChild();
}

float lane_bank_diagram_height(float width) { return lane_diagram_height(width); }

void draw_lane_bank_diagram(const Trace& trace, const WarpInstruction& instruction, float width) {
    draw_lane_diagram(bank_diagram(trace, instruction), width, "lanes and banks");
}

} // namespace prefixlab
