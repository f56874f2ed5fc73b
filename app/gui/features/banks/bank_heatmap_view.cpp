#include "gui/features/banks/bank_heatmap_view.hpp"

#include "core/analysis/bank_report.hpp"
#include "core/analysis/step_bands.hpp"
#include "core/analysis/trace_comparison.hpp"
#include "core/ground/format_value.hpp"
#include "core/ground/step_label.hpp"
#include "gui/app_state.hpp"
#include "gui/colour_map.hpp"
#include "gui/layout/layout_check.hpp"
#include "gui/layout/shown_range.hpp"
#include "gui/theme.hpp"
#include "gui/views/atomic_contention_panel.hpp"
#include "gui/views/flow_layout.hpp"
#include "gui/views/lane_bank_diagram.hpp"
#include "gui/widgets.hpp"

#include <algorithm>
#include <cmath>
#include <imgui.h>
#include <imgui_internal.h> // the rows' window clipped by the windows around it
#include <string>
#include <vector>

namespace prefixlab {

namespace {


// "ld 16 (48)  st 16 (0)  at 2 (14 wait)": warp-wide loads and stores with their extra wavefronts, shared atomics
// with the lanes that wait at a word; zero parts left out.
std::string counts_text(const BankTotals& t) {
    std::string text;
    if (t.loads > 0)
        text += "ld " + std::to_string(t.loads) + " (" + std::to_string(t.load_conflicts) + ")";
    if (t.stores > 0)
        text += std::string(text.empty() ? "" : "  ") + "st " + std::to_string(t.stores) + " (" + std::to_string(t.store_conflicts) + ")";
    if (t.atomics > 0)
        text += std::string(text.empty() ? "" : "  ") + "at " + std::to_string(t.atomics) + " (" + std::to_string(t.serialised) + " wait)";
    return text.empty() ? "–" : text;
}

// The narrow form, where the full one leaves the heatmaps no room: the step's extra wavefronts (and lanes waiting
// at an atomic's word).
std::string conflicts_text(const BankTotals& t) {
    if (t.loads + t.stores + t.atomics == 0)
        return "–";
    const std::string extra = std::to_string(t.load_conflicts + t.store_conflicts + t.atomic_conflicts);
    return t.atomics > 0 ? extra + " · " + std::to_string(t.serialised) + " wait" : extra;
}

std::string describe_instruction(const WarpInstruction& in) {
    char text[160];
    if (in.atomic) {
        std::snprintf(text, sizeof text, "warp %u, atomic #%u%s: %u lane%s on its busiest word (%u wait), %u wavefront%s",
                      in.warp, in.order + 1, in.result_unused ? " (result unused)" : "", in.most_lanes_on_a_word,
                      in.most_lanes_on_a_word == 1 ? "" : "s", in.lanes_waiting(), in.extra_wavefronts() + 1,
                      in.extra_wavefronts() == 0 ? "" : "s");
        return text;
    }
    std::snprintf(text, sizeof text, "warp %u, %s #%u: %u-way%s, %u extra wavefront%s", in.warp,
                  in.kind == AccessKind::read ? "load" : "store", in.order + 1, in.degree, in.broadcast ? " (with broadcast)" : "",
                  in.extra_wavefronts(), in.extra_wavefronts() == 1 ? "" : "s");
    return text;
}

std::string step_title(const Trace& trace, std::size_t step) {
    return "step " + std::to_string(step) + " (" + step_label(trace.steps[step].tag) + ")";
}

// The colour scale's legend, wrapping like words.
// `atomics`: a shown trace has atomic rows, whose cells count the lanes on a word.
void draw_scale_legend(float right_margin, bool atomics) {
    ImGui::TextUnformatted(atomics ? "words per bank (an atomic's row: lanes on one word):" : "words per bank:");
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float box = ImGui::GetTextLineHeight();
    const float swatch = box * 1.6f, gap = ImGui::GetStyle().ItemInnerSpacing.x;
    for (int v : {1, 2, 4, 8, 16, 32, 0}) {
        const std::string text = v == 0 ? "unused" : std::to_string(v);
        same_line_if_fits(swatch + gap + ImGui::CalcTextSize(text.c_str()).x + box * 0.5f, right_margin);
        ImGui::Dummy(ImVec2(box * 0.5f, box)); // space before the entry, also at the start of a line
        ImGui::SameLine(0, 0);
        const ImVec2 p = ImGui::GetCursorScreenPos();
        draw->AddRectFilled(p, ImVec2(p.x + swatch, p.y + box), theme::packed(conflict_colour(v)));
        ImGui::Dummy(ImVec2(swatch, box));
        ImGui::SameLine(0, gap);
        ImGui::TextUnformatted(text.c_str());
    }
}

} // namespace

struct BankHeatmapView::Panel {
    const LoadedTrace* shown = nullptr;
    std::uint64_t shown_serial = 0; // its LoadedTrace::serial (an address can be a new trace's)
    HeatmapRenderer heatmap;
    int selected = -1;                     // instruction chosen by a click (shown while its step is current)
    std::vector<std::string> step_counts;  // counts_text of each step
    std::vector<std::string> step_conflicts; // conflicts_text of each step

