// A run's export leaves a consistent folder (bench_export.hpp): exactly this run's files after it
// (the plots of an older run that it does not rewrite are removed), the older run untouched when it
// fails or has nothing to write, and every name it owns checked before the work.
#include "core/bench/bench_export.hpp"
#include "core/bench/bench_json.hpp"
#include "core/util/atomic_file.hpp"
#include "support/bench_points.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <regex>
#include <set>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

// A GPU and a CPU series over N and a block sweep: every plot kind has data.
BenchRun full_run() {
    BenchRun run;
    run.label = "older run";
    run.environment.device = "Test GPU";
    run.environment.date = "2026-11-22T10:00:00Z";
    for (int k = 10; k <= 14; ++k) {
        run.points.push_back(verified_point("cpu-std", std::uint64_t(1) << k, 1e-6 * double(1 << k)));
        run.points.push_back(verified_point("stp-blelloch", std::uint64_t(1) << k, 0.01, 512));
    }
    for (int threads : {32, 64})
        run.points.push_back(verified_point("stp-blelloch", 1u << 12, 0.02, threads));
    return run;
}

// CPU points only: no speedup over the CPU, no block sweep.
BenchRun cpu_run() {
    BenchRun run;
    run.label = "newer run";
    for (int k = 10; k <= 12; ++k)
        run.points.push_back(verified_point("cpu-loop", std::uint64_t(1) << k, 1e-6 * double(1 << k)));
    return run;
}

const std::vector<PlotFileFormat> kAllFormats = {PlotFileFormat::png, PlotFileFormat::svg,
                                                 PlotFileFormat::pdf};

class BenchExportFolder : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) /
               ("prefixlab_export_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        folder_ = (dir_ / "results").string();
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::map<std::string, std::string> contents() const {
        std::map<std::string, std::string> files;
        if (!fs::exists(folder_))
            return files;
        for (const auto& entry : fs::directory_iterator(folder_)) {
            std::ifstream in(entry.path(), std::ios::binary);
            files[entry.path().filename().string()] = std::string(std::istreambuf_iterator<char>(in), {});
        }
        return files;
    }
    std::set<std::string> names() const {
        std::set<std::string> result;
        for (const auto& [name, content] : contents())
            result.insert(name);
        return result;
    }
    // The files a run's export must leave: results, table, and each plot with data in each format.
    static std::set<std::string> expected_names(const BenchRun& run,
                                                const std::vector<PlotFileFormat>& formats) {
        std::set<std::string> result = {"bench.json", "bench.csv"};
        if (plot_export_available())
            for (BenchPlotKind kind : plot_kinds_with_data(run))
                for (PlotFileFormat format : formats)
                    result.insert(bench_plot_file_name(kind, format));
        return result;
    }

    fs::path dir_;
    std::string folder_;
};

TEST_F(BenchExportFolder, AfterAnExportTheFolderHoldsExactlyThisRunsFiles) {
    export_bench_run(full_run(), folder_, kAllFormats);
    std::ofstream(fs::path(folder_) / "notes.txt") << "the user's own file";
    ASSERT_EQ(names().size(), expected_names(full_run(), kAllFormats).size() + 1);

    // Fewer plots (no speedup, no block sweep) and only PNG: the older SVGs, PDFs and plots go.
    const BenchExportResult result = export_bench_run(cpu_run(), folder_, {PlotFileFormat::png});
    std::set<std::string> expected = expected_names(cpu_run(), {PlotFileFormat::png});
    EXPECT_EQ(result.written.size(), expected.size());
    expected.insert("notes.txt"); // not a name the export owns: kept
    EXPECT_EQ(names(), expected);
    EXPECT_EQ(read_bench_json((fs::path(folder_) / "bench.json").string()).label, "newer run");

    // --plots none: the results alone.
    export_bench_run(cpu_run(), folder_, {});
    EXPECT_EQ(names(), (std::set<std::string>{"bench.json", "bench.csv", "notes.txt"}));
}

