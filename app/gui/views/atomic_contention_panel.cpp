#include "gui/views/atomic_contention_panel.hpp"

#include "core/analysis/atomic_contention.hpp"
#include "core/ground/kernel_info.hpp"
#include "core/ground/kernel_names.hpp"
#include "gui/theme.hpp"
#include "gui/widgets.hpp"

#include <algorithm>
#include <imgui.h>
#include <string>
#include <vector>

namespace prefixlab {

namespace {

// A word's row: its name, a bar as long as its lanes against the busiest word's, then its counts. Rows flow
// side by side as the width allows.
struct ContentionRows {
    std::vector<AtomicWord> words;
    std::vector<std::string> names, counts;
    std::uint32_t busiest = 0, lanes = 0;
    std::size_t unused = 0; // words whose atomics all drop their result
    float name_w = 0, bar_w = 0, count_w = 0;
    int per_line = 1;

    ContentionRows(const Trace& trace, std::size_t step, bool shared, float width)
        : words(atomic_words(trace, step, shared)) {
        for (const AtomicWord& w : words) {
            busiest = std::max(busiest, w.lanes);
            lanes += w.lanes;
            names.push_back(atomic_word_name(std::string(buffer_name(trace.config.algorithm, w.buffer)), w.word));
            counts.push_back(std::to_string(w.lanes) + (w.lanes == 1 ? " lane · " : " lanes · ") +
                             std::to_string(w.warps) + (w.warps == 1 ? " warp" : " warps"));
            unused += w.result_unused ? 1 : 0;
            name_w = std::max(name_w, ImGui::CalcTextSize(names.back().c_str()).x);
            count_w = std::max(count_w, ImGui::CalcTextSize(counts.back().c_str()).x);
        }
        bar_w = 4 * ImGui::GetFontSize();
        per_line = std::max(1, static_cast<int>(width / item_width()));
    }
    float gap() const { return ImGui::GetStyle().ItemSpacing.x; }
    float item_width() const { return name_w + bar_w + count_w + 4 * gap(); }
    std::size_t lines() const { return (words.size() + std::size_t(per_line) - 1) / std::size_t(per_line); }
};

} // namespace

float atomic_contention_height(const Trace& trace, std::size_t step, bool shared, float width) {
    const ContentionRows rows(trace, step, shared, width);
    if (rows.words.empty())
        return 0;
    const ImGuiStyle& style = ImGui::GetStyle();
    return style.ItemSpacing.y + float(rows.lines() + 1) * (ImGui::GetTextLineHeight() + style.ItemSpacing.y);
}

bool draw_atomic_contention(const Trace& trace, std::size_t step, bool shared, float width) {
    const ContentionRows rows(trace, step, shared, width);
    if (rows.words.empty())
        return false;
    ImGui::Spacing();
    const char* results = rows.unused == rows.words.size() ? "results unused" : rows.unused == 0 ? "results used" : "some results used";
    ImGui::TextWrapped("%s atomics in this step: %u lanes at %zu word%s, %u at the busiest; %s", shared ? "Shared" : "Global",
                       rows.lanes, rows.words.size(), rows.words.size() == 1 ? "" : "s", rows.busiest, results);
    if (ImGui::IsItemHovered())
        tooltip("Each word the step's atomics reach, and the threads whose atomics meet there.\n"
                "What a warp's lanes at one word cost is the bank model's: on the H200 a count whose result\n"
                "is unused takes one turn a warp, an atomic whose result is used one turn a lane (docs/histogram.md).");
    const float height = ImGui::GetTextLineHeight();
    const float left = ImGui::GetCursorPosX();
    for (std::size_t i = 0; i < rows.words.size(); ++i) {
        const float x = left + float(i % std::size_t(rows.per_line)) * rows.item_width();
        if (i % std::size_t(rows.per_line) != 0)
            ImGui::SameLine(x);
        ImGui::TextUnformatted(rows.names[i].c_str());
        ImGui::SameLine(x + rows.name_w + rows.gap());
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float length = std::max(2.0f, rows.bar_w * float(rows.words[i].lanes) / float(rows.busiest));
        ImGui::GetWindowDrawList()->AddRectFilled(at, ImVec2(at.x + length, at.y + height),
                                                  theme::packed(theme::colours().cell_written));
        ImGui::Dummy(ImVec2(rows.bar_w, height));
        ImGui::SameLine(x + rows.name_w + rows.bar_w + 2 * rows.gap());
        ImGui::TextUnformatted(rows.counts[i].c_str());
    }
    return true;
}

} // namespace prefixlab
