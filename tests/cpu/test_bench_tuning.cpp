// The tuning sweep's settings, table, choice, plot and files (bench_tuning.hpp), fed a synthetic run
// whose times are known by construction, and the "items" field of results files and CSV tables.
// The sweep itself runs on a GPU (tests/gpu/test_gpu_bench.cpp).
#include "core/bench/bench_csv.hpp"
#include "core/bench/bench_json.hpp"
#include "core/bench/bench_plots.hpp"
#include "core/bench/bench_sizes.hpp"
#include "core/bench/bench_table.hpp"
#include "core/bench/bench_tuning.hpp"
#include "kernels/bench/gpu_tuned_scan.hpp" // kTunedScanItems
#include "support/bench_points.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <set>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace prefixlab::test {
namespace {

// Samples 2 % apart: the tuning's spread bands stay narrow.
BenchPoint tuning_point(const std::string& algorithm, std::uint64_t n, double ms, int block = 0, int items = 0) {
    return verified_point(algorithm, n, ms, block, 0.02, items);
}

constexpr std::uint64_t kN = std::uint64_t(1) << 28;
constexpr double kCopyMs = 2.0;

// The tile's time: 2.2 ms at 128 threads × 24 elements (the fastest, 91% of the copy's 2.0 ms), each
// step away in threads (×2) or elements (a choice) 0.1 ms slower. Stored as the runner stores it
// (stored_items): the tuned tile's kTunedScanItems as items 0.
double tile_ms(int threads, int items) {
    const std::vector<int>& choices = tuning_item_choices();
    const auto at = [&](int value) { return std::find(choices.begin(), choices.end(), value) - choices.begin(); };
    const int thread_steps = std::abs(std::countr_zero(unsigned(threads)) - 7);
    const auto item_steps = std::abs(at(items) - at(24));
    return 2.2 + 0.1 * double(thread_steps + item_steps);
}

int stored_items(int items) { return items == kTunedScanItems ? 0 : items; }

BenchRun tuning_run(std::uint64_t n = kN) {
    BenchRun run;
    run.label = "synthetic tuning";
    run.environment.device = "Test GPU";
    run.environment.date = "2026-11-23T10:00:00Z";
    run.points.push_back(tuning_point("copy", n, kCopyMs));
    run.points.push_back(tuning_point("cub", n, 2.5)); // 80%
    for (int threads : {64, 128, 256, 512})
        for (int items : tuning_item_choices())
            run.points.push_back(tuning_point("tuned-look-back", n, tile_ms(threads, items), threads, stored_items(items)));
    return run;
}

TEST(TuningSpec, TimesTheTunedScanAtEveryTileBesideCopyAndCub) {
    const BenchSpec spec = tuning_bench_spec({});
    EXPECT_EQ(spec.algorithms, (std::vector<std::string>{"copy", "cub", "tuned-look-back"}));
    EXPECT_EQ(spec.scans, std::vector<BenchScan>{kDefaultBenchScan});
    EXPECT_EQ(spec.items_per_thread, tuning_item_choices());
    EXPECT_EQ(spec.block_sizes, (std::vector<int>{64, 128, 256, 512}));
    EXPECT_EQ(spec.sizes, std::vector<std::uint64_t>{kN});
    EXPECT_EQ(tuning_item_choices(), (std::vector<int>{8, 12, 16, 20, 24, 32, 40, 48})) << "the kernels built (issue 14)";
    TuneSettings settings;
    settings.items = {16, 24};
    settings.block_sizes = {256};
    EXPECT_EQ(tuning_bench_spec(settings).items_per_thread, (std::vector<int>{16, 24}));
}

TEST(TuningSpec, RefusesElementsPerThreadTheScanIsNotBuiltFor) {
    TuneSettings settings;
    settings.items = {8, 7};
    try {
        tuning_bench_spec(settings);
        FAIL() << "7 elements per thread accepted";
    } catch (const BenchSpecError& e) {
        EXPECT_EQ(std::string(e.what()), "--items: 7 is not one of 8, 12, 16, 20, 24, 32, 40, 48");
    }
    settings.items = {};
    settings.block_sizes = {48};
    EXPECT_THROW(tuning_bench_spec(settings), BenchSpecError);
}

TEST(TuningResults, CellsReadTheTunedTileFromItems0AndTheFastestIsFound) {
    const BenchRun run = tuning_run();
    EXPECT_EQ(tuning_sizes(run), std::vector<std::uint64_t>{kN});
    const std::vector<TuneCell> cells = tuning_cells(run, kN);
    ASSERT_EQ(cells.size(), 4 * tuning_item_choices().size());
    EXPECT_EQ(cells.front().threads, 64);
    EXPECT_EQ(cells.front().items, 8);
    const auto tuned = std::find_if(cells.begin(), cells.end(),
                                    [](const TuneCell& c) { return c.threads == 128 && c.items == kTunedScanItems; });
    ASSERT_NE(tuned, cells.end()) << "items 0 is the tuned tile's " << kTunedScanItems;
    EXPECT_DOUBLE_EQ(tuned->median_ms, tile_ms(128, kTunedScanItems));
    const auto best = std::find_if(cells.begin(), cells.end(),
                                   [](const TuneCell& c) { return c.threads == 128 && c.items == 24; });
    ASSERT_NE(best, cells.end());
    EXPECT_DOUBLE_EQ(best->median_ms, 2.2);
    EXPECT_NEAR(*best->copy_fraction, 2.0 / 2.2, 1e-12);
    const auto fastest = fastest_tuning(run, kN);
    ASSERT_TRUE(fastest.has_value());
    EXPECT_EQ(fastest->threads, 128);
    EXPECT_EQ(fastest->items, 24);
    EXPECT_NEAR(*cub_copy_fraction(run, kN), 0.8, 1e-12);
    EXPECT_FALSE(fastest_tuning(run, 1024).has_value());
}

TEST(TuningResults, TableHasARowPerBlockSizeAndAColumnPerElementsPerThread) {
    BenchRun run = tuning_run();
    // 512 threads × the last choice not timed: a dash.
    const int last = tuning_item_choices().back();
    std::erase_if(run.points,
                  [&](const BenchPoint& p) { return p.block_threads == 512 && p.items == stored_items(last); });
    const std::string table = tuning_table_text(run, kN);
    std::istringstream lines(table);
    std::vector<std::string> rows;
    for (std::string line; std::getline(lines, line);)
        rows.push_back(line);
    ASSERT_EQ(rows.size(), 7u) << table; // title, header, 4 rows, the fastest
    EXPECT_NE(rows[0].find("N = 2^28"), std::string::npos) << table;
    EXPECT_EQ(rows[1].rfind("threads \\ items", 0), 0u) << table;
    for (int items : tuning_item_choices())
        EXPECT_NE(rows[1].find(" " + std::to_string(items)), std::string::npos) << items << "\n" << table;
    EXPECT_NE(rows[1].find(" 8"), std::string::npos);
    EXPECT_LT(rows[1].find(" 8 "), rows[1].find(" 32")) << "ascending: " << rows[1];
    // 128 threads: 2.6, 2.5, 2.4, 2.3, 2.2, 2.3 ms; of copy 77%, 80%, 83%, 87%, 91%, 87%.
    EXPECT_EQ(rows[3].substr(0, 15), "            128") << table;
    EXPECT_NE(rows[3].find("2.20 ms 91%"), std::string::npos) << table;
    EXPECT_NE(rows[3].find("2.60 ms 77%"), std::string::npos) << table;
    EXPECT_LT(rows[3].find("2.60 ms"), rows[3].find("2.20 ms")) << "8 elements before 24";
    EXPECT_TRUE(rows[5].ends_with("—")) << "512 × " << last << " was not timed: " << rows[5];
    EXPECT_EQ(rows[6], "fastest at N = 2^28: 128 threads × 24 elements a thread, 2.20 ms, 91% of copy speed (CUB 80%)");
    // Every row as wide as the header (columns line up; "—" is one column).
    const auto columns = [](const std::string& s) {
        return std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
    };
    for (int r = 2; r <= 5; ++r)
        EXPECT_EQ(columns(rows[r]), columns(rows[1])) << rows[r];
}

TEST(TuningPlot, FractionOfCopySpeedAgainstElementsPerThreadOneSeriesPerBlockSize) {
    const BenchRun run = tuning_run();
    const Plot plot = build_tuning_plot(run, kN);
    EXPECT_NE(plot.title.find("2^28"), std::string::npos);
    EXPECT_EQ(plot.x.label, "elements per thread");
    EXPECT_EQ(plot.x.scale, AxisScale::linear);
    EXPECT_NE(plot.y.label.find("% of copy speed"), std::string::npos);
    ASSERT_EQ(plot.series.size(), 5u) << "4 block sizes and CUB";
    const PlotSeries* tuned = series_named(plot, "128 threads");
    ASSERT_NE(tuned, nullptr);
    ASSERT_EQ(tuned->points.size(), tuning_item_choices().size());
    EXPECT_DOUBLE_EQ(tuned->points.front().x, 8);
    EXPECT_DOUBLE_EQ(tuned->points[4].x, 24);
    EXPECT_NEAR(tuned->points[4].y, 100 * 2.0 / 2.2, 1e-9);
    EXPECT_LT(tuned->points[4].y_low, tuned->points[4].y);
    EXPECT_GT(tuned->points[4].y_high, tuned->points[4].y);
    const PlotSeries* cub = series_named(plot, "cub = 80%");
    ASSERT_NE(cub, nullptr);
    EXPECT_TRUE(cub->dashed);
    ASSERT_EQ(cub->points.size(), 2u);
    EXPECT_DOUBLE_EQ(cub->points.front().x, 8);
    EXPECT_DOUBLE_EQ(cub->points.back().x, tuning_item_choices().back());
    EXPECT_NEAR(cub->points.front().y, 80, 1e-9);
    ASSERT_EQ(plot.annotations.size(), 1u);
    EXPECT_DOUBLE_EQ(plot.annotations[0].x, 24);
    EXPECT_NE(plot.annotations[0].text.find("128 threads × 24"), std::string::npos) << plot.annotations[0].text;
    // Colours and markers tell the block sizes apart.
    for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t j = i + 1; j < 4; ++j) {
            const Rgba a = plot.series[i].colour, b = plot.series[j].colour;
            EXPECT_TRUE(a.r != b.r || a.g != b.g || a.b != b.b) << i << " " << j;
            EXPECT_NE(plot.series[i].marker, plot.series[j].marker) << i << " " << j;
        }
}

