#include "gui/features/benchmark/bench_view.hpp"

#include "core/bench/bench_catalog.hpp"
#include "core/bench/bench_sizes.hpp"
#include "core/plot/plot_export.hpp"
#include "gui/features/benchmark/bench_state.hpp"
#include "gui/layout/layout_check.hpp"
#include "gui/value_slider.hpp"
#include "gui/theme.hpp"
#include "gui/widgets.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <imgui.h>

namespace prefixlab {

namespace {


bool selected(const BenchSpec& spec, const std::string& name) {
    return std::find(spec.algorithms.begin(), spec.algorithms.end(), name) != spec.algorithms.end();
}

void set_selected(BenchSpec& spec, const std::string& name, bool on) {
    std::erase(spec.algorithms, name);
    if (on) // keep catalog order, which is the legend's
        spec.algorithms.push_back(name);
    std::vector<std::string> ordered;
    for (const BenchAlgorithm& a : bench_algorithms())
        if (selected(spec, a.name))
            ordered.push_back(a.name);
    spec.algorithms = ordered;
}

std::string duration_text(double seconds) {
    char text[32];
    if (seconds < 90)
        std::snprintf(text, sizeof text, "%.0f s", seconds);
    else
        std::snprintf(text, sizeof text, "%.0f min %02.0f s", std::floor(seconds / 60), std::fmod(seconds, 60));
    return text;
}

// One algorithm's checkbox, its description as the tooltip; `label` may be shorter than its name.
void algorithm_checkbox(BenchState& bench, const BenchAlgorithm& a, const char* label) {
    const bool unavailable = a.target == BenchTarget::gpu && !bench.gpu().available;
    ImGui::PushID(a.name.c_str());
    ImGui::BeginDisabled(unavailable);
    bool on = selected(bench.spec, a.name) && !unavailable;
    if (ImGui::Checkbox(label, &on))
        set_selected(bench.spec, a.name, on);
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        tooltip("%s\n%s%s", a.name.c_str(), a.description.c_str(),
                          unavailable ? ("\nNo CUDA GPU: " + bench.gpu().reason).c_str() : "");
    ImGui::PopID();
}

// "all" and "none" for one target.
void select_buttons(BenchState& bench, BenchTarget target) {
    ImGui::PushID(target == BenchTarget::gpu ? "gpu" : "cpu");
    ImGui::TextDisabled(target == BenchTarget::gpu ? "GPU" : "CPU");
    ImGui::SameLine();
    if (ImGui::SmallButton("all"))
        for (const BenchAlgorithm& a : bench_algorithms())
            if (a.target == target && (bench.gpu().available || target == BenchTarget::cpu))
                set_selected(bench.spec, a.name, true);
    ImGui::SameLine();
    if (ImGui::SmallButton("none"))
        for (const BenchAlgorithm& a : bench_algorithms())
            if (a.target == target)
                set_selected(bench.spec, a.name, false);
    ImGui::PopID();
}

// Checkboxes in two columns where the widest of the first column's leaves room for the second's (a fixed
// step let "tuned-look-back" run into its neighbour's box), else one below the other.
void checkbox_rows(BenchState& bench, const std::vector<const BenchAlgorithm*>& algorithms) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const auto width_of = [&](const BenchAlgorithm* a) {
        return ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(a->name.c_str()).x;
    };
    float first = 0, second = 0;
    for (std::size_t i = 0; i < algorithms.size(); ++i)
        (i % 2 == 0 ? first : second) = std::max(i % 2 == 0 ? first : second, width_of(algorithms[i]));
    const float step = first + style.ItemSpacing.x * 2;
    const int columns = step + second <= ImGui::GetContentRegionAvail().x ? 2 : 1;
    const float left = ImGui::GetCursorPosX();
    for (std::size_t i = 0; i < algorithms.size(); ++i) {
        if (i % std::size_t(columns) != 0)
            ImGui::SameLine(left + step * float(i % std::size_t(columns)));
        algorithm_checkbox(bench, *algorithms[i], algorithms[i]->name.c_str());
    }
}

} // namespace

