#include "gui/features/benchmark/bench_plot_panel.hpp"

#include "gui/features/benchmark/timed_table_panel.hpp" // draw_bench_view_picker

#include "core/bench/bench_catalog.hpp"
#include "core/bench/bench_scan.hpp"
#include "core/bench/bench_sizes.hpp"
#include "core/bench/bench_table.hpp"
#include "core/plot/plot_layout.hpp"
#include "core/util/enum_names.hpp"
#include "gui/features/benchmark/bench_state.hpp"
#include "gui/render/imgui_plot_painter.hpp"
#include "gui/theme.hpp"
#include "gui/widgets.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <imgui.h>

namespace prefixlab {

namespace {

const char* kind_label(BenchPlotKind kind) {
    static constexpr const char* kLabels[] = {"Time", "GB/s", "Gelem/s", "Speedup", "% of copy", "Block size"};
    return name_in<BenchPlotKind::block_sweep>(kLabels, kind);
}

ImU32 packed_opaque(Rgba c) {
    return IM_COL32(int(c.r * 255 + 0.5f), int(c.g * 255 + 0.5f), int(c.b * 255 + 0.5f), 255);
}

// Items placed left to right, wrapping onto the next line where the next would pass the right edge
// (the options row at 2× and 3× is wider than the plot).
class FlowRow {
public:
    FlowRow() : right_(ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) {}
    // Before an item `width` wide.
    void next(float width) {
        if (!first_ && ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width <= right_)
            ImGui::SameLine();
        first_ = false;
    }
    static float toggle_width(const char* label) { // radio button or checkbox
        return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
    }
    static float button_width(const char* label) {
        return ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x;
    }

private:
    float right_;
    bool first_ = true;
};

// The measured point behind a plotted one: the run and algorithm whose series name it is, at x, of
// the scan plotted.
const BenchPoint* point_behind(const std::vector<const BenchRun*>& all_runs, const PlotSeries& series, double x,
                               const BenchPlotOptions& options) {
    const BenchScan scan = plotted_scan(all_runs, options);
    const std::vector<const BenchRun*> runs = runs_with_scan(all_runs, scan); // as build_bench_plot names them
    const RunLegendTags tags(runs);
    for (std::size_t r = 0; r < runs.size(); ++r)
        for (const BenchPoint& p : runs[r]->points) {
            const bool at_x =
                options.kind == BenchPlotKind::block_sweep ? double(p.block_threads) == x : double(p.n) == x;
            if (!at_x || p.scan != scan)
                continue;
            if (series.name == bench_series_name(runs, tags, r, p.algorithm, p.block_threads, true) ||
                series.name == bench_series_name(runs, tags, r, p.algorithm, p.block_threads, false))
                return &p;
        }
    return nullptr;
}

void point_tooltip(const std::vector<const BenchRun*>& runs, const Plot& plot, const PlotHit& hit,
                   const BenchPlotOptions& options) {
    const BenchPlotKind kind = options.kind;
    const PlotSeries& series = plot.series[std::size_t(hit.series)];
    const PlotPoint& p = series.points[std::size_t(hit.point)];
    begin_tooltip();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(packed_opaque(series.colour)), "%s", series.name.c_str());
    if (const BenchPoint* point = point_behind(runs, series, p.x, options)) {
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
    end_tooltip();
}

// What the lecture preset chose, and why, for its tooltip.
std::string lecture_tooltip(const std::vector<const BenchRun*>& runs, const BenchPlotOptions& options) {
    const LectureSeries lecture = lecture_series(runs, options.speedup_baseline);
    const auto line = [](const char* what, const std::string& name) {
        return std::string(what) + (name.empty() ? "(none in these results)" : name) + "\n";
    };
    return "One series of each kind a lecture needs:\n" + line("speed of light: ", lecture.copy) +
           line("library: ", lecture.library) +
           line("fastest own scan (lowest time at the largest N): ", lecture.fastest_own) +
           line("textbook scan: ", lecture.textbook) + line("CPU serial: ", lecture.cpu_serial) +
           line("CPU parallel: ", lecture.cpu_parallel);
}

// Everything the plot's data depends on: the runs shown (a running sweep grows) and the options.
std::string data_key(const std::vector<const BenchRun*>& runs, const BenchPlotOptions& o) {
    std::string key;
    char part[96];
    for (const BenchRun* run : runs) {
        std::snprintf(part, sizeof part, "%p:%zu;", static_cast<const void*>(run), run->points.size());
        key += part;
    }
    std::snprintf(part, sizeof part, "|k%d t%d e%d n%llu s%d|", int(o.kind), int(o.with_transfers), int(o.error_bars),
                  static_cast<unsigned long long>(o.sweep_n), int(o.series));
    key += part + o.speedup_baseline + "|" + (o.scan ? bench_scan_name(*o.scan) : "first scan");
    for (const std::string& hidden : o.hidden_series) // the crossover names only the series shown
        key += "|-" + hidden;
    return key;
}

// Every scan the runs hold, in the order they first appear (the primary run's first).
std::vector<BenchScan> scans_shown(const std::vector<const BenchRun*>& runs) {
    std::vector<BenchScan> scans;
    for (const BenchRun* run : runs)
        for (const BenchScan& scan : scans_of(*run))
            if (std::find(scans.begin(), scans.end(), scan) == scans.end())
                scans.push_back(scan);
    return scans;
}

// The scan the plots show, where the results hold several: a combo in the options row.
void draw_scan_picker(BenchState& bench, FlowRow& row) {
    BenchPlotOptions& o = bench.plot_options;
    const std::vector<const BenchRun*> runs = bench.plotted_runs();
    const std::vector<BenchScan> scans = scans_shown(runs);
    if (o.scan && std::find(scans.begin(), scans.end(), *o.scan) == scans.end())
        o.scan.reset(); // results of other scans were opened: back to their first
    if (scans.size() < 2)
        return; // one scan (every version 1 file): nothing to pick, the plot looks as it always did
    float width = 0;
    for (const BenchScan& scan : scans)
        width = std::max(width, ImGui::CalcTextSize(bench_scan_name(scan).c_str()).x);
    width += ImGui::GetFrameHeight() + 2 * ImGui::GetStyle().FramePadding.x; // the arrow, the padding
    row.next(width);
    ImGui::SetNextItemWidth(width);
    const std::string current = bench_scan_name(plotted_scan(runs, o));
    if (ImGui::BeginCombo("##scan", current.c_str())) {
        for (const BenchScan& scan : scans) {
            const std::string name = bench_scan_name(scan);
            if (ImGui::Selectable(name.c_str(), name == current))
                o.scan = scan;
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered())
        tooltip("The scan the plot shows: these results hold %zu (element type, operator, "
                          "inclusive or exclusive)",
                          scans.size());
}

} // namespace

const Plot& BenchPlotPanel::current_plot(BenchState& bench, const std::vector<const BenchRun*>& runs) {
    // Built only when its data changed: the plot of the shipped results takes ~1 ms to build.
    const std::string key = data_key(runs, bench.plot_options);
    if (key != plot_key_) {
        plot_ = build_bench_plot(runs, bench.plot_options);
        plot_key_ = key;
    }
    return plot_;
}

void BenchPlotPanel::draw_options(BenchState& bench, bool& settings_shown) {
    BenchPlotOptions& o = bench.plot_options;
    FlowRow row;
    row.next(bench_view_picker_width());
    draw_bench_view_picker(bench);
    const char* settings_label = settings_shown ? "◂ Settings" : "Settings ▸";
    row.next(FlowRow::button_width(settings_label));
    if (ImGui::Button(settings_label))
        settings_shown = !settings_shown;
    if (ImGui::IsItemHovered())
        tooltip("Show or hide the sweep's settings, progress, exports and result sets");
    draw_scan_picker(bench, row);
    for (BenchSeriesPreset preset : all_bench_series_presets()) {
        const std::string label = std::string(name_of(preset)) + "##series";
        row.next(FlowRow::toggle_width(label.c_str()));
        // Chosen only while no series is shown or hidden by hand in "Series…" ("all" stayed chosen after a
        // hand-made set); a click goes back to the preset.
        if (ImGui::RadioButton(label.c_str(),
                               o.series == preset && bench.plot_options.hidden_series.empty() && o.chosen.empty())) {
            o.series = preset;
            o.chosen.clear(); // a lesson scene's own series give way to the preset
            bench.plot_options.hidden_series.clear();
        }
        if (ImGui::IsItemHovered())
            tooltip("%s", preset == BenchSeriesPreset::lecture
                                        ? lecture_tooltip(bench.plotted_runs(), o).c_str()
                                        : "Every series of the results shown");
    }
    row.next(FlowRow::button_width("Series…"));
    if (ImGui::Button("Series…"))
        ImGui::OpenPopup("##series-toggles");
    draw_series_popup(bench);
    for (BenchPlotKind kind : all_bench_plot_kinds()) {
        row.next(FlowRow::toggle_width(kind_label(kind)));
        if (ImGui::RadioButton(kind_label(kind), o.kind == kind))
            o.kind = kind;
        if (kind == BenchPlotKind::copy_fraction && ImGui::IsItemHovered())
            tooltip("%s", "Each GPU scan's speed as a fraction of a device-to-device copy of the same "
                                    "bytes at the same N (the copy's median time over the scan's; kernel times "
                                    "only): how close a scan gets to the speed of light");
    }
    row.next(FlowRow::toggle_width("incl. transfers"));
    ImGui::Checkbox("incl. transfers", &o.with_transfers);
    if (ImGui::IsItemHovered())
        tooltip("GPU series include copying the input to the GPU and the result back");
    row.next(FlowRow::toggle_width("error bars"));
    ImGui::Checkbox("error bars", &o.error_bars);
    row.next(FlowRow::toggle_width("dark"));
    ImGui::Checkbox("dark", &bench.dark_plot);
    if (ImGui::IsItemHovered())
        tooltip("Dark plot background (exports too); light suits slides");
}

void BenchPlotPanel::draw_series_popup(BenchState& bench) {
    if (!ImGui::BeginPopup("##series-toggles"))
        return;
    const float box = ImGui::GetTextLineHeight() * 0.8f;
    for (std::size_t i = 0; i < plot_.series.size(); ++i) {
        const PlotSeries& series = plot_.series[i];
        bool shown = bench.plot_options.hidden_series.count(series.name) == 0;
        ImGui::PushID(static_cast<int>(i));
        if (ImGui::Checkbox("##shown", &shown)) {
            if (shown)
                bench.plot_options.hidden_series.erase(series.name);
            else
                bench.plot_options.hidden_series.insert(series.name);
        }
        ImGui::SameLine();
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float y = at.y + (ImGui::GetFrameHeight() - box) / 2;
        ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(at.x, y), ImVec2(at.x + box, y + box), packed_opaque(series.colour));
        ImGui::Dummy(ImVec2(box, box));
        ImGui::SameLine();
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(series.name.c_str());
        ImGui::PopID();
    }
    if (ImGui::SmallButton("show all"))
        bench.plot_options.hidden_series.clear();
    ImGui::SameLine();
    if (ImGui::SmallButton("hide all"))
        for (const PlotSeries& series : plot_.series)
            bench.plot_options.hidden_series.insert(series.name);
    ImGui::EndPopup();
}

void BenchPlotPanel::draw(BenchState& bench, const ViewContext& context, bool& settings_shown) {
    draw_options(bench, settings_shown);
    const std::vector<const BenchRun*> runs = bench.plotted_runs();
    const Plot& plot = current_plot(bench, runs);
    const std::vector<bool> visible = bench.series_visibility(plot);

    // The plot's text follows the UI scale (tick labels about the window's text size); where the
    // region is too short for every block of it whole, the plot keeps its height and the region scrolls.
    const float scale = context.ui_scale;
    const PlotStyle style = bench.dark_plot ? PlotStyle::dark(scale) : PlotStyle::light(scale);
    ImGuiPlotPainter measure(nullptr, ImGui::GetFont());
    ImVec2 size = ImGui::GetContentRegionAvail();
    size.x = std::floor(size.x);
    const float needed = plot_height_needed(plot, measure, size.x, style, ImGui::GetFontSize() * 8, visible);
    if (needed > size.y) // room for the scroll bar that will appear
        size.x = std::floor(size.x - ImGui::GetStyle().ScrollbarSize);
    size.y = std::floor(std::max(size.y, plot_height_needed(plot, measure, size.x, style, ImGui::GetFontSize() * 8,
                                                            visible)));
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##plot", size);
    const bool hovered = ImGui::IsItemHovered();

    // The picture is redrawn only when what it shows changes; hover marks are drawn live over it.
    std::string key = plot_key_;
    char part[160];
    std::snprintf(part, sizeof part, "|%.0fx%.0f s%.3f d%d f%p t%p|", size.x, size.y, scale, int(bench.dark_plot),
                  static_cast<void*>(ImGui::GetFont()), ImGui::GetIO().Fonts->TexID);
    key += part;
    for (const bool v : visible)
        key += v ? '1' : '0';
    PlotFrame frame;
    ImFont* font = ImGui::GetFont();
    texture_.draw(ImGui::GetWindowDrawList(), origin, size, key, [&](ImDrawList& picture, ImVec2 picture_size) {
        ImGuiPlotPainter painter(&picture, font);
        frame = draw_plot(plot, painter, {0, 0}, {picture_size.x, picture_size.y}, style, visible);
    });
    if (hovered) {
        // The layout again, drawing nothing, for where the points are on screen (cheap: no geometry).
        ImGuiPlotPainter layout(nullptr, font);
        frame = plot_frame(plot, layout, {std::round(origin.x), std::round(origin.y)}, {size.x, size.y}, style, visible);
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        if (auto hit = nearest_point(plot, frame, {mouse.x, mouse.y}, ImGui::GetFontSize() * 0.8f, visible)) {
            ImGui::GetWindowDrawList()->AddCircle(ImVec2(hit->screen.x, hit->screen.y), style.marker_radius * 2.2f,
                                                  packed_opaque(style.text), 0, 2.0f);
            point_tooltip(runs, plot, *hit, bench.plot_options);
        }
    }
}

} // namespace prefixlab