TEST(TuningPlot, IsEmptyWithoutTheCopy) {
    BenchRun run = tuning_run();
    std::erase_if(run.points, [](const BenchPoint& p) { return p.algorithm == "copy"; });
    EXPECT_TRUE(build_tuning_plot(run, kN).series.empty());
}

TEST(TuningResults, OtherTilesAreTheirOwnRowsAndStayOutOfTheNPlots) {
    const BenchRun run = tuning_run();
    const std::string table = bench_table_text(run);
    EXPECT_NE(table.find("tuned-look-back @128 16/thread"), std::string::npos) << table;
    // Block sizes and elements per thread in numeric order, the tuned tile first in its block size.
    const auto row = [&](const std::string& name) { return table.find("\n" + name + " "); };
    EXPECT_LT(row("tuned-look-back @64"), row("tuned-look-back @128")) << table;
    EXPECT_LT(row("tuned-look-back @128"), row("tuned-look-back @128 8/thread")) << table;
    EXPECT_LT(row("tuned-look-back @128 8/thread"), row("tuned-look-back @128 16/thread")) << table;
    // the sweep's largest tile other than the tuned one (whose row has no "/thread")
    const std::string last_other = "tuned-look-back @128 " + std::to_string(kTunedScanItems == 48 ? 40 : 48) + "/thread";
    EXPECT_LT(row(last_other), row("tuned-look-back @256")) << table;
    BenchPlotOptions options;
    options.kind = BenchPlotKind::block_sweep;
    options.sweep_n = kN;
    const Plot sweep = build_bench_plot({&run}, options);
    ASSERT_EQ(sweep.series.size(), 1u);
    EXPECT_EQ(sweep.series[0].points.size(), 4u) << "the tuned tile at 4 block sizes, not 24 tiles";
}

