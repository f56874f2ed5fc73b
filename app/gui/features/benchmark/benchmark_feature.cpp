#include "gui/features/benchmark/benchmark_feature.hpp"

#include "core/bench/bench_scan.hpp"
#include "core/bench/bench_series_preset.hpp"
#include "gui/app_state.hpp"
#include "gui/features/benchmark/bench_view.hpp"
#include "gui/shell/shortcut_table.hpp"
#include "gui/workspace.hpp"

#include <GLFW/glfw3.h>

namespace prefixlab {

namespace {

constexpr const char* kBenchmarkTitle = "Benchmark";

} // namespace

BenchmarkFeature::BenchmarkFeature()
    : bench_([this](const std::string& message, bool is_error) {
          if (state_ != nullptr)
              is_error ? state_->report_error(message) : state_->inform(message);
      }) {}

void BenchmarkFeature::start(AppState& state) {
    state_ = &state;
    state.add_work(bench_);
    bench_.read_startup_files();
}

void BenchmarkFeature::add_tabs(std::vector<TabMaker>& tabs) {
    tabs.push_back([this] { return std::make_unique<BenchView>(bench_); });
}

void BenchmarkFeature::add_shortcuts(ShortcutTable& table) {
    table.add({{{GLFW_KEY_F6}}, "F6", "run the benchmark", [this](GuiHost&, const KeyPress&) { bench_.start(); },
               false, true});
    table.add_escape("cancel the benchmark", [this](GuiHost&) {
        if (!bench_.running())
            return false;
        bench_.cancel();
        return true;
    });
}

bool BenchmarkFeature::open_file(const std::string& path, FileKind kind, GuiHost& host) {
    if (kind != FileKind::results)
        return false;
    bench_.open_results(path); // in the background; it joins the recent files once it is read
    host.workspace.select_tab(std::string(kBenchmarkTitle));
    return true;
}

void BenchmarkFeature::store(Scene& scene) const {
    const BenchPlotOptions& plot = bench_.plot_options;
    scene.bench.view = std::string(kSceneBenchViews[static_cast<std::size_t>(bench_.shows)]);
    scene.bench.series = plot.chosen.empty() ? std::string(name_of(plot.series)) : series_text(plot.chosen);
    scene.bench.transfers = plot.with_transfers;
    scene.bench.plot = std::string(name_of(plot.kind));
    scene.bench.scan = plot.scan ? bench_scan_name(*plot.scan) : "";
    scene.bench.table = bench_.shows == BenchShows::sweep ? "" : bench_.tables_of(bench_.shows).current_title();
}

void BenchmarkFeature::restore(const Scene& scene) {
    // The scene's reader has checked every name against these same lists.
    BenchPlotOptions& plot = bench_.plot_options;
    for (std::size_t v = 0; v < std::size(kSceneBenchViews); ++v)
        if (kSceneBenchViews[v] == scene.bench.view)
            bench_.shows = static_cast<BenchShows>(v);
    bool preset_named = false;
    for (const BenchSeriesPreset preset : all_bench_series_presets())
        if (name_of(preset) == scene.bench.series)
            plot.series = preset, preset_named = true;
    plot.chosen = preset_named ? std::vector<std::string>{} : series_list(scene.bench.series); // a scene's own
    if (!plot.chosen.empty())
        plot.hidden_series.clear();
    plot.with_transfers = scene.bench.transfers;
    for (const BenchPlotKind kind : all_bench_plot_kinds())
        if (name_of(kind) == scene.bench.plot)
            plot.kind = kind;
    plot.scan = scene.bench.scan.empty() ? std::nullopt : parse_bench_scan(scene.bench.scan);
    if (bench_.shows != BenchShows::sweep)
        bench_.tables_of(bench_.shows).prefer(scene.bench.table);
}

std::vector<RecentFile> BenchmarkFeature::take_files_used() {
    std::vector<RecentFile> used;
    for (const std::string& path : bench_.take_results_files_opened())
        used.push_back({path, RecentKind::results});
    return used;
}

} // namespace prefixlab