TEST_F(BenchExportFolder, ARunWithNoPointsWritesNothingAndLeavesTheOlderRun) {
    export_bench_run(full_run(), folder_, kAllFormats);
    const auto before = contents();
    BenchRun cancelled;
    cancelled.cancelled = true;
    const BenchExportResult result = export_bench_run(cancelled, folder_, kAllFormats);
    EXPECT_TRUE(result.written.empty());
    ASSERT_EQ(result.notes.size(), 1u);
    EXPECT_NE(result.notes[0].find("nothing written"), std::string::npos) << result.notes[0];
    EXPECT_EQ(contents(), before);

    export_bench_run(cancelled, (dir_ / "new-folder").string(), kAllFormats);
    EXPECT_FALSE(fs::exists(dir_ / "new-folder")) << "not even the folder is created";
}

TEST_F(BenchExportFolder, ARunTheResultsFormatRefusesWritesNothing) {
    export_bench_run(full_run(), folder_, kAllFormats);
    const auto before = contents();
    BenchRun bad = cpu_run();
    bad.points.push_back(bad.points.front()); // a duplicate point: the reader would refuse the file
    EXPECT_THROW(export_bench_run(bad, folder_, kAllFormats), BenchFileError);
    EXPECT_EQ(contents(), before);
    EXPECT_THROW(export_bench_run(bad, (dir_ / "new-folder").string(), kAllFormats), BenchFileError);
    EXPECT_FALSE(fs::exists(dir_ / "new-folder"));
}

TEST_F(BenchExportFolder, AFailureWhileWritingLeavesTheOlderRunWhole) {
    export_bench_run(full_run(), folder_, kAllFormats);
    const auto before = contents();
    // A plot file name taken by a FIFO: refused when that plot is staged, after others were written.
    fs::remove(fs::path(folder_) / "time.pdf");
    ASSERT_EQ(::mkfifo((fs::path(folder_) / "time.pdf").c_str(), 0644), 0);
    auto expected = before;
    expected.erase("time.pdf");
    try {
        export_bench_run(cpu_run(), folder_, kAllFormats);
        ADD_FAILURE() << "no error";
    } catch (const FileError& e) {
        EXPECT_NE(std::string(e.what()).find("time.pdf': it is a FIFO"), std::string::npos) << e.what();
    }
    fs::remove(fs::path(folder_) / "time.pdf");
    EXPECT_EQ(contents(), expected) << "no temporary file, no file of the new run";
}

// Cairo numbers the surfaces of a process and writes the number into each SVG: the same plot drawn
// twice differs there alone.
std::string without_surface_number(const std::string& svg) {
    return std::regex_replace(svg, std::regex("id=\"surface[0-9]+\""), "id=\"surface\"");
}

// The GUI's exports (bench_state.cpp) are export_bench requests: what the Benchmark tab shows.
BenchPlotSource shown(std::vector<BenchRun> runs) {
    BenchPlotSource source;
    for (BenchRun& run : runs)
        source.runs.push_back(std::make_shared<const BenchRun>(std::move(run)));
    return source;
}

TEST_F(BenchExportFolder, TheCurrentPlotIsOneFileWithTheHiddenSeriesLeftOut) {
    if (!plot_export_available())
        GTEST_SKIP() << plot_export_unavailable_reason();
    BenchExportRequest request{shown({full_run()}), BenchExportPlots::current, {PlotFileFormat::svg}};
    request.source.options.kind = BenchPlotKind::time;
    EXPECT_EQ(export_bench(request, folder_).written,
              std::vector<std::string>{(fs::path(folder_) / "time.svg").string()});
    EXPECT_EQ(names(), std::set<std::string>{"time.svg"}) << "no results, no other plot";
    const std::string all = without_surface_number(contents().at("time.svg"));

    const Plot plot = build_bench_plot({request.source.runs.front().get()}, request.source.options);
    ASSERT_EQ(plot.series.size(), 2u);
    request.source.options.hidden_series = {"not a series"};
    export_bench(request, folder_);
    EXPECT_EQ(without_surface_number(contents().at("time.svg")), all);
    request.source.options.hidden_series = {plot.series[0].name};
    export_bench(request, folder_);
    const std::string hidden = without_surface_number(contents().at("time.svg"));
    EXPECT_NE(hidden, all) << "a hidden series is not drawn";

    request.source.options.hidden_series.clear();
    request.source.dark = true;
    export_bench(request, folder_);
    const std::string dark = without_surface_number(contents().at("time.svg"));
    EXPECT_NE(dark, all) << "the dark style";
    EXPECT_NE(dark, hidden);
}

