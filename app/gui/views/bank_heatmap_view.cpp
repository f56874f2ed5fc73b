#include "bank_heatmap_view.hpp"

#include "../app_state.hpp"
#include "../colour_map.hpp"
#include "../theme.hpp"
#include "core/analysis/bank_report.hpp"
#include "core/format_value.hpp"
#include "core/trace/step_label.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace prefixlab {

struct BankHeatmapView::Panel {
    const LoadedTrace* shown = nullptr;
    HeatmapRenderer heatmap;
    int selected = -1; // instruction whose lane-to-bank arrows are drawn

    void prepare(const LoadedTrace& loaded) {
        const BankAnalysis& banks = loaded.banks;
        std::vector<std::uint8_t> counts(banks.instructions.size() * kBanks, 0);
        for (std::size_t r = 0; r < banks.instructions.size(); ++r)
            for (std::uint32_t b = 0; b < kBanks; ++b)
                counts[r * kBanks + b] = banks.instructions[r].distinct_words[b];
        heatmap.set_counts(std::move(counts), static_cast<int>(banks.instructions.size()));
        shown = &loaded;
        selected = -1;
    }
};

BankHeatmapView::BankHeatmapView() {
    panels_[0] = std::make_unique<Panel>();
    panels_[1] = std::make_unique<Panel>();
}

BankHeatmapView::~BankHeatmapView() = default;

namespace {

ImU32 colour(theme::Rgb c, std::uint8_t alpha = 255) { return theme::packed(c, alpha); }

std::string describe_instruction(const WarpInstruction& in) {
    char text[160];
    std::snprintf(text, sizeof text, "step %u, warp %u, %s #%u: %u-way%s, %u extra wavefront%s", in.step, in.warp,
                  in.kind == AccessKind::read ? "load" : "store", in.order + 1, in.degree,
                  in.broadcast ? " (with broadcast)" : "", in.extra_wavefronts(), in.extra_wavefronts() == 1 ? "" : "s");
    return text;
}

void draw_scale_legend(float ui_scale) {
    ImGui::TextUnformatted("distinct words per bank:");
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float box = ImGui::GetTextLineHeight();
    for (int v : {1, 2, 4, 8, 16, 32}) {
        ImGui::SameLine(0, 10 * ui_scale);
        const ImVec2 p = ImGui::GetCursorScreenPos();
        draw->AddRectFilled(p, ImVec2(p.x + box * 1.6f, p.y + box), colour(conflict_colour(v)));
        ImGui::Dummy(ImVec2(box * 1.6f, box));
        ImGui::SameLine(0, 4 * ui_scale);
        ImGui::Text(v == 1 ? "1 (no conflict)" : "%d", v);
    }
    ImGui::SameLine(0, 10 * ui_scale);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    draw->AddRectFilled(p, ImVec2(p.x + box * 1.6f, p.y + box), colour(conflict_colour(0)));
    ImGui::Dummy(ImVec2(box * 1.6f, box));
    ImGui::SameLine(0, 4 * ui_scale);
    ImGui::TextUnformatted("bank not used");
}

// The lane -> bank arrows of one instruction: lanes along the top, banks along the bottom.
void draw_lane_arrows(const Trace& trace, const WarpInstruction& in, ImVec2 origin, float width, float height) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float cell = width / 32.0f;
    const float top = origin.y + ImGui::GetTextLineHeight() * 1.2f, bottom = origin.y + height - ImGui::GetTextLineHeight() * 1.2f;
    draw->AddText(ImVec2(origin.x, origin.y), ImGui::GetColorU32(ImGuiCol_TextDisabled), "lanes");
    draw->AddText(ImVec2(origin.x, bottom + 2), ImGui::GetColorU32(ImGuiCol_TextDisabled), "banks");
    for (int b = 0; b < 32; ++b) {
        const float x = origin.x + b * cell;
        draw->AddRectFilled(ImVec2(x + 1, bottom - 10), ImVec2(x + cell - 1, bottom), colour(conflict_colour(in.distinct_words[b])));
        draw->AddRectFilled(ImVec2(x + 1, top), ImVec2(x + cell - 1, top + 10),
                            (in.active_lanes >> b & 1u) ? colour(theme::colours().cell_value) : colour(theme::colours().cell_unwritten));
    }
    for (std::uint32_t index : in.accesses) {
        const AccessRecord& a = trace.accesses[index];
        const float from = origin.x + (lane_of(a.thread) + 0.5f) * cell, to = origin.x + (bank_of(a.word) + 0.5f) * cell;
        const bool conflicted = in.distinct_words[bank_of(a.word)] > 1;
        draw->AddLine(ImVec2(from, top + 10), ImVec2(to, bottom - 10),
                      conflicted ? colour(theme::colours().error) : colour(theme::colours().cell_read), conflicted ? 2.0f : 1.0f);
    }
}

} // namespace

