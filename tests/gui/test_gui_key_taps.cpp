// Issue 10: a presenter remote's taps each move one step, also when several press-and-release pairs
// arrive within one frame. The shortcuts once read Dear ImGui's per-frame key state, which never sees
// a key pressed and released inside a frame: 20 taps 5 ms apart moved 3 steps. The taps come from
// xdotool (X events, as a remote's would), sent while the scripted window holds one long frame
// (`stall`), so all 20 reach the same frame (the app prints how many a frame handled); the screenshot
// must equal, pixel for pixel, the one scripted straight to the expected step.
#include "support/child_process.hpp"
#include "support/png_image.hpp"
#include "support/process.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

constexpr int kTaps = 20;

class GuiKeyTaps : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_gui_taps_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    std::vector<std::string> gui_arguments(const std::string& script_text, const std::string& name) const {
        std::ofstream(path(name)) << script_text;
        return {PREFIXLAB_BINARY, "--window", "1280", "--ui-scale", "1", "--trace", path("trace.json"),
                "--script", path(name)};
    }
    fs::path dir_;
};

TEST_F(GuiKeyTaps, EveryTapMovesOneStepEvenWithinAFrame) {
    if (run_process("command -v xdotool").exit_code != 0)
        GTEST_SKIP() << "SKIPPED: xdotool is not installed (tools/bootstrap.sh installs it)";
    // hillis-steele at N = 1024 has 22 steps: room for the taps
    ASSERT_EQ(run_process(std::string(PREFIXLAB_BINARY) + " trace --algo hillis-steele --n 1024 --device cpu --out " +
                          shell_quote(path("trace.json")))
                  .exit_code,
              0);

    // The window holds one frame for 4 s at step 0 while the taps arrive.
    ChildProcess app(gui_arguments("step first\nstall 4000\nwait 60\nscreenshot " + path("taps.png") + "\nquit\n", "taps.script"));
    const std::string window = "$(xdotool search --sync --onlyvisible --pid " + std::to_string(app.pid()) + " | head -1)";
    std::string taps;
    for (int i = 0; i < kTaps; ++i)
        taps += " Right";
    // 5 ms apart: never two in one millisecond, which GLFW's X11 backend drops as a duplicate
    const ProcessResult sent = run_process("timeout 20 sh -c 'w=" + window + "; xdotool windowfocus $w; " +
                                           "xdotool key --window $w --delay 5" + taps + "'");
    ASSERT_EQ(sent.exit_code, 0) << sent.err;
    const int status = app.wait();
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << app.output();
    EXPECT_NE(app.output().find(std::to_string(kTaps) + " key presses in one frame"), std::string::npos) << app.output();

    ChildProcess reference(gui_arguments("step first\nwait 10\nstep " + std::to_string(kTaps) + "\nwait 60\nscreenshot " + path("reference.png") +
                                             "\nquit\n",
                                         "reference.script"));
    const int reference_status = reference.wait();
    ASSERT_TRUE(WIFEXITED(reference_status) && WEXITSTATUS(reference_status) == 0) << reference.output();

    const PngImage tapped = load_png(path("taps.png")), expected = load_png(path("reference.png"));
    ASSERT_EQ(tapped.width, 1280);
    ASSERT_EQ(expected.width, 1280);
    EXPECT_GT(distinct_colours(tapped), 20u) << "a drawn window, not a blank one";
    EXPECT_TRUE(tapped.rgb == expected.rgb) << "after " << kTaps << " taps the window should show step " << kTaps;
}

} // namespace
} // namespace prefixlab::test