    void prepare(const LoadedTrace& loaded) {
        const BankAnalysis& banks = loaded.banks;
        std::vector<std::uint8_t> counts(banks.instructions.size() * kBanks, 0);
        // a load's or a store's cell: the distinct words in the bank; an atomic's: the lanes on the bank's busiest
        // word (the contention: lanes that take turns at one bin)
        for (std::size_t r = 0; r < banks.instructions.size(); ++r)
            for (std::uint32_t b = 0; b < kBanks; ++b)
                counts[r * kBanks + b] = banks.instructions[r].atomic ? banks.instructions[r].lanes_on_word[b]
                                                                      : banks.instructions[r].distinct_words[b];
        heatmap.set_counts(std::move(counts), static_cast<int>(banks.instructions.size()));
        step_counts.clear();
        step_conflicts.clear();
        for (const BankTotals& t : banks.steps) {
            step_counts.push_back(counts_text(t));
            step_conflicts.push_back(conflicts_text(t));
        }
        shown = &loaded;
        shown_serial = loaded.serial;
        selected = -1;
    }

    // The instruction the lane-to-bank diagram shows at `step`: the clicked one, else the worst.
    std::size_t instruction_at(int step) const {
        const BankAnalysis& banks = shown->banks;
        if (selected >= 0 && static_cast<int>(banks.instructions[selected].step) == step)
            return static_cast<std::size_t>(selected);
        return worst_instruction_of_step(banks, static_cast<std::size_t>(step));
    }
};

// Widths, in pixels, of this frame's columns: step labels, then per panel the heatmap, its counts.
struct BankHeatmapView::Layout {
    const LoadedTrace* traces[2] = {};
    int count = 1;
    int step = 0;
    bool reveal = false;
    bool full_labels = true;
    bool full_counts = true; // "ld 2 (2)  st 2 (2)", else only the extra wavefronts
    float label_w = 0, header_h = 0, line = 0, gap = 0;
    float cell = 0; // one bank's column
    float banks_w = 0; // the 32 banks' columns
    float panel_w[2] = {};
    std::string totals[2];
    StepBands bands;

