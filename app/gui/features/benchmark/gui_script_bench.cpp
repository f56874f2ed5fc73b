#include "gui/features/benchmark/gui_script_bench.hpp"

#include "core/bench/bench_catalog.hpp"
#include "core/bench/bench_export.hpp"
#include "core/bench/bench_sizes.hpp"
#include "gui/features/benchmark/bench_state.hpp"
#include "gui/script/script_values.hpp"

#include <algorithm>
#include <limits>

namespace prefixlab {

BenchSettings read_bench_settings(const std::vector<std::string>& settings) {
    BenchSettings s;
    for (const std::string& setting : settings) {
        const auto [key, value] = script_setting("bench", setting);
        const std::string what = "bench " + key;
        try {
            if (key == "algos")
                s.algorithms = expand_bench_algorithms(value);
            else if (key == "n")
                s.sizes = parse_bench_sizes(value, what);
            else if (key == "reps")
                s.repetitions = static_cast<int>(script_whole_number(what, value, 1, kMaxBenchRepetitions));
            else if (key == "warmup")
                s.warmup = static_cast<int>(script_whole_number(what, value, 0, kMaxBenchWarmup));
            else if (key == "seed")
                s.seed = script_whole_number(what, value, 0, std::numeric_limits<std::uint64_t>::max());
            else if (key == "block")
                s.block_sizes = parse_bench_block_sizes(value, what);
            else if (key == "block-n")
                s.block_sweep_sizes = parse_bench_sizes(value, what);
            else
                refuse_unknown_name("bench setting", key, "algos, n, reps, warmup, seed, block, block-n");
        } catch (const BenchSpecError& e) {
            throw ScriptValueError(e.what()); // already names the setting and quotes the value
        }
    }
    return s;
}

void apply_bench_settings(const BenchSettings& s, BenchSpec& spec) {
    spec.algorithms = s.algorithms.value_or(spec.algorithms);
    spec.sizes = s.sizes.value_or(spec.sizes);
    spec.repetitions = s.repetitions.value_or(spec.repetitions);
    spec.warmup = s.warmup.value_or(spec.warmup);
    spec.seed = s.seed.value_or(spec.seed);
    spec.block_sizes = s.block_sizes.value_or(spec.block_sizes);
    spec.block_sweep_sizes = s.block_sweep_sizes.value_or(spec.block_sweep_sizes);
}

void check_bench_spec(const BenchSpec& spec) {
    for (const std::uint64_t n : spec.block_sweep_sizes)
        if (std::find(spec.sizes.begin(), spec.sizes.end(), n) == spec.sizes.end())
            throw ScriptValueError("bench block-n: " + format_size(n) +
                                   " is not among the sizes the sweep runs (give n= and block-n= together)");
    if (!spec.block_sweep_sizes.empty() && spec.block_sizes.empty())
        throw ScriptValueError("bench block-n: needs block= (the block sizes to sweep)");
    try {
        validate_bench_spec(spec); // the rest were checked setting by setting; this keeps the two in step
    } catch (const BenchSpecError& e) {
        throw ScriptValueError(std::string("bench: ") + e.what());
    }
}

std::vector<std::string> plot_kind_names() {
    std::vector<std::string> names;
    for (const BenchPlotKind kind : all_bench_plot_kinds())
        names.emplace_back(name_of(kind));
    return names;
}

std::vector<std::string> bench_series_preset_names() {
    std::vector<std::string> names;
    for (const BenchSeriesPreset preset : all_bench_series_presets())
        names.emplace_back(name_of(preset));
    return names;
}

std::vector<std::string> bench_scan_names() {
    std::vector<std::string> names;
    for (const BenchScan& scan : all_bench_scans())
        names.push_back(bench_scan_name(scan));
    return names;
}

std::string bench_report_line(BenchState& bench) {
    const Plot plot = bench.current_plot();
    const std::vector<bool> visible = bench.series_visibility(plot);
    std::string shown;
    for (std::size_t i = 0; i < plot.series.size(); ++i)
        if (visible[i])
            shown += (shown.empty() ? "" : "|") + plot.series[i].name;
    const std::vector<std::string>& chosen = bench.plot_options.chosen; // a lesson scene's own list
    const std::string series = chosen.empty() ? std::string(name_of(bench.plot_options.series)) : series_text(chosen);
    return "bench-report: series=" + series +
           " plot=" + std::string(name_of(bench.plot_options.kind)) +
           " scan=" + bench_scan_name(plotted_scan(bench.plotted_runs(), bench.plot_options)) + " shown=" + shown;
}

const std::vector<PlotFileFormat>& export_formats() {
    static const std::vector<PlotFileFormat> formats = {PlotFileFormat::png, PlotFileFormat::svg,
                                                        PlotFileFormat::pdf};
    return formats;
}

std::vector<std::string> export_format_names() {
    std::vector<std::string> names;
    for (const PlotFileFormat format : export_formats())
        names.emplace_back(extension_of(format) + 1); // ".png" without its dot
    return names;
}

} // namespace prefixlab
