// The GUI in a real window (under Xvfb, Mesa's llvmpipe): a scripted session opens a trace, steps
// through it and takes screenshots; the pixels must show the value table, not a blank window.
#include "core/trace/trace_json.hpp"
#include "support/png_image.hpp"
#include "support/process.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

class GuiSession : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_gui_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        keep_ = std::getenv("PREFIXLAB_KEEP_SCREENSHOTS") != nullptr;
    }
    void TearDown() override {
        if (keep_)
            std::printf("screenshots kept in %s\n", dir_.c_str());
        else
            fs::remove_all(dir_);
    }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    ProcessResult prefixlab(const std::string& arguments) const {
        return run_process(shell_quote(PREFIXLAB_BINARY) + " " + arguments);
    }
    ProcessResult run_script(const std::string& script) const {
        std::ofstream(path("session.script")) << script;
        return prefixlab("--window 1600 --ui-scale 1 --script " + path("session.script"));
    }

    fs::path dir_;
    bool keep_ = false;
};

TEST_F(GuiSession, SteppingThroughATraceShowsTheTable) {
    ASSERT_EQ(prefixlab("trace --n 16 --input iota --device cpu --out " + path("hs16.json")).exit_code, 0);
    const ProcessResult r = run_script("open " + path("hs16.json") +
                                       "\n"
                                       "step 3\n"
                                       "screenshot " +
                                       path("step3.png") +
                                       "\n"
                                       "step last\n"
                                       "screenshot " +
                                       path("last.png") + "\nquit\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;

    const PngImage step3 = load_png(path("step3.png"));
    const PngImage last = load_png(path("last.png"));
    ASSERT_EQ(step3.width, 1600);
    ASSERT_EQ(step3.height, 900);
    EXPECT_GT(distinct_colours(step3), 40u) << "a blank or single-colour window";

    // A table of 16 words × 10 steps: value cells, cells written in a step, the current-step band.
    EXPECT_GT(count_colour(step3, theme::palette(theme::Name::dark).cell_value), 20000u);
    EXPECT_GT(count_colour(step3, theme::palette(theme::Name::dark).cell_written), 10000u);
    EXPECT_GT(count_colour(step3, theme::palette(theme::Name::dark).current_step), 2000u);
    // The two screenshots differ where the band moved.
    EXPECT_GT(fraction_different(step3, last), 0.002);
    EXPECT_LT(fraction_different(step3, last), 0.5);
}

TEST_F(GuiSession, TracesInTheBackgroundFromScriptSettings) {
    const ProcessResult r = run_script("trace algo=hillis-steele n=40 input=random seed=9 device=cpu\n"
                                       "step 1\n"
                                       "screenshot " +
                                       path("traced.png") + "\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const PngImage image = load_png(path("traced.png"));
    ASSERT_EQ(image.width, 1600);
    EXPECT_GT(count_colour(image, theme::palette(theme::Name::dark).cell_written), 10000u) << "step 1's 40 loads are drawn as written cells";
}

TEST_F(GuiSession, BadScriptIsRejectedBeforeAWindowOpens) {
    std::ofstream(path("bad.script")) << "step 1\nfly away\n";
    const ProcessResult r = prefixlab("--script " + path("bad.script"));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "prefixlab: error: script " + path("bad.script") + ":2: unknown command 'fly'\n");
}

TEST_F(GuiSession, NoDisplayGivesOneLineAndACleanExit) {
    const ProcessResult r = run_process("env -u DISPLAY -u WAYLAND_DISPLAY " + shell_quote(PREFIXLAB_BINARY));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err.rfind("prefixlab: error: cannot open a window: ", 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST_F(GuiSession, UnwritableScreenshotPathFailsCleanly) {
    const ProcessResult r = run_script("trace n=8 device=cpu\nscreenshot /nonexistent-dir/shot.png\n");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err, "prefixlab: error: cannot write '/nonexistent-dir/shot.png': directory '/nonexistent-dir' does "
                     "not exist\n");
}

} // namespace
} // namespace prefixlab::test