// The block scans as a table, a row each, with a column per driver (scan-then-propagate,
// reduce-then-scan); then the other GPU methods and the CPU baselines.
void BenchView::draw_algorithms(BenchState& bench) {
    select_buttons(bench, BenchTarget::gpu);
    std::vector<const BenchAlgorithm*> others;
    const ImGuiTableFlags flags = ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH;
    if (ImGui::BeginTable("##drivers", 3, flags)) {
        ImGui::TableSetupColumn("block scan", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableSetupColumn("STP");
        ImGui::TableSetupColumn("RTS");
        ImGui::TableHeadersRow();
        if (ImGui::IsItemHovered())
            tooltip("STP: scan-then-propagate (block scans, scan of block totals, add: 4N memory operations)\n"
                              "RTS: reduce-then-scan (block totals, their scan, block scans: 3N)");
        for (const BenchAlgorithm& a : bench_algorithms()) {
            if (a.target != BenchTarget::gpu)
                continue;
            if (!a.name.starts_with("stp-")) {
                if (!a.name.starts_with("rts-"))
                    others.push_back(&a);
                continue;
            }
            const std::string block = a.name.substr(4);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::AlignTextToFramePadding();
            ImGui::TextUnformatted(block.c_str());
            ImGui::TableNextColumn();
            algorithm_checkbox(bench, a, "##stp");
            ImGui::TableNextColumn();
            if (const BenchAlgorithm* rts = find_bench_algorithm("rts-" + block))
                algorithm_checkbox(bench, *rts, "##rts");
        }
        ImGui::EndTable();
    }
    checkbox_rows(bench, others);
    select_buttons(bench, BenchTarget::cpu);
    std::vector<const BenchAlgorithm*> cpu;
    for (const BenchAlgorithm& a : bench_algorithms())
        if (a.target == BenchTarget::cpu)
            cpu.push_back(&a);
    checkbox_rows(bench, cpu);
}

void BenchView::draw(AppState&, const ViewContext& context) {
    BenchState& bench = bench_;
    // The tab's views, the scans' sweep and the timed tables (Harris's reduction table, the compaction
    // table); each heads its first row with the picker between them (draw_bench_view_picker).
    if (bench.shows == BenchShows::reduce_table)
        reduce_table_.draw(bench, context);
    else if (bench.shows == BenchShows::compact_table)
        compact_table_.draw(bench, context);
    else if (bench.shows == BenchShows::sort_table)
        sort_table_.draw(bench, context);
    else if (bench.shows == BenchShows::histogram_table)
        histogram_table_.draw(bench, context);
    else if (bench.shows == BenchShows::segmented_table)
        segmented_table_.draw(bench, context);
    else
        draw_sweep(bench, context);
}

void BenchView::draw_sweep(BenchState& bench, const ViewContext& context) {
    const float em = ImGui::GetFontSize();
    const float column = em * kSettingsColumnEms;
    // Until the lecturer chooses, the settings column shows only where the plot keeps kPlotMinEms
    // beside it: at 1920 × 1080 that is scales 1 and 1.5; at 2× the plot takes the tab.
    const bool roomy = ImGui::GetContentRegionAvail().x >= em * (kSettingsColumnEms + kPlotMinEms);
    bool settings_shown = settings_choice_.value_or(roomy);
    if (settings_shown) {
        if (ImGui::BeginChild("##bench-settings", ImVec2(column, 0), false)) {
            // Export before the result sets, so that at 1600 × 900 it shows without scrolling.
            draw_settings(bench);
            if (!bench.running())
                draw_progress(bench); // the Run button; a running sweep's progress heads the plot instead
            draw_export(bench);
            draw_results(bench);
        }
        ImGui::EndChild();
        ImGui::SameLine();
    }
    if (ImGui::BeginChild("##bench-plot", ImVec2(0, 0), false)) {
        // The sweep's progress above the plot, in sight whatever the settings column shows (its algorithm
        // list alone can fill the column's height at 1600 × 900).
        if (bench.running())
            draw_progress(bench);
        if (bench.reading()) // results files at start, or opened: the plot shows them once read
            draw_reading_progress(bench.read_progress(), "reading results files",
                                  ImGui::GetContentRegionAvail().x);
        const bool was_shown = settings_shown;
        plot_.draw(bench, context, settings_shown);
        if (settings_shown != was_shown)
            settings_choice_ = settings_shown;
    }
    ImGui::EndChild();
}

void BenchView::draw_settings(BenchState& bench) {
    BenchSpec& spec = bench.spec;
    const bool running = bench.running();
    ImGui::BeginDisabled(running);
    section_heading("Algorithms");
    draw_algorithms(bench);

    section_heading("Sizes and repetitions");
    // The spec is the truth (a script may set it): the widgets show it and rebuild it when edited.
    const auto exponent = [](std::uint64_t n) { return int(std::lround(std::log2(double(n)))); };
    int from = spec.sizes.empty() ? 10 : exponent(spec.sizes.front());
    int to = spec.sizes.empty() ? 24 : exponent(spec.sizes.back());
    bool sweep = !spec.block_sweep_sizes.empty();
    int sweep_at = sweep ? exponent(spec.block_sweep_sizes.front()) : std::clamp(20, from, to);
    const std::array<int, kBenchBlockSizeCount> block_sizes = bench_block_sizes();
    bool blocks[kBenchBlockSizeCount];
    for (int i = 0; i < kBenchBlockSizeCount; ++i)
        blocks[i] = !sweep || std::find(spec.block_sizes.begin(), spec.block_sizes.end(), block_sizes[i]) !=
                                  spec.block_sizes.end();
    bool changed = false;
    ImGui::PushItemWidth(-ImGui::GetFontSize() * 6);
    changed |= slider_int("N from", &from, 4, 30, "2^%d");
    changed |= slider_int("N to", &to, 4, 30, "2^%d");
    slider_int("Repetitions", &spec.repetitions, 1, 100);
    if (ImGui::IsItemHovered())
        tooltip("Timed runs per point (after %d untimed warm-up runs); 20 or more for figures you report",
                          spec.warmup);
    changed |= ImGui::Checkbox("Block-size sweep at", &sweep);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
    changed |= slider_int("##sweep-n", &sweep_at, from, std::max(from, to), "N = 2^%d");
    if (sweep)
        for (int i = 0; i < kBenchBlockSizeCount; ++i) {
            if (i > 0)
                ImGui::SameLine();
            changed |= ImGui::Checkbox(std::to_string(block_sizes[i]).c_str(), &blocks[i]);
        }
    ImGui::PopItemWidth();
    ImGui::EndDisabled();
    if (changed && !running) {
        to = std::max(to, from);
        sweep_at = std::clamp(sweep_at, from, to);
        spec.sizes = parse_bench_sizes("2^" + std::to_string(from) + "..2^" + std::to_string(to));
        spec.block_sizes.clear();
        spec.block_sweep_sizes.clear();
        if (sweep) {
            for (int i = 0; i < kBenchBlockSizeCount; ++i)
                if (blocks[i])
                    spec.block_sizes.push_back(block_sizes[i]);
            if (spec.block_sizes.empty())
                spec.block_sizes = {block_sizes[0]};
            spec.block_sweep_sizes = {std::uint64_t(1) << sweep_at};
        }
    }
}

void BenchView::draw_progress(BenchState& bench) {
    ImGui::Spacing();
    const LiveBench live = bench.live();
    const float width = ImGui::GetContentRegionAvail().x;
    if (!live.running) {
        if (ImGui::Button("Run benchmark (F6)", ImVec2(width, 0)))
            bench.start();
    } else {
        if (ImGui::Button("Cancel (Esc): keep the finished points", ImVec2(width, 0)))
            bench.cancel();
        char overlay[96];
        if (live.progress.remaining_s >= 0)
            std::snprintf(overlay, sizeof overlay, "%.0f %%  ·  about %s left", 100 * live.progress.fraction,
                          duration_text(live.progress.remaining_s).c_str());
        else
            std::snprintf(overlay, sizeof overlay, "%.0f %%", 100 * live.progress.fraction);
        ImGui::PushStyleColor(ImGuiCol_PlotHistogram, text_colour(theme::colours().progress));
        ImGui::ProgressBar(static_cast<float>(live.progress.fraction), ImVec2(width, 0), overlay);
        ImGui::PopStyleColor();
        ImGui::TextDisabled("%s · %zu points", live.progress.activity.c_str(), live.points.size());
    }
    for (const std::string& message : live.messages)
        ImGui::TextColored(text_colour(message.starts_with("FAILED") ? theme::colours().error : theme::colours().cell_written), "%s",
                           message.c_str());
}

void BenchView::draw_results(BenchState& bench) {
    section_heading("Results shown");
    const auto& runs = bench.runs();
    if (runs.empty())
        ImGui::TextDisabled("%s", bench.reading() ? "reading results files…"
                                                  : "none yet: run a benchmark or open a results file");
    for (std::size_t i = 0; i < runs.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        bool shown = runs[i].shown;
        if (ImGui::Checkbox("##shown", &shown))
            bench.set_shown(i, shown);
        if (ImGui::IsItemHovered())
            tooltip("Show this result set in the plots");
        ImGui::SameLine();
        if (ImGui::RadioButton("##primary", bench.primary() == i))
            bench.set_primary(i);
        if (ImGui::IsItemHovered())
            tooltip("The primary set: listed first, its crossover annotated, its results exported");
        ImGui::SameLine();
        const BenchRun& run = *runs[i].run;
        // Wrapped within the column: "NVIDIA H100 80GB HBM3, 2026-11-23" beside the two buttons is wider than
        // the column at scale 1 (370 px of content in 364, which check-layout refuses).
        ImGui::TextWrapped("%s", run.label.c_str());
        if (ImGui::IsItemHovered())
            tooltip("%s\n%s%s\n%s\n%s\n%zu points%s", runs[i].origin.c_str(),
                              run.environment.device.empty() ? "no GPU" : run.environment.device.c_str(),
                              run.environment.driver.empty() ? "" : (", driver " + run.environment.driver).c_str(),
                              run.environment.cpu_model.c_str(), run.environment.date.c_str(), run.points.size(),
                              run.cancelled ? " (cancelled)" : "");
        ImGui::PopID();
    }
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 4);
    ImGui::InputTextWithHint("##results", "results file (bench.json)", results_path_, sizeof results_path_);
    layout::note_text_field();
    ImGui::SameLine();
    if (ImGui::Button("Open") && results_path_[0] != '\0')
        bench.open_results(results_path_);
}

