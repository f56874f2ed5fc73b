#include "gui/features/global/coalescing_view.hpp"

#include "core/analysis/loaded_trace.hpp"
#include "core/ground/step_label.hpp"
#include "gui/app_state.hpp"
#include "gui/colour_map.hpp"
#include "gui/theme.hpp"
#include "gui/value_slider.hpp"
#include "gui/views/atomic_contention_panel.hpp"
#include "gui/views/flow_layout.hpp"
#include "gui/views/lane_bank_diagram.hpp"
#include "gui/widgets.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <imgui.h>
#include <string>

namespace prefixlab {

namespace {

// The fewest sectors `lanes` 4-byte elements can take: consecutive ones from a sector's start.
std::uint64_t ideal_sectors(std::uint32_t lanes) { return (lanes + kElementsPerSector - 1) / kElementsPerSector; }

std::string count_of(std::uint64_t count, const char* what) {
    return std::to_string(count) + " " + what + (count == 1 ? "" : "s");
}

// "loads: 32 requests → 125 sectors, 100% of their bytes used · no stores"
std::string totals_text(const CoalescingTotals& t, std::uint64_t elements_loaded, std::uint64_t elements_stored) {
    const auto part = [](const char* what, std::uint64_t requests, std::uint64_t sectors, std::uint64_t elements) {
        if (requests == 0)
            return std::string("no ") + what;
        char used[64];
        std::snprintf(used, sizeof used, ", %.0f%% of their bytes used",
                      100.0 * double(elements * 4) / double(sectors * kSectorBytes));
        return std::string(what) + ": " + count_of(requests, "request") + " → " + count_of(sectors, "sector") + used;
    };
    return part("loads", t.load_requests, t.load_sectors, elements_loaded) + " · " +
           part("stores", t.store_requests, t.store_sectors, elements_stored);
}

// Elements loaded and stored by the instructions [first, end).
std::pair<std::uint64_t, std::uint64_t> elements_of(const CoalescingAnalysis& a, std::size_t first, std::size_t end) {
    std::uint64_t loaded = 0, stored = 0;
    for (std::size_t i = first; i < end; ++i)
        (a.instructions[i].kind == AccessKind::read ? loaded : stored) +=
            static_cast<std::uint64_t>(std::popcount(a.instructions[i].active_lanes));
    return {loaded, stored};
}

// The instruction as lanes → sectors: the lower row the 32 sectors from the first one it touches
// (numbered as in the array), those it moves in the written-cell colour, lanes whose sector is past
// the row's end (a scatter far apart) on the last box, emphasised.
LaneDiagram sector_diagram(const Trace& trace, const GlobalInstruction& in) {
    LaneDiagram d;
    d.target_of_lane.fill(-1);
    d.active_lanes = in.active_lanes;
    std::uint32_t first = 0xffffffffu;
    for (std::uint32_t index : in.accesses)
        first = std::min(first, sector_of(trace.accesses[index].word));
    std::array<bool, 32> moved{};
    for (std::uint32_t index : in.accesses) {
        const AccessRecord& a = trace.accesses[index];
        const std::uint32_t offset = sector_of(a.word) - first;
        const int target = static_cast<int>(std::min<std::uint32_t>(offset, 31));
        d.target_of_lane[lane_of(a.thread)] = target;
        d.emphasised[lane_of(a.thread)] = offset > 31;
        moved[std::size_t(target)] = true;
    }
    for (std::uint32_t s = 0; s < 32; ++s) {
        d.target_number[s] = first + s;
        d.target_fill[s] = moved[s] ? theme::colours().cell_written : theme::colours().cell_unwritten;
    }
    return d;
}

std::string instruction_caption(const GlobalInstruction& in) {
    const int lanes = std::popcount(in.active_lanes);
    char text[160];
    std::snprintf(text, sizeof text, "warp %u · %s %u of the %s: %d lane%s → %u sector%s (fewest possible %llu)",
                  in.warp, in.kind == AccessKind::read ? "load" : "store", in.order + 1,
                  in.buffer == BufferId::input ? "input" : "output", lanes, lanes == 1 ? "" : "s", in.sectors,
                  in.sectors == 1 ? "" : "s", static_cast<unsigned long long>(ideal_sectors(static_cast<std::uint32_t>(lanes))));
    return text;
}

} // namespace

void CoalescingView::draw(AppState& state, const ViewContext& context) {
    const LoadedTrace* loaded = shown_trace_or_hint(state, context);
    if (loaded == nullptr)
        return;
    const CoalescingAnalysis& analysis = analysis_.of(loaded, [&] { return analyse_coalescing(loaded->trace); });
    const Trace& trace = loaded->trace;
    const int step = std::clamp(context.shown.step, 0, static_cast<int>(trace.steps.size()) - 1);
    const std::size_t first = analysis.first_of_step[std::size_t(step)], end = analysis.first_of_step[std::size_t(step) + 1];

    const auto [kernel_loaded, kernel_stored] = elements_of(analysis, 0, analysis.instructions.size());
    ImGui::TextWrapped("Kernel: %s", totals_text(analysis.total, kernel_loaded, kernel_stored).c_str());
    if (ImGui::IsItemHovered())
        tooltip("A request is one warp-wide load or store; it moves every 32-byte sector its lanes touch.\n"
                          "Nsight Compute: l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum and "
                          "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum (_st for stores); docs/coalescing.md");
    const bool atomics = draw_atomic_contention(trace, std::size_t(step), false, width_beside_scroll_bar());
    if (first == end && atomics)
        return; // global atomics only (a histogram's count): they are neither loads nor stores
    if (first == end) {
        // Which steps do touch global memory, a click away.
        ImGui::TextWrapped("Step %d (%s) makes no global access. Steps that do:", step, step_label(trace.steps[std::size_t(step)].tag).c_str());
        for (std::size_t k = 0; k < trace.steps.size(); ++k)
            if (analysis.first_of_step[k] != analysis.first_of_step[k + 1] && !(state.reveal && static_cast<int>(k) > step)) {
                const std::string label = "step " + std::to_string(k);
                same_line_if_fits(ImGui::CalcTextSize(label.c_str()).x + 2 * ImGui::GetStyle().FramePadding.x);
                if (ImGui::Button(label.c_str()))
                    go_to_shown_step(state, context.shown, static_cast<int>(k));
            }
        return;
    }
    const auto [step_loaded, step_stored] = elements_of(analysis, first, end);
    ImGui::TextWrapped("Step %d: %s", step, totals_text(analysis.steps[std::size_t(step)], step_loaded, step_stored).c_str());

    // The warps with instructions in this step; the chosen one, else the first of them.
    std::vector<int> warps;
    for (std::size_t i = first; i < end; ++i)
        if (warps.empty() || warps.back() != static_cast<int>(analysis.instructions[i].warp))
            warps.push_back(static_cast<int>(analysis.instructions[i].warp));
    if (std::find(warps.begin(), warps.end(), warp_) == warps.end())
        warp_ = warps.front();
    int position = static_cast<int>(std::find(warps.begin(), warps.end(), warp_) - warps.begin());
    if (warps.size() > 1) {
        ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 16));
        char format[48];
        std::snprintf(format, sizeof format, "warp %d", warp_);
        if (slider_int("##warp", &position, 0, static_cast<int>(warps.size()) - 1, format))
            warp_ = warps[std::size_t(position)];
        if (ImGui::IsItemHovered())
            tooltip("The warp whose loads and stores show: %zu warps access global memory in this step",
                              warps.size());
    }

    const float width = width_beside_scroll_bar();
    for (std::size_t i = first; i < end; ++i) {
        const GlobalInstruction& in = analysis.instructions[i];
        if (static_cast<int>(in.warp) != warp_)
            continue;
        ImGui::Spacing();
        ImGui::TextWrapped("%s", instruction_caption(in).c_str());
        ImGui::PushID(static_cast<int>(i));
        draw_lane_diagram(sector_diagram(trace, in), width, "lanes and sectors");
        ImGui::PopID();
    }
}

} // namespace prefixlab