TEST(TuningFiles, ItemsRoundTripThroughJsonAndOnlyTheSweepsOtherTilesWriteIt) {
    const BenchRun run = tuning_run();
    const std::string text = bench_run_to_json(run);
    EXPECT_NE(text.find("\"items\": 16"), std::string::npos);
    EXPECT_EQ(text.find("\"items\": " + std::to_string(kTunedScanItems)), std::string::npos)
        << "the tuned tile is the default: not written";
    const BenchRun back = bench_run_from_json(text, "test.json");
    ASSERT_EQ(back.points.size(), run.points.size());
    for (std::size_t i = 0; i < run.points.size(); ++i)
        EXPECT_EQ(back.points[i].items, run.points[i].items) << i;

    BenchRun plain;
    plain.points.push_back(tuning_point("cub", 1024, 1.0));
    EXPECT_EQ(bench_run_to_json(plain).find("items"), std::string::npos) << "every other file reads as before";
}

TEST(TuningFiles, ItemsAreRefusedWhereTheyCannotBe) {
    const auto problem = [](BenchPoint point, const std::string& edit) {
        BenchRun run;
        run.points = {std::move(point)};
        std::string text = bench_run_to_json(run);
        const auto at = text.find("\"block_threads\"");
        text.insert(at, edit);
        try {
            bench_run_from_json(text, "test.json");
            return std::string("accepted");
        } catch (const BenchFileError& e) {
            return std::string(e.what());
        }
    };
    EXPECT_NE(problem(tuning_point("tuned-look-back", 1024, 1.0, 128), "\"items\": 7, ").find("7 is not one of 8, 12"),
              std::string::npos);
    EXPECT_NE(problem(tuning_point("cub", 1024, 1.0), "\"items\": 8, ").find("only the tuned scans"), std::string::npos);
    // The tuned tile named beside the same tile unnamed (0): one point twice.
    BenchRun twice;
    twice.points = {tuning_point("tuned-look-back", 1024, 1.0, 128),
                    tuning_point("tuned-look-back", 1024, 1.0, 128, kTunedScanItems)};
    try {
        bench_run_from_json(bench_run_to_json(twice), "test.json");
        ADD_FAILURE() << "the tuned tile twice accepted";
    } catch (const BenchFileError& e) {
        EXPECT_NE(std::string(e.what()).find("duplicates points[0]"), std::string::npos) << e.what();
    }
}

