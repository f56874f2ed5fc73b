// Issue 13, the grid views in a real window: a grid trace made by script (grid-trace) draws the Grid and
// Timeline tabs with no layout problem at UI scales 1–3 on 1920×1080 and 1280×720 in both themes; the step
// keys step the grid trace on those tabs; reveal mode hides the later phases entirely; a deadlock is one
// line of error and the app goes on (a grid trace and a block trace after it); the frame medians of the
// lecture's three pictures are printed.
#include "support/png_image.hpp"
#include "support/process.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <iostream>
#include <regex>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

const char* const kSmallGrid = "grid-trace driver=decoupled-look-back n=256 tile=32 resident=4 order=random seed=3 tiles=counter\n";

theme::Rgb blended(theme::Rgb a, theme::Rgb b, float t) { // as the views dim later steps
    const auto mix = [t](std::uint8_t x, std::uint8_t y) { return static_cast<std::uint8_t>(std::lround(x * (1 - t) + y * t)); };
    return {mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b)};
}

class GuiGridViews : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_gui_grid_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    ProcessResult run_script(const std::string& text, int width = 1920, const char* scale = "1") {
        const fs::path script = dir_ / "grid.script";
        std::ofstream(script) << text << "quit\n";
        return run_process(shell_quote(PREFIXLAB_BINARY) + " --window " + std::to_string(width) + " --ui-scale " + scale +
                           " --script " + shell_quote(script.string()));
    }
    fs::path dir_;
};

int count_matches(const std::string& text, const std::regex& pattern) {
    return static_cast<int>(std::distance(std::sregex_iterator(text.begin(), text.end(), pattern), std::sregex_iterator()));
}

TEST_F(GuiGridViews, BothTabsAtEveryScaleOnBothScreensAndThemesHaveNoLayoutProblems) {
    for (const int width : {1920, 1280})
        for (const std::string theme : {"dark", "projector"}) {
            std::string script = "theme " + theme + "\n" + kSmallGrid;
            int checks = 0;
            for (const char* scale : {"1", "1.5", "2", "3"}) {
                script += std::string("scale ") + scale + "\nwait 3\n";
                script += "tab Grid\nstep 2\ncheck-layout\ntab Timeline\ncheck-layout\n";
                checks += 2;
            }
            // tile level: 1024 tiles of the emulator's largest grid, at the lecture's scale
            script += "grid-trace n=65536 tile=64 resident=8\nscale 2\ntab Timeline\ncheck-layout\ntab Grid\ncheck-layout\n";
            checks += 2;
            const ProcessResult run = run_script(script, width);
            EXPECT_EQ(run.exit_code, 0) << width << " " << theme << "\n" << run.out << run.err;
            EXPECT_EQ(count_matches(run.out, std::regex(R"(check-layout \S+: [1-9]\d* texts, 0 problems)")), checks)
                << width << " " << theme << "\n" << run.out;
        }
}

