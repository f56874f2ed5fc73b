#include "gui/views/controls_view.hpp"

#include "core/ground/kernel_facts.hpp"
#include "core/ground/scan_setup.hpp"
#include "core/ground/step_label.hpp"
#include "core/util/printable.hpp"
#include "gui/app_state.hpp"
#include "gui/shell/feature.hpp"
#include "gui/layout/layout_check.hpp"
#include "gui/widgets.hpp"

#include <algorithm>
#include <filesystem>
#include <imgui.h>
#include <string>
#include <utility>

namespace prefixlab {

namespace {

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

} // namespace

float ControlsView::preferred_width() const {
    const ImGuiStyle& style = ImGui::GetStyle();
    float widest_name = 0;
    for (BlockAlgorithm a : traceable_block_algorithms())
        widest_name = std::max(widest_name, ImGui::CalcTextSize(std::string(name_of(a)).c_str()).x);
    const float combo = widest_name + style.FramePadding.x * 2 + ImGui::GetFrameHeight(); // text and arrow
    const float radio = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x;
    const float run_on = ImGui::CalcTextSize("Run on auto GPU emulator").x + 3 * (radio + style.ItemSpacing.x);
    const float content = std::max(combo + kSettingsLabelEms * ImGui::GetFontSize(), run_on);
    return content + style.WindowPadding.x * 2 + style.ScrollbarSize;
}

void ControlsView::draw(AppState& state, const ViewContext& context) {
    requested_scale = 0;
    draw_kernel_settings(state);
    draw_stepping(state, context);
    if (features != nullptr) // the sections features add (the Grid scan)
        for (const auto& feature : features->all())
            feature->draw_sidebar(state);
    draw_files(state);
    draw_compare(state);
    draw_display(context);
}

namespace {

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
            ImGui::SetTooltip("No CUDA GPU: %s", gpu.reason.c_str());
    }
    return changed;
}

// Only the emulator has an order to choose; the GPU's hardware picks its own.
bool draw_warp_order(WarpOrder& order) {
    ImGui::PushItemWidth(-ImGui::GetFontSize() * kSettingsLabelEms);
    const bool changed = enum_combo("Warp order", order, all_warp_orders());
    ImGui::PopItemWidth();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("How the emulator runs the threads (docs/emulator.md): in-order, last warp first "
                          "(reversed), or lanes skewed access by access (interleaved), where a race shows "
                          "within one warp");
    return changed;
}

} // namespace

