// Issue 10: settings that persist (docs/settings.md) and opening files (drag and drop, the file
// browser). Each run is the real binary in a real window under Xvfb; the settings folder is a temporary
// one named by PREFIXLAB_CONFIG_DIR (scripted runs use none otherwise). What the window holds comes from
// the script's `report-settings`, what it shows from screenshots.
//
// Dropping: `drop FILE` hands the path to PlatformWindow's GLFW drop callback, the function GLFW calls
// for a real drop. A real XDND drop under Xvfb would need a drag source (an X client owning the
// XdndSelection and speaking the protocol); xdotool has none, so the window system's half of a drop
// is not exercised here.
#include "support/child_process.hpp"
#include "support/png_image.hpp"
#include "support/process.hpp"
#include "support/text_files.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <regex>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;


class GuiFilesSettings : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_gui_files_settings_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_ / "config");
        fs::create_directories(dir_ / "data");
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    std::string settings_file() const { return path("config/settings.json"); }

    // A run with the temporary settings folder (and data folder: no saved benchmark runs of the user).
    ProcessResult gui(const std::string& arguments, const std::string& script, bool with_settings = true) const {
        std::ofstream(path("session.script")) << script << "quit\n";
        const std::string env = "PREFIXLAB_DATA_DIR=" + shell_quote(path("data")) + " " +
                                (with_settings ? "PREFIXLAB_CONFIG_DIR=" + shell_quote(path("config")) + " " : "");
        return run_process(env + shell_quote(PREFIXLAB_BINARY) + " " + arguments + " --script " +
                           shell_quote(path("session.script")), dir_);
    }
    std::string make_trace(const std::string& name, const std::string& settings) const {
        const std::string out = path(name);
        const ProcessResult made = run_process(shell_quote(PREFIXLAB_BINARY) + " trace " + settings +
                                               " --device cpu --out " + shell_quote(out));
        EXPECT_EQ(made.exit_code, 0) << made.err;
        return out;
    }
    std::string make_results(const std::string& name) const {
        fs::copy_file(fs::path(PREFIXLAB_SOURCE_DIR) / "assets/bench/h100-default.json", path(name));
        return path(name);
    }
    fs::path dir_;
};

// The first `settings:` line of a run (report-settings), or "".
std::string settings_line(const ProcessResult& run, std::size_t index = 0) {
    const std::vector<std::string> lines = lines_starting(run.out, "settings: ");
    return index < lines.size() ? lines[index] : "";
}

TEST_F(GuiFilesSettings, SettingsSurviveARestart) {
    const ProcessResult first = gui("--window 1280 --ui-scale 1",
                                    "theme projector\nscale 1.5\n"
                                    "trace algo=blelloch n=128 input=random seed=5 type=float op=max exclusive=1\n"
                                    "key F9\nreport-settings\n");
    ASSERT_EQ(first.exit_code, 0) << first.out << first.err;
    ASSERT_TRUE(fs::is_regular_file(settings_file()));
    // No --window, no --ui-scale: both come from the settings.
    const ProcessResult second = gui("", "report-settings\nscreenshot " + path("restored.png") + "\n");
    ASSERT_EQ(second.exit_code, 0) << second.out << second.err;
    const std::string restored = settings_line(second);
    EXPECT_TRUE(contains(restored, "algo=blelloch n=128 input=random seed=5 type=float op=max exclusive=1 device=auto "
                              "theme=projector scale=1.50 sidebar=0 window="))
        << restored;
    EXPECT_TRUE(contains(restored, ",1280x720 ")) << restored;
    const PngImage shot = load_png(path("restored.png"));
    ASSERT_EQ(shot.width, 1280);
    ASSERT_EQ(shot.height, 720);
    // The projector theme's background fills most of the window (the dark one's none of it).
    const std::size_t light = count_colour(shot, theme::palette(theme::Name::projector).background);
    EXPECT_GT(light, std::size_t(shot.width) * shot.height / 4);

    // A scripted run without PREFIXLAB_CONFIG_DIR uses none, even with XDG_CONFIG_HOME pointing at them.
    fs::create_directories(path("xdg/prefixlab"));
    fs::copy_file(settings_file(), path("xdg/prefixlab/settings.json"));
    const ProcessResult isolated =
        gui("--window 1280 --ui-scale 1", "report-settings\n", false);
    ASSERT_EQ(isolated.exit_code, 0) << isolated.err;
    EXPECT_TRUE(contains(settings_line(isolated), "algo=hillis-steele n=32 input=iota")) << settings_line(isolated);
    EXPECT_TRUE(contains(settings_line(isolated), "theme=dark")) << settings_line(isolated);
}