    float content_w() const { return label_w + panel_w[0] + (count > 1 ? panel_w[1] : 0); }
    float panel_x(int p) const { return label_w + (p > 0 ? panel_w[0] : 0); } // from the label column's left
    const std::string& counts(const Panel& panel, std::size_t step) const {
        return full_counts ? panel.step_counts[step] : panel.step_conflicts[step];
    }
    std::string label(std::size_t step) const {
        const std::string number = std::to_string(step);
        return full_labels ? number + "  " + step_label(traces[0]->trace.steps[step].tag) : number;
    }
};

BankHeatmapView::BankHeatmapView() {
    panels_[0] = std::make_unique<Panel>();
    panels_[1] = std::make_unique<Panel>();
}

BankHeatmapView::~BankHeatmapView() = default;

void BankHeatmapView::draw(AppState& state, const ViewContext& context) {
    shown_ = context.shown;
    const LoadedTrace* loaded = shown_trace_or_hint(state, context);
    if (loaded == nullptr)
        return;
    // A trace and its companion in catalogue order (plain Blelloch on the left, padded on the right);
    // any other trace alone. Two traces side by side are two views instead, each alone.
    Layout layout;
    layout.traces[0] = loaded;
    layout.traces[1] = shown_.comparison == nullptr ? state.block.companion() : nullptr;
    if (layout.traces[1] != nullptr && layout.traces[1]->trace.config.algorithm < loaded->trace.config.algorithm)
        std::swap(layout.traces[0], layout.traces[1]);
    layout.count = panel_count_ = layout.traces[1] != nullptr ? 2 : 1;
    for (int p = 0; p < layout.count; ++p)
        if (panels_[p]->shown_serial != layout.traces[p]->serial)
            panels_[p]->prepare(*layout.traces[p]);
    focused_panel_ = std::min(focused_panel_, layout.count - 1);
    layout.step = shown_.step;
    layout.reveal = state.reveal;

    const float avail_w = width_beside_scroll_bar();
    // Where the tab is short (3× on 1280×720: 9 lines; a half of compare mode at 2× on 1920×1080), the legend
    // and the line on the counts hide behind a button, and the heatmap and the lane-to-bank diagram keep their
    // lines (the heatmap had none left at 3×; the diagram's bank row was below the half's edge at 2×).
    const float legend_margin = ImGui::GetContentRegionAvail().x - avail_w;
    // atomics are named only where a shown trace has some: the other kernels' caption keeps its one line
    bool atomics = false;
    for (int p = 0; p < layout.count; ++p)
        atomics = atomics || layout.traces[p]->banks.total.atomics > 0;
    const auto counts_caption = [&] {
        if (atomics)
            return layout.full_counts ? "ld N (c): N warp-wide loads, c extra wavefronts (conflicts); st: stores; at N (w "
                                        "wait): atomics, w lanes waiting at a word"
                                      : "extra: the step's extra wavefronts, and lanes waiting at an atomic's word";
        return layout.full_counts ? "ld N (c): N warp-wide loads, c extra wavefronts (conflicts); st: stores"
                                  : "extra: the step's extra wavefronts (bank conflicts)";
    };
    // Columns, from the font.
    const ImGuiStyle& style = ImGui::GetStyle();
    const float font = ImGui::GetFontSize();
    layout.line = ImGui::GetTextLineHeightWithSpacing();
    layout.gap = font * 0.5f;
    layout.header_h = layout.line * 3;
    float full_label_w = 0, number_w = ImGui::CalcTextSize("step").x;
    const Trace& steps_trace = layout.traces[0]->trace;
    for (std::size_t k = 0; k < steps_trace.steps.size(); ++k)
        full_label_w = std::max(full_label_w, ImGui::CalcTextSize(layout.label(k).c_str()).x);
    layout.full_labels = full_label_w <= avail_w * 0.25f;
    if (!layout.full_labels)
        for (std::size_t k = 0; k < steps_trace.steps.size(); ++k)
            number_w = std::max(number_w, ImGui::CalcTextSize(std::to_string(k).c_str()).x);
    layout.label_w = (layout.full_labels ? std::max(full_label_w, number_w) : number_w) + layout.gap;

    // Full counts where they fit beside heatmaps of the narrowest useful columns, else conflicts only.
    const float narrowest = font * 0.3f; // a bank column: narrower is a smear; 11 px at 2×
    const float widest = font * 1.5f;    // wider only spreads the rows
    float counts_w[2] = {}, titles_w[2] = {};
    for (const bool full : {true, false}) {
        layout.full_counts = full;
        float fixed_w = layout.label_w + style.ScrollbarSize;
        for (int p = 0; p < layout.count; ++p) {
            const LoadedTrace& lt = *layout.traces[p];
            const BankTotals totals = layout.reveal ? totals_through_step(lt.banks, static_cast<std::size_t>(layout.step)) : lt.banks.total;
            layout.totals[p] = (layout.reveal ? "so far: " : "total: ") + (full ? counts_text(totals) : conflicts_text(totals) + " extra");
            counts_w[p] = ImGui::CalcTextSize(full ? "" : "extra").x;
            for (std::size_t k = 0; k < panels_[p]->step_counts.size(); ++k)
                counts_w[p] = std::max(counts_w[p], ImGui::CalcTextSize(layout.counts(*panels_[p], k).c_str()).x);
            titles_w[p] = std::max(ImGui::CalcTextSize(std::string(name_of(lt.trace.config.algorithm)).c_str()).x,
                                   ImGui::CalcTextSize(layout.totals[p].c_str()).x);
            fixed_w += std::max(layout.gap + counts_w[p], titles_w[p] - 32 * narrowest) + font;
        }
        layout.cell = std::clamp((avail_w - fixed_w) / (32.0f * layout.count), narrowest, widest);
        if (fixed_w + 32 * narrowest * layout.count <= avail_w)
            break;
    }
    layout.banks_w = layout.cell * 32;
    for (int p = 0; p < layout.count; ++p)
        layout.panel_w[p] = std::max(layout.banks_w + layout.gap + counts_w[p], titles_w[p]) + font;

    // Room for the legend (two lines) and the caption (wrapped) above the heatmap's header, two bands and the
    // lane-to-bank diagram: the heatmap's least and the diagram whole are what the view is for.
    const float caption_h =
        ImGui::CalcTextSize(counts_caption(), nullptr, false, ImGui::GetContentRegionAvail().x).y + style.ItemSpacing.y;
    const float least_below = layout.header_h + 2 * layout.line + style.ScrollbarSize + lanes_and_banks_height(avail_w);
    const bool roomy =
        room_for_legend() && ImGui::GetContentRegionAvail().y >= 2 * layout.line + caption_h + least_below;
    legend_or_button(
        [&] {
            draw_scale_legend(legend_margin, atomics);
            if (!roomy)
                ImGui::TextDisabled("%s", counts_caption());
        },
        roomy);
    if (roomy) {
        ImGui::PushTextWrapPos(0); // a half of compare mode is narrower than the line: wrapped, not cut
        ImGui::TextDisabled("%s", counts_caption());
        ImGui::PopTextWrapPos();
        if (ImGui::IsItemHovered())
            tooltip("1 word per bank: no conflict; k words: k - 1 extra wavefronts.\nNsight Compute counts the same:\n"
                    "load conflicts = %s\n  − %s\n(and _st for stores)", kNcuLoadWavefronts, kNcuLoadInstructions);
    }

    // Heights: the heatmap takes what the lane-to-bank diagram leaves (the main area scrolls where that is
    // less than its least).
    const float bottom_h = lanes_and_banks_height(avail_w);
    const float min_band = layout.line;
    // Two bands at least: the current step's (followed) and one more; with four, the heatmap pushed the bank row of
    // the lane-to-bank diagram under the tab's edge at 2× on 1920×1080 in presentation mode.
    const float height = std::max(ImGui::GetContentRegionAvail().y - bottom_h - style.ItemSpacing.y,
                                  layout.header_h + 2 * min_band + style.ScrollbarSize);
    const BankAnalysis* analyses[2] = {&layout.traces[0]->banks, layout.count > 1 ? &layout.traces[1]->banks : nullptr};
    const std::vector<std::size_t> per_step = instructions_per_step(std::span(analyses, layout.count));
    const float rows_h = height - layout.header_h - (layout.content_w() > avail_w ? style.ScrollbarSize : 0);
    const float row = row_zoom_ > 0 ? row_zoom_ * font
                                    : fit_row_height(per_step, min_band, rows_h, std::max(2.0f, font * 0.25f), ImGui::GetTextLineHeight());
    layout.bands = layout_step_bands(per_step, row, min_band);

    draw_heatmaps(state, layout, ImVec2(avail_w, height));
    draw_lanes_and_banks(avail_w);
    (void)context;
}

void BankHeatmapView::draw_heatmaps(AppState& state, const Layout& layout, ImVec2 size) {
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::BeginChild("heatmaps", size, false, ImGuiWindowFlags_HorizontalScrollbar);
    ImGui::PopStyleVar();
    const ImVec2 win = ImGui::GetWindowPos();
    const ImVec2 visible = ImGui::GetContentRegionAvail(); // without the scroll bars
    // The rows' view, in content coordinates below the header: [view_top, view_bottom) of the rows as this
    // window scrolls them, less what the windows around it hide (the tab scrolls where it is short: at 3× on
    // 1280×720 the heatmap's bottom 50 px were below the tab's edge, and the band followed into them).
    const float rows_visible = visible.y - layout.header_h;
    const ImRect& clip = ImGui::GetCurrentWindowRead()->InnerClipRect; // clipped by the windows around
    const float rows_top = win.y + layout.header_h;
    const float view_top = std::clamp(clip.Min.y - rows_top, 0.0f, rows_visible);
    const float view_bottom = std::clamp(clip.Max.y - rows_top, view_top, rows_visible);
    const float view_h = view_bottom - view_top;
    // Room below the last band for what the windows around hide, so that the last step's band can scroll up
    // into the part shown (at 3× on 1280×720 the last of a radix sort's 18 bands stayed below it).
    ImGui::Dummy(ImVec2(layout.content_w(), layout.header_h + layout.bands.total() + (rows_visible - view_bottom)));
    const float scroll_x = ImGui::GetScrollX(), scroll_y = ImGui::GetScrollY();

    // Keep the current step's band in view when the step changes (stepping, playback), in another window
    // (compare mode draws the left side in a window of its own, which opens at the top: it showed rows 0–3 at
    // step 9 while the right side showed step 9), and when the band or the view changes size (a new UI scale
    // kept the old scroll: at 2× the right half of compare mode showed steps 0–1 at step 3).
    const StepBands& bands = layout.bands;
    const std::size_t step = static_cast<std::size_t>(layout.step);
    const ImGuiID window = ImGui::GetCurrentWindowRead()->ID;
    if (step < bands.steps() && view_h > 0) {
        const float top = bands.top[step], bottom = bands.top[step + 1];
        if (layout.step != followed_step_ || window != followed_window_ || top != followed_top_ ||
            bottom != followed_bottom_ || view_top != followed_view_top_ || view_h != followed_view_) {
            followed_step_ = layout.step, followed_window_ = window;
            followed_top_ = top, followed_bottom_ = bottom, followed_view_top_ = view_top, followed_view_ = view_h;
            // Asked for over a few frames: a scroll asked for in the frame that made room below the last band
            // is clamped to the room before it (the last of a radix sort's 18 bands at 3× on 1280×720).
            follow_frames_ = 3;
        }
        if (follow_frames_ > 0) {
            --follow_frames_;
            // A third of the view above the band for context, less where the band would then end below the
            // view (a 75-px band in an 84-px view at 3×), and none where the band is taller than the view.
            if (top < scroll_y + view_top || bottom > scroll_y + view_bottom) {
                const float band_at = std::min(top, std::max(top - view_h / 3, bottom - view_h)) - view_top;
                ImGui::SetScrollY(std::max(0.0f, band_at));
            }
        }
    }

    // Regions: the sticky label column (scrolls vertically), the sticky header (sideways), the rows (both).
    const float left = win.x + layout.label_w, top = win.y + layout.header_h;
    const float right = win.x + visible.x, bottom = win.y + visible.y;
    layout::note_scrolled_region(left, top, right, bottom, true, true);
    layout::note_scrolled_region(win.x, top, left, bottom, false, true);
    layout::note_scrolled_region(left, win.y, right, top, true, false);
    const float rows_y = top - scroll_y;
    {
        const float shown_y0 = std::max(top, clip.Min.y), shown_y1 = std::max(shown_y0, std::min(bottom, clip.Max.y));
        const float shown_x1 = std::max(left, std::min(right, clip.Max.x));
        if (step < bands.steps())
            layout::note_current_step_row(
                {"Banks", rows_y + bands.top[step], rows_y + bands.top[step + 1], shown_y0, shown_y1, top, bottom});
        // Columns in bank cells from the rows' left edge; steps fractional within their bands.
        const auto step_at = [&](float y) {
            const float content = y - rows_y;
            const std::size_t k = std::min(bands.step_at(content), bands.steps());
            if (k >= bands.steps())
                return static_cast<float>(bands.steps());
            const float band = bands.top[k + 1] - bands.top[k];
            return static_cast<float>(k) + (band > 0 ? std::clamp((content - bands.top[k]) / band, 0.0f, 1.0f) : 0.0f);
        };
        layout::note_shown_range({"Banks", shown_.side, scroll_x / layout.cell, (scroll_x + shown_x1 - left) / layout.cell,
                                  step_at(shown_y0), step_at(shown_y1)});
    }
    const float content_x = win.x - scroll_x;
    const std::size_t last_shown = layout.reveal ? std::min(step, bands.steps() - 1) : bands.steps() - 1;
    const float text_h = ImGui::GetTextLineHeight();
    const float text_dy = (layout.line - text_h) / 2;
    ImDrawList* list = ImGui::GetWindowDrawList();
    const ImU32 text_colour = ImGui::GetColorU32(ImGuiCol_Text), separator = ImGui::GetColorU32(ImGuiCol_Separator);

    // Bands in view: [first_band, end_band).
    std::size_t first_band = bands.step_at(scroll_y);
    std::size_t end_band = std::min(bands.steps(), bands.step_at(scroll_y + rows_visible) + 1);
    if (first_band >= bands.steps())
        first_band = end_band = 0;
    end_band = std::min(end_band, last_shown + 1);

    // Header: each panel's kernel and totals, and the bank numbers (every 1, 2, 4… that fits).
    list->PushClipRect(ImVec2(left, win.y), ImVec2(right, top), true);
    const float number_w = ImGui::CalcTextSize("00").x + layout.gap * 0.5f;
    int stride = 1;
    while (stride < 16 && stride * layout.cell < number_w)
        stride *= 2;
    for (int p = 0; p < layout.count; ++p) {
        const Trace& trace = layout.traces[p]->trace;
        const float x = content_x + layout.panel_x(p);
        list->AddText(ImVec2(x, win.y + text_dy), text_colour, std::string(name_of(trace.config.algorithm)).c_str());
        list->AddText(ImVec2(x, win.y + layout.line + text_dy), text_colour, layout.totals[p].c_str());
        if (!layout.full_counts)
            list->AddText(ImVec2(x + layout.banks_w + layout.gap, win.y + 2 * layout.line + text_dy), ImGui::GetColorU32(ImGuiCol_TextDisabled),
                          "extra");
        for (int b = 0; b < 32; b += stride) {
            const std::string text = std::to_string(b);
            const float w = ImGui::CalcTextSize(text.c_str()).x;
            list->AddText(ImVec2(std::max(x, x + (b + 0.5f) * layout.cell - w / 2), win.y + 2 * layout.line + text_dy),
                          ImGui::GetColorU32(ImGuiCol_TextDisabled), text.c_str());
        }
    }
    list->PopClipRect();
    list->AddText(ImVec2(win.x, win.y + 2 * layout.line + text_dy), ImGui::GetColorU32(ImGuiCol_TextDisabled), "step");

    // Rows: heat, separators, counts; the current step outlined, the chosen instruction framed.
    list->PushClipRect(ImVec2(left, top), ImVec2(right, bottom), true);
    for (std::size_t k = first_band; k < end_band; ++k) {
        const float y0 = rows_y + bands.top[k], y1 = rows_y + bands.top[k + 1];
        list->AddLine(ImVec2(content_x + layout.label_w, y0), ImVec2(content_x + layout.content_w(), y0), separator);
        for (int p = 0; p < layout.count; ++p) {
            const BankAnalysis& banks = layout.traces[p]->banks;
            const float x = content_x + layout.panel_x(p);
            if (k < banks.steps.size()) {
                const std::size_t first = banks.first_of_step[k], n = banks.first_of_step[k + 1] - first;
                panels_[p]->heatmap.draw_rows(list, x, y0 + 1, layout.banks_w, y1 - y0 - 1, static_cast<int>(first), static_cast<int>(n));
                const std::string& counts = layout.counts(*panels_[p], k);
                const ImVec2 at(x + layout.banks_w + layout.gap, y0 + text_dy);
                if (counts_differ(k) && k <= step) {
                    // The mark's corner clear of the counts' last glyph (it covered the ")" at 2×).
                    const float w = ImGui::CalcTextSize(counts.c_str()).x + layout.gap * 2 / 3, h = y1 - y0 - 1;
                    draw_difference_mark(list, at.x - layout.gap / 3, y0 + 1, w + difference_mark_corner(w, h), h);
                }
                list->AddText(at, text_colour, counts.c_str());
            }
        }
    }
    for (int p = 0; p < layout.count; ++p) {
        const float x = content_x + layout.panel_x(p);
        const float thick = std::max(2.0f, ImGui::GetFontSize() * 0.12f);
        if (step < bands.steps() && step < end_band && step >= first_band)
            list->AddRect(ImVec2(x - thick / 2, rows_y + bands.top[step]), ImVec2(x + layout.banks_w + thick / 2, rows_y + bands.top[step + 1]),
                          theme::packed(theme::colours().current_step), 0, 0, thick);
        const Panel& panel = *panels_[p];
        const std::size_t chosen = step < bands.steps() ? panel.instruction_at(layout.step) : kNoInstruction;
        if (chosen != kNoInstruction && p == focused_panel_) {
            const BankAnalysis& banks = layout.traces[p]->banks;
            const std::size_t first = banks.first_of_step[step], n = banks.first_of_step[step + 1] - first;
            const float row_h = bands.height(step) / static_cast<float>(n);
            const float y = rows_y + bands.top[step] + (chosen - first) * row_h;
            list->AddRect(ImVec2(x, y), ImVec2(x + layout.banks_w, y + row_h), theme::packed(theme::colours().text), 0, 0, thick / 2);
        }
    }
    list->PopClipRect();

    // The label column, over nothing: it stays put when the rows scroll sideways.
    list->PushClipRect(ImVec2(win.x, top), ImVec2(left, bottom), true);
    for (std::size_t k = first_band; k < end_band; ++k) {
        const float y0 = rows_y + bands.top[k];
        const bool current = k == step;
        if (current)
            list->AddRectFilled(ImVec2(win.x, y0), ImVec2(left - layout.gap / 2, rows_y + bands.top[k + 1]), theme::packed(theme::colours().current_step));
        list->AddText(ImVec2(win.x + layout.gap / 4, y0 + text_dy),
                      current ? theme::packed(theme::ink_on(theme::colours().current_step)) : text_colour, layout.label(k).c_str());
    }
    list->PopClipRect();

    // Hover: a compact label's full text; a bank's lanes, words and values. Click: choose the row.
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const std::size_t k = mouse.y >= top && mouse.y < bottom ? bands.step_at(mouse.y - rows_y) : bands.steps();
    if (ImGui::IsWindowHovered() && k < bands.steps() && k <= last_shown) {
        if (mouse.x >= win.x && mouse.x < left && !layout.full_labels)
            tooltip("%s", step_title(layout.traces[0]->trace, k).c_str());
        for (int p = 0; p < layout.count && mouse.x >= left && mouse.x < right; ++p) {
            const float x = content_x + layout.panel_x(p);
            const BankAnalysis& banks = layout.traces[p]->banks;
            if (mouse.x < x || mouse.x >= x + layout.banks_w || k >= banks.steps.size())
                continue;
            const std::size_t first = banks.first_of_step[k], n = banks.first_of_step[k + 1] - first;
            if (n == 0)
                continue;
            const float row_h = bands.height(k) / static_cast<float>(n);
            const std::size_t r = first + std::min(n - 1, static_cast<std::size_t>((mouse.y - rows_y - bands.top[k]) / row_h));
            const int b = std::clamp(static_cast<int>((mouse.x - x) / layout.cell), 0, 31);
            const WarpInstruction& in = banks.instructions[r];
            const Trace& trace = layout.traces[p]->trace;
            begin_tooltip();
            ImGui::Text("%s, %s", step_title(trace, in.step).c_str(), describe_instruction(in).c_str());
            if (in.atomic)
                ImGui::Text("bank %d: %u lane%s on its busiest word, %u distinct word%s", b, in.lanes_on_word[b],
                            in.lanes_on_word[b] == 1 ? "" : "s", in.distinct_words[b], in.distinct_words[b] == 1 ? "" : "s");
            else
                ImGui::Text("bank %d: %u distinct word%s", b, in.distinct_words[b], in.distinct_words[b] == 1 ? "" : "s");
            int shown_lanes = 0;
            for (std::uint32_t index : in.accesses) {
                const AccessRecord& a = trace.accesses[index];
                if (static_cast<int>(bank_of(a.word)) != b || ++shown_lanes > 12)
                    continue;
                ImGui::Text("  lane %2u: word %u, value %s", lane_of(a.thread), a.word, format_element(trace.config.algorithm, trace.config.type, a.value, false).c_str());
            }
            if (shown_lanes > 12)
                ImGui::Text("  … %d more lanes", shown_lanes - 12);
            end_tooltip();
            if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
                panels_[p]->selected = static_cast<int>(r);
                focused_panel_ = p;
                go_to_shown_step(state, shown_, static_cast<int>(in.step));
            }
        }
    }
    // Ctrl+wheel: taller or shorter instruction rows, in font sizes so a scale change keeps them.
    const ImGuiIO& io = ImGui::GetIO();
    if (ImGui::IsWindowHovered() && io.KeyCtrl && io.MouseWheel != 0)
        row_zoom_ = std::clamp(bands.row_height * std::pow(1.2f, io.MouseWheel) / ImGui::GetFontSize(), 0.05f, 2.0f);
    ImGui::EndChild();
}