TEST(TuningFiles, CsvHasAnItemsColumnWhereTheRunHoldsATunedScan) {
    const std::string csv = bench_csv_text(tuning_run());
    EXPECT_NE(csv.find("\nalgorithm,scan,n,block_threads,items,median_ms,"), std::string::npos);
    EXPECT_NE(csv.find("\ntuned-look-back,uint32-add,268435456,128,24,2.2,"), std::string::npos) << csv;
    EXPECT_NE(csv.find("\ntuned-look-back,uint32-add,268435456,128,16,"), std::string::npos) << csv;
    EXPECT_NE(csv.find("\ncopy,uint32-add,268435456,0,0,2,"), std::string::npos) << csv;
    BenchRun plain;
    plain.points.push_back(tuning_point("cub", 1024, 1.0));
    EXPECT_NE(bench_csv_text(plain).find("\nalgorithm,scan,n,block_threads,median_ms,"), std::string::npos);
}

TEST(TuningFiles, ExportWritesResultsAndOneTuningPlotPerN) {
    EXPECT_EQ(tuning_plot_stem(kN, false), "tune");
    EXPECT_EQ(tuning_plot_stem(kN, true), "tune-268435456");
    BenchRun run = tuning_run();
    const BenchRun smaller = tuning_run(std::uint64_t(1) << 24);
    run.points.insert(run.points.end(), smaller.points.begin(), smaller.points.end());
    const BenchExportRequest request = tuning_export_request(run, {PlotFileFormat::svg});
    ASSERT_EQ(request.named_plots.size(), 2u);
    EXPECT_EQ(request.named_plots[0].first, "tune-16777216");
    EXPECT_EQ(request.named_plots[1].first, "tune-268435456");
    EXPECT_EQ(request.plots, BenchExportPlots::none);
    if (!plot_export_available())
        GTEST_SKIP() << plot_export_unavailable_reason();
    namespace fs = std::filesystem;
    const fs::path folder = fs::path(::testing::TempDir()) / "prefixlab_tuning_export";
    fs::remove_all(folder);
    fs::create_directories(folder);
    std::ofstream(folder / "time.svg") << "an older run's plot";
    const BenchExportResult result = export_bench(request, folder.string());
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder))
        names.insert(entry.path().filename().string());
    EXPECT_EQ(names, (std::set<std::string>{"bench.json", "bench.csv", "tune-16777216.svg", "tune-268435456.svg"}))
        << "an older run's time.svg is not this run's";
    std::ifstream in(folder / "tune-268435456.svg");
    std::stringstream svg;
    svg << in.rdbuf();
    EXPECT_NE(svg.str().find("128 threads"), std::string::npos);
    EXPECT_EQ(read_bench_json((folder / "bench.json").string()).points.size(), run.points.size());
    fs::remove_all(folder);
}

} // namespace
} // namespace prefixlab::test
