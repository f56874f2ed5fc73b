// Issue 10: every tab intact at every UI scale on a 1920×1080 screen and on a 1280×720 projector.
// One GUI run per screen size steps through scales 1, 1.5, 2 and 3 and runs the app's own layout
// check (`check-layout`: overlapping or cut text, shortened tabs, windows too small for their
// content) on each tab, then again with the settings panel open, in compare mode and in presentation mode
// (the Grid and Timeline tabs at every scale are in test_gui_grid_views.cpp). The check
// itself is tested in test_layout_check.cpp on frames made to fail.
#include "support/layout_checks.hpp"
#include "support/process.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>
#include <regex>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

const char* const kTabs[] = {"Values", "Dataflow", "Banks", "Benchmark", "Warps", "Global", "Quiz"};
const char* const kScales[] = {"1", "1.5", "2", "3"};

class GuiLayout : public ::testing::TestWithParam<int> {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_gui_layout_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    // The script, saved as `name`, run in a window `width` wide with `arguments`.
    ProcessResult run_script(const std::string& name, const std::string& script, int width,
                             const std::string& arguments = "") const {
        std::ofstream(dir_ / name) << script << "quit\n";
        return run_process(std::string(shell_quote(PREFIXLAB_BINARY)) + " --window " + std::to_string(width) +
                           " " + arguments + " --script " + shell_quote((dir_ / name).string()));
    }
    fs::path dir_;
};

// How many check-layout runs of `out` found no problem.
std::ptrdiff_t clean_checks(const std::string& out) {
    const std::regex summary(R"(check-layout \S+: (\d+) texts, 0 problems)");
    return std::distance(std::sregex_iterator(out.begin(), out.end(), summary), std::sregex_iterator());
}

// The script: each tab at each scale, with a trace whose labels and values are the longest a lecture
// shows (Blelloch at N = 64: two-digit indices, three-digit sums, 15 steps).
std::string layout_script(const std::string& theme, int& checks) {
    std::string script = "theme " + theme + "\ntrace algo=blelloch n=64\nstep 3\n";
    checks = 0;
    for (const char* scale : kScales) {
        script += std::string("scale ") + scale + "\nwait 3\n"; // the window settles over a few frames
        for (const char* tab : kTabs) {
            script += std::string("tab ") + tab + "\ncheck-layout\n";
            ++checks;
        }
        // The settings panel: docked where it fits, else opened over the main area.
        script += "tab Values\nkey F9\ncheck-layout\nkey F9\n";
        // The shortcuts window (F1), closed again with Esc.
        script += "key F1\ncheck-layout\nkey Escape\n";
        // The kernel's source (F4): beside the Dataflow diagram where both fit, else in its place.
        script += "tab Dataflow\nkey F4\ncheck-layout\nkey F4\n";
        checks += 3;
        // Compare mode (F3): each step tab twice, side by side (Blelloch beside padded Blelloch).
        script += "compare\n";
        for (const char* tab : {"Values", "Dataflow", "Banks", "Warps", "Global"}) {
            script += std::string("tab ") + tab + "\ncheck-layout\n";
            ++checks;
        }
        script += "compare-off\n";
    }
    return script;
}

TEST_P(GuiLayout, EveryTabAtEveryScaleHasNoOverlappingOrCutText) {
    const int width = GetParam();
    for (const std::string theme : {"dark", "projector"}) {
        int checks = 0;
        const fs::path script = dir_ / ("layout-" + theme + ".script");
        std::ofstream(script) << layout_script(theme, checks) << "quit\n";
        // Run from a folder with a long path: the default export folder is under it, and a path
        // longer than its field must not count as cut text (CI's clone once made it so).
        const fs::path long_cwd =
            dir_ / "a-working-folder-whose-name-is-longer-than-any-text-field-in-the-app";
        fs::create_directories(long_cwd);
        const ProcessResult run = run_process(
            "cd " + shell_quote(long_cwd.string()) + " && " + shell_quote(PREFIXLAB_BINARY) + " --window " +
            std::to_string(width) + " --ui-scale 1 --script " + shell_quote(script.string()));
        EXPECT_EQ(run.exit_code, 0) << width << " " << theme << ":\n" << run.out << run.err;
        // Every check ran and found text to check: a blank window cannot pass.
        expect_clean_layout_checks(run.out, checks, std::to_string(width) + " " + theme);
    }
}

TEST_P(GuiLayout, PresentationModeIsIntactOnEveryTab) {
    const int width = GetParam();
    std::string script = "theme projector\ntrace algo=hillis-steele n=64\nkey F11\nwait 3\n";
    for (const char* tab : kTabs)
        script += std::string("tab ") + tab + "\ncheck-layout\n";
    // The grid tabs (issue 13) in presentation mode too, on a grid trace of 8 tiles at its last step.
    script += "grid-trace driver=decoupled-look-back n=256 tile=32 resident=4\nstep last\n"
              "tab Grid\ncheck-layout\ntab Timeline\ncheck-layout\n";
    const ProcessResult run = run_script("presentation.script", script, width);
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    const auto checks =
        static_cast<std::ptrdiff_t>(std::size(kTabs) + 2); // every tab, then Grid and Timeline
    EXPECT_EQ(clean_checks(run.out), checks) << run.out;
}

// Issue 33, point 11: tooltips stay on the screen. Hovered near the right edge at 2×, on each tab,
// where the Global tab's request tooltip (one long line, unwrapped) ran 586 px past the screen's edge;
// the layout check names any window that runs past an edge.
TEST_P(GuiLayout, TooltipsStayOnTheScreen) {
    const int width = GetParam();
    const int height = width * 9 / 16;
    std::string script =
        "theme projector\nscale 2\ntrace algo=reduce-add-on-load n=1000 device=cpu\nstep 0\n";
    int checks = 0;
    for (const char* tab : kTabs)
        for (const float fy : {0.16f, 0.3f, 0.5f}) {
            script += std::string("tab ") + tab + "\nhover " + std::to_string(width - 220) + " " +
                      std::to_string(static_cast<int>(height * fy)) + "\nwait 3\ncheck-layout\n";
            ++checks;
        }
    const ProcessResult run = run_script("tooltips.script", script, width, "--ui-scale 2");
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_EQ(clean_checks(run.out), checks) << run.out;
}

INSTANTIATE_TEST_SUITE_P(Screens, GuiLayout, ::testing::Values(1920, 1280),
                         [](const ::testing::TestParamInfo<int>& info) {
                             return info.param == 1920 ? "1920x1080" : "1280x720";
                         });

} // namespace
} // namespace prefixlab::test
