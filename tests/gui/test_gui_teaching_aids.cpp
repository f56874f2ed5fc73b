// Issue 12 in the real window: the narration strip says the step from the trace, the racy kernel's
// race is named with both threads and its wrong outputs are counted, J jumps the Values table to the
// first wrong output, F4 puts the kernel's own source beside the views, its step line marked, and
// compare mode (F3) puts the racy kernel beside its correct twin, stepping together, differences framed.
#include "support/png_image.hpp"
#include "support/process.hpp"
#include "support/text_files.hpp"

#include "gui/theme.hpp"

#include <filesystem>
#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <gtest/gtest.h>
#include <regex>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

class GuiTeachingAids : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_gui_teaching_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    ProcessResult gui(const std::string& script, int width = 1920) const {
        std::ofstream(path("session.script")) << script << "quit\n";
        return run_process(shell_quote(PREFIXLAB_BINARY) + " --window " + std::to_string(width) +
                           " --ui-scale 2 --script " + shell_quote(path("session.script")), dir_);
    }
    fs::path dir_;
};

std::string line_starting(const std::string& out, const std::string& prefix) {
    const std::size_t at = out.find("\n" + prefix);
    if (at == std::string::npos)
        return out.starts_with(prefix) ? out.substr(0, out.find('\n')) : "";
    return out.substr(at + 1, out.find('\n', at + 1) - at - 1);
}

