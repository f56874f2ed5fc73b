// The Benchmark tab for a hall (issue 10): the lecture preset shows exactly one series of each of the
// six kinds from the shipped results — read back from the plot's legend (`bench-report`) and seen in
// the screenshot's pixels, series by series colour — and after a CPU benchmark on this machine no
// CPU series is labelled with a GPU.
#include "core/bench/bench_catalog.hpp"
#include "core/bench/bench_plots.hpp"
#include "core/bench/bench_series_preset.hpp"
#include "support/png_image.hpp"
#include "support/process.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <set>
#include <sstream>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

class GuiBenchHall : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_bench_hall_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override {
        if (std::getenv("PREFIXLAB_KEEP_SCREENSHOTS") == nullptr)
            fs::remove_all(dir_);
    }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    // At 1920 × 1080 and 2×, a lecture's scale; the data folder empty, so only the shipped results show.
    ProcessResult run_script(const std::string& script) const {
        std::ofstream(path("hall.script")) << script;
        return run_process("env PREFIXLAB_DATA_DIR=" + shell_quote(path("data")) + " " +
                           shell_quote(PREFIXLAB_BINARY) + " --window 1920 --ui-scale 2 --script " +
                           path("hall.script"));
    }
    fs::path dir_;
};

// The legend names of each `bench-report` line, in order.
std::vector<std::vector<std::string>> reported_series(const std::string& out) {
    std::vector<std::vector<std::string>> reports;
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);) {
        const auto at = line.find(" shown=");
        if (!line.starts_with("bench-report: ") || at == std::string::npos)
            continue;
        std::vector<std::string> names;
        std::istringstream shown(line.substr(at + 7));
        for (std::string name; std::getline(shown, name, '|');)
            names.push_back(name);
        reports.push_back(names);
    }
    return reports;
}

std::string algorithm_of(const std::string& series_name) {
    return series_name.substr(0, series_name.find(' '));
}

theme::Rgb rgb(Rgba c) {
    const auto byte = [](float v) { return static_cast<unsigned char>(std::lround(v * 255)); };
    return {byte(c.r), byte(c.g), byte(c.b)};
}

// Issue 33, point 5: the tab opens on the lecture set (it opened on all 23 series, no room for a legend);
TEST_F(GuiBenchHall, TheTabOpensOnTheLectureSet) {
    const ProcessResult r = run_script("tab Benchmark\nwait 3\nbench-report\ncheck-layout\n");
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("bench-report: series=lecture "), std::string::npos) << r.out;
    const std::vector<std::vector<std::string>> reports = reported_series(r.out);
    ASSERT_EQ(reports.size(), 1u) << r.out;
    EXPECT_GE(reports[0].size(), 4u);
    EXPECT_LE(reports[0].size(), 6u) << "one of each kind a lecture needs";
}

