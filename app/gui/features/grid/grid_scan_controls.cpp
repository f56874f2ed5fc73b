#include "gui/features/grid/grid_scan_controls.hpp"

#include "core/capture/gpu_info.hpp"
#include "core/ground/kernel_names.hpp"
#include "gui/features/grid/grid_session.hpp"
#include "gui/features/grid/gui_script_grid.hpp"
#include "gui/theme.hpp"
#include "gui/value_slider.hpp"
#include "gui/views/setting_widgets.hpp" // draw_keep_choice
#include "gui/widgets.hpp"

#include <algorithm>
#include <imgui.h>
#include <string>

namespace prefixlab {

namespace {

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
        tooltip("Threads per tile: %s", tile_threads_rule(kMaxTracedTileThreads).c_str());
}

// "Run on  ( ) emulator  ( ) GPU", GPU greyed out, with the reason, where there is none (as the Kernel
// section's radio).
void draw_grid_device_choice(DeviceChoice& device, const GpuStatus& gpu) {
    ImGui::TextUnformatted("Run on");
    for (DeviceChoice choice : {DeviceChoice::cpu, DeviceChoice::gpu}) {
        ImGui::SameLine();
        const bool disabled = choice == DeviceChoice::gpu && !gpu.available;
        ImGui::BeginDisabled(disabled);
        const bool chosen = choice == DeviceChoice::cpu ? device != DeviceChoice::gpu : device == DeviceChoice::gpu;
        if (ImGui::RadioButton(choice == DeviceChoice::gpu ? "GPU##grid" : "emulator##grid", chosen))
            device = choice;
        ImGui::EndDisabled();
        if (disabled && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            tooltip("No CUDA GPU: %s", gpu.reason.c_str());
        else if (choice == DeviceChoice::gpu && ImGui::IsItemHovered())
            tooltip("The GPU traces at tile level: the accesses the blocks share, not the elements");
    }
}

// On the GPU the hardware schedules the blocks: the emulator's schedule controls say so, greyed out.
void explain_hardware_schedule(bool on_gpu) {
    if (on_gpu && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        tooltip("The emulator's schedule: on the GPU the hardware schedules the blocks");
}

} // namespace

void draw_grid_scan_controls(GridSession& session, const GpuStatus& gpu, bool open) {
    ImGui::Spacing();
    if (open)
        ImGui::SetNextItemOpen(true);
    if (!ImGui::CollapsingHeader("Grid scan"))
        return;
    GridCaptureRequest& r = session.setup;
    if (r.device == DeviceChoice::gpu && !gpu.available)
        r.device = DeviceChoice::cpu; // a setting from a machine with a GPU
    // First: where it runs decides how large N may be and whether the schedule below is the user's.
    draw_grid_device_choice(r.device, gpu);
    const bool on_gpu = r.device == DeviceChoice::gpu;
    const std::uint64_t max_n = on_gpu ? kMaxGpuGridN : kMaxEmulatedGridN;
    r.n = std::clamp<std::uint64_t>(r.n, 1, max_n);
    ImGui::PushItemWidth(-ImGui::GetFontSize() * kSettingsLabelEms);
    // The single-pass compaction instead of a scan: its driver and body are fixed, it has no operator
    if (ImGui::Checkbox("Compaction##grid", &r.scan.compaction) && r.scan.compaction) {
        r.scan.sort = GridSortForm::none;
        r.scan.driver = GridDriver::decoupled_look_back;
        r.scan.body = TileScanBody::registers;
        r.scan.tile_threads = std::max(32, r.scan.tile_threads / 32 * 32);
    }
    if (ImGui::IsItemHovered())
        tooltip("Trace the single-pass compaction instead of a scan: its tiles find their places by decoupled "
                "look-back over kept counts (register tiles of 4 elements a thread, whole warps)");
    if (r.scan.compaction)
        draw_keep_choice("Keep##grid", r.scan.keep);
    // A radix sort instead of a scan (issue 36): its driver and block come with it
    GridSortForm form = r.scan.sort;
    named_combo("Sort##grid", form, {GridSortForm::none, GridSortForm::textbook, GridSortForm::onesweep},
                [](GridSortForm f) {
                    return f == GridSortForm::none ? "no: a scan" : f == GridSortForm::textbook ? "textbook" : "Onesweep";
                });
    if (form != r.scan.sort)
        make_grid_sort(r.scan, form);
    if (ImGui::IsItemHovered())
        tooltip("Trace a radix sort of the input as keys instead of a scan: the textbook's passes (4-bit digits, the "
                "tiles' counts scanned reduce-then-scan) or Onesweep's (8-bit digits, 256 look-backs a tile, 256 "
                "threads%s)",
                on_gpu ? "; on the GPU its tiles are 256 x 64 keys" : "");
    const bool sorting = r.scan.sort != GridSortForm::none;
    ImGui::BeginDisabled(r.scan.compaction || sorting);
    catalogue_combo("Driver", r.scan.driver, all_grid_drivers());
    ImGui::EndDisabled();
    int n = static_cast<int>(r.n);
    if (slider_int("N##grid", &n, 1, static_cast<int>(max_n), "%d",
                         ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp))
        r.n = static_cast<std::uint64_t>(n);
    ImGui::BeginDisabled(r.scan.sort == GridSortForm::onesweep); // a thread a digit
    tile_threads_combo(r.scan.tile_threads);
    ImGui::EndDisabled();
    if (r.scan.sort == GridSortForm::textbook)
        make_grid_sort(r.scan, GridSortForm::textbook); // whole warps
    ImGui::BeginDisabled(r.scan.compaction || sorting);
    catalogue_combo("Body", r.scan.body, all_tile_bodies());
    ImGui::EndDisabled();
    ImGui::BeginDisabled(on_gpu);
    int resident = static_cast<int>(r.schedule.resident);
    if (slider_int("Resident", &resident, 1, 64, "%d blocks", ImGuiSliderFlags_AlwaysClamp))
        r.schedule.resident = static_cast<std::uint32_t>(resident);
    explain_hardware_schedule(on_gpu);
    catalogue_combo("Start", r.schedule.order, all_block_start_orders());
    explain_hardware_schedule(on_gpu);
    if (r.schedule.order == BlockStartOrder::seeded_random) {
        int seed = static_cast<int>(std::min<std::uint64_t>(r.schedule.seed, 1u << 30));
        if (ImGui::InputInt("Seed##grid", &seed))
            r.schedule.seed = static_cast<std::uint64_t>(std::max(0, seed));
        explain_hardware_schedule(on_gpu);
    }
    ImGui::EndDisabled();
    if (on_gpu)
        r.scan.order = TileOrder::atomic_counter; // by block index a GPU run may hang (capture_grid_trace refuses it)
    ImGui::BeginDisabled(on_gpu);
    named_combo("Tiles", r.scan.order, {TileOrder::atomic_counter, TileOrder::block_index},
                [](TileOrder o) { return o == TileOrder::atomic_counter ? "from the counter" : "block index"; });
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        tooltip(on_gpu ? "On the GPU tiles come from the counter: blocks need not start in index order, "
                                   "and a tile waiting for a block that never starts would hang the GPU"
                                 : "Block index with the chained scan, a reversed start and few resident blocks deadlocks");
    catalogue_combo("Type##grid", r.scan.type, all_element_types());
    ImGui::BeginDisabled(r.scan.compaction || sorting);
    catalogue_combo("Operator##grid", r.scan.op, all_scan_operators());
    ImGui::EndDisabled();
    catalogue_combo("Input##grid", r.input, generated_input_kinds());
    ImGui::BeginDisabled(r.scan.compaction || sorting);
    ImGui::Checkbox("Exclusive##grid", &r.scan.exclusive);
    ImGui::EndDisabled();
    ImGui::PopItemWidth();
    const bool tracing = session.busy() && session.status() == "Tracing the grid…";
    if (ImGui::Button(tracing ? "Tracing the grid…" : "Trace the grid"))
        session.capture();
    if (session.failed()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(text_colour(theme::colours().error), "%s", session.status().c_str());
        ImGui::PopTextWrapPos();
    }
}

} // namespace prefixlab