TEST_F(GuiTeachingAids, TheStripNarratesBlellochsUpSweepFromTheTrace) {
    const ProcessResult run = gui("trace algo=blelloch n=16 input=iota device=cpu\nstep 3\nreport-narration\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    // Step 3 is up-sweep level 2 at N = 16: two threads, thread t combines data[8t+3] into data[8t+7].
    EXPECT_EQ(line_starting(run.out, "narration: "),
              "narration: Up-sweep level 2, 2 threads: thread t combines data[8t+3] and data[8t+7] into data[8t+7].");
    EXPECT_EQ(line_starting(run.out, "counters: "),
              "counters: 2 of 8 threads active · work 14 (serial 15) · depth 4 steps, 3 barriers");
    EXPECT_EQ(line_starting(run.out, "wrong: "), "wrong: 0 of 16");
    EXPECT_EQ(line_starting(run.out, "race: "), "");
}

TEST_F(GuiTeachingAids, TheRacyKernelsRaceIsNamedWithBothThreadsAndJWalksToTheFirstWrongOutput) {
    const ProcessResult run = gui("trace algo=hillis-steele-racy n=64 input=iota device=cpu\nstep 3\n"
                                  "report-narration\nkey J\nwait 3\nreport\nreport-values\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const std::regex race(R"(race: thread (\d+) read data\[(\d+)\] after thread (\d+) overwrote it in this step)");
    std::smatch m;
    const std::string line = line_starting(run.out, "race: ");
    ASSERT_TRUE(std::regex_search(line, m, race)) << run.out;
    // Hillis–Steele at offset 4: the reader is thread r, the word r − 4, written by thread r − 4.
    EXPECT_EQ(std::stoi(m[2]), std::stoi(m[1]) - 4) << line;
    EXPECT_EQ(std::stoi(m[3]), std::stoi(m[2])) << line;
    const std::regex wrong(R"(wrong: (\d+) of 64)");
    ASSERT_TRUE(std::regex_search(run.out, m, wrong)) << run.out;
    EXPECT_GT(std::stoi(m[1]), 0);
    // J: the last step, with the first wrong output's column in view (the table scrolled right).
    EXPECT_NE(run.out.find("report: step=7 "), std::string::npos) << run.out;
    const std::regex visible(R"(visible_columns=(\d+),(\d+))");
    ASSERT_TRUE(std::regex_search(run.out, m, visible)) << run.out;
    EXPECT_GT(std::stoi(m[1]), 0) << "scrolled away from column 0";
    EXPECT_GE(std::stoi(m[2]), 32) << "the first wrong output (warp 1's first) is in view";
}

TEST_F(GuiTeachingAids, F4ShowsTheKernelSourceWithTheStepLineMarked) {
    const ProcessResult run = gui("theme projector\ntrace algo=blelloch n=16 input=iota device=cpu\nstep 3\n"
                                  "key F11\nwait 3\nstep 3\nkey F4\nwait 3\nscreenshot " + path("source.png") + "\n"
                                  "key F4\nwait 3\nscreenshot " + path("views.png") + "\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const PngImage with = load_png(path("source.png")), without = load_png(path("views.png"));
    const theme::Palette& p = theme::palette(theme::Name::projector);
    // The source panel's marked lines: the step's band in its own colour, and the sync line in the
    // current-step blue, a full line of it across the panel (the views have no such band).
    const auto count = [](const PngImage& image, theme::Rgb c) { return count_colour(image, c); };
    EXPECT_GT(count(with, p.code_step_lines), 20000u);
    EXPECT_LT(count(without, p.code_step_lines), 100u);
    EXPECT_GT(count(with, p.code_keyword), 200u) << "keywords coloured";
}

std::vector<std::string> whitespace_tokens(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> tokens;
    for (std::string token; in >> token;)
        tokens.push_back(token);
    return tokens;
}

// Issue 33, point 9: at 2× on both screens the source panel (F4) shows the kernel as CUDA (no `ctx.`, no
// `PL_BODY`), its step line `__syncthreads();` marked, every line inside the panel (the panel no longer
// scrolls sideways, so the layout check counts a line cut at its edge) and wrapped between tokens only;
// PrefixLab's own lines are one command (one box) away.
TEST_F(GuiTeachingAids, F4ShowsTheKernelAsCudaWithinThePanelAtTwiceTheScale) {
    const std::string shown = "theme projector\ntrace algo=blelloch n=16 input=iota device=cpu\nstep 3\nkey F4\n"
                              "wait 3\ncheck-layout\n";
    for (const int width : {1920, 1280}) {
        const std::string svg = path("source-" + std::to_string(width) + ".svg");
        const ProcessResult drawn = gui(shown + "export-svg " + svg + "\n", width);
        ASSERT_EQ(drawn.exit_code, 0) << drawn.out << drawn.err;
        const std::string picture = read_file(svg);
        EXPECT_TRUE(contains(picture, "__syncthreads();")) << width;
        EXPECT_FALSE(contains(picture, "ctx.")) << width << ": PrefixLab's form shown";
        EXPECT_FALSE(contains(picture, "PL_BODY")) << width << ": PrefixLab's form shown";

        const ProcessResult run = gui(shown + "report-source\nsource-form prefixlab\nwait 2\nreport-source\n", width);
        ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
        const std::vector<std::string> summaries = lines_starting(run.out, "source: ");
        ASSERT_EQ(summaries.size(), 2u) << run.out;
        std::smatch m;
        ASSERT_TRUE(std::regex_search(summaries[0], m,
                                      std::regex(R"(form=cuda file=kernels/block/blelloch.cuh rows=\d+ font=\d+ )"
                                                 R"(widest=(\d+) room=(\d+) sync=(\d+))")))
            << summaries[0];
        EXPECT_LE(std::stoi(m[1]), std::stoi(m[2])) << width << ": a row wider than the panel: " << summaries[0];
        const int sync = std::stoi(m[3]);
        // Each shown line's rows, in order: together its tokens, none cut in two.
        std::map<int, std::string> lines;
        std::map<int, std::vector<std::string>> row_tokens;
        const std::size_t first_form_end = run.out.find("source: ", run.out.find("source: ") + 1);
        const std::string cuda = run.out.substr(0, first_form_end);
        for (const std::string& line : lines_starting(cuda, "source-line: "))
            lines[std::stoi(line.substr(13))] = line.substr(line.find('|') + 1);
        for (const std::string& row : lines_starting(cuda, "source-row: ")) {
            const std::string text = row.substr(row.find('|') + 1);
            EXPECT_FALSE(contains(text, "ctx.") || contains(text, "PL_BODY")) << text;
            for (std::string& token : whitespace_tokens(text))
                row_tokens[std::stoi(row.substr(12))].push_back(std::move(token));
        }
        ASSERT_GT(lines.size(), 100u) << cuda;
        EXPECT_TRUE(contains(lines[sync], "__syncthreads();")) << lines[sync];
        int wrapped = 0;
        for (const auto& [number, text] : lines) {
            EXPECT_EQ(row_tokens[number], whitespace_tokens(text)) << "line " << number << ": " << text;
            // (one vector of rows: begin() and end() of two calls' vectors looped forever under AddressSanitizer)
            const std::vector<std::string> rows = lines_starting(cuda, "source-row: " + std::to_string(number) + "|");
            wrapped += !row_tokens[number].empty() && rows.size() > 1;
        }
        EXPECT_GT(wrapped, 0) << "the file's long comments wrap at 2x";
        for (const std::string& line : lines_starting(run.out, "check-layout "))
            EXPECT_TRUE(contains(line, " 0 problems")) << line;
        EXPECT_TRUE(contains(summaries[1], "form=prefixlab ")) << summaries[1];
        EXPECT_TRUE(contains(run.out.substr(first_form_end), "ctx.sync(")) << "PrefixLab's own lines";
    }
}

TEST_F(GuiTeachingAids, CompareModePutsTheRacyKernelBesideItsTwinSteppingTogetherWithDifferencesFramed) {
    // N = 16, interleaved: the race shows inside one warp. The correct twin is compare mode's first
    // choice beside the racy kernel (compare_counterpart_of), in order.
    const std::string racy = "trace algo=hillis-steele-racy n=16 input=iota device=cpu order=interleaved\n";
    const ProcessResult run =
        gui(racy + "key F9\ncompare order=in-order\nstep 2\nreport-compare\nstep last\nreport-compare\n"
                   "screenshot " + path("racy.png") + "\ncheck-layout\ntab Dataflow\ncheck-layout\n"
                   "screenshot " + path("racy-dataflow.png") + "\ntab Banks\ncheck-layout\n"
                   "tab Values\ncompare algo=hillis-steele-racy order=interleaved\nreport-compare\nscreenshot " + path("same.png") +
                   "\nkey F3\nreport-compare\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const std::vector<std::string> r = lines_starting(run.out, "compare: ");
    ASSERT_EQ(r.size(), 4u) << run.out;
    // Racy step 2 (iteration 2) with the twin's write of iteration 2 (step 4); the last with the last.
    EXPECT_EQ(r[0].substr(0, r[0].find(" |")), "compare: step=2 paired=4 with=hillis-steele") << r[0];
    const std::regex last(R"(compare: step=5 paired=9 with=hillis-steele \| outputs differ at (\d+) of 16)");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(r[1], m, last)) << r[1];
    const std::regex wrong(R"(wrong: (\d+) of 16)");
    const ProcessResult narration = gui(racy + "report-narration\n");
    std::smatch w;
    ASSERT_TRUE(std::regex_search(narration.out, w, wrong)) << narration.out;
    EXPECT_EQ(m[1], w[1]) << "the outputs that differ are the racy kernel's wrong ones";
    EXPECT_NE(r[2].find("outputs equal · no cell differs"), std::string::npos) << r[2];
    EXPECT_EQ(r[3], "compare: off");
    for (const std::string& line : lines_starting(run.out, "check-layout "))
        EXPECT_NE(line.find(" 0 problems"), std::string::npos) << line;
    // The frames: the dark theme's yellow is the differences' alone (and the summary's one swatch).
    const theme::Rgb differs = theme::palette(theme::Name::dark).differs;
    const std::size_t framed = count_colour(load_png(path("racy.png")), differs);
    const std::size_t swatch_only = count_colour(load_png(path("same.png")), differs);
    EXPECT_GT(framed, 20 * std::max<std::size_t>(swatch_only, 50)) << framed << " vs " << swatch_only;
    // Dataflow frames nodes, smaller than cells, and the narration now speaks of both sides (two sentences),
    // which leaves the diagram less room: 10019 framed pixels against a swatch of 506 at 2×.
    EXPECT_GT(count_colour(load_png(path("racy-dataflow.png")), differs), 10 * std::max<std::size_t>(swatch_only, 50));
}

TEST_F(GuiTeachingAids, ACompareThatCannotBeMadeSaysWhyInOneLine) {
    const ProcessResult too_large = gui("trace algo=blelloch n=2048 device=cpu\ncompare algo=hillis-steele\n");
    EXPECT_NE(too_large.exit_code, 0);
    EXPECT_NE(too_large.err.find("Cannot compare"), std::string::npos) << too_large.err;
    EXPECT_NE(too_large.err.find("1024"), std::string::npos) << "names the limit: " << too_large.err;
    const ProcessResult missing = gui("trace algo=blelloch n=16 device=cpu\ncompare-file " + path("none.json") + "\n");
    EXPECT_NE(missing.exit_code, 0);
    EXPECT_NE(missing.err.find("none.json"), std::string::npos) << missing.err;
}

TEST_F(GuiTeachingAids, TheWrongCountAndItsButtonAreWholeAtEveryScale) {
    // The status bar's "First wrong (J)" was a SmallButton whose label lost its last pixel row at 1×.
    std::string script = "trace algo=hillis-steele-racy n=16 input=iota device=cpu order=interleaved\n";
    for (const char* scale : {"1", "1.5", "2", "3"})
        script += std::string("scale ") + scale + "\nwait 3\ncheck-layout\n";
    for (const int width : {1920, 1280}) {
        const ProcessResult run = gui(script, width);
        EXPECT_EQ(run.exit_code, 0) << width << ": " << run.err;
        EXPECT_EQ(lines_starting(run.out, "check-layout ").size(), 4u) << run.out;
    }
}

// The Global tab (issue 15): kernel 4's step 0 shows its two loads a warp, each 4 sectors moved, in the
// written-cell colour, four times the compaction's scatter of 16 kept lanes to 2 sectors. Sector boxes
// are counted by their colour's pixels, less those of a step with no global access (which has none).
TEST_F(GuiTeachingAids, TheGlobalTabShowsEachLoadsSectorsFromTheTrace) {
    const theme::Rgb moved = theme::palette(theme::Name::projector).cell_written;
    const ProcessResult run = gui("theme projector\ntrace algo=reduce-add-on-load n=1000 input=random device=cpu\n"
                                  "tab Global\nstep 0\ncheck-layout\nscreenshot " + path("loads.png") +
                                  "\ntrace algo=compact n=32 input=iota device=cpu\nstep last\ncheck-layout\nscreenshot " +
                                  path("scatter.png") + "\nstep 1\ncheck-layout\nscreenshot " + path("none.png") + "\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    // The colour's pixels elsewhere in the window (the step slider) are the step without boxes' count.
    const double none = double(count_colour(load_png(path("none.png")), moved));
    const double loads = double(count_colour(load_png(path("loads.png")), moved)) - none;
    const double scatter = double(count_colour(load_png(path("scatter.png")), moved)) - none;
    ASSERT_GT(scatter, 100) << "two sector boxes";
    // 8 boxes against 2 (the numbers on them are not in that colour); the boxes are the same size in both
    EXPECT_NEAR(loads / scatter, 4.0, 0.6) << loads << " " << scatter << " " << none;
}

} // namespace
} // namespace prefixlab::test
