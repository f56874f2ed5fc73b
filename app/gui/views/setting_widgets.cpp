#include "gui/views/setting_widgets.hpp"

#include "core/ground/keep_names.hpp"
#include "gui/widgets.hpp"

#include <algorithm>
#include <string_view>

namespace prefixlab {

bool runs_on_emulator(DeviceChoice device, bool has_gpu) {
    return device == DeviceChoice::cpu || (device == DeviceChoice::automatic && !has_gpu);
}

// "Run on  ( ) auto  ( ) GPU  ( ) emulator", GPU greyed out, with the reason, where there is none.
bool draw_device_choice(DeviceChoice& device, const GpuStatus& gpu) {
    bool changed = false;
    ImGui::TextUnformatted("Run on");
    for (DeviceChoice choice : {DeviceChoice::automatic, DeviceChoice::gpu, DeviceChoice::cpu}) {
        ImGui::SameLine();
        const bool disabled = choice == DeviceChoice::gpu && !gpu.available;
        ImGui::BeginDisabled(disabled);
        const char* label = choice == DeviceChoice::automatic ? "auto" : choice == DeviceChoice::gpu ? "GPU" : "emulator";
        if (ImGui::RadioButton(label, device == choice)) {
            device = choice;
            changed = true;
        }
        ImGui::EndDisabled();
        if (disabled && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            tooltip("No CUDA GPU: %s", gpu.reason.c_str());
    }
    return changed;
}

// Only the emulator has an order to choose; the GPU's hardware picks its own.
bool draw_warp_order(WarpOrder& order) {
    ImGui::PushItemWidth(-ImGui::GetFontSize() * kSettingsLabelEms);
    const bool changed = enum_combo("Warp order", order, all_warp_orders());
    ImGui::PopItemWidth();
    if (ImGui::IsItemHovered())
        tooltip("How the emulator runs the threads (docs/emulator.md): in-order, last warp first "
                          "(reversed), or lanes skewed access by access (interleaved), where a race shows "
                          "within one warp");
    return changed;
}


bool draw_keep_choice(const char* label, KeepPredicate& keep) {
    bool changed = false;
    const std::string current(rule_name(keep.rule));
    if (ImGui::BeginCombo(label, current.c_str())) {
        for (const KeepRule rule : all_keep_rules()) {
            const std::string name(rule_name(rule));
            if (ImGui::Selectable(name.c_str(), rule == keep.rule) && rule != keep.rule) {
                keep.rule = rule;
                changed = true;
            }
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered())
        tooltip("The elements the compaction keeps: %s", condition_of(keep).c_str());
    const std::string_view id = std::string_view(label).substr(std::min(std::string_view(label).find("##"),
                                                                        std::string_view(label).size()));
    if (has_bound(keep.rule))
        changed |= ImGui::InputDouble(("K" + std::string(id)).c_str(), &keep.bound, 1, 10, "%g");
    if (!has_bound(keep.rule))
        keep.bound = 0;
    return changed;
}

} // namespace prefixlab
