// Compare mode's section of the settings panel: on or off, what the other side runs (its kernel, device
// and warp order), and the trace file named in the panel's file field as the other side.
#include "core/ground/kernel_facts.hpp"
#include "core/util/printable.hpp"
#include "gui/app_state.hpp"
#include "gui/features/compare/compare_feature.hpp"
#include "gui/views/setting_widgets.hpp"
#include "gui/widgets.hpp"

#include <filesystem>
#include <imgui.h>

namespace prefixlab {

void CompareFeature::draw_sidebar(AppState& state, const std::string& typed_path) {
    section_heading("Compare (F3)");
    bool on = session_.on();
    if (ImGui::Checkbox("Side by side", &on))
        session_.set_on(on);
    if (ImGui::IsItemHovered())
        tooltip("A second trace beside this one, stepping with it; values that differ are framed");
    ImGui::BeginDisabled(typed_path.empty());
    if (ImGui::Button("With the file"))
        session_.load(typed_path);
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        tooltip("Open the trace file named under Trace file beside the trace on screen");
    if (!on)
        return;
    if (!session_.file().empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("with the file %s",
                            printable_path(std::filesystem::path(session_.file()).filename().string()).c_str());
        ImGui::PopTextWrapPos();
    }
    CompareSession::Choice& c = session_.choice;
    bool changed = false;
    ImGui::PushItemWidth(-ImGui::GetFontSize() * kSettingsLabelEms);
    changed |= enum_combo("With", c.algorithm, traceable_block_algorithms());
    ImGui::PopItemWidth();
    if (ImGui::IsItemHovered())
        tooltip("The kernel on the right, on the same input and settings");
    ImGui::PushID("compare"); // the kernel section has the same labels
    changed |= draw_device_choice(c.device, state.gpu());
    if (runs_on_emulator(c.device, state.gpu().available))
        changed |= draw_warp_order(c.warp_order);
    ImGui::PopID();
    if (changed)
        session_.choice_changed();
}

} // namespace prefixlab
