#include "gui/views/status_bar_view.hpp"

#include "gui/app_state.hpp"
#include "gui/theme.hpp"
#include "gui/widgets.hpp"

#include <algorithm>
#include <imgui.h>
#include <string>
#include <vector>

namespace prefixlab {

namespace {

// One item of the bar, in the forms it may take, longest first; an empty form leaves the item out. The bar
// is one line where its items' shortest forms allow: at 3× on 1280×720 its three wrapped lines took 170 of
// the window's 720 px and left the Dataflow diagram no height at all. The full texts are its tooltip.
struct Item {
    std::vector<std::string> forms;
    std::size_t form = 0; // the one drawn
    bool button = false;  // the jump to the first wrong output
    enum class Ink { quiet, device, error } ink = Ink::quiet;
};

float width_of(const Item& item) {
    const std::string& text = item.forms[item.form];
    if (text.empty())
        return 0;
    return ImGui::CalcTextSize(text.c_str()).x + (item.button ? 2 * ImGui::GetStyle().FramePadding.x : 0);
}

float line_width(const std::vector<Item>& items, float gap) {
    float width = 0;
    int drawn = 0;
    for (const Item& item : items)
        if (const float w = width_of(item); w > 0)
            width += w + (drawn++ > 0 ? gap : 0);
    return width;
}

// Shortens the items, the last-listed give way first (news, then where the trace came from, then the
// device), one form at a time, until the line fits or nothing shortens further.
void fit(std::vector<Item>& items, float room, float gap, const std::vector<std::size_t>& giving_way) {
    for (std::size_t i : giving_way)
        while (line_width(items, gap) > room && items[i].form + 1 < items[i].forms.size())
            ++items[i].form;
}

// Starts the next item beside the last one if it fits there, else on a new line (an error longer than the
// bar: the bar grows a line instead of cutting it, and a text longer than the whole bar wraps).
void place(float width, bool first) {
    if (first)
        return;
    const float gap = ImGui::GetFontSize() * 2;
    if (ImGui::GetItemRectMax().x + gap + width <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x)
        ImGui::SameLine(0, gap);
}

ImVec4 ink_of(Item::Ink ink, bool gpu) {
    switch (ink) {
    case Item::Ink::device: return text_colour(gpu ? theme::colours().ok : theme::colours().cell_written);
    case Item::Ink::error: return text_colour(theme::colours().error);
    case Item::Ink::quiet: break;
    }
    return ImGui::GetStyle().Colors[ImGuiCol_TextDisabled];
}

} // namespace

void StatusBarView::draw(AppState& state, const ViewContext&) {
    const GpuStatus& gpu = state.gpu();
    std::vector<Item> items;
    items.push_back({gpu.available ? std::vector<std::string>{"GPU: " + gpu.name, "GPU"}
                                   : std::vector<std::string>{"CPU emulation — no CUDA GPU found", "CPU emulation"},
                     0, false, Item::Ink::device});
    const std::size_t device = 0;
    std::size_t origin = items.size(), news = items.size(), jump = items.size();
    if (const LoadedTrace* loaded = state.block.trace()) {
        const TraceConfig& c = loaded->trace.config;
        // The emulator's schedule decides what a racy kernel computes: say which one made this trace.
        const std::string schedule = c.emulated ? ", " + std::string(phrase_of(c.warp_order)) : " (hardware)";
        origin = items.size();
        items.push_back({{"| trace: " + loaded->origin + " on " + c.device_name + schedule,
                          "| " + c.device_name + schedule, ""}});
        if (const std::size_t wrong = loaded->trace.check.wrong_count; wrong > 0) {
            items.push_back({{"| " + std::to_string(wrong) + " of " + std::to_string(loaded->trace.output.size()) +
                              " outputs wrong"},
                             0, false, Item::Ink::error});
            jump = items.size();
            items.push_back({{"First wrong (J)", "J"}, 0, true});
        }
    }
    if (!state.message().empty()) {
        // News follows the other items after a bar, and gives way first; a warning or an error stays whole,
        // in the error ink.
        const bool is_news = state.message_kind() == MessageKind::info;
        if (is_news) {
            news = items.size();
            items.push_back({{"| " + state.message(), ""}, 0, false, Item::Ink::quiet});
        } else {
            items.push_back({{status_message_text(state.message_kind(), state.message())}, 0, false, Item::Ink::error});
        }
    }
    const float gap = ImGui::GetFontSize() * 2;
    std::vector<std::size_t> giving_way;
    for (std::size_t i : {news, origin, device, jump})
        if (i < items.size())
            giving_way.push_back(i);
    fit(items, ImGui::GetContentRegionAvail().x, gap, giving_way);

    // Hovering the bar shows every item in full, and why there is no GPU.
    std::string full;
    for (const Item& item : items)
        if (!item.button)
            full += (full.empty() ? "" : "\n") + item.forms.front();
    if (!gpu.available && !gpu.reason.empty())
        full += "\n" + gpu.reason;

    bool first = true;
    for (const Item& item : items) {
        const std::string& text = item.forms[item.form];
        if (text.empty())
            continue;
        place(width_of(item), first);
        first = false;
        if (item.button) {
            // A SmallButton has no vertical padding: at 1× its label's last pixel row fell outside the
            // button's clip (check-layout: "cut at its bottom edge"). A pixel of padding keeps it whole.
            ImGui::PushStyleVar(ImGuiStyleVar_FramePadding,
                                ImVec2(ImGui::GetStyle().FramePadding.x, std::max(1.0f, ImGui::GetFontSize() * 0.08f)));
            if (ImGui::Button((text + "##first-wrong").c_str()))
                state.block.jump_to_first_wrong();
            ImGui::PopStyleVar();
            if (ImGui::IsItemHovered())
                tooltip("Jump to the first wrong output (J)");
            continue;
        }
        ImGui::PushTextWrapPos(0);
        ImGui::PushStyleColor(ImGuiCol_Text, ink_of(item.ink, gpu.available));
        ImGui::TextUnformatted(text.c_str());
        ImGui::PopStyleColor();
        ImGui::PopTextWrapPos();
        if (ImGui::IsItemHovered())
            tooltip("%s", full.c_str());
    }
}

} // namespace prefixlab