// Issue 33, point 10: a first launch (no settings) opens its window at the lecture scale of a screen that
// tall (Presentation::lecture_scale: text 1/30 of the height, 18 px at scale 1, 1.5 to 3), with every
// control's value readable: the layout check finds no value under a slider's grab (the N slider's handle
// covered "32" at scale 1). A saved scale wins from then on.
TEST_F(GuiFilesSettings, AFirstLaunchOpensAtTheLectureScaleWithEveryValueReadable) {
    const ProcessResult first =
        gui("", "wait 3\nreport\ncheck-layout\ntrace algo=blelloch n=32\nstep 3\ncheck-layout\ntab Benchmark\n"
                "check-layout\ntab Values\ntheme projector\ncheck-layout\nscale 1.25\n");
    ASSERT_EQ(first.exit_code, 0) << first.out << first.err;
    const std::vector<std::string> reports = lines_starting(first.out, "report: ");
    ASSERT_EQ(reports.size(), 1u) << first.out;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(reports[0], m, std::regex(R"(scale=([0-9.]+) .* size=(\d+)x(\d+))")))
        << reports[0];
    const int height = std::stoi(m[3]);
    EXPECT_GE(height, 720) << "the first window is large: " << reports[0];
    const double lecture = std::clamp(height / 30.0 / 18.0, 1.5, 3.0);
    EXPECT_NEAR(std::stod(m[1]), lecture, 0.006) << reports[0];
    const std::vector<std::string> checks = lines_starting(first.out, "check-layout ");
    EXPECT_EQ(checks.size(), 4u) << first.out;
    for (const std::string& line : checks)
        EXPECT_TRUE(contains(line, " 0 problems")) << line;

    const ProcessResult second = gui("", "report\n");
    ASSERT_EQ(second.exit_code, 0) << second.out << second.err;
    EXPECT_TRUE(contains(second.out, "scale=1.25 ")) << second.out;
}

TEST_F(GuiFilesSettings, ResetSettingsStartsOnTheDefaultsAndSaysSo) {
    ASSERT_EQ(gui("--window 1280 --ui-scale 1", "theme projector\nkey F9\ntrace algo=blelloch n=64\n").exit_code, 0);
    ASSERT_TRUE(contains(read_file(settings_file()), "\"projector\""));
    const ProcessResult reset = gui("--window 1280 --reset-settings", "report-settings\n");
    ASSERT_EQ(reset.exit_code, 0) << reset.out << reset.err;
    EXPECT_EQ(lines_starting(reset.out, "prefixlab: settings reset: removed '").size(), 1u) << reset.out;
    const std::string line = settings_line(reset);
    EXPECT_TRUE(contains(line, "algo=hillis-steele n=32 input=iota seed=1 type=int32 op=add exclusive=0")) << line;
    // No scale saved: a first launch's, the lecture scale of the 1280×720 window (1.5, the rule's least).
    EXPECT_TRUE(contains(line, "theme=dark scale=1.50 sidebar=1")) << line;
    EXPECT_TRUE(contains(reset.out, "message: settings reset: removed")) << reset.out;
}