namespace prefixlab::test {
namespace {

// The dataflow tab draws each algorithm's tree from its trace: input nodes, value nodes, the current
// step's nodes in orange with their incoming edges in sky blue, and the threads-at-work strips.
TEST_F(GuiSession, DataflowTreeIsDrawnForEveryAlgorithm) {
    struct Case {
        std::string algorithm;
        int n;
        int step; // a step that produces values
    };
    const std::vector<Case> cases = {{"hillis-steele", 16, 4},   {"hillis-steele-double-buffer", 16, 3},
                                     {"hillis-steele-racy", 64, 3}, {"blelloch", 16, 3},
                                     {"blelloch-padded", 16, 7},  {"warp-shuffle", 40, 3}};
    std::string script = "tab Dataflow\n";
    for (const Case& c : cases)
        script += "trace algo=" + c.algorithm + " n=" + std::to_string(c.n) + " input=iota device=cpu\nstep " +
                  std::to_string(c.step) + "\nscreenshot " + path(c.algorithm + ".png") + "\n";
    const ProcessResult r = run_script(script);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // Count inside the diagram only: right of the step labels, below the legend and column header.
    const auto in_diagram = [](const PngImage& image, theme::Rgb colour) {
        return count_colour(image, colour, 700, 130, image.width, image.height - 40);
    };
    for (const Case& c : cases) {
        const PngImage image = load_png(path(c.algorithm + ".png"));
        ASSERT_EQ(image.width, 1600) << c.algorithm;
        EXPECT_GT(in_diagram(image, theme::palette(theme::Name::dark).input_node), 2000u) << c.algorithm << ": input row";
        EXPECT_GT(in_diagram(image, theme::palette(theme::Name::dark).cell_written), 1000u) << c.algorithm << ": the current step's nodes";
        EXPECT_GT(in_diagram(image, theme::palette(theme::Name::dark).cell_read), 150u) << c.algorithm << ": the current step's edges";
        EXPECT_GT(in_diagram(image, theme::palette(theme::Name::dark).active_threads), 500u) << c.algorithm << ": threads at work";
        EXPECT_GT(in_diagram(image, theme::palette(theme::Name::dark).cell_value), 2000u) << c.algorithm << ": value nodes";
    }
    // The racy kernel's wrong outputs and racing reads are vermillion; a correct kernel has none.
    EXPECT_GT(in_diagram(load_png(path("hillis-steele-racy.png")), theme::palette(theme::Name::dark).error), 500u);
    EXPECT_EQ(in_diagram(load_png(path("blelloch.png")), theme::palette(theme::Name::dark).error), 0u);
}

} // namespace
} // namespace prefixlab::test

#include "gui/colour_map.hpp"