TEST_F(GuiGridViews, TheGridShowsStatusWordsAndArrowsAndTheTimelineItsMarks) {
    const ProcessResult run = run_script(std::string(kSmallGrid) + "tab Grid\nstep 3\nscreenshot " + path("grid.png") +
                                         "\ntab Timeline\nscreenshot " + path("timeline.png") + "\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const theme::Palette& dark = theme::palette(theme::Name::dark);
    const PngImage grid = load_png(path("grid.png")), timeline = load_png(path("timeline.png"));
    ASSERT_GT(grid.width, 0);
    ASSERT_GT(distinct_colours(grid), 20u);
    // eight P status words (and their arrows) at the last step: far more than the legend's swatch
    EXPECT_GT(count_colour(grid, dark.status_prefix), 8u * 400u);
    EXPECT_GT(count_colour(grid, dark.cell_written), 8u * 400u); // the written values of the tile scan
    EXPECT_GT(count_colour(timeline, dark.status_prefix), 500u);
    EXPECT_GT(count_colour(timeline, dark.status_aggregate), 50u);
}

TEST_F(GuiGridViews, StepKeysStepTheGridOnItsTabsAndRevealHidesLaterPhases) {
    // Two tiles: every row of the grid in view at once.
    const ProcessResult run = run_script(std::string("trace algo=blelloch n=32\n") +
                                         "grid-trace driver=decoupled-look-back n=64 tile=32 resident=2 tiles=counter\n" +
                                         "tab Grid\nkey Right\nkey Right\nreport-grid\n"
                                         "tab Values\nkey Right\nreport\n"
                                         "tab Grid\nkey Home\nscreenshot " + path("dimmed.png") + "\n"
                                         "key F11\nwait 5\nscreenshot " + path("revealed.png") + "\n"
                                         "key End\nreport-grid\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("n=64 tiles=2"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("verdict=consistent step=2"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("report: step=1 "), std::string::npos) << run.out; // Values stepped its own trace
    EXPECT_NE(run.out.find("verdict=consistent step=3"), std::string::npos) << run.out;
    // At the first step the later rows' P words are dimmed, or in reveal mode not drawn at all.
    const theme::Palette& dark = theme::palette(theme::Name::dark);
    const theme::Rgb dimmed_prefix = blended(dark.status_prefix, dark.background, 0.6f);
    EXPECT_GT(count_colour(load_png(path("dimmed.png")), dimmed_prefix), 400u);
    EXPECT_EQ(count_colour(load_png(path("revealed.png")), dimmed_prefix), 0u);
}

TEST_F(GuiGridViews, ADeadlockIsOneLineOfErrorAndTheAppGoesOn) {
    const ProcessResult run = run_script("grid-trace driver=chained n=1024 tile=64 tiles=block order=reversed resident=2\n"
                                         "report-grid\ntab Grid\nscreenshot " + path("deadlock.png") + "\n" + kSmallGrid +
                                         "report-grid\ntrace algo=blelloch n=32\nreport\ntab Timeline\ncheck-layout\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const std::regex error(R"(grid: error=Grid scan: [^\n]*deadlock: tile \d+ waits for tile \d+[^\n]*\n)");
    EXPECT_EQ(count_matches(run.out, error), 1) << run.out;
    EXPECT_NE(run.out.find("grid: driver=decoupled-look-back n=256 tiles=8"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("report: step=0"), std::string::npos) << run.out;
    const PngImage shot = load_png(path("deadlock.png"));
    EXPECT_GT(count_colour(shot, theme::palette(theme::Name::dark).error), 200u); // the error line, in the tab
}

// The multi-launch drivers: their tile totals as boxes in the colours of their kind (Σ, P, +), no status
// words, launches named in report-grid's numbers, the Timeline's one line, no layout problem.
TEST_F(GuiGridViews, MultiLaunchDriversShowTheirTileTotalsAndNoStatusWords) {
    const ProcessResult run = run_script(
        "grid-trace driver=scan-then-propagate n=1024 tile=32\ntab Grid\nstep 1\nscreenshot " + path("stp.png") +
        "\nreport-grid\ncheck-layout\ntab Timeline\nscreenshot " + path("timeline.png") + "\ncheck-layout\n"
        "grid-trace driver=atomic-global n=1024 tile=32\ntab Grid\nstep 1\nscreenshot " + path("atomic.png") +
        "\nreport-grid\ncheck-layout\n"
        "grid-trace driver=two-level n=1000 tile=32\nstep 2\nreport-grid\ncheck-layout\n"
        "grid-trace driver=reduce-then-scan n=65536 tile=64\nstep 2\nreport-grid\ncheck-layout\n",
        1920, "2");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    // 32 tiles: each stores its total, the spine reads and rewrites 32, 31 tiles read theirs with 32 threads
    EXPECT_NE(run.out.find("driver=scan-then-propagate n=1024 tiles=32 launches=3 accesses=1088 steps=3 detail=elements "
                           "totals=1024/64/0 crossings=63 look-back"),
              std::string::npos) << run.out;
    // 32 · 31 / 2 atomics, each an arrow before thinning, and 31 reads of the partials
    EXPECT_NE(run.out.find("driver=atomic-global n=1024 tiles=32 launches=2 accesses=1488 steps=3 detail=elements "
                           "totals=992/0/496 crossings=527"),
              std::string::npos) << run.out;
    EXPECT_NE(run.out.find("driver=two-level n=1000 tiles=32 launches=3"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("driver=reduce-then-scan n=65536 tiles=1024 launches=5"), std::string::npos) << run.out;
    EXPECT_EQ(count_matches(run.out, std::regex(R"(check-layout \S+: [1-9]\d* texts, 0 problems)")), 5) << run.out;
    const theme::Palette& dark = theme::palette(theme::Name::dark);
    const PngImage stp = load_png(path("stp.png")), atomic = load_png(path("atomic.png")), timeline = load_png(path("timeline.png"));
    // step 1 (the spine) current, step 0 above it: 32 Σ boxes and 32 P boxes, no hollow invalid status words
    EXPECT_GT(count_colour(stp, dark.status_prefix), 32u * 400u);
    EXPECT_GT(count_colour(stp, dark.status_aggregate), 32u * 400u);
    EXPECT_EQ(count_colour(stp, dark.status_invalid), 0u);
    EXPECT_GT(count_colour(atomic, dark.active_threads), 31u * 400u); // the 31 + partial sums and the atomics' arrows
    EXPECT_LT(distinct_colours(timeline), distinct_colours(stp)); // one line of text, no plot
}

// The lecture's three pictures at 1920×1080, 2×: printed for the record; the bound only catches a view
// that redraws everything every frame (the 16 ms target is measured on an idle machine, see the report).
// Not in a sanitizer build: there, on this 2-core machine with two compilers running, the grid's median
// read 89.6 ms and the timeline's 62.9 ms (13.7 and 11.7 ms uninstrumented in CI), and a bound measures
// the load and the instrumentation, not the view (it failed a local sanitizer run so).
// Issue 35: the single-pass compaction from the script's grid-trace (compact=KEEP): its look-backs
// consistent on the Timeline and Grid tabs at every scale on both screens and themes, its captions naming
// it, the scene keeping its predicate, and compact=none a scan again.
TEST_F(GuiGridViews, TheSinglePassCompactionShowsItsCountsLookBackAndTheSceneKeepsIt) {
    for (const int width : {1920, 1280})
        for (const std::string theme : {"dark", "projector"}) {
            std::string script = "theme " + theme + "\ngrid-trace compact=less-than:500 input=random tile=32 n=8192 "
                                 "resident=6 order=random\nreport-grid\nreport-scene\n";
            for (const char* scale : {"1", "2", "3"})
                script += std::string("scale ") + scale + "\nwait 3\ntab Timeline\ncheck-layout\ntab Grid\ncheck-layout\n";
            script += "grid-trace compact=none body=warp-shuffle n=256\nreport-scene\n";
            const ProcessResult run = run_script(script, width);
            ASSERT_EQ(run.exit_code, 0) << width << " " << theme << "\n" << run.out << run.err;
            EXPECT_EQ(count_matches(run.out, std::regex(R"(check-layout \S+: [1-9]\d* texts, 0 problems)")), 6)
                << run.out;
            EXPECT_NE(run.out.find("grid: driver=decoupled-look-back n=8192 tiles=64 launches=1"), std::string::npos)
                << run.out;
            EXPECT_NE(run.out.find("verdict=consistent"), std::string::npos) << run.out;
            EXPECT_EQ(count_matches(run.out, std::regex(R"("compact": ?"less-than:500")")), 1) << run.out;
            EXPECT_EQ(count_matches(run.out, std::regex(R"("compact")")), 1) << "compact=none: a scan's scene again";
        }
}

// Issue 36: Onesweep from the script's grid-trace (sort=onesweep): its look-backs over digit counts
// consistent on the Timeline and Grid tabs at every scale on both screens and themes, the scene keeping the
// sort, sort=textbook its passes without a look-back, and sort=none a scan again.
TEST_F(GuiGridViews, TheRadixSortsShowTheirPassesAndOnesweepsLookBacks) {
    for (const int width : {1920, 1280})
        for (const std::string theme : {"dark", "projector"}) {
            std::string script = "theme " + theme + "\ngrid-trace sort=onesweep input=random type=float n=6000 "
                                 "resident=5 order=random\nreport-grid\nreport-scene\n";
            for (const char* scale : {"1", "2", "3"})
                script += std::string("scale ") + scale + "\nwait 3\ntab Timeline\ncheck-layout\ntab Grid\ncheck-layout\n";
            script += "grid-trace sort=textbook tile=64 n=3000\nreport-grid\ncheck-layout\n"
                      "grid-trace sort=none body=warp-shuffle n=256\nreport-scene\n";
            const ProcessResult run = run_script(script, width);
            ASSERT_EQ(run.exit_code, 0) << width << " " << theme << "\n" << run.out << run.err;
            EXPECT_EQ(count_matches(run.out, std::regex(R"(check-layout \S+: [1-9]\d* texts, 0 problems)")), 7)
                << run.out;
            EXPECT_NE(run.out.find("grid: driver=decoupled-look-back n=6000 tiles=12"), std::string::npos) << run.out;
            EXPECT_NE(run.out.find("verdict=consistent"), std::string::npos) << run.out;
            EXPECT_NE(run.out.find("grid: driver=reduce-then-scan n=3000 tiles=12"), std::string::npos) << run.out;
            EXPECT_EQ(count_matches(run.out, std::regex(R"("sort": ?"onesweep")")), 1) << run.out;
            EXPECT_EQ(count_matches(run.out, std::regex(R"("sort")")), 1) << "sort=none: a scan's scene again";
        }
}

TEST_F(GuiGridViews, FrameMediansOfTheGridAndTimelines) {
    const ProcessResult run = run_script(std::string(kSmallGrid) + "tab Grid\nstep 3\nmeasure-frames 120\n"
                                         "grid-trace n=4096 tile=64\ntab Timeline\nmeasure-frames 120\n"
                                         "grid-trace n=65536 tile=64 resident=8\nmeasure-frames 120\n",
                                         1920, "2");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const std::regex median(R"(frame time over 120 frames: median ([0-9.]+) ms)");
    std::vector<double> medians;
    for (auto it = std::sregex_iterator(run.out.begin(), run.out.end(), median); it != std::sregex_iterator(); ++it)
        medians.push_back(std::stod((*it)[1]));
    ASSERT_EQ(medians.size(), 3u) << run.out;
    const char* names[] = {"grid N=256 (8 tiles)", "timeline N=4096 (64 tiles)", "timeline N=65536 (1024 tiles)"};
    for (std::size_t i = 0; i < 3; ++i) {
        std::cout << "frame median, " << names[i] << ", 1920x1080 at 2x: " << medians[i] << " ms\n";
        if (!PREFIXLAB_SANITIZED)
            EXPECT_LT(medians[i], 60.0) << names[i];
    }
}

} // namespace
} // namespace prefixlab::test