TEST_F(GuiFilesSettings, AMalformedFileGivesTheDefaultsAndAWarningAndIsKeptAside) {
    const std::string malformed = R"({"format": "prefixlab-settings", "version": 1, "ui_scale": 9})";
    std::ofstream(settings_file()) << malformed;
    // Nothing changed in the session: nothing is written, the file stays as it was.
    const ProcessResult untouched = gui("--window 1280", "report-settings\n");
    ASSERT_EQ(untouched.exit_code, 0) << untouched.out << untouched.err;
    EXPECT_TRUE(contains(untouched.err, "prefixlab: warning: malformed settings '")) << untouched.err;
    EXPECT_TRUE(contains(untouched.err, "ui_scale: expected a number from 0.5 to 4")) << untouched.err;
    EXPECT_EQ(lines_starting(untouched.err, "prefixlab: warning").size(), 1u) << untouched.err;
    // The defaults, the scale of a first launch in the 1280×720 window included (1.5).
    EXPECT_TRUE(contains(settings_line(untouched), "theme=dark scale=1.50 sidebar=1")) << settings_line(untouched);
    EXPECT_TRUE(contains(untouched.out, "message: warning: malformed settings")) << untouched.out;
    EXPECT_EQ(read_file(settings_file()), malformed);
    EXPECT_FALSE(fs::exists(settings_file() + ".bad"));
    // A change is saved, and the old file is moved to settings.json.bad first.
    const ProcessResult changed = gui("--window 1280", "theme projector\n");
    ASSERT_EQ(changed.exit_code, 0) << changed.err;
    EXPECT_EQ(read_file(settings_file() + ".bad"), malformed);
    EXPECT_TRUE(contains(read_file(settings_file()), "\"projector\""));
    // A hostile file (a FIFO in its place) is refused without a hang, with one line.
    fs::remove(settings_file());
    ASSERT_EQ(::mkfifo(settings_file().c_str(), 0600), 0);
    const ProcessResult fifo = gui("--window 1280", "report-settings\n");
    ASSERT_EQ(fifo.exit_code, 0) << fifo.err;
    EXPECT_TRUE(contains(fifo.err, "FIFO")) << fifo.err;
    EXPECT_TRUE(contains(settings_line(fifo), "theme=dark")) << settings_line(fifo);
}

TEST_F(GuiFilesSettings, AFirstInterruptClosesTheWindowAndSavesTheSettings) {
    std::ofstream(path("long.script")) << "theme projector\nreport-settings\nwait 100000\n";
    ChildProcess gui_process({PREFIXLAB_BINARY, "--window", "1280", "--ui-scale", "1", "--script", path("long.script")},
                             {{"PREFIXLAB_CONFIG_DIR", path("config")}, {"PREFIXLAB_DATA_DIR", path("data")}});
    ASSERT_TRUE(gui_process.wait_for_output("settings: ", std::chrono::seconds(60))) << gui_process.output();
    gui_process.send(SIGINT);
    const int status = gui_process.wait();
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 130) << describe_status(status) << gui_process.output();
    EXPECT_TRUE(contains(read_file(settings_file()), "\"projector\""));
}

