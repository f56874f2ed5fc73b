#include "gui/views/status_bar_view.hpp"

#include "gui/app_state.hpp"
#include "gui/theme.hpp"
#include "gui/widgets.hpp"

#include <algorithm>
#include <imgui.h>
#include <string>

namespace prefixlab {

namespace {


// Starts the next item beside the last one if `text` fits there, else on a new line. Long errors
// were cut at the window's edge; now the bar grows a line instead, and a text longer than the whole
// bar wraps.
void place(const std::string& text, bool first) {
    if (first)
        return;
    const float gap = ImGui::GetFontSize() * 2;
    const float right = ImGui::GetItemRectMax().x + gap + ImGui::CalcTextSize(text.c_str()).x;
    if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x)
        ImGui::SameLine(0, gap);
}

void wrapped(const std::string& text, const ImVec4* ink) {
    ImGui::PushTextWrapPos(0);
    if (ink)
        ImGui::PushStyleColor(ImGuiCol_Text, *ink);
    else
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopStyleColor();
    ImGui::PopTextWrapPos();
}

} // namespace

void StatusBarView::draw(AppState& state, const ViewContext&) {
    const GpuStatus& gpu = state.gpu();
    const std::string device = gpu.available ? "GPU: " + gpu.name : "CPU emulation — no CUDA GPU found";
    const ImVec4 device_ink = text_colour(gpu.available ? theme::colours().ok : theme::colours().cell_written);
    wrapped(device, &device_ink);
    if (!gpu.available && ImGui::IsItemHovered())
        tooltip("%s", gpu.reason.c_str());

    if (const LoadedTrace* loaded = state.block.trace()) {
        const TraceConfig& c = loaded->trace.config;
        // The emulator's schedule decides what a racy kernel computes: say which one made this trace.
        const std::string schedule = c.emulated ? ", " + std::string(phrase_of(c.warp_order)) : " (hardware)";
        const std::string text = "| trace: " + loaded->origin + " on " + c.device_name + schedule;
        place(text, false);
        wrapped(text, nullptr);
    }
    if (const LoadedTrace* loaded = state.block.trace(); loaded != nullptr && loaded->trace.check.wrong_count > 0) {
        const std::size_t wrong = loaded->trace.check.wrong_count;
        const std::string text = "| " + std::to_string(wrong) + " of " + std::to_string(loaded->trace.output.size()) +
                                 " outputs wrong";
        place(text, false);
        const ImVec4 error_ink = text_colour(theme::colours().error);
        wrapped(text, &error_ink);
        const char* jump = "First wrong (J)";
        place(jump, false);
        // A SmallButton has no vertical padding: at 1× its label's last pixel row fell outside the
        // button's clip (check-layout: "cut at its bottom edge"). A pixel of padding keeps it whole.
        ImGui::PushStyleVar(ImGuiStyleVar_FramePadding,
                            ImVec2(ImGui::GetStyle().FramePadding.x, std::max(1.0f, ImGui::GetFontSize() * 0.08f)));
        if (ImGui::Button(jump))
            state.block.jump_to_first_wrong();
        ImGui::PopStyleVar();
    }
    if (!state.message().empty()) {
        // News follows the other items after a bar; a warning or an error stands out in the error ink.
        const bool news = state.message_kind() == MessageKind::info;
        const std::string text =
            news ? "| " + state.message() : status_message_text(state.message_kind(), state.message());
        place(text, false);
        const ImVec4 error_ink = text_colour(theme::colours().error);
        wrapped(text, news ? nullptr : &error_ink);
    }
}

} // namespace prefixlab
