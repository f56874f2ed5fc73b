// Issue 10: presentation mode and the keys a presenter remote sends. F11 fills the screen, hides the
// settings panel, sets the lecture scale and starts on step 0 in reveal mode; F11 or Esc brings back
// the window as it was. B blacks the screen and any key brings the picture back. The window's state
// comes from the script's `report`, the screen from screenshots.
#include "support/png_image.hpp"
#include "support/process.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

class GuiPresentation : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_gui_presentation_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    ProcessResult gui(const std::string& script) const {
        std::ofstream(path("session.script")) << script << "quit\n";
        return run_process(shell_quote(PREFIXLAB_BINARY) + " --window 1280 --ui-scale 1 --script " +
                           shell_quote(path("session.script")), dir_);
    }
    fs::path dir_;
};

// The report lines of a run, in order.
std::vector<std::string> reports(const std::string& out) {
    std::vector<std::string> lines;
    std::size_t at = 0;
    while ((at = out.find("report: ", at)) != std::string::npos) {
        const std::size_t end = out.find('\n', at);
        lines.push_back(out.substr(at, end - at));
        at = end;
    }
    return lines;
}

TEST_F(GuiPresentation, F11FillsTheScreenAtLectureScaleOnStepZeroAndF11RestoresTheWindow) {
    const ProcessResult run = gui("trace algo=blelloch n=64\nstep 5\nreport\n"
                                  "key F11\nwait 3\nreport\nscreenshot " + path("presenting.png") + "\n"
                                  "key F11\nwait 3\nreport\nscreenshot " + path("windowed.png") + "\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const std::vector<std::string> r = reports(run.out);
    ASSERT_EQ(r.size(), 3u) << run.out;
    EXPECT_EQ(r[0], "report: step=5 reveal=0 scale=1.00 theme=dark sidebar=1 presenting=0 fullscreen=0 size=1280x720 tab=Values");
    // Xvfb's screen is 1920×1080: the lecture scale is 1080 / 30 / 18 = 2.
    EXPECT_EQ(r[1], "report: step=0 reveal=1 scale=2.00 theme=dark sidebar=0 presenting=1 fullscreen=1 size=1920x1080 tab=Values");
    EXPECT_EQ(r[2], "report: step=0 reveal=0 scale=1.00 theme=dark sidebar=1 presenting=0 fullscreen=0 size=1280x720 tab=Values");
    const PngImage presenting = load_png(path("presenting.png")), windowed = load_png(path("windowed.png"));
    EXPECT_EQ(presenting.width, 1920);
    EXPECT_EQ(presenting.height, 1080);
    EXPECT_GT(distinct_colours(presenting), 20u) << "a drawn screen, not a blank one";
    EXPECT_EQ(windowed.width, 1280);
    EXPECT_EQ(windowed.height, 720);
}

TEST_F(GuiPresentation, EscLeavesPresentationOnlyAfterClosingWhatIsOpenAbove) {
    const ProcessResult run = gui("trace algo=hillis-steele n=32\nkey F11\nwait 2\nkey F1\nkey Escape\nreport\n"
                                  "key Escape\nwait 3\nreport\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const std::vector<std::string> r = reports(run.out);
    ASSERT_EQ(r.size(), 2u) << run.out;
    EXPECT_NE(r[0].find("presenting=1"), std::string::npos) << "the first Esc closes the shortcuts window: " << r[0];
    EXPECT_NE(r[1].find("presenting=0 fullscreen=0 size=1280x720"), std::string::npos) << r[1];
}

TEST_F(GuiPresentation, BBlacksTheScreenAndAnyKeyBringsItBackWithoutActing) {
    const ProcessResult run = gui("trace algo=hillis-steele n=32\nstep 2\nkey B\nscreenshot " + path("black.png") +
                                  "\nkey Right\nreport\nscreenshot " + path("back.png") + "\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const PngImage black = load_png(path("black.png")), back = load_png(path("back.png"));
    EXPECT_EQ(distinct_colours(black), 1u);
    EXPECT_EQ(black.rgb[0], 0);
    EXPECT_GT(distinct_colours(back), 20u);
    const std::vector<std::string> r = reports(run.out);
    ASSERT_EQ(r.size(), 1u);
    EXPECT_NE(r[0].find("step=2 "), std::string::npos) << "the key that ended the black screen did not step: " << r[0];
}

} // namespace
} // namespace prefixlab::test
