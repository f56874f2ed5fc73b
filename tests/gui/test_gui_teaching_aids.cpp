// Issue 12 in the real window: the narration strip says the step from the trace, the racy kernel's
// race is named with both threads and its wrong outputs are counted, J jumps the Values grid to the
// first wrong output, and F4 puts the kernel's own source beside the views, its step line marked.
#include "support/png_image.hpp"
#include "support/process.hpp"

#include "gui/theme.hpp"

#include <filesystem>
#include <fstream>
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
                           " --ui-scale 2 --script " + shell_quote(path("session.script")));
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
    // J: the last step, with the first wrong output's column in view (the grid scrolled right).
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

} // namespace
} // namespace prefixlab::test