TEST_F(GuiBenchHall, LecturePresetShowsOneSeriesOfEachOfTheSixKinds) {
    const ProcessResult r = run_script("tab Benchmark\nscale 2\n"
                                       "bench-series lecture\nbench-report\nscreenshot " +
                                       path("lecture.png") +
                                       "\n"
                                       "bench-series all\nbench-report\nscreenshot " +
                                       path("all.png") + "\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto reports = reported_series(r.out);
    ASSERT_EQ(reports.size(), 2u) << r.out;
    const std::vector<std::string>& lecture = reports[0];
    const std::vector<std::string>& all = reports[1];

    // Six series, one of each kind: copy, a library, two of our own scans, the serial and parallel CPU.
    ASSERT_EQ(lecture.size(), 6u) << r.out;
    std::multiset<BenchRole> roles;
    std::set<std::string> shown;
    for (const std::string& name : lecture) {
        const BenchAlgorithm* algorithm = find_bench_algorithm(algorithm_of(name));
        ASSERT_NE(algorithm, nullptr) << name;
        roles.insert(bench_role(*algorithm));
        shown.insert(algorithm->name);
    }
    EXPECT_EQ(roles,
              (std::multiset<BenchRole>{BenchRole::copy, BenchRole::library, BenchRole::own_scan,
                                        BenchRole::own_scan, BenchRole::cpu_serial, BenchRole::cpu_parallel}))
        << r.out;
    EXPECT_TRUE(shown.contains("cub") && shown.contains("copy") && shown.contains("cpu-parallel")) << r.out;
    EXPECT_GE(all.size(), 17u) << "every shipped series in 'all'";

    // The pixels agree: each shown series' colour is drawn (lines, markers, legend swatch); a colour
    // that belongs only to series left out is not drawn at all, though 'all' draws it.
    const PngImage lecture_png = load_png(path("lecture.png")), all_png = load_png(path("all.png"));
    ASSERT_EQ(lecture_png.width, 1920);
    for (const std::string& name : shown)
        EXPECT_GT(count_colour(lecture_png, rgb(series_colour(name))), 150u)
            << name << " is in the lecture preset";
    int checked_absent = 0;
    for (const BenchAlgorithm& a : bench_algorithms()) {
        const bool shares_a_shown_colour = std::any_of(shown.begin(), shown.end(), [&](const std::string& s) {
            return rgb(series_colour(s)) == rgb(series_colour(a.name));
        });
        // Series the shipped results do not hold (the tuned scans, until an H100 run ships them) draw
        // nothing.
        const bool shipped = std::any_of(all.begin(), all.end(),
                                         [&](const std::string& s) { return algorithm_of(s) == a.name; });
        if (shown.contains(a.name) || shares_a_shown_colour || !shipped)
            continue;
        ++checked_absent;
        EXPECT_LT(count_colour(lecture_png, rgb(series_colour(a.name))), 20u) << a.name << " is left out";
        // (cpu-loop runs under cpu-std for most of its length, and the legend may lie below the fold;
        // with 27 shipped series the double-buffer ones, under their siblings, show 50 pixels)
        EXPECT_GT(count_colour(all_png, rgb(series_colour(a.name))), 30u) << a.name << " is in 'all'";
    }
    EXPECT_GE(checked_absent, 4) << "thrust and at least three block scans' colours are left out";
}

TEST_F(GuiBenchHall, CpuSeriesAfterALocalRunNameTheirMachineNotTheGpu) {
    const ProcessResult r = run_script("tab Benchmark\n"
                                       "bench algos=cpu n=2^10..2^12 reps=2 warmup=0\nwait-bench\n"
                                       "bench-report\nbench-series lecture\nbench-report\n"
                                       "screenshot " +
                                       path("after-run.png") + "\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto reports = reported_series(r.out);
    ASSERT_EQ(reports.size(), 2u) << r.out;
    for (const auto& report : reports) {
        int cpu_series = 0, gpu_series = 0;
        for (const std::string& name : report) {
            const BenchAlgorithm* algorithm = find_bench_algorithm(algorithm_of(name));
            ASSERT_NE(algorithm, nullptr) << name;
            if (algorithm->target == BenchTarget::gpu) {
                ++gpu_series;
                EXPECT_NE(name.find("— H100"), std::string::npos) << name;
                continue;
            }
            ++cpu_series;
            EXPECT_EQ(name.find("H100"), std::string::npos) << name << ": a CPU series labelled with a GPU";
            EXPECT_EQ(name.find("NVIDIA"), std::string::npos) << name;
            EXPECT_NE(name.find(" on "), std::string::npos) << name << ": names the machine (CPU on host)";
        }
        EXPECT_GE(cpu_series, 4) << "this machine's and the H100 host's";
        EXPECT_GE(gpu_series, 4);
    }
    // The shipped results' CPU series name the H100 host as its results file records it.
    const auto& all = reports[0];
    // (a run of this machine on the results file's day adds the times to both labels: match the start)
    EXPECT_NE(
        std::find_if(all.begin(), all.end(),
                     [](const std::string& name) { return name.starts_with("cpu-std — Intel Xeon on vm"); }),
        all.end())
        << r.out;
}

// Issue 14: results of several scans (prefixlab bench --scans) beside the shipped uint32-add results:
// the plot shows one scan, picked by the combo or `bench-scan`; a scan only the opened run holds is
// plotted from it alone, its legend without run tags; the layout holds at 1×, 2× and 3×.
TEST_F(GuiBenchHall, ResultsOfSeveralScansArePlottedOneScanAtATime) {
    const ProcessResult bench =
        run_process(shell_quote(PREFIXLAB_BINARY) +
                    " bench --algos cpu-loop,cpu-std --scans uint32-add,float-max-exclusive "
                    "--n 2^10,2^12 --reps 2 --warmup 0 --plots none --out " +
                    path("scans"));
    ASSERT_EQ(bench.exit_code, 0) << bench.err;
    const ProcessResult r =
        run_script("tab Benchmark\nbench-series all\nopen-results " + path("scans/bench.json") +
                   "\nwait 2\nbench-report\nbench-scan float-max-exclusive\nbench-report\n"
                   "scale 1\nwait 2\ncheck-layout\nscale 3\nwait 2\ncheck-layout\nscale 2\n"
                   "wait 2\ncheck-layout\nscreenshot " +
                   path("scans.png") + "\n");
    ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
    EXPECT_NE(r.out.find("bench-report: series=all plot=time scan=uint32-add shown="), std::string::npos)
        << r.out;
    EXPECT_NE(
        r.out.find("bench-report: series=all plot=time scan=float-max-exclusive shown=cpu-loop|cpu-std\n"),
        std::string::npos)
        << r.out;
    const auto reports = reported_series(r.out);
    ASSERT_EQ(reports.size(), 2u) << r.out;
    EXPECT_GT(reports[0].size(), 6u) << "uint32-add: the shipped H100 series and this run's CPU series";
}

// Issue 14: the fraction of copy speed, on the shipped H100 results (which timed the copy): GPU series
// only, the copy a 100% line, and its radio button and plot readable at 1×–3× on a 1920 × 1080 and a
// 1280 × 720 screen in both themes.
TEST_F(GuiBenchHall, CopyFractionPlotShowsGpuSeriesAgainstTheCopyAtEveryScale) {
    std::string layouts = "tab Benchmark\nbench-series all\nplot copy-fraction\nbench-report\n";
    for (const char* theme : {"dark", "projector"})
        for (const char* scale : {"1", "2", "3"})
            layouts += std::string("theme ") + theme + "\nscale " + scale + "\nwait 2\ncheck-layout\n";
    const ProcessResult r =
        run_script(layouts + "theme projector\nscale 2\nscreenshot " + path("copy.png") + "\n");
    ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
    const auto reports = reported_series(r.out);
    ASSERT_EQ(reports.size(), 1u) << r.out;
    EXPECT_NE(r.out.find("plot=copy-fraction"), std::string::npos) << r.out;
    const std::set<std::string> shown(reports[0].begin(), reports[0].end());
    EXPECT_TRUE(shown.contains("cub") && shown.contains("decoupled-look-back") &&
                shown.contains("copy = 100%"))
        << r.out;
    for (const std::string& name : reports[0])
        EXPECT_FALSE(name.starts_with("cpu-") || name == "copy") << name << ": GPU scans only";

    std::ofstream(path("small.script")) << layouts;
    const ProcessResult small = run_process("env PREFIXLAB_DATA_DIR=" + shell_quote(path("data")) + " " +
                                            shell_quote(PREFIXLAB_BINARY) +
                                            " --window 1280 --ui-scale 1 --script " + path("small.script"));
    EXPECT_EQ(small.exit_code, 0) << small.err << small.out;
}

} // namespace
} // namespace prefixlab::test
