// The fraction of the copy's speed (issue 14): the one function for the fact, the table under the
// medians, and the "fraction of copy speed vs N" plot, all fed synthetic runs whose fractions are
// known by construction (the copy takes 0.8 of the scan's time: 80%).
#include "core/bench/bench_export.hpp"
#include "core/bench/bench_plots.hpp"
#include "core/bench/bench_table.hpp"
#include "support/bench_points.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace prefixlab::test {
namespace {

constexpr std::uint64_t kSmall = std::uint64_t(1) << 20;
constexpr std::uint64_t kLarge = std::uint64_t(1) << 24;

// At 2^20 and 2^24: the copy at 0.8 ms, stp-blelloch @512 at 1 ms (80%), cub at 0.5 ms (160%: faster
// than the copy, as a scan never is, but the function must not clamp), cpu-std at 10 ms. At 2^28
// stp-blelloch alone, with no copy to compare it with.
BenchRun run_with_copy() {
    BenchRun run;
    run.label = "synthetic";
    run.environment.device = "Test GPU";
    run.environment.date = "2026-11-23T10:00:00Z";
    for (std::uint64_t n : {kSmall, kLarge}) {
        run.points.push_back(verified_point("copy", n, 0.8));
        run.points.push_back(verified_point("cub", n, 0.5));
        run.points.push_back(verified_point("stp-blelloch", n, 1.0, 512));
        run.points.push_back(verified_point("cpu-std", n, 10.0));
    }
    run.points.push_back(verified_point("stp-blelloch", std::uint64_t(1) << 28, 16.0, 512));
    return run;
}

const PlotSeries* series_named(const Plot& plot, const std::string& name) {
    for (const PlotSeries& s : plot.series)
        if (s.name == name)
            return &s;
    return nullptr;
}

TEST(CopySpeedFraction, IsTheCopysMedianOverThePointsAtTheSameN) {
    const BenchRun run = run_with_copy();
    EXPECT_DOUBLE_EQ(*copy_speed_fraction(run, run.points[2]), 0.8);
    EXPECT_DOUBLE_EQ(*copy_speed_fraction(run, run.points[1]), 1.6) << "not clamped at 100%";
    EXPECT_DOUBLE_EQ(*copy_speed_fraction(run, run.points[0]), 1.0) << "the copy is its own 100%";
    EXPECT_FALSE(copy_speed_fraction(run, run.points.back())) << "no copy at 2^28";
    EXPECT_TRUE(has_copy_points(run));
}

TEST(CopySpeedFraction, NeedsACopyOfTheSameScanAndAPositiveMedian) {
    BenchRun run = run_with_copy();
    BenchPoint other_scan = run.points[2];
    other_scan.scan = BenchScan{ElementType::float32, ScanOperator::max, false};
    EXPECT_FALSE(copy_speed_fraction(run, other_scan)) << "the copy was timed for uint32 add only";
    BenchPoint zero = run.points[2];
    zero.ms.median = 0;
    EXPECT_FALSE(copy_speed_fraction(run, zero));
    std::erase_if(run.points, [](const BenchPoint& p) { return p.algorithm == "copy"; });
    EXPECT_FALSE(has_copy_points(run));
    EXPECT_FALSE(copy_speed_fraction(run, run.points[0]));
}

TEST(CopySpeedTable, ShowsEachGpuAlgorithmsPercentUnderTheMedians) {
    const std::string table = bench_table_text(run_with_copy());
    const auto fractions = table.find("% of copy speed");
    ASSERT_NE(fractions, std::string::npos) << table;
    EXPECT_LT(table.find("median ms"), fractions) << "the fractions come under the medians";
    const std::string below = table.substr(fractions);
    const auto row = [&](const std::string& name) {
        const auto at = below.find('\n' + name + ' '); // a row starts its line
        return at == std::string::npos ? std::string() : below.substr(at + 1, below.find('\n', at + 1) - at - 1);
    };
    // Columns 2^20, 2^24, 2^28: the copy is missing at 2^28.
    EXPECT_NE(row("stp-blelloch @512").find("80%      80%        —"), std::string::npos) << table;
    EXPECT_NE(row("cub").find("160%     160%        —"), std::string::npos) << table;
    EXPECT_EQ(row("cpu-std"), "") << "a CPU baseline has no fraction of the GPU's copy\n" << table;
    EXPECT_EQ(row("copy"), "") << "the copy is 100% by definition\n" << table;
}

TEST(CopySpeedTable, IsLeftOutWithoutACopy) {
    BenchRun run = run_with_copy();
    std::erase_if(run.points, [](const BenchPoint& p) { return p.algorithm == "copy"; });
    EXPECT_EQ(bench_table_text(run).find("% of copy"), std::string::npos);
    EXPECT_EQ(format_percent(0.853), "85%");
    EXPECT_EQ(format_percent(1.04), "104%");
}

TEST(CopyFractionPlot, DrawsGpuSeriesInPercentWithTheCopyAsA100PercentLine) {
    const BenchRun run = run_with_copy();
    BenchPlotOptions options;
    options.kind = BenchPlotKind::copy_fraction;
    const Plot plot = build_bench_plot({&run}, options);
    EXPECT_EQ(plot.title, "Fraction of copy speed vs N");
    EXPECT_EQ(plot.y.scale, AxisScale::linear);
    EXPECT_NE(plot.y.label.find('%'), std::string::npos);
    EXPECT_EQ(series_named(plot, "cpu-std"), nullptr);
    EXPECT_EQ(series_named(plot, "copy"), nullptr);
    const PlotSeries* scan = series_named(plot, "stp-blelloch");
    ASSERT_NE(scan, nullptr);
    ASSERT_EQ(scan->points.size(), 2u) << "2^28 has no copy to compare with";
    EXPECT_DOUBLE_EQ(scan->points[0].y, 80);
    EXPECT_LT(scan->points[0].y_low, 80);
    EXPECT_GT(scan->points[0].y_high, 80) << "a faster repetition is a larger fraction";
    const PlotSeries* cub = series_named(plot, "cub");
    ASSERT_NE(cub, nullptr);
    EXPECT_DOUBLE_EQ(cub->points[1].y, 160);
    const PlotSeries* reference = series_named(plot, kCopyReferenceSeries);
    ASSERT_NE(reference, nullptr);
    EXPECT_TRUE(reference->dashed);
    ASSERT_EQ(reference->points.size(), 2u);
    for (const PlotPoint& p : reference->points)
        EXPECT_DOUBLE_EQ(p.y, 100);
    EXPECT_TRUE(plot.annotations.empty()) << "no CPU series: no crossover";
    EXPECT_EQ(name_of(BenchPlotKind::copy_fraction), "copy-fraction");
}

TEST(CopyFractionPlot, HasNoSeriesWithoutACopySoItIsNotExported) {
    BenchRun run = run_with_copy();
    EXPECT_NE(std::find(plot_kinds_with_data(run, std::nullopt).begin(),
                        plot_kinds_with_data(run, std::nullopt).end(), BenchPlotKind::copy_fraction),
              plot_kinds_with_data(run, std::nullopt).end());
    std::erase_if(run.points, [](const BenchPoint& p) { return p.algorithm == "copy"; });
    BenchPlotOptions options;
    options.kind = BenchPlotKind::copy_fraction;
    EXPECT_TRUE(build_bench_plot({&run}, options).series.empty());
    const auto kinds = plot_kinds_with_data(run, std::nullopt);
    EXPECT_EQ(std::find(kinds.begin(), kinds.end(), BenchPlotKind::copy_fraction), kinds.end());
}

TEST(CopyFractionPlot, IsExportedAsCopyFractionWhereTheRunTimedTheCopy) {
    if (!plot_export_available())
        GTEST_SKIP() << plot_export_unavailable_reason();
    namespace fs = std::filesystem;
    const fs::path folder = fs::path(::testing::TempDir()) / "prefixlab_copy_fraction_export";
    fs::remove_all(folder);
    export_bench_run(run_with_copy(), folder.string(), {PlotFileFormat::svg});
    EXPECT_GT(fs::file_size(folder / "copy-fraction.svg"), 1000u);
    fs::remove_all(folder);
}

} // namespace
} // namespace prefixlab::test