void ControlsView::draw_kernel_settings(AppState& state) {
    section_heading("Kernel");
    ScanSetup& r = state.setup;
    bool changed = false;
    ImGui::PushItemWidth(-ImGui::GetFontSize() * kSettingsLabelEms);
    changed |= enum_combo("Algorithm", r.algorithm, traceable_block_algorithms());
    const int max_n = allowed_n(r.algorithm).max; // the slider cannot make a setup validate_scan_setup refuses
    r.n = std::clamp(r.n, 1, max_n);
    changed |= ImGui::SliderInt("N", &r.n, 1, max_n, "%d", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Elements in the block, 1..%d (Ctrl+click to type a value)", max_n);
    changed |= enum_combo("Input", r.input, all_input_kinds());
    if (r.input == InputKind::random) {
        int seed = static_cast<int>(r.seed);
        if (ImGui::InputInt("Seed", &seed)) {
            r.seed = static_cast<std::uint64_t>(std::max(0, seed));
            changed = true;
        }
    }
    changed |= enum_combo("Type", r.type, all_element_types());
    changed |= enum_combo("Operator", r.op, all_scan_operators());
    if (has_exclusive_form(r.algorithm)) {
        changed |= ImGui::Checkbox("Exclusive", &r.exclusive);
    } else {
        // a reduction, a compaction: no exclusive form (the setting is kept off, not merely hidden)
        changed |= r.exclusive;
        r.exclusive = false;
        ImGui::BeginDisabled();
        ImGui::Checkbox("Exclusive", &r.exclusive);
        ImGui::EndDisabled();
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            ImGui::SetTooltip("%s", std::string(no_exclusive_form_reason(r.algorithm)).c_str());
    }
    ImGui::PopItemWidth();

    const bool has_gpu = state.gpu().available;
    changed |= draw_device_choice(r.device, state.gpu());
    if (runs_on_emulator(r.device, has_gpu))
        changed |= draw_warp_order(r.warp_order);
    if (changed)
        state.settings_changed();
    draw_file_mark(state);

    if (ImGui::Button(state.busy() ? "Tracing…" : "Trace again (F5)"))
        state.capture_now();
    ImGui::SameLine();
    ImGui::Checkbox("Auto", &state.auto_capture);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Trace again whenever a setting changes");
}

void ControlsView::draw_file_mark(const AppState& state) {
    // The panel shows the opened file's settings; say so, and that Auto waits (app_state.cpp says why).
    if (state.trace_file().empty())
        return;
    ImGui::PushTextWrapPos(0);
    const std::string name = std::filesystem::path(state.trace_file()).filename().string();
    ImGui::TextDisabled("from file %s", printable(name).c_str());
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", printable_path(state.trace_file()).c_str());
    if (state.file_settings_edited())
        ImGui::TextWrapped("Settings edited: the file stays on screen until Trace again (F5).");
    ImGui::PopTextWrapPos();
}

void ControlsView::draw_stepping(AppState& state, const ViewContext& context) {
    section_heading("Step");
    // On a grid tab these step the grid trace (AppState::stepping_grid), as the keys do.
    const int count = state.shown_step_count();
    ImGui::BeginDisabled(count == 0);
    const ImVec2 button(ImGui::GetFontSize() * 2.4f, 0);
    if (ImGui::Button("|<", button))
        state.go_first();
    ImGui::SameLine();
    if (ImGui::Button("<", button))
        state.go_previous();
    ImGui::SameLine();
    if (ImGui::Button(state.playing() ? "Pause" : "Play", ImVec2(button.x * 1.6f, 0)))
        state.toggle_play();
    ImGui::SameLine();
    if (ImGui::Button(">", button))
        state.go_next();
    ImGui::SameLine();
    if (ImGui::Button(">|", button))
        state.go_last();
    int step = state.shown_step();
    ImGui::PushItemWidth(-1);
    if (ImGui::SliderInt("##step", &step, 0, std::max(0, count - 1), "step %d"))
        state.go_to_step(step);
    ImGui::SliderFloat("##speed", &state.play_interval, 0.1f, 3.0f, "%.1f s per step");
    ImGui::PopItemWidth();
    ImGui::EndDisabled();

    if (state.stepping_grid) {
        if (const LoadedGridTrace* grid = state.grid()) {
            ImGui::PushTextWrapPos(0);
            ImGui::Text("Grid step %d of %d: %s", state.grid_step(), count, grid->steps.steps[state.grid_step()].label.c_str());
            ImGui::PopTextWrapPos();
        }
    } else if (const LoadedTrace* loaded = state.trace()) {
        const TraceStep& current = loaded->trace.steps[state.step()];
        ImGui::PushTextWrapPos(0);
        ImGui::Text("Step %d of %d: %s", state.step(), count, step_label(current.tag).c_str());
        ImGui::PushFont(context.mono_font);
        ImGui::TextDisabled("%s:%u", loaded->trace.config.kernel_source.c_str(), current.tag.line);
        ImGui::PopFont();
        ImGui::PopTextWrapPos();
    }
}

void ControlsView::draw_files(AppState& state) {
    section_heading("Trace file");
    ImGui::PushItemWidth(-1);
    ImGui::InputText("##path", path_, sizeof path_);
    layout::note_text_field();
    ImGui::PopItemWidth();
    if (ImGui::Button("Open"))
        state.load_trace(path_);
    ImGui::SameLine();
    if (ImGui::Button("Save"))
        state.save_trace(path_);
    ImGui::SameLine();
    if (ImGui::Button("Compare"))
        state.load_compare_trace(path_);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Open this file beside the trace on screen (compare mode, F3)");
}

void ControlsView::draw_compare(AppState& state) {
    section_heading("Compare (F3)");
    bool on = state.comparing();
    if (ImGui::Checkbox("Side by side", &on))
        state.set_comparing(on);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("A second trace beside this one, stepping with it; values that differ are framed");
    if (!on)
        return;
    if (!state.compare_file().empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("with the file %s", printable_path(std::filesystem::path(state.compare_file()).filename().string()).c_str());
        ImGui::PopTextWrapPos();
    }
    AppState::CompareChoice& c = state.compare_choice;
    bool changed = false;
    ImGui::PushItemWidth(-ImGui::GetFontSize() * kSettingsLabelEms);
    changed |= enum_combo("With", c.algorithm, traceable_block_algorithms());
    ImGui::PopItemWidth();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("The kernel on the right, on the same input and settings");
    ImGui::PushID("compare"); // the kernel section has the same labels
    changed |= draw_device_choice(c.device, state.gpu());
    if (runs_on_emulator(c.device, state.gpu().available))
        changed |= draw_warp_order(c.warp_order);
    ImGui::PopID();
    if (changed)
        state.compare_choice_changed();
}

void ControlsView::draw_display(const ViewContext& context) {
    section_heading("Display");
    float scale = context.ui_scale;
    ImGui::PushItemWidth(-ImGui::GetFontSize() * kSettingsLabelEms);
    if (ImGui::SliderFloat("UI scale", &scale, 0.75f, 3.0f, "%.2f×"))
        requested_scale = scale;
    ImGui::PopItemWidth();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Ctrl+= / Ctrl+- / Ctrl+0");
}

} // namespace prefixlab