bool BankHeatmapView::counts_differ(std::size_t step) const {
    if (shown_.comparison == nullptr)
        return false;
    const std::vector<std::uint8_t>& differ = shown_.comparison->sides[shown_.side].conflicts_differ;
    return step < differ.size() && differ[step] != 0;
}

std::string BankHeatmapView::caption() const {
    const Panel& panel = *panels_[focused_panel_];
    const Trace& trace = panel.shown->trace;
    const int step = shown_.step;
    if (step < 0 || step >= static_cast<int>(trace.steps.size()))
        return "";
    const std::size_t chosen = panel.instruction_at(step);
    if (chosen == kNoInstruction)
        return step_title(trace, static_cast<std::size_t>(step)) + " issues no shared-memory instruction.";
    // Named by kernel: the diagram shows the panel last clicked (plain Blelloch at first). An atomic's step shows
    // its words rather than lanes → banks.
    const WarpInstruction& in = panel.shown->banks.instructions[chosen];
    return std::string(name_of(trace.config.algorithm)) + ", step " + std::to_string(step) +
           (in.atomic ? ", " : ", lanes → banks of ") + describe_instruction(in);
}

float BankHeatmapView::lanes_and_banks_height(float width) const {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float caption_h = ImGui::CalcTextSize(caption().c_str(), nullptr, false, width).y + style.ItemSpacing.y;
    const std::size_t chosen = chosen_instruction();
    const Panel& panel = *panels_[focused_panel_];
    // an atomic's step shows the words its atomics meet at where a load's or a store's shows lanes → banks
    const float below = chosen != kNoInstruction && panel.shown->banks.instructions[chosen].atomic
                            ? atomic_contention_height(panel.shown->trace, std::size_t(shown_.step), true, width)
                            : lane_bank_diagram_height(width);
    return caption_h + below + style.ItemSpacing.y * 2;
}

void BankHeatmapView::draw_lanes_and_banks(float width) {
    const Panel& panel = *panels_[focused_panel_];
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
    ImGui::TextUnformatted(caption().c_str());
    ImGui::PopTextWrapPos();
    const std::size_t chosen = chosen_instruction();
    if (chosen == kNoInstruction)
        return;
    if (panel.shown->banks.instructions[chosen].atomic)
        draw_atomic_contention(panel.shown->trace, std::size_t(shown_.step), true, width);
    else
        draw_lane_bank_diagram(panel.shown->trace, panel.shown->banks.instructions[chosen], width);
}

std::size_t BankHeatmapView::chosen_instruction() const {
    const Panel& panel = *panels_[focused_panel_];
    const int step = shown_.step;
    return step >= 0 && step < static_cast<int>(panel.shown->trace.steps.size()) ? panel.instruction_at(step)
                                                                                  : kNoInstruction;
}

} // namespace prefixlab
