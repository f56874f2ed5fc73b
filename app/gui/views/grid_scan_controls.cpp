#include "gui/views/grid_scan_controls.hpp"

#include "core/ground/scan_names.hpp"
#include "gui/app_state.hpp"
#include "gui/gui_script_grid.hpp"
#include "gui/theme.hpp"

#include <algorithm>
#include <imgui.h>
#include <string>

namespace prefixlab {

namespace {

// The label column beside the combos and sliders, in font heights (as the Kernel section's).
constexpr float kLabelEms = 5.5f;

template <class Enum>
void catalogue_combo(const char* label, Enum& value, const std::vector<Enum>& values) {
    if (ImGui::BeginCombo(label, std::string(name_of(value)).c_str())) {
        for (Enum v : values)
            if (ImGui::Selectable(std::string(name_of(v)).c_str(), v == value))
                value = v;
        ImGui::EndCombo();
    }
}

template <class Enum, class Name>
void named_combo(const char* label, Enum& value, std::initializer_list<Enum> values, Name name) {
    if (ImGui::BeginCombo(label, name(value))) {
        for (Enum v : values)
            if (ImGui::Selectable(name(v), v == value))
                value = v;
        ImGui::EndCombo();
    }
}

// The tile's threads from the valid counts (4, 8, 16, 32, 64, … 256): a combo, since the counts are
// not evenly spaced.
void tile_threads_combo(int& threads) {
    const std::string current = std::to_string(threads) + " threads";
    if (ImGui::BeginCombo("Tile", current.c_str(), ImGuiComboFlags_HeightLarge)) { // all 11 without scrolling
        for (int choice : tile_thread_choices(kMaxTracedTileThreads))
            if (ImGui::Selectable((std::to_string(choice) + " threads").c_str(), choice == threads))
                threads = choice;
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Threads per tile: %s", tile_threads_rule(kMaxTracedTileThreads).c_str());
}

} // namespace

void draw_grid_scan_controls(AppState& state, bool open) {
    ImGui::Spacing();
    if (open)
        ImGui::SetNextItemOpen(true);
    if (!ImGui::CollapsingHeader("Grid scan"))
        return;
    GridCaptureRequest& r = state.grid_setup;
    ImGui::PushItemWidth(-ImGui::GetFontSize() * kLabelEms);
    catalogue_combo("Driver", r.scan.driver, all_grid_drivers());
    int n = static_cast<int>(r.n);
    if (ImGui::SliderInt("N##grid", &n, 1, static_cast<int>(kMaxEmulatedGridN), "%d",
                         ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp))
        r.n = static_cast<std::uint64_t>(n);
    tile_threads_combo(r.scan.tile_threads);
    named_combo("Body", r.scan.body, {TileScanBody::warp_shuffle, TileScanBody::blelloch}, tile_body_name);
    int resident = static_cast<int>(r.schedule.resident);
    if (ImGui::SliderInt("Resident", &resident, 1, 64, "%d blocks", ImGuiSliderFlags_AlwaysClamp))
        r.schedule.resident = static_cast<std::uint32_t>(resident);
    named_combo("Start", r.schedule.order, {BlockStartOrder::in_order, BlockStartOrder::reversed, BlockStartOrder::seeded_random},
                start_order_name);
    if (r.schedule.order == BlockStartOrder::seeded_random) {
        int seed = static_cast<int>(std::min<std::uint64_t>(r.schedule.seed, 1u << 30));
        if (ImGui::InputInt("Seed##grid", &seed))
            r.schedule.seed = static_cast<std::uint64_t>(std::max(0, seed));
    }
    named_combo("Tiles", r.scan.order, {TileOrder::atomic_counter, TileOrder::block_index},
                [](TileOrder o) { return o == TileOrder::atomic_counter ? "from the counter" : "block index"; });
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Block index with the chained scan, a reversed start and few resident blocks deadlocks");
    catalogue_combo("Type##grid", r.scan.type, all_element_types());
    catalogue_combo("Operator##grid", r.scan.op, all_scan_operators());
    catalogue_combo("Input##grid", r.input, all_input_kinds());
    ImGui::Checkbox("Exclusive##grid", &r.scan.exclusive);
    ImGui::PopItemWidth();
    const bool tracing = state.busy() && state.grid_status() == "Tracing the grid…";
    if (ImGui::Button(tracing ? "Tracing the grid…" : "Trace the grid"))
        state.capture_grid();
    if (state.grid_failed()) {
        ImGui::PushTextWrapPos(0);
        const theme::Rgb e = theme::colours().error;
        ImGui::TextColored(ImVec4(e.r / 255.0f, e.g / 255.0f, e.b / 255.0f, 1.0f), "%s", state.grid_status().c_str());
        ImGui::PopTextWrapPos();
    }
}

} // namespace prefixlab
