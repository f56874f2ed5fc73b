#include "gui/views/controls_view.hpp"

#include "core/ground/input_values.hpp"
#include "core/ground/keep_names.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/scan_setup.hpp"
#include "core/ground/step_label.hpp"
#include "core/util/printable.hpp"
#include "gui/app_state.hpp"
#include "gui/shell/feature.hpp"
#include "gui/value_slider.hpp"
#include "gui/layout/layout_check.hpp"
#include "gui/views/setting_widgets.hpp"
#include "gui/widgets.hpp"

#include <algorithm>
#include <filesystem>
#include <imgui.h>
#include <string>
#include <utility>

namespace prefixlab {


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
    draw_files(state);
    if (features != nullptr) // the sections features add (Feature::draw_sidebar)
        for (const auto& feature : features->all())
            feature->draw_sidebar(state, path_);
    draw_display(context);
}


void ControlsView::draw_kernel_settings(AppState& state) {
    section_heading("Kernel");
    ScanSetup& r = state.block.setup;
    bool changed = false;
    ImGui::PushItemWidth(-ImGui::GetFontSize() * kSettingsLabelEms);
    changed |= enum_combo("Algorithm", r.algorithm, traceable_block_algorithms());
    const int max_n = allowed_n(r.algorithm).max; // the slider cannot make a setup validate_scan_setup refuses
    const bool listed = r.input == InputKind::values;
    if (!listed)
        r.n = std::clamp(r.n, 1, max_n);
    ImGui::BeginDisabled(listed);
    changed |= slider_int("N", &r.n, 1, max_n, "%d", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        tooltip(listed ? "N is the count of the values below" : "Elements in the block, 1..%d (Ctrl+click to type a value)",
                max_n);
    changed |= draw_input_choice(r);
    if (const std::optional<ElementType> fixed = fixed_element_type(r.algorithm)) {
        // a segmented scan: uint32 only (its head flag is the word's top bit), kept so rather than refused
        changed |= r.type != *fixed;
        r.type = *fixed;
        ImGui::BeginDisabled();
        enum_combo("Type", r.type, all_element_types());
        ImGui::EndDisabled();
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            tooltip("A segmented scan's elements are uint32 words: a head flag in the top bit, the value below it");
    } else {
        changed |= enum_combo("Type", r.type, all_element_types());
    }
    changed |= enum_combo("Operator", r.op, all_scan_operators());
    if (keeps_elements(r.algorithm))
        changed |= draw_keep_choice("Keep", r.keep);
    if (listed) // a list that reads as one type may not as another: say so where the list is
        draw_values_problem(r);
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
            tooltip("%s", std::string(no_exclusive_form_reason(r.algorithm)).c_str());
    }
    ImGui::PopItemWidth();

    const bool has_gpu = state.gpu().available;
    changed |= draw_device_choice(r.device, state.gpu());
    if (runs_on_emulator(r.device, has_gpu))
        changed |= draw_warp_order(r.warp_order);
    if (changed)
        state.block.settings_changed();
    draw_file_mark(state);

    if (ImGui::Button(state.tracing() ? "Tracing…" : "Trace again (F5)"))
        state.block.capture_now();
    ImGui::SameLine();
    ImGui::Checkbox("Auto", &state.block.auto_capture);
    if (ImGui::IsItemHovered())
        tooltip("Trace again whenever a setting changes");
}

bool ControlsView::draw_input_choice(ScanSetup& r) {
    bool changed = enum_combo("Input", r.input, all_input_kinds());
    if (r.input == InputKind::random) {
        int seed = static_cast<int>(r.seed);
        if (ImGui::InputInt("Seed", &seed)) {
            r.seed = static_cast<std::uint64_t>(std::max(0, seed));
            changed = true;
        }
    }
    if (r.input != InputKind::values)
        return changed;
    if (changed && r.values.empty()) // a list to start from: the lecture's example
        r.values = "10,0,3,9,2,0,1,2";
    if (input_text("Values", r.values))
        changed = true;
    layout::note_text_field(); // a list longer than the field scrolls under the caret (16 keys at 2x)
    if (ImGui::IsItemHovered())
        tooltip("The elements, separated by commas: 10,0,3,9,2,0,1,2. N is their count.");
    const std::size_t count = input_value_count(r.values);
    if (changed && count >= 1 && count <= kMaxInputValues)
        r.n = static_cast<int>(count);
    return changed;
}

void ControlsView::draw_values_problem(const ScanSetup& r) {
    try {
        validate_scan_setup(r);
    } catch (const ScanSetupError& e) {
        ImGui::PushStyleColor(ImGuiCol_Text, text_colour(theme::colours().error));
        ImGui::TextWrapped("%s", e.what());
        ImGui::PopStyleColor();
    }
}

void ControlsView::draw_file_mark(const AppState& state) {
    // The panel shows the opened file's settings; say so, and that Auto waits (app_state.cpp says why).
    if (state.block.trace_file().empty())
        return;
    ImGui::PushTextWrapPos(0);
    const std::string name = std::filesystem::path(state.block.trace_file()).filename().string();
    ImGui::TextDisabled("from file %s", printable(name).c_str());
    if (ImGui::IsItemHovered())
        tooltip("%s", printable_path(state.block.trace_file()).c_str());
    if (state.block.file_settings_edited())
        ImGui::TextWrapped("Settings edited: the file stays on screen until Trace again (F5).");
    ImGui::PopTextWrapPos();
}

void ControlsView::draw_stepping(AppState& state, const ViewContext& context) {
    section_heading("Step");
    // These step the selected tab's session (AppState::stepped), as the keys do.
    const int count = state.stepped().step_count();
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
    int step = state.stepped().step();
    ImGui::PushItemWidth(-1);
    if (slider_int("##step", &step, 0, std::max(0, count - 1), "step %d"))
        state.go_to_step(step);
    slider_float("##speed", &state.play_interval, 0.1f, 3.0f, "%.1f s per step");
    ImGui::PopItemWidth();
    ImGui::EndDisabled();

    const SteppedSession& stepped = state.stepped();
    if (const std::string line = stepped.step_line(); !line.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextUnformatted(line.c_str());
        if (const std::string source = stepped.source_line(); !source.empty()) {
            ImGui::PushFont(context.mono_font);
            ImGui::TextDisabled("%s", source.c_str());
            ImGui::PopFont();
        }
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
        state.block.load_trace(path_);
    ImGui::SameLine();
    if (ImGui::Button("Save"))
        state.block.save(path_);
    ImGui::SameLine();
}

void ControlsView::draw_display(const ViewContext& context) {
    section_heading("Display");
    float scale = context.ui_scale;
    ImGui::PushItemWidth(-ImGui::GetFontSize() * kSettingsLabelEms);
    if (slider_float("UI scale", &scale, 0.75f, 3.0f, "%.2f×"))
        requested_scale = scale;
    ImGui::PopItemWidth();
    if (ImGui::IsItemHovered())
        tooltip("Ctrl+= / Ctrl+- / Ctrl+0");
}

} // namespace prefixlab
