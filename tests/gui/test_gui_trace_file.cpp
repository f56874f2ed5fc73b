// Issue 10: a trace opened with --trace sets the settings panel to what it was recorded with. It once
// left the panel on the defaults (hillis-steele, N = 32, iota) beside a racy N = 1024 random trace.
// The panel after --trace must equal, pixel for pixel, the panel after scripting a capture with the
// trace's settings.
#include "support/png_image.hpp"
#include "support/process.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

// The settings panel's kernel section at --window 1280 --ui-scale 1: algorithm to "Run on".
constexpr int kPanelX1 = 320, kPanelY0 = 70, kPanelY1 = 320;

std::size_t differing_pixels(const PngImage& a, const PngImage& b, int x1, int y0, int y1) {
    std::size_t differing = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = 0; x < x1; ++x) {
            const std::size_t at = 3 * (std::size_t(y) * a.width + x);
            differing += a.rgb[at] != b.rgb[at] || a.rgb[at + 1] != b.rgb[at + 1] || a.rgb[at + 2] != b.rgb[at + 2];
        }
    return differing;
}

class GuiTraceFile : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_gui_trace_file_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    ProcessResult gui(const std::string& arguments, const std::string& script) const {
        std::ofstream(path("session.script")) << script;
        return run_process(shell_quote(PREFIXLAB_BINARY) + " --window 1280 --ui-scale 1 " + arguments + " --script " +
                           shell_quote(path("session.script")), dir_);
    }
    fs::path dir_;
};

TEST_F(GuiTraceFile, TheSettingsPanelShowsWhatTheOpenedTraceWasRecordedWith) {
    const std::string settings = "--algo hillis-steele-racy --n 1024 --input random --seed 7 --type float --op max";
    ASSERT_EQ(run_process(shell_quote(PREFIXLAB_BINARY) + " trace " + settings + " --device cpu --out " +
                          shell_quote(path("racy.json")))
                  .exit_code,
              0);
    const ProcessResult opened =
        gui("--trace " + shell_quote(path("racy.json")), "screenshot " + path("opened.png") + "\nquit\n");
    ASSERT_EQ(opened.exit_code, 0) << opened.err;
    const ProcessResult captured = gui("", "trace algo=hillis-steele-racy n=1024 input=random seed=7 type=float op=max\n"
                                           "screenshot " + path("captured.png") + "\nquit\n");
    ASSERT_EQ(captured.exit_code, 0) << captured.err;
    const ProcessResult defaults = gui("", "screenshot " + path("defaults.png") + "\nquit\n");
    ASSERT_EQ(defaults.exit_code, 0) << defaults.err;

    const PngImage a = load_png(path("opened.png")), b = load_png(path("captured.png")), c = load_png(path("defaults.png"));
    ASSERT_EQ(a.width, 1280);
    ASSERT_EQ(b.width, 1280);
    ASSERT_EQ(c.width, 1280);
    EXPECT_EQ(differing_pixels(a, b, kPanelX1, kPanelY0, kPanelY1), 0u) << "the panel shows the file's settings";
    EXPECT_GT(differing_pixels(a, c, kPanelX1, kPanelY0, kPanelY1), 1000u) << "and they differ from the defaults";
}

} // namespace
} // namespace prefixlab::test