void BenchView::draw_export(BenchState& bench) {
    section_heading("Export (for slides)");
    // The folder is the state's (a script may set it): shown again whenever it changed elsewhere.
    if (bench.export_folder != shown_folder_) {
        std::snprintf(export_folder_, sizeof export_folder_, "%s", bench.export_folder.c_str());
        shown_folder_ = bench.export_folder;
    }
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputText("##folder", export_folder_, sizeof export_folder_))
        bench.export_folder = shown_folder_ = export_folder_;
    layout::note_text_field();
    if (ImGui::IsItemHovered())
        tooltip("Folder for exports (created if its parent exists)");
    const bool can_plot = plot_export_available();
    ImGui::BeginDisabled(bench.exporting() || !can_plot);
    if (ImGui::Button("PNG"))
        bench.export_current({PlotFileFormat::png});
    ImGui::SameLine();
    if (ImGui::Button("SVG"))
        bench.export_current({PlotFileFormat::svg});
    ImGui::SameLine();
    if (ImGui::Button("PDF"))
        bench.export_current({PlotFileFormat::pdf});
    ImGui::SameLine();
    if (ImGui::Button("All plots"))
        bench.export_all_plots();
    ImGui::EndDisabled();
    if (!can_plot && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        tooltip("%s", plot_export_unavailable_reason().c_str());
    ImGui::SameLine();
    ImGui::BeginDisabled(bench.exporting());
    if (ImGui::Button("CSV+JSON"))
        bench.export_results();
    ImGui::EndDisabled();
    if (bench.exporting())
        ImGui::TextDisabled("exporting…");
    else if (!bench.last_export().empty())
        ImGui::TextWrapped("%s", bench.last_export().c_str());
}

} // namespace prefixlab
