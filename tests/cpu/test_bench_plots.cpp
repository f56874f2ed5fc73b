// Benchmark results turned into plots, tables and files: series and values per plot kind, the
// CPU/GPU crossover found by interpolation, the block sweep, the text table and the exported folder.
#include "core/bench/bench_export.hpp"
#include "core/bench/bench_json.hpp"
#include "core/bench/bench_plots.hpp"
#include "core/bench/bench_scan.hpp"
#include "core/bench/bench_table.hpp"
#include "core/util/atomic_file.hpp"
#include "svg_test_support.hpp"
#include "support/bench_points.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace prefixlab::test {
namespace {

// CPU time grows as N (1 ns an element); the GPU scan costs 10 µs plus 0.01 ns an element: the two
// meet where 1e-6 N = 0.01 + 1e-8 N, N = 0.01 / (1e-6 - 1e-8) ≈ 10101 ≈ 2^13.3.
BenchRun synthetic_run() {
    BenchRun run;
    run.label = "synthetic";
    run.environment.device = "Test GPU";
    run.environment.cpu_model = "Test CPU";
    run.environment.date = "2026-11-22T10:00:00Z";
    for (int k = 10; k <= 20; ++k) {
        const std::uint64_t n = std::uint64_t(1) << k;
        run.points.push_back(verified_point("cpu-std", n, 1e-6 * double(n)));
        BenchPoint gpu = verified_point("stp-blelloch", n, 0.01 + 1e-8 * double(n), 512);
        gpu.with_transfers_ms = sample_stats({1.0 + 1e-6 * double(n)});
        run.points.push_back(gpu);
    }
    for (int threads : {32, 64, 128, 1024})
        run.points.push_back(verified_point("stp-blelloch", std::uint64_t(1) << 16, 0.5 + 1.0 / threads, threads));
    return run;
}

TEST(BenchPlots, TimePlotHasOneSeriesPerAlgorithmWithMediansAndSpread) {
    const BenchRun run = synthetic_run();
    const Plot plot = build_bench_plot({&run}, {});
    EXPECT_EQ(plot.x.scale, AxisScale::log2);
    EXPECT_EQ(plot.y.scale, AxisScale::log10);
    const PlotSeries* cpu = series_named(plot, "cpu-std");
    ASSERT_NE(cpu, nullptr);
    EXPECT_TRUE(cpu->dashed); // a baseline
    ASSERT_EQ(cpu->points.size(), 11u);
    EXPECT_DOUBLE_EQ(cpu->points[0].x, 1024);
    EXPECT_DOUBLE_EQ(cpu->points[0].y, 1e-6 * 1024);
    EXPECT_LT(cpu->points[0].y_low, cpu->points[0].y);
    EXPECT_GT(cpu->points[0].y_high, cpu->points[0].y);
    // The sweep's single-N points are not an N series of their own.
    const PlotSeries* gpu = series_named(plot, "stp-blelloch");
    ASSERT_NE(gpu, nullptr) << plot.series.size() << " series, first " << plot.series[0].name;
    EXPECT_EQ(gpu->points.size(), 11u);
    EXPECT_FALSE(gpu->dashed);
    EXPECT_NE(plot.subtitle.find("Test GPU"), std::string::npos);
}

TEST(BenchPlots, SpeedupIsTheBaselineTimeOverTheSeriesTime) {
    const BenchRun run = synthetic_run();
    BenchPlotOptions options;
    options.kind = BenchPlotKind::speedup;
    const Plot plot = build_bench_plot({&run}, options);
    EXPECT_EQ(series_named(plot, "cpu-std"), nullptr); // 1× everywhere: not drawn
    const PlotSeries* gpu = series_named(plot, "stp-blelloch");
    ASSERT_NE(gpu, nullptr);
    const double n = 1 << 20;
    EXPECT_NEAR(gpu->points.back().y, 1e-6 * n / (0.01 + 1e-8 * n), 1e-9);
}

TEST(BenchPlots, ThroughputCountsReadingAndWritingN) {
    const BenchRun run = synthetic_run();
    BenchPlotOptions options;
    options.kind = BenchPlotKind::throughput_gbps;
    const Plot plot = build_bench_plot({&run}, options);
    const PlotSeries* cpu = series_named(plot, "cpu-std");
    ASSERT_NE(cpu, nullptr);
    const double n = 1 << 20, ms = 1e-6 * n;
    EXPECT_NEAR(cpu->points.back().y, 2 * 4 * n / (ms * 1e-3) / 1e9, 1e-9);
}

TEST(BenchPlots, CrossoverIsInterpolatedBetweenTheSizesAroundIt) {
    const BenchRun run = synthetic_run();
    const auto crossover = find_crossover(run, false);
    ASSERT_TRUE(crossover.has_value());
    EXPECT_EQ(crossover->gpu_algorithm, "stp-blelloch");
    EXPECT_EQ(crossover->cpu_algorithm, "cpu-std");
    // Between 2^13 (CPU faster) and 2^14 (GPU faster); the true meeting point is N ≈ 10101.
    EXPECT_GT(crossover->n, 8192);
    EXPECT_LT(crossover->n, 16384);
    EXPECT_NEAR(std::log2(crossover->n), std::log2(10101.0), 0.15);
    EXPECT_EQ(format_n_approx(crossover->n).substr(0, 10), "N ≈ 2^13"); // "≈" is 3 bytes

    const Plot plot = build_bench_plot({&run}, {});
    ASSERT_EQ(plot.annotations.size(), 1u);
    EXPECT_DOUBLE_EQ(plot.annotations[0].x, crossover->n);
}

// Issue 33: the label named a series hidden by hand in "Series…". Hidden, a series competes no more: with
// the only GPU series hidden there is no crossover to name; with a slower GPU series beside it, that one is named.
TEST(BenchPlots, TheCrossoverNamesOnlySeriesThatAreShown) {
    BenchRun run = synthetic_run();
    BenchPlotOptions options;
    EXPECT_NE(build_bench_plot({&run}, options).annotations.at(0).text.find("stp-blelloch"), std::string::npos);
    options.hidden_series = {"stp-blelloch"};
    EXPECT_TRUE(build_bench_plot({&run}, options).annotations.empty());
    for (const int k : {13, 14, 15, 16, 17, 18, 19, 20}) { // twice stp-blelloch's time: it overtakes later
        const std::uint64_t n = std::uint64_t(1) << k;
        BenchPoint slower = verified_point("stp-hillis-steele", n, 2 * (0.01 + 1e-8 * double(n)), 512);
        run.points.push_back(slower);
    }
    const Plot plot = build_bench_plot({&run}, options);
    ASSERT_EQ(plot.annotations.size(), 1u);
    EXPECT_NE(plot.annotations[0].text.find("stp-hillis-steele vs cpu-std"), std::string::npos) << plot.annotations[0].text;
    EXPECT_EQ(plot.annotations[0].text.find("stp-blelloch"), std::string::npos) << plot.annotations[0].text;
    options.hidden_series.clear();
    EXPECT_NE(build_bench_plot({&run}, options).annotations.at(0).text.find("stp-blelloch"), std::string::npos);
}

TEST(BenchPlots, NoCrossoverWhereTheCpuStaysFaster) {
    const BenchRun run = synthetic_run();
    // With transfers the GPU pays 1 ms + 1 ns an element: always slower than the CPU's 1 ns.
    EXPECT_FALSE(find_crossover(run, true).has_value());
}

TEST(BenchPlots, BlockSweepShowsTimeAgainstThreadsPerBlockAtTheSweptSize) {
    const BenchRun run = synthetic_run();
    EXPECT_EQ(default_sweep_n(run), std::uint64_t(1) << 16);
    BenchPlotOptions options;
    options.kind = BenchPlotKind::block_sweep;
    const Plot plot = build_bench_plot({&run}, options);
    ASSERT_EQ(plot.series.size(), 1u);
    const PlotSeries& sweep = plot.series[0];
    ASSERT_EQ(sweep.points.size(), 5u); // 32, 64, 128, 512 (the N sweep's default), 1024
    EXPECT_DOUBLE_EQ(sweep.points.front().x, 32);
    EXPECT_DOUBLE_EQ(sweep.points.front().y, 0.5 + 1.0 / 32);
    EXPECT_DOUBLE_EQ(sweep.points.back().x, 1024);
    EXPECT_NE(plot.y.label.find("2^16"), std::string::npos);
}

TEST(BenchPlots, SeveralRunsAreToldApartInTheLegend) {
    BenchRun a = synthetic_run(), b = synthetic_run();
    b.label = "other machine";
    const Plot plot = build_bench_plot({&a, &b}, {});
    EXPECT_NE(series_named(plot, "cpu-std — synthetic"), nullptr);
    const PlotSeries* other = series_named(plot, "cpu-std — other machine");
    ASSERT_NE(other, nullptr);
    EXPECT_NE(other->marker, series_named(plot, "cpu-std — synthetic")->marker);
}

TEST(BenchPlots, RunsWithDefaultLabelsAreTaggedByTheirGpuOrCpu) {
    BenchRun gpu = synthetic_run(), cpu = synthetic_run();
    gpu.environment.device = "NVIDIA H100 80GB HBM3";
    gpu.label = default_run_label(gpu);
    EXPECT_EQ(gpu.label, "NVIDIA H100 80GB HBM3, 2026-11-22");
    EXPECT_EQ(run_tag(gpu), "H100");
    cpu.environment.device.clear();
    cpu.label = default_run_label(cpu);
    EXPECT_EQ(cpu.label, "Test CPU, 2026-11-22");
    EXPECT_EQ(run_tag(cpu), "CPU");
    cpu.label = "my laptop";
    EXPECT_EQ(run_tag(cpu), "my laptop") << "a label given by the user is kept";
}

TEST(BenchPlots, LegendTagsAddTheDateAndTimeOnlyWhereRunsReadAlike) {
    BenchRun a = synthetic_run(), b = synthetic_run(), c = synthetic_run();
    b.environment.date = "2026-11-23T09:00:00Z";
    c.environment.date = "2026-11-23T17:30:00Z";
    for (BenchRun* run : {&a, &b, &c}) {
        run->environment.device.clear();
        run->label = default_run_label(*run);
    }
    EXPECT_EQ(legend_tags({&a}), std::vector<std::string>{"CPU"});
    EXPECT_EQ(legend_tags({&a, &b}), (std::vector<std::string>{"CPU, 2026-11-22", "CPU, 2026-11-23"}));
    EXPECT_EQ(legend_tags({&a, &b, &c}),
              (std::vector<std::string>{"CPU, 2026-11-22", "CPU, 2026-11-23 09:00", "CPU, 2026-11-23 17:30"}));
}

TEST(BenchPlots, CrossoverAcrossRunsComparesOneRunsGpuWithAnothersCpu) {
    // The shipped GPU results (no CPU points) beside this machine's CPU-only run.
    BenchRun gpu = synthetic_run(), cpu = synthetic_run();
    std::erase_if(gpu.points, [](const BenchPoint& p) { return p.algorithm.starts_with("cpu"); });
    std::erase_if(cpu.points, [](const BenchPoint& p) { return !p.algorithm.starts_with("cpu"); });
    gpu.label = "GPU run";
    cpu.label = "CPU run";
    EXPECT_FALSE(find_crossover(gpu, false).has_value());
    EXPECT_FALSE(find_crossover(cpu, false).has_value());
    const auto crossover = find_crossover({&gpu, &cpu}, false);
    ASSERT_TRUE(crossover.has_value());
    EXPECT_EQ(crossover->gpu_algorithm, "stp-blelloch — GPU run");
    EXPECT_EQ(crossover->cpu_algorithm, "cpu-std — CPU run");
    EXPECT_NEAR(std::log2(crossover->n), std::log2(10101.0), 0.15);
    EXPECT_EQ(build_bench_plot({&cpu, &gpu}, {}).annotations.size(), 1u);
}

TEST(BenchTable, RowsPerAlgorithmAndBlockColumnsPerSize) {
    const BenchRun run = synthetic_run();
    const std::string table = bench_table_text(run);
    EXPECT_NE(table.find("2^10"), std::string::npos);
    EXPECT_NE(table.find("2^20"), std::string::npos);
    EXPECT_NE(table.find("cpu-std"), std::string::npos);
    EXPECT_NE(table.find("stp-blelloch @512"), std::string::npos);
    EXPECT_NE(table.find("stp-blelloch @32"), std::string::npos);
    EXPECT_NE(table.find("—"), std::string::npos); // @32 has only 2^16
    EXPECT_EQ(format_ms(217.4), "217");
    EXPECT_EQ(format_ms(2.254), "2.25");
    EXPECT_EQ(format_ms(0.0123), "0.0123");
}

// Issue 9, found by fuzz_results_loader: a size or a time wider than the 9-column cell made the
// padding's unsigned subtraction wrap round (std::length_error, abort). Such cells widen their row.
TEST(BenchTable, CellsWiderThanTheColumnWidenTheirRow) {
    BenchRun run = synthetic_run();
    run.points.resize(1);
    run.points[0].n = 123456789012345ull;  // not a power of two: printed in full, 15 digits
    run.points[0].ms.median = 1.5e15;      // printed "%.0f": 16 digits
    const std::string table = bench_table_text(run);
    EXPECT_NE(table.find(" 123456789012345"), std::string::npos) << table;
    EXPECT_NE(table.find(" 1500000000000000"), std::string::npos) << table;
    EXPECT_LT(table.size(), 200u) << table;
}

TEST(BenchExport, FolderGetsResultsTableAndEveryPlot) {
    namespace fs = std::filesystem;
    const fs::path folder = fs::temp_directory_path() / ("prefixlab-export-" + std::to_string(::getpid()));
    fs::remove_all(folder);
    const BenchRun run = synthetic_run();
    const BenchExportResult result =
        export_bench_run(run, folder.string(), {PlotFileFormat::png, PlotFileFormat::svg, PlotFileFormat::pdf});
    EXPECT_TRUE(fs::exists(folder / "bench.json"));
    EXPECT_TRUE(fs::exists(folder / "bench.csv"));
    EXPECT_EQ(read_bench_json((folder / "bench.json").string()).points.size(), run.points.size());
    if (plot_export_available()) {
        EXPECT_TRUE(result.notes.empty());
        for (const char* name : {"time", "throughput", "gelems", "speedup", "block-sweep"})
            for (const char* extension : {".png", ".svg", ".pdf"})
                EXPECT_GT(fs::file_size(folder / (std::string(name) + extension)), 1000u) << name << extension;
        EXPECT_EQ(result.written.size(), 2u + 5 * 3);
    } else {
        ASSERT_EQ(result.notes.size(), 1u);
        EXPECT_NE(result.notes[0].find("plots not written"), std::string::npos);
    }
    fs::remove_all(folder);
}

// Issue 12: a slide made from an exported SVG can be edited, since its words are <text>, not outlines.
TEST(BenchExport, SvgPlotsKeepTitleAxisLabelsAndLegendAsText) {
    if (!plot_export_available())
        GTEST_SKIP() << plot_export_unavailable_reason();
    namespace fs = std::filesystem;
    const fs::path folder =
        fs::temp_directory_path() / ("prefixlab-svg-export-" + std::to_string(::getpid()));
    fs::remove_all(folder);
    // Every kind has a legend only where the run timed the copy (the copy-fraction plot needs it).
    BenchRun run = synthetic_run();
    for (int k = 10; k <= 20; ++k)
        run.points.push_back(verified_point("copy", std::uint64_t(1) << k, 0.005 + 5e-9 * double(std::uint64_t(1) << k)));
    export_bench_run(run, folder.string(), {PlotFileFormat::svg});
    for (BenchPlotKind kind : all_bench_plot_kinds()) {
        BenchPlotOptions options;
        options.kind = kind;
        const Plot plot = build_bench_plot({&run}, options);
        std::ifstream in(folder / (std::string(name_of(kind)) + ".svg"), std::ios::binary);
        std::stringstream file;
        file << in.rdbuf();
        const std::string svg = file.str();
        EXPECT_EQ(XmlChecker::problem(svg), "") << name_of(kind);
        const std::vector<std::string> texts = svg_texts(svg);
        const auto has = [&](const std::string& text) {
            return std::find(texts.begin(), texts.end(), text) != texts.end();
        };
        std::vector<std::string> words = {plot.title, plot.x.label, plot.y.label};
        for (const PlotSeries& series : plot.series)
            words.push_back(series.name);
        ASSERT_GE(words.size(), 4u) << name_of(kind) << ": a plot with a legend";
        for (const std::string& word : words)
            EXPECT_TRUE(has(word)) << name_of(kind) << ": '" << word << "' is not a <text>";
    }
    fs::remove_all(folder);
}

TEST(BenchExport, MissingParentFolderIsRefusedAndNothingIsCreated) {
    const BenchRun run = synthetic_run();
    try {
        export_bench_run(run, "/nonexistent-prefixlab/out", {});
        FAIL() << "no error";
    } catch (const FileError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "cannot create '/nonexistent-prefixlab/out': directory '/nonexistent-prefixlab' does not exist");
    }
    EXPECT_FALSE(std::filesystem::exists("/nonexistent-prefixlab"));
}

