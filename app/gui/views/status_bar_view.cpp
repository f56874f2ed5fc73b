#include "status_bar_view.hpp"

#include "../app_state.hpp"
#include "../theme.hpp"

#include <imgui.h>

namespace prefixlab {

namespace {

ImVec4 colour(theme::Rgb c) { return ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1.0f); }

} // namespace

void StatusBarView::draw(AppState& state, const ViewContext&) {
    const GpuStatus& gpu = state.gpu();
    if (gpu.available)
        ImGui::TextColored(colour(theme::colours().ok), "GPU: %s", gpu.name.c_str());
    else
        ImGui::TextColored(colour(theme::colours().cell_written), "CPU emulation — no CUDA GPU found");
    if (!gpu.available && ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", gpu.reason.c_str());

    if (const LoadedTrace* loaded = state.trace()) {
        ImGui::SameLine(0, ImGui::GetFontSize() * 2);
        const TraceConfig& c = loaded->trace.config;
        ImGui::TextDisabled("| trace: %s on %s%s", loaded->origin.c_str(), c.device_name.c_str(),
                            c.emulated ? "" : " (hardware)");
    }
    if (!state.message().empty()) {
        ImGui::SameLine(0, ImGui::GetFontSize() * 2);
        if (state.message_is_error())
            ImGui::TextColored(colour(theme::colours().error), "%s", state.message().c_str());
        else
            ImGui::TextDisabled("| %s", state.message().c_str());
    }
}

} // namespace prefixlab