void BankHeatmapView::draw(AppState& state, const ViewContext& context) {
    const LoadedTrace* loaded = state.trace();
    if (loaded == nullptr) {
        ImGui::TextDisabled(state.busy() ? "Tracing…" : "No trace yet: choose a kernel and N on the left.");
        return;
    }
    // Plain Blelloch on the left, padded on the right; any other trace alone.
    const LoadedTrace* shown[2] = {loaded, state.companion()};
    if (shown[1] != nullptr && loaded->trace.config.algorithm == BlockAlgorithm::blelloch_padded)
        std::swap(shown[0], shown[1]);
    const int count = shown[1] != nullptr ? 2 : 1;
    for (int p = 0; p < count; ++p)
        if (panels_[p]->shown != shown[p])
            panels_[p]->prepare(*shown[p]);

    draw_scale_legend(context.ui_scale);
    ImGui::TextDisabled("Nsight Compute: load conflicts = %s − %s (same for _st)", kNcuLoadWavefronts, kNcuLoadInstructions);

    const int step = state.step();
    std::size_t tallest = 1;
    for (int p = 0; p < count; ++p)
        tallest = std::max(tallest, shown[p]->banks.instructions.size());
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    // Per panel: two header lines, the heatmap, the selection's description and its arrows.
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const float arrows_h = line * 5.0f;
    const float body_h = std::max(60.0f, avail.y - arrows_h - line * 3.0f - ImGui::GetStyle().ItemSpacing.y * 4);
    float row = row_pixels_ > 0 ? row_pixels_ : std::clamp(body_h / static_cast<float>(tallest), 2.0f, 14.0f * context.ui_scale);
    // Follow the current step in both panels (they have the same steps and instructions per step).
    const BankAnalysis& reference = shown[0]->banks;
    const float rows_h_max = row * static_cast<float>(tallest);
    if (step != followed_step_ && step < static_cast<int>(reference.steps.size())) {
        const float y = reference.first_of_step[step] * row;
        if (y < scroll_y_ || y > scroll_y_ + body_h - row * 4)
            scroll_y_ = std::max(0.0f, y - body_h / 3);
        followed_step_ = step;
    }
    scroll_y_ = std::clamp(scroll_y_, 0.0f, std::max(0.0f, rows_h_max - body_h));

    const float panel_w = avail.x / count - ImGui::GetStyle().ItemSpacing.x;
    for (int p = 0; p < count; ++p) {
        Panel& panel = *panels_[p];
        const LoadedTrace& lt = *shown[p];
        const BankAnalysis& banks = lt.banks;
        if (p > 0)
            ImGui::SameLine();
        ImGui::BeginGroup();
        const BankTotals& t = banks.total;
        ImGui::Text("%s — %s", std::string(name_of(lt.trace.config.algorithm)).c_str(), lt.trace.config.device_name.c_str());
        ImGui::Text("loads %llu (%llu conflicts)   stores %llu (%llu conflicts)", static_cast<unsigned long long>(t.loads),
                    static_cast<unsigned long long>(t.load_conflicts), static_cast<unsigned long long>(t.stores),
                    static_cast<unsigned long long>(t.store_conflicts));

        ImGui::PushID(p);
        ImGui::BeginChild("heatmap", ImVec2(panel_w, body_h), false, ImGuiWindowFlags_NoScrollWithMouse);
        const float stats_w = ImGui::CalcTextSize("ld 000 (000)  st 000 (000)").x;
        const float label_w = std::max(ImGui::GetFontSize() * 2.5f, panel_w - stats_w - 32 * 9.0f * context.ui_scale - 12);
        const float grid_w = std::max(32.0f, panel_w - label_w - stats_w - 8);
        const float grid_x = ImGui::GetCursorScreenPos().x + label_w;
        const float rows_h = row * static_cast<float>(banks.instructions.size());
        ImGui::Dummy(ImVec2(panel_w - 16, rows_h));
        const ImVec2 origin = ImGui::GetWindowPos();
        if (std::abs(ImGui::GetScrollY() - scroll_y_) > 0.5f)
            ImGui::SetScrollY(scroll_y_);
        const float scroll = scroll_y_;
        const float top = origin.y - scroll;

        ImDrawList* list = ImGui::GetWindowDrawList();
        panel.heatmap.draw(list, grid_x, top, grid_w, rows_h);
        if (!panel.heatmap.error().empty())
            list->AddText(ImVec2(grid_x, origin.y + 4), colour(theme::colours().error), panel.heatmap.error().c_str());

        // Step groups: separators, labels, counts; the current step outlined.
        for (std::size_t k = 0; k < banks.steps.size(); ++k) {
            const std::size_t first = banks.first_of_step[k], end = banks.first_of_step[k + 1];
            const float y0 = top + first * row, y1 = top + end * row;
            if (y1 < origin.y - 20 || y0 > origin.y + body_h + 20)
                continue;
            if (end > first) {
                list->AddLine(ImVec2(origin.x, y0), ImVec2(grid_x + grid_w + stats_w, y0), ImGui::GetColorU32(ImGuiCol_Separator));
                if (y1 - y0 >= ImGui::GetTextLineHeight() || static_cast<int>(k) == step) {
                    list->AddText(ImVec2(origin.x + 2, y0), static_cast<int>(k) == step ? colour(theme::ink_on(theme::colours().current_step))
                                                                                      : ImGui::GetColorU32(ImGuiCol_Text),
                                  (std::to_string(k) + " " + step_label(lt.trace.steps[k].tag)).c_str());
                    const BankTotals& s = banks.steps[k];
                    char text[64];
                    std::snprintf(text, sizeof text, "ld %llu (%llu)  st %llu (%llu)", static_cast<unsigned long long>(s.loads),
                                  static_cast<unsigned long long>(s.load_conflicts), static_cast<unsigned long long>(s.stores),
                                  static_cast<unsigned long long>(s.store_conflicts));
                    list->AddText(ImVec2(grid_x + grid_w + 6, y0), ImGui::GetColorU32(ImGuiCol_Text), text);
                }
            }
            if (static_cast<int>(k) == step)
                list->AddRect(ImVec2(grid_x - 3, y0 - 1), ImVec2(grid_x + grid_w + 3, std::max(y1, y0 + 2) + 1),
                              colour(theme::colours().current_step), 0, 0, 3.0f * context.ui_scale);
        }
        if (panel.selected >= 0) {
            const float y = top + panel.selected * row;
            list->AddRect(ImVec2(grid_x - 1, y), ImVec2(grid_x + grid_w + 1, y + std::max(row, 2.0f)), colour(theme::colours().text));
        }

        // Hover: the bank's lanes, words and values; click: select the row for its arrows.
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        if (ImGui::IsWindowHovered() && mouse.x >= grid_x && mouse.x < grid_x + grid_w) {
            const int r = static_cast<int>((mouse.y - top) / row);
            const int b = static_cast<int>((mouse.x - grid_x) / (grid_w / 32.0f));
            if (r >= 0 && r < static_cast<int>(banks.instructions.size()) && b >= 0 && b < 32) {
                const WarpInstruction& in = banks.instructions[r];
                ImGui::BeginTooltip();
                ImGui::TextUnformatted(describe_instruction(in).c_str());
                ImGui::Text("bank %d: %u distinct word%s", b, in.distinct_words[b], in.distinct_words[b] == 1 ? "" : "s");
                int shown_lanes = 0;
                for (std::uint32_t index : in.accesses) {
                    const AccessRecord& a = lt.trace.accesses[index];
                    if (static_cast<int>(bank_of(a.word)) != b || ++shown_lanes > 12)
                        continue;
                    ImGui::Text("  lane %2u: word %u, value %s", lane_of(a.thread), a.word,
                                format_value(lt.trace.config.type, a.value, false).c_str());
                }
                if (shown_lanes > 12)
                    ImGui::Text("  … %d more lanes", shown_lanes - 12);
                ImGui::EndTooltip();
                if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
                    panel.selected = r;
                    state.set_step(static_cast<int>(in.step));
                }
            }
        }
        // Ctrl+wheel: taller or shorter rows (shared by both panels).
        if (ImGui::IsWindowHovered() && ImGui::GetIO().KeyCtrl && ImGui::GetIO().MouseWheel != 0)
            row_pixels_ = std::clamp(row * std::pow(1.2f, ImGui::GetIO().MouseWheel), 1.0f, 40.0f);
        else if (ImGui::IsWindowHovered() && ImGui::GetIO().MouseWheel != 0)
            scroll_y_ = std::max(0.0f, scroll - ImGui::GetIO().MouseWheel * row * 8);
        ImGui::EndChild();

        // The selected instruction's lane-to-bank arrows.
        if (panel.selected >= 0 && panel.selected < static_cast<int>(banks.instructions.size())) {
            const WarpInstruction& in = banks.instructions[panel.selected];
            ImGui::TextUnformatted(describe_instruction(in).c_str());
            const ImVec2 at = ImGui::GetCursorScreenPos();
            draw_lane_arrows(lt.trace, in, ImVec2(at.x + label_w * 0.2f, at.y), std::min(panel_w * 0.95f, 32 * 22.0f * context.ui_scale),
                             arrows_h - line);
            ImGui::Dummy(ImVec2(panel_w, arrows_h - line));
        } else {
            ImGui::TextDisabled("Click a row to see its lanes and banks.");
        }
        ImGui::PopID();
        ImGui::EndGroup();
    }
}

} // namespace prefixlab
