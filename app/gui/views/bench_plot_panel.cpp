#include "bench_plot_panel.hpp"

#include "../bench_state.hpp"
#include "../render/imgui_plot_painter.hpp"
#include "core/bench/bench_catalog.hpp"
#include "core/bench/bench_sizes.hpp"
#include "core/bench/bench_table.hpp"
#include "core/plot/plot_layout.hpp"

#include <imgui.h>

#include <cmath>
#include <cstdlib>
#include <cstdio>

namespace prefixlab {

namespace {

const char* kind_label(BenchPlotKind kind) {
    switch (kind) {
    case BenchPlotKind::time:
        return "Time";
    case BenchPlotKind::throughput_gbps:
        return "GB/s";
    case BenchPlotKind::throughput_gelems:
        return "Gelem/s";
    case BenchPlotKind::speedup:
        return "Speedup";
    case BenchPlotKind::block_sweep:
        break;
    }
    return "Block size";
}

ImU32 packed(Rgba c) {
    return IM_COL32(int(c.r * 255 + 0.5f), int(c.g * 255 + 0.5f), int(c.b * 255 + 0.5f), 255);
}

// The measured point behind a plotted one: its series' algorithm (the name's first word) at x, in the
// run whose legend tag ends the name (" — H100"), or the only run.
const BenchPoint* point_behind(const std::vector<const BenchRun*>& runs, const PlotSeries& series, double x,
                               BenchPlotKind kind) {
    const std::string algorithm = series.name.substr(0, series.name.find(' '));
    const std::string separator = " — ";
    const auto tag_at = series.name.rfind(separator);
    const std::string tag = tag_at == std::string::npos ? "" : series.name.substr(tag_at + separator.size());
    const auto block_at = series.name.find("(block ");
    const int block = block_at == std::string::npos ? -1 : std::atoi(series.name.c_str() + block_at + 7);
    const std::vector<std::string> tags = legend_tags(runs);
    for (std::size_t r = 0; r < runs.size(); ++r) {
        if (runs.size() > 1 && tags[r] != tag)
            continue;
        for (const BenchPoint& p : runs[r]->points) {
            if (p.algorithm != algorithm || (block > 0 && p.block_threads != block))
                continue;
            if (kind == BenchPlotKind::block_sweep ? double(p.block_threads) == x : double(p.n) == x)
                return &p;
        }
    }
    return nullptr;
}

void point_tooltip(const std::vector<const BenchRun*>& runs, const Plot& plot, const PlotHit& hit,
                   BenchPlotKind kind) {
    const PlotSeries& series = plot.series[std::size_t(hit.series)];
    const PlotPoint& p = series.points[std::size_t(hit.point)];
    ImGui::BeginTooltip();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(packed(series.colour)), "%s", series.name.c_str());
    if (const BenchPoint* point = point_behind(runs, series, p.x, kind)) {
        ImGui::Text("N = %s%s", format_size(point->n).c_str(),
                    point->block_threads > 0 ? (", " + std::to_string(point->block_threads) + " threads a block").c_str()
                                             : "");
        ImGui::Text("median %s ms   mean %s ± %s ms   (%d runs)", format_ms(point->ms.median).c_str(),
                    format_ms(point->ms.mean).c_str(), format_ms(point->ms.stddev).c_str(), point->ms.count);
        ImGui::Text("%.1f GB/s   %.3f Gelem/s", effective_gbps(point->n, point->ms.median),
                    gelements_per_second(point->n, point->ms.median));
        if (point->with_transfers_ms)
            ImGui::Text("with host↔device transfers: %s ms", format_ms(point->with_transfers_ms->median).c_str());
        for (const PhaseTiming& phase : point->phases)
            ImGui::Text("  %-12s %s ms", phase.name.c_str(), format_ms(phase.ms.median).c_str());
    }
    if (kind != BenchPlotKind::time && kind != BenchPlotKind::block_sweep)
        ImGui::Text("%s: %.4g", plot.y.label.c_str(), p.y);
    ImGui::EndTooltip();
}

} // namespace