TEST_F(GuiFilesSettings, ADroppedTraceOpensWithItsSettingsInThePanelMarkedFromFile) {
    const std::string trace = make_trace("racy.json", "--algo hillis-steele-racy --n 1024 --input random --seed 7 --type float --op max");
    const ProcessResult run = gui("--window 1280 --ui-scale 1",
                                  "trace algo=blelloch n=16\nreport-settings\ndrop " + trace + "\nreport-settings\n"
                                  "screenshot " + path("dropped.png") + "\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_TRUE(contains(settings_line(run, 0), "file=- ")) << settings_line(run, 0);
    const std::string after = settings_line(run, 1);
    EXPECT_TRUE(contains(after, "algo=hillis-steele-racy n=1024 input=random seed=7 type=float op=max")) << after;
    EXPECT_TRUE(contains(after, "file=" + trace + " edited=0")) << after;
    EXPECT_TRUE(contains(run.out, "recent: trace " + trace)) << run.out;
    EXPECT_TRUE(contains(run.out, "message: Opened " + fs::path(trace).filename().string() + " (recorded on")) << run.out;
    EXPECT_GT(distinct_colours(load_png(path("dropped.png"))), 20u);
}

// Issue 12: the emulator's warp order comes from the script's order= and from an opened trace's file.
TEST_F(GuiFilesSettings, TheWarpOrderComesFromTheScriptAndFromAnOpenedTrace) {
    const std::string trace = make_trace("reversed.json", "--algo hillis-steele-racy --n 64 --warp-order reversed");
    const ProcessResult run = gui("--window 1280 --ui-scale 1",
                                  "trace algo=hillis-steele-racy n=16 device=cpu order=interleaved\nreport-settings\n"
                                  "drop " + trace + "\nreport-settings\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_TRUE(contains(settings_line(run, 0), "device=cpu ")) << settings_line(run, 0);
    EXPECT_TRUE(contains(settings_line(run, 0), " order=interleaved")) << settings_line(run, 0);
    EXPECT_TRUE(contains(settings_line(run, 1), " order=reversed")) << settings_line(run, 1);
}

TEST_F(GuiFilesSettings, AutoDoesNotReplaceAnOpenedTraceWhenASettingChanges) {
    const std::string trace = make_trace("b64.json", "--algo blelloch --n 64");
    // The N slider sits at y = 124 at --window 1280 --ui-scale 1; a click on it changes N.
    const ProcessResult run = gui("--window 1280 --ui-scale 1",
                                  "drop " + trace + "\nclick 150 124\nwait 30\nreport-settings\nkey F5\nwait 100\nreport-settings\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const std::string edited = settings_line(run, 0);
    EXPECT_TRUE(contains(edited, "file=" + trace + " edited=1")) << edited << "\n" << run.out;
    EXPECT_FALSE(contains(edited, " n=64 ")) << "the click changed N: " << edited;
    EXPECT_TRUE(contains(settings_line(run, 1), "file=- edited=0")) << "F5 traces the edited settings: " << settings_line(run, 1);
}

TEST_F(GuiFilesSettings, ADroppedResultsFileOpensInTheBenchmarkTab) {
    const std::string results = make_results("bench.json");
    const ProcessResult run = gui("--window 1280 --ui-scale 1", "drop " + results + "\nreport-settings\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_TRUE(contains(settings_line(run), "tab=Benchmark")) << settings_line(run);
    EXPECT_TRUE(contains(run.out, "message: opened results " + results)) << run.out;
    EXPECT_TRUE(contains(run.out, "recent: results " + results)) << run.out;
    // And the recent files come back at the next start.
    const ProcessResult next = gui("--window 1280 --ui-scale 1", "report-settings\n");
    EXPECT_TRUE(contains(next.out, "recent: results " + results)) << next.out;
}

TEST_F(GuiFilesSettings, ADroppedGarbageFileGivesOneLineAndTheWindowStaysUsable) {
    std::ofstream(path("garbage.json"), std::ios::binary) << std::string("\x89PNG\r\n\x1a\n\x00\x01\xff", 11);
    ASSERT_EQ(::mkfifo(path("pipe.json").c_str(), 0600), 0);
    const ProcessResult run = gui("--window 1280 --ui-scale 1",
                                  "drop " + path("garbage.json") + "\nreport-settings\n"
                                  "drop " + path("pipe.json") + "\nreport-settings\n"
                                  "drop " + path("missing.json") + "\nreport-settings\n"
                                  "trace algo=blelloch n=16 device=cpu\nreport-settings\n"
                                  "screenshot " + path("after.png") + "\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const std::vector<std::string> messages = lines_starting(run.out, "message: ");
    ASSERT_EQ(messages.size(), 4u) << run.out;
    EXPECT_EQ(messages[0], "message: error: cannot open '" + path("garbage.json") +
                               "': not a PrefixLab trace, results or lesson file");
    EXPECT_TRUE(contains(messages[1], "message: error: cannot read file '" + path("pipe.json") + "': it is a FIFO")) << messages[1];
    EXPECT_TRUE(contains(messages[2], "message: error: cannot read file '" + path("missing.json") + "'")) << messages[2];
    EXPECT_TRUE(contains(messages[3], "message: Traced on")) << messages[3];
    EXPECT_TRUE(contains(settings_line(run, 3), "algo=blelloch n=16")) << settings_line(run, 3);
    EXPECT_GT(distinct_colours(load_png(path("after.png"))), 20u);
}

TEST_F(GuiFilesSettings, TheFileBrowserOpensSavesAndAsksBeforeReplacing) {
    const std::string trace = make_trace("b64.json", "--algo blelloch --n 64");
    fs::create_directories(path("lecture"));
    const ProcessResult run = gui("--window 1280 --ui-scale 1",
                                  "open-browser trace " + dir_.string() + "\nreport-settings\n"
                                  "browser-enter lecture\nreport-settings\n"
                                  "browser-enter ../b64.json\nreport-settings\n"
                                  "open-browser save " + path("lecture") + "\nbrowser-enter saved\nreport-settings\n"
                                  "open-browser save " + path("lecture") + "\nbrowser-enter saved\nreport-settings\n"
                                  "browser-enter saved\nreport-settings\n"
                                  "open-browser trace " + dir_.string() + "\nbrowser-enter nothing.json\nreport-settings\n"
                                  "key Escape\nreport-settings\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const std::vector<std::string> browser = lines_starting(run.out, "browser: ");
    ASSERT_EQ(browser.size(), 4u) << run.out; // Esc closed the last one: no browser line after it
    EXPECT_EQ(browser[0], "browser: mode=trace folder=" + dir_.string() + " entries=4 error=-"); // b64.json, config, data, lecture
    EXPECT_EQ(browser[1], "browser: mode=trace folder=" + path("lecture") + " entries=0 error=-");
    EXPECT_TRUE(contains(settings_line(run, 2), "algo=blelloch n=64")) << settings_line(run, 2);
    EXPECT_TRUE(contains(settings_line(run, 2), "file=" + trace)) << settings_line(run, 2);
    EXPECT_TRUE(fs::is_regular_file(path("lecture/saved.json"))) << run.out; // .json added
    EXPECT_EQ(browser[2], "browser: mode=save folder=" + path("lecture") +
                              " entries=1 error='saved.json' exists: Save again to replace it");
    EXPECT_TRUE(contains(run.out, "message: Saved " + path("lecture/saved.json"))) << run.out;
    EXPECT_EQ(browser[3], "browser: mode=trace folder=" + dir_.string() + " entries=4 error=no such file: 'nothing.json'");
    EXPECT_EQ(lines_starting(run.out, "settings: ").size(), 8u);
}

} // namespace
} // namespace prefixlab::test

namespace prefixlab::test {
namespace {

// The browser reads at every scale the issue names, on 1280×720 and 1920×1080, in both themes, with an
// error line and the recent files shown: check-layout finds nothing cut or overlapping in its window
// (findings in the views behind it are theirs, and are checked by test_gui_layout.cpp).
TEST_F(GuiFilesSettings, TheFileBrowserReadsAtEveryScaleAndSize) {
    const std::string trace = make_trace("b64.json", "--algo blelloch --n 64");
    std::string script = "drop " + trace + "\ntab Values\n";
    int checks = 0;
    for (const char* theme : {"dark", "projector"})
        for (const char* mode : {"trace", "save"}) {
            script += std::string("theme ") + theme + "\nopen-browser " + mode + " " + dir_.string() + "\n";
            script += std::string("browser-enter ") + (mode == std::string("save") ? "b64" : "a-file-that-is-not-there.json") + "\n";
            for (const char* scale : {"1", "1.5", "2", "3"}) {
                script += std::string("scale ") + scale + "\ncheck-layout\n";
                ++checks;
            }
            script += "report-settings\nkey Escape\n";
        }
    for (const char* width : {"1280", "1920"}) {
        const ProcessResult run = gui(std::string("--window ") + width + " --ui-scale 1", script);
        const std::vector<std::string> summaries = lines_starting(run.out, "check-layout ");
        ASSERT_EQ(summaries.size(), std::size_t(checks)) << run.out << run.err;
        EXPECT_EQ(lines_starting(run.out, "browser: ").size(), 4u) << run.out;
        for (const std::string& finding : lines_starting(run.out, "layout "))
            EXPECT_FALSE(contains(finding, "file-browser")) << "at --window " << width << ": " << finding;
    }
}

} // namespace
} // namespace prefixlab::test
