// The settings panel's choosers that several sections share: the kernel's and a feature's (a combo
// over a name table, where a capture runs, the emulator's warp order).
#pragma once

#include "core/capture/gpu_info.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/ground/keep_names.hpp" // KeepPredicate
#include "core/ground/scan_setup.hpp"

#include <imgui.h>
#include <string>
#include <vector>

namespace prefixlab {

// A combo over one of the name tables; returns true when the choice changed.
template <class Enum>
bool enum_combo(const char* label, Enum& value, const std::vector<Enum>& values) {
    bool changed = false;
    if (ImGui::BeginCombo(label, std::string(name_of(value)).c_str())) {
        for (Enum v : values) {
            if (ImGui::Selectable(std::string(name_of(v)).c_str(), v == value) && v != value) {
                value = v;
                changed = true;
            }
        }
        ImGui::EndCombo();
    }
    return changed;
}

// Whether a capture on `device` runs in the emulator (which has a warp order to choose).
bool runs_on_emulator(DeviceChoice device, bool has_gpu);

// "Run on  ( ) auto  ( ) GPU  ( ) emulator", GPU greyed out, with the reason, where there is none.
bool draw_device_choice(DeviceChoice& device, const GpuStatus& gpu);

// Only the emulator has an order to choose; the GPU's hardware picks its own.
bool draw_warp_order(WarpOrder& order);

// Which elements a compaction keeps: the rule's combo, and K for the rules that compare with one.
// `label` is the combo's ("Keep", "Keep##grid"); K's label takes its ## suffix.
bool draw_keep_choice(const char* label, KeepPredicate& keep);

} // namespace prefixlab