void BenchPlotPanel::draw_options(BenchState& bench) {
    BenchPlotOptions& o = bench.plot_options;
    for (BenchPlotKind kind : all_bench_plot_kinds()) {
        if (ImGui::RadioButton(kind_label(kind), o.kind == kind))
            o.kind = kind;
        ImGui::SameLine();
    }
    ImGui::TextDisabled("|");
    ImGui::SameLine();
    ImGui::Checkbox("incl. transfers", &o.with_transfers);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("GPU series include copying the input to the GPU and the result back");
    ImGui::SameLine();
    ImGui::Checkbox("error bars", &o.error_bars);
    ImGui::SameLine();
    ImGui::Checkbox("dark", &bench.dark_plot);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Dark plot background (exports too); light suits slides");
}

void BenchPlotPanel::draw_series_toggles(BenchState& bench, const Plot& plot) {
    const float box = ImGui::GetTextLineHeight() * 0.8f;
    float line_end = 0;
    const float right = ImGui::GetContentRegionAvail().x;
    for (std::size_t i = 0; i < plot.series.size(); ++i) {
        const PlotSeries& series = plot.series[i];
        const float width = ImGui::CalcTextSize(series.name.c_str()).x + box * 4 + ImGui::GetFrameHeight();
        if (i > 0 && line_end + width < right)
            ImGui::SameLine();
        else
            line_end = 0;
        line_end += width;
        bool shown = bench.hidden_series.count(series.name) == 0;
        ImGui::PushID(static_cast<int>(i));
        if (ImGui::Checkbox("##shown", &shown)) {
            if (shown)
                bench.hidden_series.erase(series.name);
            else
                bench.hidden_series.insert(series.name);
        }
        ImGui::SameLine();
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float y = at.y + (ImGui::GetFrameHeight() - box) / 2;
        ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(at.x, y), ImVec2(at.x + box, y + box), packed(series.colour));
        ImGui::Dummy(ImVec2(box, box));
        ImGui::SameLine();
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(series.name.c_str());
        ImGui::PopID();
    }
    if (ImGui::SmallButton("show all"))
        bench.hidden_series.clear();
    ImGui::SameLine();
    if (ImGui::SmallButton("hide all"))
        for (const PlotSeries& series : plot.series)
            bench.hidden_series.insert(series.name);
}

void BenchPlotPanel::draw(BenchState& bench, const ViewContext& context) {
    draw_options(bench);
    const std::vector<const BenchRun*> runs = bench.plotted_runs();
    const Plot plot = build_bench_plot(runs, bench.plot_options);
    const std::vector<bool> visible = bench.series_visibility(plot);

    const float toggles_height = ImGui::GetFrameHeightWithSpacing() * (2.5f + float(plot.series.size()) / 4.0f);
    ImVec2 size = ImGui::GetContentRegionAvail();
    size.y = std::max(size.y - toggles_height, ImGui::GetFontSize() * 12);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##plot", size);
    const bool hovered = ImGui::IsItemHovered();

    ImGuiPlotPainter painter(ImGui::GetWindowDrawList(), ImGui::GetFont());
    // At 100 % UI scale the plot's text matches the window's; the style scales with the UI.
    const float scale = context.ui_scale;
    const PlotStyle style = bench.dark_plot ? PlotStyle::dark(scale) : PlotStyle::light(scale);
    const PlotFrame frame = draw_plot(plot, painter, {origin.x, origin.y}, {size.x, size.y}, style, visible);

    if (hovered) {
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        if (auto hit = nearest_point(plot, frame, {mouse.x, mouse.y}, ImGui::GetFontSize() * 0.8f, visible)) {
            ImGui::GetWindowDrawList()->AddCircle(ImVec2(hit->screen.x, hit->screen.y), style.marker_radius * 2.2f,
                                                  packed(style.text), 0, 2.0f);
            point_tooltip(runs, plot, *hit, bench.plot_options.kind);
        }
    }
    draw_series_toggles(bench, plot);
}

} // namespace prefixlab