namespace prefixlab::test {
namespace {

// The Banks tab: Blelloch beside Blelloch-padded on the same input, each as a heatmap coloured from
// the one colour scale; the plain layout shows 2-way and worse conflicts, the padded one none at
// N = 64; clicking a row draws that instruction's lane-to-bank arrows. The click lands in step 1's
// band of the plain heatmap (x 700, y 234 at 1× in 1600 × 900: the label column holds the full step
// labels since issue 10, so the heatmap starts right of them, at x ≈ 650; each step is one text line
// tall at least, step 1's band at y ≈ 224-245), a step other than the current one.
TEST_F(GuiSession, BankHeatmapComparesPlainAndPaddedBlelloch) {
    const ProcessResult r = run_script("tab Banks\n"
                                       "trace algo=blelloch n=64 input=iota device=cpu\n"
                                       "step 2\n"
                                       "screenshot " + path("banks.png") + "\n"
                                       "click 700 234\n"
                                       "screenshot " + path("banks-selected.png") + "\n"
                                       "trace algo=hillis-steele n=64 input=iota device=cpu\n"
                                       "screenshot " + path("banks-hs.png") + "\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const PngImage banks = load_png(path("banks.png"));
    ASSERT_EQ(banks.width, 1600);
    const int middle = banks.width / 2 + 170; // the two panels split the main area, right of the sidebar
    const auto left = [&](theme::Rgb c) { return count_colour(banks, c, 340, 170, middle, 700); };
    const auto right = [&](theme::Rgb c) { return count_colour(banks, c, middle, 170, banks.width, 700); };
    EXPECT_GT(left(conflict_colour(2)), 300u) << "plain Blelloch: 2-way conflicts";
    EXPECT_GT(left(conflict_colour(0)), 300u) << "plain Blelloch: banks left unused by strided loads";
    EXPECT_GT(right(conflict_colour(1)), 3000u) << "padded Blelloch: conflict-free";
    EXPECT_EQ(right(conflict_colour(2)) + right(conflict_colour(4)) + right(conflict_colour(8)), 0u)
        << "padded Blelloch at N = 64 has no conflicts";

    const PngImage selected = load_png(path("banks-selected.png"));
    EXPECT_GT(count_colour(selected, theme::palette(theme::Name::dark).error, 340, 700, middle, 860), 200u) << "conflicting lane-to-bank arrows";
    EXPECT_GT(fraction_different(banks, selected), 0.001);

    const PngImage hs = load_png(path("banks-hs.png"));
    EXPECT_GT(count_colour(hs, conflict_colour(1), 340, 170, hs.width, 700), 3000u) << "Hillis-Steele: unit stride";
    EXPECT_EQ(count_colour(hs, conflict_colour(2), 340, 170, hs.width, 700), 0u);
}

} // namespace
} // namespace prefixlab::test

#include "core/bench/bench_json.hpp"

namespace prefixlab::test {
namespace {

// The Benchmark tab runs a CPU-only sweep in the background through its panel: mid-run, the progress
// bar (in the settings column, left of the plot) is drawn; at the end it is gone, the run is saved in
// the data folder, and the plots and results export for slides.
class GuiBenchmark : public GuiSession {
protected:
    ProcessResult run_bench_script(const std::string& script) const {
        std::ofstream(path("bench.script")) << script;
        return run_process("env PREFIXLAB_DATA_DIR=" + shell_quote(path("data")) + " " + shell_quote(PREFIXLAB_BINARY) +
                           " --window 1600 --ui-scale 1 --script " + path("bench.script"));
    }
    // The settings column of the Benchmark tab at 1600 × 900: right of the sidebar, left of the plot.
    static std::size_t progress_pixels(const PngImage& image) {
        // The settings column and the plot's column: a running sweep's bar heads the plot.
        return count_colour(image, theme::palette(theme::Name::dark).progress, 340, 60, 1600, 880);
    }
    BenchRun saved_run() const {
        std::vector<fs::path> files;
        for (const auto& entry : fs::directory_iterator(dir_ / "data" / "bench"))
            files.push_back(entry.path());
        EXPECT_EQ(files.size(), 1u) << "one run, saved once";
        return files.empty() ? BenchRun{} : read_bench_json(files.front().string());
    }
};

TEST_F(GuiBenchmark, CpuSweepRunsWithAProgressBarAndExportsItsPlots) {
    const std::string plots = path("plots");
    const ProcessResult r = run_bench_script("tab Benchmark\n"
                                             // Progress counts points, and the large N come last:
                                             // at 30 % the sweep once finished within the two
                                             // frames before the screenshot. At 10 % of 2^10..2^24
                                             // most of the time is still ahead.
                                             "bench algos=cpu n=2^10..2^24 reps=20\n"
                                             "wait-bench 0.1\n"
                                             "screenshot " + path("mid.png") + "\n"
                                             "wait-bench\n"
                                             "screenshot " + path("done.png") + "\n"
                                             "plot speedup\n"
                                             "export-plots " + plots + "\n"
                                             "export-results " + plots + "\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;

    const PngImage mid = load_png(path("mid.png")), done = load_png(path("done.png"));
    ASSERT_EQ(mid.width, 1600);
    EXPECT_GT(progress_pixels(mid), 300u) << "the progress bar, at least 10 % filled";
    EXPECT_EQ(progress_pixels(done), 0u) << "no progress bar once the sweep has finished";
    EXPECT_GT(distinct_colours(done), 100u) << "the plot is drawn";

    // Every point of the sweep, verified, saved as a results file.
    const BenchRun run = saved_run();
    EXPECT_EQ(run.points.size(), 3u * 15u) << "cpu-loop, cpu-std, cpu-parallel at 2^10..2^24";
    for (const BenchPoint& p : run.points) {
        EXPECT_TRUE(p.verified) << p.algorithm;
        EXPECT_EQ(p.ms.count, 20) << p.algorithm;
    }
    EXPECT_FALSE(run.cancelled);

    // Each plot kind of the run in each format, and the results themselves.
    for (const std::string kind : {"time", "throughput", "gelems", "speedup"}) {
        const PngImage png = load_png(plots + "/" + kind + ".png");
        EXPECT_GT(png.width, 0) << kind;
        EXPECT_GT(distinct_colours(png), 20u) << kind;
        std::ifstream svg(plots + "/" + kind + ".svg"), pdf(plots + "/" + kind + ".pdf");
        const std::string svg_text((std::istreambuf_iterator<char>(svg)), {});
        const std::string pdf_text((std::istreambuf_iterator<char>(pdf)), {});
        EXPECT_NE(svg_text.find("<svg"), std::string::npos) << kind;
        EXPECT_EQ(pdf_text.rfind("%PDF-", 0), 0u) << kind;
        EXPECT_NE(pdf_text.find("%%EOF"), std::string::npos) << kind;
    }
    EXPECT_EQ(read_bench_json(plots + "/bench.json").points.size(), run.points.size());
    EXPECT_TRUE(fs::file_size(plots + "/bench.csv") > 0);
}

TEST_F(GuiBenchmark, CancelKeepsTheFinishedPoints) {
    const ProcessResult r = run_bench_script("tab Benchmark\n"
                                             "bench algos=cpu n=2^10..2^24 reps=20\n"
                                             "wait-bench 0.2\n"
                                             "cancel-bench\n"
                                             "wait-bench\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const BenchRun run = saved_run();
    EXPECT_TRUE(run.cancelled);
    EXPECT_GT(run.points.size(), 0u);
    EXPECT_LT(run.points.size(), 3u * 15u);
}

TEST_F(GuiBenchmark, BadBenchSettingsAreRejectedBeforeAWindowOpens) {
    std::ofstream(path("bad.script")) << "bench algos=bubble\n";
    const ProcessResult r = prefixlab("--script " + path("bad.script"));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "prefixlab: error: script " + path("bad.script") +
                         ":1: unknown algorithm 'bubble' (prefixlab bench --list shows them)\n");
}

TEST_F(GuiBenchmark, MalformedResultsFileIsRejectedWithOneLine) {
    std::ofstream(path("bad.json")) << "{\"format\": \"prefixlab-bench\", \"version\": 1, \"points\": 3}";
    const ProcessResult r = run_bench_script("tab Benchmark\nopen-results " + path("bad.json") + "\n");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(path("bad.json")), std::string::npos) << r.err;
}

} // namespace
} // namespace prefixlab::test
