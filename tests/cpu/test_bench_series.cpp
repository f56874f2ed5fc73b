// The lecture preset (which six kinds of series, the fastest own scan found in the data), the legend
// names of CPU series (the machine they ran on, never the GPU's), and the series colours (distinct
// within a family and among a lecture's six, under colour-vision deficiencies, on both plot
// backgrounds).
#include "core/bench/bench_json.hpp"
#include "core/bench/bench_plots.hpp"
#include "core/bench/bench_series_preset.hpp"
#include "support/bench_points.hpp"

#include <filesystem>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <set>

#ifndef PREFIXLAB_SOURCE_DIR
#error "PREFIXLAB_SOURCE_DIR: the shipped results are read from assets/bench/"
#endif

namespace prefixlab::test {
namespace {

// One sample: the median is the point's time exactly.
BenchPoint one_sample_point(const std::string& algorithm, std::uint64_t n, double ms, int block = 0) {
    return verified_point(algorithm, n, ms, block, 0.0);
}

// Own scans whose order changes with N: stp-blelloch is fastest at 2^10..2^19, rts-hillis-steele
// from 2^20 on; global-hillis-steele, second to stp-blelloch, stops at 2^18.
BenchRun gpu_run() {
    BenchRun run;
    run.environment.device = "NVIDIA H100 80GB HBM3";
    run.environment.cpu_model = "Intel(R) Xeon(R) Platinum 8480+ CPU @ 2.00GHz";
    run.environment.host = "gpu-box";
    run.environment.date = "2026-11-22T10:00:00Z";
    run.label = default_run_label(run);
    for (int k = 10; k <= 24; ++k) {
        const std::uint64_t n = std::uint64_t(1) << k;
        const double x = double(n);
        run.points.push_back(one_sample_point("copy", n, 1e-9 * x));
        run.points.push_back(one_sample_point("cub", n, 2e-9 * x));
        run.points.push_back(one_sample_point("thrust", n, 3e-9 * x));
        run.points.push_back(one_sample_point("stp-blelloch", n, 4e-9 * x, 512));
        run.points.push_back(one_sample_point("rts-hillis-steele", n, k >= 20 ? 3.5e-9 * x : 5e-9 * x, 1024));
        run.points.push_back(one_sample_point("stp-hillis-steele", n, 6e-9 * x, 1024));
        if (k <= 18)
            run.points.push_back(one_sample_point("global-hillis-steele", n, 4.5e-9 * x, 1024)); // measured to 2^18 only
        for (const char* cpu : {"cpu-loop", "cpu-std", "cpu-parallel"})
            run.points.push_back(one_sample_point(cpu, n, 1e-6 * x));
    }
    return run;
}

BenchRun local_cpu_run() {
    BenchRun run;
    run.environment.cpu_model = "AMD EPYC 9654 96-Core Processor";
    run.environment.host = "laptop";
    run.environment.date = "2026-11-23T09:00:00Z";
    run.label = default_run_label(run);
    for (int k = 10; k <= 16; ++k)
        for (const char* cpu : {"cpu-loop", "cpu-std", "cpu-parallel"})
            run.points.push_back(one_sample_point(cpu, std::uint64_t(1) << k, 1e-6 * double(std::uint64_t(1) << k)));
    return run;
}

std::vector<std::string> names_of(const Plot& plot) {
    std::vector<std::string> names;
    for (const PlotSeries& s : plot.series)
        names.push_back(s.name);
    return names;
}

TEST(BenchSeriesPreset, FastestOwnScanIsTheLowestTimeAtTheLargestCommonN) {
    BenchRun run = gpu_run();
    // global-hillis-steele stops at 2^18, so the common N is 2^18, where stp-blelloch leads.
    EXPECT_EQ(fastest_own_scan({&run}), "stp-blelloch");
    // Measured to 2^24 as well, global-hillis-steele is the fastest everywhere.
    for (int k = 19; k <= 24; ++k)
        run.points.push_back(one_sample_point("global-hillis-steele", std::uint64_t(1) << k, 1e-9 * double(1 << k), 1024));
    EXPECT_EQ(fastest_own_scan({&run}), "global-hillis-steele");
    // Without it: rts-hillis-steele, the leader at 2^24, though slower at small N.
    std::erase_if(run.points, [](const BenchPoint& p) { return p.algorithm == "global-hillis-steele"; });
    EXPECT_EQ(fastest_own_scan({&run}), "rts-hillis-steele");
    const BenchRun cpu = local_cpu_run();
    EXPECT_EQ(fastest_own_scan({&cpu}), "") << "a CPU-only run has no own scan";
    EXPECT_EQ(fastest_own_scan({&cpu, &run}), "rts-hillis-steele") << "from the first run that has one";
}

TEST(BenchSeriesPreset, LecturePicksOneOfEachKind) {
    BenchRun run = gpu_run();
    std::erase_if(run.points, [](const BenchPoint& p) { return p.algorithm == "global-hillis-steele"; });
    const LectureSeries lecture = lecture_series({&run}, "cpu-std");
    EXPECT_EQ(lecture.copy, "copy");
    EXPECT_EQ(lecture.library, "cub");
    EXPECT_EQ(lecture.fastest_own, "rts-hillis-steele");
    EXPECT_EQ(lecture.textbook, "stp-blelloch");
    EXPECT_EQ(lecture.cpu_serial, "cpu-std") << "the speedup baseline";
    EXPECT_EQ(lecture.cpu_parallel, "cpu-parallel");
    EXPECT_EQ(lecture_series({&run}, "cpu-loop").cpu_serial, "cpu-loop");
    // When the textbook's first choice is the fastest, the next textbook scan is shown instead.
    std::erase_if(run.points, [](const BenchPoint& p) { return p.algorithm == "rts-hillis-steele"; });
    const LectureSeries other = lecture_series({&run}, "cpu-std");
    EXPECT_EQ(other.fastest_own, "stp-blelloch");
    EXPECT_EQ(other.textbook, "stp-hillis-steele");
}

TEST(BenchSeriesPreset, LecturePlotOfTheShippedResultsHasSixSeriesOneOfEachKind) {
    const BenchRun shipped = read_bench_json(std::string(PREFIXLAB_SOURCE_DIR) + "/assets/bench/h100-default.json");
    BenchPlotOptions options;
    options.series = BenchSeriesPreset::lecture;
    const Plot plot = build_bench_plot({&shipped}, options);
    const std::vector<std::string> names = names_of(plot);
    ASSERT_EQ(names.size(), 6u) << ::testing::PrintToString(names);
    std::multiset<BenchRole> roles;
    for (const std::string& name : names)
        roles.insert(bench_role(*find_bench_algorithm(name)));
    EXPECT_EQ(roles, (std::multiset<BenchRole>{BenchRole::copy, BenchRole::library, BenchRole::own_scan,
                                               BenchRole::own_scan, BenchRole::cpu_serial,
                                               BenchRole::cpu_parallel}));
    // The fastest own scan really is: no own scan beats it at 2^28.
    const std::string fastest = fastest_own_scan({&shipped});
    EXPECT_NE(std::find(names.begin(), names.end(), fastest), names.end());
    double fastest_ms = 0;
    for (const BenchPoint& p : shipped.points)
        if (p.algorithm == fastest && p.n == (std::uint64_t(1) << 28))
            fastest_ms = p.ms.median;
    ASSERT_GT(fastest_ms, 0);
    for (const BenchPoint& p : shipped.points)
        if (p.n == (std::uint64_t(1) << 28) && bench_role(*find_bench_algorithm(p.algorithm)) == BenchRole::own_scan)
            EXPECT_LE(fastest_ms, p.ms.median) << p.algorithm;
    // "all" shows every series.
    EXPECT_GT(build_bench_plot({&shipped}, {}).series.size(), 15u);
}

TEST(BenchSeriesLabels, CpuSeriesNameTheMachineTheyRanOnNeverTheGpu) {
    const BenchRun gpu = gpu_run(), cpu = local_cpu_run();
    for (const BenchSeriesPreset preset : all_bench_series_presets()) {
        BenchPlotOptions options;
        options.series = preset;
        const Plot plot = build_bench_plot({&cpu, &gpu}, options);
        int cpu_series = 0;
        for (const PlotSeries& s : plot.series) {
            if (!s.name.starts_with("cpu-"))
                continue;
            ++cpu_series;
            EXPECT_EQ(s.name.find("H100"), std::string::npos) << s.name;
            EXPECT_TRUE(s.name.ends_with(" — AMD EPYC 9654 on laptop") ||
                        s.name.ends_with(" — Intel Xeon Platinum 8480+ on gpu-box"))
                << s.name;
        }
        EXPECT_EQ(cpu_series, preset == BenchSeriesPreset::all ? 6 : 4) << name_of(preset);
    }
    const Plot plot = build_bench_plot({&cpu, &gpu}, {});
    const auto names = names_of(plot);
    EXPECT_NE(std::find(names.begin(), names.end(), "cub — H100"), names.end()) << "GPU series keep the GPU";
    EXPECT_EQ(short_cpu_model("Intel(R) Xeon(R) Processor"), "Intel Xeon");
    EXPECT_EQ(short_cpu_model("AMD EPYC 9654 96-Core Processor"), "AMD EPYC 9654");
}

// --- colours ---------------------------------------------------------------------------------------

using Rgb = std::array<double, 3>;

double linear(double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); }
double gamma(double c) { return c <= 0.0031308 ? 12.92 * c : 1.055 * std::pow(c, 1 / 2.4) - 0.055; }

// Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB.
Rgb simulated(const Rgb& rgb, int deficiency) {
    static const double m[3][3][3] = {
        {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
        {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
        {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}};
    if (deficiency < 0)
        return rgb;
    const Rgb l{linear(rgb[0]), linear(rgb[1]), linear(rgb[2])};
    Rgb out;
    for (int i = 0; i < 3; ++i)
        out[i] = gamma(std::clamp(m[deficiency][i][0] * l[0] + m[deficiency][i][1] * l[1] + m[deficiency][i][2] * l[2],
                                  0.0, 1.0));
    return out;
}

Rgb lab(const Rgb& rgb) {
    const double r = linear(rgb[0]), g = linear(rgb[1]), b = linear(rgb[2]);
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, y = 0.2126 * r + 0.7152 * g + 0.0722 * b,
                 z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116; };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

Rgb rgb_of(const std::string& algorithm) {
    const Rgba c = series_colour(algorithm);
    return {c.r, c.g, c.b};
}

// The smallest ΔE76 between two colours under normal vision and the three deficiencies.
double worst_difference(const std::string& a, const std::string& b) {
    double worst = 1e9;
    for (int deficiency = -1; deficiency < 3; ++deficiency) {
        const Rgb la = lab(simulated(rgb_of(a), deficiency)), lb = lab(simulated(rgb_of(b), deficiency));
        worst = std::min(worst, std::hypot(la[0] - lb[0], la[1] - lb[1], la[2] - lb[2]));
    }
    return worst;
}

double contrast(const Rgb& a, const Rgb& b) {
    const auto luminance = [](const Rgb& c) {
        return 0.2126 * linear(c[0]) + 0.7152 * linear(c[1]) + 0.0722 * linear(c[2]);
    };
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

TEST(BenchSeriesColours, DistinctWithinEachFamilyAndAmongALecturesSixForEveryVision) {
    const std::vector<std::vector<std::string>> families = {
        {"stp-hillis-steele", "stp-hillis-steele-double-buffer", "stp-blelloch", "stp-blelloch-padded",
         "stp-warp-shuffle"},
        {"cub", "thrust"},
        {"cpu-loop", "cpu-std", "cpu-parallel"}};
    constexpr double kDistinct = 14; // ΔE76; 2.3 is a just-noticeable difference side by side
    for (const auto& family : families)
        for (std::size_t i = 0; i < family.size(); ++i)
            for (std::size_t j = i + 1; j < family.size(); ++j)
                EXPECT_GE(worst_difference(family[i], family[j]), kDistinct) << family[i] << " vs " << family[j];
    // Any fastest own scan (a textbook driver, or the tuned scan) beside any textbook scan and the other
    // four kinds.
    std::vector<std::string> fastest_candidates = families[0];
    fastest_candidates.push_back("tuned-look-back");
    for (const std::string& fastest : fastest_candidates)
        for (const std::string& textbook : families[0]) {
            if (fastest == textbook)
                continue;
            const std::vector<std::string> six = {"copy", "cub", fastest, textbook, "cpu-std", "cpu-parallel"};
            for (std::size_t i = 0; i < six.size(); ++i)
                for (std::size_t j = i + 1; j < six.size(); ++j)
                    EXPECT_GE(worst_difference(six[i], six[j]), kDistinct) << six[i] << " vs " << six[j];
        }
    // The two drivers of a block scan share its colour; their markers differ.
    EXPECT_EQ(rgb_of("stp-blelloch"), rgb_of("rts-blelloch"));
    EXPECT_NE(series_marker("stp-blelloch", 0), series_marker("rts-blelloch", 0));
    EXPECT_NE(series_marker("stp-hillis-steele", 0), series_marker("global-hillis-steele", 0));
    EXPECT_EQ(rgb_of("tuned-look-back"), rgb_of("tuned-reduce-then-scan"));
    EXPECT_NE(series_marker("tuned-look-back", 0), series_marker("tuned-reduce-then-scan", 0));
    // Lines readable on both plot backgrounds (3:1 is WCAG's bar for graphics; 2.2 on white for the
    // lightest, sky blue, whose lines are 1.8 px wide at scale 1 and twice that on a slide).
    const Rgb white{1, 1, 1}, dark{20 / 255.0, 23 / 255.0, 26 / 255.0};
    for (const BenchAlgorithm& a : bench_algorithms()) {
        EXPECT_GE(contrast(rgb_of(a.name), white), 2.2) << a.name;
        EXPECT_GE(contrast(rgb_of(a.name), dark), 3.3) << a.name;
    }
}

// The shipped results (a version 2 file since they were regenerated with the tuned scans; version 1
// files load as uint32 + inclusive too: test_bench_json.cpp) are of the default scan alone, and plot as
// a one-scan run does: no scan in the title, the subtitle's "uint32 +".
TEST(BenchShippedResults, TheShippedResultsAreOfTheDefaultScan) {
    for (const auto& entry : std::filesystem::directory_iterator(std::string(PREFIXLAB_SOURCE_DIR) + "/assets/bench")) {
        if (entry.path().extension() != ".json")
            continue;
        const BenchRun shipped = read_bench_json(entry.path().string());
        EXPECT_GE(shipped.format_version, 1) << entry.path();
        ASSERT_FALSE(shipped.points.empty()) << entry.path();
        for (const BenchPoint& point : shipped.points)
            ASSERT_TRUE(point.scan == kDefaultBenchScan) << entry.path() << " " << point.algorithm;
        const Plot plot = build_bench_plot({&shipped}, {});
        EXPECT_EQ(plot.title, std::string(title_of(BenchPlotKind::time))) << entry.path();
        EXPECT_NE(plot.subtitle.find(" · uint32 +, median of "), std::string::npos) << plot.subtitle;
    }
}

} // namespace
} // namespace prefixlab::test