// Issue 14: a run of two scans. Each plot shows one scan (the first by default, or options.scan),
// its title names it, and an export writes one plot set per scan named by it.
BenchRun two_scan_run() {
    BenchRun run = synthetic_run();
    const BenchScan float_max{ElementType::float32, ScanOperator::max, true};
    for (int k = 10; k <= 20; ++k) {
        BenchPoint p = verified_point("cpu-std", std::uint64_t(1) << k, 3.0);
        p.scan = float_max;
        run.points.push_back(p);
    }
    return run;
}

TEST(BenchPlotsOfScans, EachPlotShowsOneScanAndNamesIt) {
    const BenchRun run = two_scan_run();
    const Plot first = build_bench_plot({&run}, {});
    ASSERT_NE(series_named(first, "cpu-std"), nullptr);
    EXPECT_EQ(series_named(first, "cpu-std")->points.size(), 11u) << "uint32-add's points only";
    EXPECT_NE(series_named(first, "stp-blelloch"), nullptr);
    EXPECT_EQ(first.title, "Scan time vs N · uint32 +");
    BenchPlotOptions options;
    options.scan = BenchScan{ElementType::float32, ScanOperator::max, true};
    const Plot other = build_bench_plot({&run}, options);
    ASSERT_EQ(other.series.size(), 1u);
    EXPECT_EQ(other.series[0].points.front().y, 3.0);
    EXPECT_EQ(other.title, "Scan time vs N · float max, exclusive");
    EXPECT_NE(other.subtitle.find("float max, exclusive, median of"), std::string::npos) << other.subtitle;
    // A run of the default scan alone: titles as before.
    const BenchRun plain = synthetic_run();
    EXPECT_EQ(build_bench_plot({&plain}, {}).title, std::string(title_of(BenchPlotKind::time)));
}