TEST_F(BenchExportFolder, EveryPlotMeansEveryPlotThePrimaryRunHasDataFor) {
    if (!plot_export_available())
        GTEST_SKIP() << plot_export_unavailable_reason();
    export_bench_run(full_run(), folder_, kAllFormats); // an older run's files, a block sweep among them
    const auto older = contents();
    // The CPU run first: no speedup (it has no GPU series), no block sweep, though the second run has both.
    BenchExportRequest request{shown({cpu_run(), full_run()}), BenchExportPlots::every_kind_with_data,
                               kAllFormats};
    request.source.options.series = BenchSeriesPreset::lecture;
    const BenchExportResult result = export_bench(request, folder_);
    EXPECT_EQ(result.written.size(), plot_kinds_with_data(cpu_run()).size() * 3);
    const auto now = contents();
    EXPECT_EQ(now.size(), older.size()) << "not a run's replacement: no file removed";
    EXPECT_EQ(now.at("bench.json"), older.at("bench.json"));
    EXPECT_EQ(now.at("speedup.svg"), older.at("speedup.svg"));
    EXPECT_NE(without_surface_number(now.at("time.svg")), without_surface_number(older.at("time.svg")))
        << "drawn anew from both runs";
}

TEST_F(BenchExportFolder, ResultsAreThePrimaryRunsJsonAndCsv) {
    BenchExportRequest request{shown({cpu_run(), full_run()})};
    request.results = true;
    const BenchExportResult result = export_bench(request, folder_);
    EXPECT_EQ(result.written, (std::vector<std::string>{(fs::path(folder_) / "bench.csv").string(),
                                                        (fs::path(folder_) / "bench.json").string()}))
        << "bench.json last: it marks a complete export";
    EXPECT_EQ(read_bench_json((fs::path(folder_) / "bench.json").string()).label, "newer run");
}

TEST(BenchPlotFileName, IsKindAndExtension) {
    EXPECT_EQ(bench_plot_file_name(BenchPlotKind::time, PlotFileFormat::png), "time.png");
    EXPECT_EQ(bench_plot_file_name(BenchPlotKind::block_sweep, PlotFileFormat::svg), "block-sweep.svg");
    EXPECT_EQ(bench_plot_file_name(BenchPlotKind::throughput_gelems, PlotFileFormat::pdf), "gelems.pdf");
}

TEST_F(BenchExportFolder, EveryNameTheExportOwnsIsCheckedBeforeTheWork) {
    fs::create_directories(folder_);
    check_export_folder(folder_);
    check_export_folder((dir_ / "not-yet").string());
    EXPECT_FALSE(fs::exists(dir_ / "not-yet"));

    fs::create_symlink(dir_ / "elsewhere.svg", fs::path(folder_) / "speedup.svg");
    try {
        check_export_folder(folder_);
        ADD_FAILURE() << "no error";
    } catch (const FileError& e) {
        EXPECT_EQ(std::string(e.what()), "cannot write '" + (fs::path(folder_) / "speedup.svg").string() +
                                             "': it is a symbolic link to a missing path (PrefixLab "
                                             "replaces only regular files)");
    }
    std::ofstream(dir_ / "a-file") << "x";
    EXPECT_THROW(check_export_folder((dir_ / "a-file").string()), FileError);
    EXPECT_THROW(check_export_folder((dir_ / "missing" / "results").string()), FileError);
    EXPECT_FALSE(fs::exists(dir_ / "missing"));
}

} // namespace
} // namespace prefixlab::test