TEST(BenchPlotsOfScans, PlotFilesAreNamedByTheirScanWhereTheRunNamesScans) {
    EXPECT_EQ(bench_plot_file_name(BenchPlotKind::time, PlotFileFormat::png), "time.png");
    EXPECT_EQ(bench_plot_file_name(BenchPlotKind::speedup, PlotFileFormat::svg,
                                   BenchScan{ElementType::uint32, ScanOperator::add, true}),
              "speedup-uint32-add-exclusive.svg");
    const BenchRun run = two_scan_run();
    EXPECT_EQ(plot_kinds_with_data(run, BenchScan{ElementType::float32, ScanOperator::max, true}).size(), 3u)
        << "time, GB/s, Gelem/s: no speedup without a second CPU baseline, no block sweep";
    if (!plot_export_available())
        GTEST_SKIP() << plot_export_unavailable_reason();
    const std::filesystem::path folder = std::filesystem::path(::testing::TempDir()) / "prefixlab_two_scans";
    std::filesystem::remove_all(folder);
    const BenchExportResult result = export_bench_run(run, folder.string(), {PlotFileFormat::svg});
    std::vector<std::string> names;
    for (const std::string& path : result.written)
        names.push_back(std::filesystem::path(path).filename().string());
    for (const char* name : {"time-uint32-add.svg", "speedup-uint32-add.svg", "block-sweep-uint32-add.svg",
                             "time-float-max-exclusive.svg", "bench.json", "bench.csv"})
        EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
    EXPECT_EQ(std::find(names.begin(), names.end(), "time.svg"), names.end());
    // A default-scan run written into the same folder replaces these files: the folder holds one run.
    const BenchRun plain = synthetic_run();
    export_bench_run(plain, folder.string(), {PlotFileFormat::svg});
    EXPECT_FALSE(std::filesystem::exists(folder / "time-float-max-exclusive.svg"));
    EXPECT_TRUE(std::filesystem::exists(folder / "time.svg"));
    std::filesystem::remove_all(folder);
}

} // namespace
} // namespace prefixlab::test
