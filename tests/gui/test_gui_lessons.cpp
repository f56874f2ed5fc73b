// Issue 34: a lesson given with nothing but the presenter's keys. Page Down steps through each scene's steps
// and then opens the next scene (a quiz scene: run, then reveal); Page Up goes back the same way, across
// scene boundaries; every scene passes check-layout on arrival. A lesson opens by `lesson-open`, by a drop
// and by `--lesson FILE`; a bad one is one line naming the file and the line, and changes nothing.
#include "support/png_image.hpp"
#include "support/process.hpp"
#include "support/text_files.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <regex>
#include <string>
#include <unistd.h>
#include <vector>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

// Four scenes of every kind: a stepped view with a step range, compare mode, a quiz, the benchmark plot.
const char* const kLesson = R"(# A short lesson

## The up-sweep
```scene
tab: Dataflow
capture.algorithm: blelloch
capture.n: 16
steps: 0-2
```
Each level halves the threads at work.

## Bank conflicts
```scene
tab: Banks
compare.on: true
compare.algorithm: blelloch-padded
steps: 9-10
```

## Which loop is correct?
```scene
tab: Quiz
compare.on: false
quiz.question: 2
```

## Time against N
```scene
tab: Benchmark
```
)";

class GuiLessons : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_gui_lessons_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_ / "config");
        std::ofstream(path("lesson.md")) << kLesson;
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    ProcessResult gui(const std::string& script, const std::string& arguments = "") const {
        std::ofstream(path("session.script")) << script << "quit\n";
        return run_process("PREFIXLAB_CONFIG_DIR=" + shell_quote(path("config")) + " " +
                           shell_quote(PREFIXLAB_BINARY) + " --window 1920 --ui-scale 2 " + arguments +
                           " --script " + shell_quote(path("session.script")), dir_);
    }
    fs::path dir_;
};

// "scene=2 … step=9 … phase=none" of each report-lesson line, as "2:9:none".
std::vector<std::string> positions(const std::string& out) {
    static const std::regex line(
        R"(lesson: scene=(\d+) of \d+ title=.* tab=\S+ step=(\d+) steps=\S+ phase=(\S+) arrived=1)");
    std::vector<std::string> found;
    for (auto it = std::sregex_iterator(out.begin(), out.end(), line); it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        // A scene without steps (quiz, plot) keeps the step of the scene before: not its own.
        const bool stepless = m[3] != "none" || m[0].str().find("tab=Benchmark") != std::string::npos;
        found.push_back(m[1].str() + ":" + (stepless ? "-" : m[2].str()) + ":" + m[3].str());
    }
    return found;
}

TEST_F(GuiLessons, PageDownToTheEndAndPageUpBackWithNothingButKeys) {
    std::string script = "lesson-open " + path("lesson.md") + "\nreport\nreport-lesson\ncheck-layout\n";
    for (int k = 0; k < 10; ++k) // one more than the lesson takes: the last press stays at the end
        script += "key PageDown\nlesson-wait\nreport-lesson\ncheck-layout\n";
    for (int k = 0; k < 10; ++k)
        script += "key PageUp\nlesson-wait\nreport-lesson\ncheck-layout\n";
    const ProcessResult run = gui(script);
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const std::vector<std::string> expected = {
        "1:0:none",     "1:1:none",  "1:2:none",     // the up-sweep's range 0-2
        "2:9:none",     "2:10:none",                 // the bank scene's 9-10, in compare mode
        "3:-:question", "3:-:ran",   "3:-:revealed", // the quiz: question, run, reveal
        "4:-:none",     "4:-:none",  "4:-:none",     // the plot: 8 presses to the end, then 2 more stay there
        "3:-:revealed", "3:-:ran",   "3:-:question", // back: the quiz at its end, then its phases
        "2:10:none",    "2:9:none",  "1:2:none",     "1:1:none", "1:0:none", "1:0:none", "1:0:none"};
    EXPECT_EQ(positions(run.out), expected) << run.out;
    const std::regex clean(R"(check-layout \S+: (\d+) texts, 0 problems)");
    EXPECT_EQ(
        std::distance(std::sregex_iterator(run.out.begin(), run.out.end(), clean), std::sregex_iterator()),
        21)
        << run.out;
    EXPECT_NE(run.out.find("presenting=1"), std::string::npos) << "opened in presentation mode:\n" << run.out;
}

TEST_F(GuiLessons, KeysPressedWhileASceneLoadsAreKeptNotLost) {
    // Three presses in one go at the up-sweep's last step (2): the first opens the bank scene, whose traces
    // take frames to come; the two kept meanwhile take its steps 9 to 10 and then open the quiz.
    const ProcessResult run =
        gui("lesson-open " + path("lesson.md") + "\nkey PageDown\nkey PageDown\n" +
            "lesson-wait\nreport-lesson\nkey PageDown\nkey PageDown\nkey PageDown\nwait 5\n"
            "lesson-wait\nreport-lesson\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_EQ(positions(run.out), (std::vector<std::string>{"1:2:none", "3:-:question"})) << run.out;
}

TEST_F(GuiLessons, ALessonOpensByADropAndByTheCommandLine) {
    const ProcessResult dropped = gui("drop " + path("lesson.md") + "\nwait 5\nlesson-wait\nreport-lesson\n");
    ASSERT_EQ(dropped.exit_code, 0) << dropped.out << dropped.err;
    EXPECT_EQ(positions(dropped.out), std::vector<std::string>{"1:0:none"}) << dropped.out;
    const ProcessResult given =
        gui("wait 5\nlesson-wait\nreport-lesson\nkey PageDown\nlesson-wait\nreport-lesson\n",
            "--lesson " + shell_quote(path("lesson.md")));
    ASSERT_EQ(given.exit_code, 0) << given.out << given.err;
    EXPECT_EQ(positions(given.out), (std::vector<std::string>{"1:0:none", "1:1:none"})) << given.out;
}

// A lesson built only by "Add current scene": five screens (a kernel on Values, Dataflow at a step, compare
// mode on Banks, the quiz, the benchmark), one moved and one deleted and added again, saved; the file reads
// back to the same scenes, in the same order, and opening each shows it.
TEST_F(GuiLessons, ALessonBuiltByAddingScenesSavesAndReadsBackTheSame) {
    const std::string saved = path("built.md");
    const std::string script =
        "trace algo=blelloch n=16 input=iota device=cpu\ntab Values\nstep 2\nlesson-add-scene\n"
        "tab Dataflow\nstep 5\nlesson-add-scene\n"
        "compare algo=blelloch-padded\ntab Banks\nstep 9\nlesson-add-scene\n"
        "compare-off\nquiz 2\nlesson-add-scene\n"
        "tab Benchmark\nlesson-add-scene\n"
        "lesson-move 5 up\nlesson-move 4 down\n" // moved down and back: the same order
        "lesson-delete 5\ntab Benchmark\nlesson-add-scene\n" +
        std::string("lesson-go 1\nreport-lesson-scene\nlesson-go 2\nreport-lesson-scene\nlesson-go "
                    "3\nreport-lesson-scene\n"
                    "lesson-go 4\nreport-lesson-scene\nlesson-go 5\nreport-lesson-scene\n") +
        "lesson-save " + saved + "\nlesson-close\nlesson-open " + saved + "\nreport-lesson\n" +
        "report-lesson-scene\nlesson-go 2\nreport-lesson-scene\nlesson-go 3\nreport-lesson-scene\n"
        "lesson-go 4\nreport-lesson-scene\nlesson-go 5\nreport-lesson-scene\nreport-scene\n";
    const ProcessResult run = gui(script);
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const std::vector<std::string> scenes = lines_starting(run.out, "lesson-scene: ");
    ASSERT_EQ(scenes.size(), 10u) << run.out;
    for (std::size_t k = 0; k < 5; ++k)
        EXPECT_EQ(scenes[k], scenes[k + 5]) << "scene " << k + 1 << " read back otherwise";
    EXPECT_NE(scenes[2].find("\"tab\": \"Banks\""), std::string::npos) << scenes[2];
    EXPECT_NE(scenes[2].find("\"on\": true"), std::string::npos) << "compare mode kept: " << scenes[2];
    EXPECT_NE(scenes[3].find("\"tab\": \"Quiz\""), std::string::npos) << scenes[3];
    EXPECT_NE(run.out.find("lesson: scene=1 of 5 title=Scene 1"), std::string::npos) << run.out;
    const std::string text = read_file(saved);
    EXPECT_NE(text.find("## Scene 3"), std::string::npos) << text;
    // The last scene opened shows what it holds: the screen's scene names the Benchmark tab.
    const std::vector<std::string> screen = lines_starting(run.out, "scene: ");
    ASSERT_FALSE(screen.empty());
    EXPECT_NE(screen.back().find("\"tab\": \"Benchmark\""), std::string::npos) << screen.back();
}

// Lesson ▸ Save lesson as…: the file browser in its save mode for a lesson; the name typed is where the lesson
// goes, and it reads back the same.
TEST_F(GuiLessons, SaveAsWritesTheLessonWhereTheBrowserSays) {
    fs::create_directories(path("elsewhere"));
    const ProcessResult run = gui("lesson-open " + path("lesson.md") + "\nlesson-save-as " + path("elsewhere") +
                                  "\nreport-settings\nbrowser-enter copy.md\nreport-settings\nreport-lesson\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("browser: mode=save-lesson folder=" + path("elsewhere")), std::string::npos) << run.out;
    ASSERT_TRUE(fs::exists(path("elsewhere/copy.md"))) << run.out;
    const ProcessResult check = run_process(shell_quote(PREFIXLAB_BINARY) + " lesson-check " +
                                            shell_quote(path("elsewhere/copy.md")));
    EXPECT_EQ(check.exit_code, 0) << check.err;
    EXPECT_NE(check.out.find("lesson 'A short lesson': 4 scenes"), std::string::npos) << check.out;
    EXPECT_NE(run.out.find("Saved the lesson (4 scenes)"), std::string::npos) << run.out;
}

TEST_F(GuiLessons, ABadLessonIsOneLineNamingTheFileAndTheLine) {
    std::ofstream(path("bad.md")) << "# Bad\n## One\n```scene\ncapture.n: 0\n```\n";
    // On the command line: refused before the window opens, exit 2.
    const ProcessResult cli =
        run_process(shell_quote(PREFIXLAB_BINARY) + " --lesson " + shell_quote(path("bad.md")));
    EXPECT_EQ(cli.exit_code, 2);
    EXPECT_NE(cli.err.find("bad.md': line 4: capture.n"), std::string::npos) << cli.err;
    EXPECT_EQ(std::count(cli.err.begin(), cli.err.end(), '\n'), 1) << cli.err;
    // In a script: the script fails with the same line, and no lesson is open.
    const ProcessResult scripted = gui("lesson-open " + path("bad.md") + "\n");
    EXPECT_EQ(scripted.exit_code, 1);
    EXPECT_NE(scripted.err.find("bad.md': line 4: capture.n"), std::string::npos) << scripted.err;
    // Dropped: the status bar says it, and the step keys step the trace.
    const ProcessResult dropped =
        gui("drop " + path("bad.md") + "\nwait 3\nreport-lesson\nreport-settings\n");
    ASSERT_EQ(dropped.exit_code, 0) << dropped.out << dropped.err;
    EXPECT_NE(dropped.out.find("lesson: none"), std::string::npos) << dropped.out;
    EXPECT_NE(dropped.out.find("line 4: capture.n"), std::string::npos) << dropped.out;
}

// Lesson ▸ Export handout's script form and `prefixlab lesson-handout`: a PDF page per scene of the four-scene
// lesson, with the lesson's title in its metadata, and a PNG per scene of the window's size; the speaker notes
// open on the screen are not in the pictures (the same PNGs as with them closed); the lesson goes back to the
// scene it was on. A path that cannot be written is one line, and nothing is written.
TEST_F(GuiLessons, TheHandoutHasAPagePerSceneAndNoSpeakerNotesInItsPictures) {
    const ProcessResult run =
        gui("lesson-open " + path("lesson.md") + "\nlesson-go 2\nlesson-notes on\nlesson-handout " +
            path("handout.pdf") + " " + path("with-notes") + "\nreport-lesson\nlesson-notes off\nlesson-handout " +
            path("again.pdf") + " " + path("without-notes") + "\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const std::string pdf = read_file(path("handout.pdf"));
    if (pdf.empty() && run.err.find("without Cairo") != std::string::npos)
        GTEST_SKIP() << run.err;
    ASSERT_TRUE(pdf.starts_with("%PDF-"));
    static const std::regex page(R"(/Type\s*/Page[^s])");
    EXPECT_EQ(std::distance(std::sregex_iterator(pdf.begin(), pdf.end(), page), std::sregex_iterator()), 4);
    EXPECT_NE(pdf.find("(A short lesson)"), std::string::npos);
    EXPECT_NE(run.out.find("lesson: scene=2 of 4"), std::string::npos) << "back where it was:\n" << run.out;
    for (int k = 1; k <= 4; ++k) {
        const std::string name = "scene-0" + std::to_string(k) + ".png";
        const std::string with = read_file(path("with-notes/" + name)), without = read_file(path("without-notes/" + name));
        ASSERT_GT(with.size(), 24u) << name;
        EXPECT_EQ(static_cast<unsigned char>(with[18]) * 256 + static_cast<unsigned char>(with[19]), 1920) << name;
        EXPECT_EQ(with, without) << name << ": the notes overlay is in the picture";
    }
    // From the command line: refused before a window opens where the output cannot be written.
    const ProcessResult refused = run_process(shell_quote(PREFIXLAB_BINARY) + " lesson-handout " +
                                              shell_quote(path("lesson.md")) + " --out " + path("missing/h.pdf"));
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_NE(refused.err.find("missing' does not exist"), std::string::npos) << refused.err;
    EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
    // And made: a window of its own draws the scenes, then closes; the settings are not touched.
    fs::create_directories(path("handout-config"));
    const ProcessResult made = run_process("PREFIXLAB_CONFIG_DIR=" + shell_quote(path("handout-config")) + " " +
                                           shell_quote(PREFIXLAB_BINARY) + " lesson-handout " +
                                           shell_quote(path("lesson.md")) + " --out " + shell_quote(path("cli handout.pdf")));
    ASSERT_EQ(made.exit_code, 0) << made.err;
    const std::string cli_pdf = read_file(path("cli handout.pdf"));
    EXPECT_EQ(std::distance(std::sregex_iterator(cli_pdf.begin(), cli_pdf.end(), page), std::sregex_iterator()), 4);
    EXPECT_TRUE(fs::is_empty(path("handout-config"))) << "a handout run keeps no settings";
}

// A benchmark scene shows its own series: Page Down into it plots the algorithms it names (on the shipped
// results), with or without the transfers, and the next scene's preset takes over again.
TEST_F(GuiLessons, ABenchmarkSceneShowsItsOwnSeries) {
    std::ofstream(path("bench.md")) << "# Timing\n\n## Three lines\n```scene\ntab: Benchmark\n"
                                       "bench.series: cpu-std,cub,tuned-look-back\nbench.transfers: true\n```\n"
                                       "## All of them\n```scene\nbench.series: all\nbench.transfers: false\n```\n";
    const ProcessResult run = gui("lesson-open " + path("bench.md") +
                                  "\nwait 3\nlesson-wait\nbench-report\nreport-scene\nkey PageDown\nlesson-wait\n"
                                  "wait 3\nbench-report\nreport-scene\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const std::vector<std::string> reports = lines_starting(run.out, "bench-report: ");
    ASSERT_EQ(reports.size(), 2u) << run.out;
    EXPECT_NE(reports[0].find("series=cpu-std,cub,tuned-look-back "), std::string::npos) << reports[0];
    EXPECT_NE(reports[0].find(" shown=cub|tuned-look-back|cpu-std"), std::string::npos) << reports[0];
    EXPECT_NE(reports[1].find("series=all "), std::string::npos) << reports[1];
    EXPECT_GT(std::count(reports[1].begin(), reports[1].end(), '|'), 5) << reports[1];
    const std::vector<std::string> scenes = lines_starting(run.out, "scene: ");
    ASSERT_EQ(scenes.size(), 2u);
    EXPECT_NE(scenes[0].find("\"transfers\": true"), std::string::npos) << scenes[0];
    EXPECT_NE(scenes[1].find("\"transfers\": false"), std::string::npos) << scenes[1];
}

// The presenter view on two monitors (a 1280×720 laptop screen, the primary, and a 1920×1080 projector beside
// it: tests/gui/two_monitors.sh starts an X server with both): the lesson opens on the projector in
// presentation mode at the projector's lecture scale, the notes window fills the laptop screen; Page Down moves
// both on; F7 swaps the screens; leaving presentation mode closes the notes window. Both windows' pictures are
// written for a person to look at (PREFIXLAB_KEEP_SCREENSHOTS=DIR keeps them).
TEST_F(GuiLessons, OnTwoMonitorsTheAudienceSeesTheProjectorAndTheLecturerTheNotes) {
    const std::string script =
        "lesson-open " + path("lesson.md") + "\nwait 5\nlesson-wait\nreport\nreport-presenter\nscreenshot " +
        path("audience.png") + "\npresenter-screenshot " + path("presenter.png") +
        "\nkey PageDown\nkey PageDown\nkey PageDown\nlesson-wait\nwait 3\nreport-lesson\npresenter-screenshot " +
        path("presenter-2.png") + "\nkey F7\nwait 5\nreport-presenter\nkey F7\nwait 5\nkey F11\nwait 5\nreport-presenter\nquit\n";
    std::ofstream(path("presenter.script")) << script;
    const ProcessResult run = run_process(
        shell_quote(std::string(PREFIXLAB_SOURCE_DIR) + "/tests/gui/two_monitors.sh") + " " + shell_quote(path("x")) +
        " env PREFIXLAB_CONFIG_DIR=" + shell_quote(path("config")) + " " + shell_quote(PREFIXLAB_BINARY) +
        " --script " + shell_quote(path("presenter.script")));
    if (run.exit_code == 77)
        GTEST_SKIP() << run.err;
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const std::vector<std::string> presenter = lines_starting(run.out, "presenter: ");
    ASSERT_EQ(presenter.size(), 3u) << run.out;
    EXPECT_EQ(presenter[0], "presenter: open=1 audience=DUMMY1 1920x1080+1280+0 presenter=DUMMY0 1280x720+0+0 swapped=0");
    EXPECT_EQ(presenter[1], "presenter: open=1 audience=DUMMY0 1280x720+0+0 presenter=DUMMY1 1920x1080+1280+0 swapped=1");
    EXPECT_EQ(presenter[2], "presenter: open=0 monitors=2") << "presentation mode left: the notes window closes";
    EXPECT_NE(run.out.find("scale=2.00 theme=projector sidebar=0 presenting=1 fullscreen=1 size=1920x1080"),
              std::string::npos)
        << "on the projector, at its lecture scale:\n" << run.out;
    EXPECT_NE(run.out.find("lesson: scene=2 of 4"), std::string::npos) << run.out;
    const PngImage audience = load_png(path("audience.png")), notes = load_png(path("presenter.png")),
                   notes_2 = load_png(path("presenter-2.png"));
    EXPECT_EQ(audience.width, 1920);
    EXPECT_EQ(audience.height, 1080);
    EXPECT_EQ(notes.width, 1280);
    EXPECT_EQ(notes.height, 720);
    EXPECT_GT(distinct_colours(notes), 20u) << "the notes window is drawn, not blank";
    EXPECT_NE(notes.rgb, notes_2.rgb) << "Page Down moved the notes on";
    if (const char* keep = std::getenv("PREFIXLAB_KEEP_SCREENSHOTS"))
        for (const char* name : {"audience.png", "presenter.png", "presenter-2.png"})
            fs::copy_file(path(name), fs::path(keep) / name, fs::copy_options::overwrite_existing);
}

// Twenty hostile lesson files, each given by --lesson (refused before the window opens, exit 2) and dropped on
// the window in one session: each gives one line naming the file and, where the file has lines, the line (a
// drop takes a file that does not start as a lesson for no lesson at all, and says so); no lesson opens,
// nothing is written to their folder, none joins the recent files, and the window goes on.
TEST_F(GuiLessons, TwentyHostileLessonFilesGiveOneLineEachAndNothingIsWritten) {
    const std::string head = "# Hostile\n\n## Scene\n```scene\n";
    std::string garbage(4096, '\0');
    for (std::size_t i = 0; i < garbage.size(); ++i)
        garbage[i] = static_cast<char>((i * 2654435761u) >> 13);
    std::string deep = "capture";
    for (int k = 0; k < 200; ++k)
        deep += ".a";
    const std::vector<std::pair<std::string, std::string>> files = { // contents, a part of the message
        {head + "capture.nn: 5\n```\n", "line 5: capture.nn: unknown field"},
        {head + "kernel: blelloch\n```\n", "line 5: kernel: unknown field"},
        {head + "capture.n: big\n```\n", "line 5: capture.n: expected"},
        {head + "reveal: maybe\n```\n", "line 5: reveal: expected true or false"},
        {head + "capture.algorithm: blelloch\ncapture.n: 5000\n```\n", "line 6: capture.n: 5000 is above"},
        {head + "capture.algorithm: no-such-kernel\n```\n", "line 5: capture.algorithm: unknown kernel"},
        {head + "steps: 9-3\n```\n", "line 5: steps: the last step (3) is before the first (9)"},
        {head + "capture.algorithm: compact\ncapture.keep: positive\n```\n", "line 6: capture.keep"},
        {head + "capture.input: values\ncapture.values: 10,0,x\n```\n", "line 6: capture.values: value 3, 'x'"},
        {head + deep + ": 1\n```\n", "line 5: capture.a.a"},
        {"# Notes\n\n## Long\n" + std::string(10u << 20, 'n') + "\n", "larger than the limit of 1 MiB"},
        {garbage, "line 1: not text: a NUL byte"},
        {"# L\n## S\nbad \xff byte\n", "line 3: not UTF-8 text"},
        {"# L\n## S\nnotes\x01here\n", "line 3: a control character"},
        {head + "tab: Quiz\n", "line 4: the settings block is not closed"},
        {head + "```\n```scene\n```\n", "line 6: a second settings block"},
        {"# L\nintro only\n", "no scenes"},
        {"Some text\n# L\n", "line 1: a lesson starts with its title"},
        {head + "theme: \"bad \\q\"\n```\n", "line 5: theme: a quoted value must be a JSON string"},
        {head + "tab: Quiz\ntab: Banks\n```\n", "line 6: tab is set twice"},
    };
    ASSERT_EQ(files.size(), 20u);
    const fs::path hostile = dir_ / "hostile";
    fs::create_directories(hostile);
    std::string script;
    for (std::size_t k = 0; k < files.size(); ++k) {
        const std::string name = "hostile-" + std::to_string(k + 1) + ".md";
        std::ofstream(hostile / name, std::ios::binary) << files[k].first;
        script += "drop " + (hostile / name).string() + "\nwait 2\nreport-lesson\nreport-settings\n";
    }
    const auto listing = [&] {
        std::vector<std::string> entries;
        for (const auto& entry : fs::directory_iterator(hostile))
            entries.push_back(entry.path().filename().string() + " " + std::to_string(entry.file_size()) + " " +
                              std::to_string(entry.last_write_time().time_since_epoch().count()));
        std::sort(entries.begin(), entries.end());
        return entries;
    };
    const std::vector<std::string> before = listing();
    for (std::size_t k = 0; k < files.size(); ++k) {
        const std::string file = (hostile / ("hostile-" + std::to_string(k + 1) + ".md")).string();
        const ProcessResult given = run_process("PREFIXLAB_CONFIG_DIR=" + shell_quote(path("config")) + " " +
                                                shell_quote(PREFIXLAB_BINARY) + " --lesson " + shell_quote(file));
        EXPECT_EQ(given.exit_code, 2) << file;
        EXPECT_EQ(std::count(given.err.begin(), given.err.end(), '\n'), 1) << given.err;
        EXPECT_NE(given.err.find(file), std::string::npos) << given.err;
        EXPECT_NE(given.err.find(files[k].second), std::string::npos)
            << "expected \"" << files[k].second << "\" in: " << given.err;
    }
    const ProcessResult run = gui(script + "report\n");
    ASSERT_EQ(run.exit_code, 0) << run.out.substr(0, 4000) << run.err;
    EXPECT_EQ(listing(), before) << "a file in the folder changed";
    const std::vector<std::string> messages = lines_starting(run.out, "message: ");
    ASSERT_EQ(messages.size(), files.size()) << run.out.substr(0, 4000);
    for (std::size_t k = 0; k < files.size(); ++k) {
        const std::string name = "hostile-" + std::to_string(k + 1) + ".md";
        EXPECT_TRUE(messages[k].starts_with("message: error: ")) << messages[k];
        EXPECT_NE(messages[k].find(name), std::string::npos) << messages[k];
        const bool no_lesson_at_all = k == 11 || k == 17; // binary garbage, text before the title
        const std::string expected =
            no_lesson_at_all ? "not a PrefixLab trace, results or lesson file" : files[k].second;
        EXPECT_NE(messages[k].find(expected), std::string::npos)
            << "expected \"" << expected << "\" in: " << messages[k];
        EXPECT_LT(messages[k].size(), 400u) << messages[k];
    }
    EXPECT_EQ(lines_starting(run.out, "lesson: none").size(), files.size()) << run.out.substr(0, 4000);
    EXPECT_EQ(run.out.find("recent: lesson"), std::string::npos) << "a hostile file joined the recent files";
    EXPECT_EQ(lines_starting(run.out, "report: ").size(), 1u) << "the window went on";
}

// The shipped lessons (assets/lessons/), each given from its first scene to its end with nothing but Page
// Down, then back to its start with nothing but Page Up, in the emulator, in presentation mode at 2× in the
// projector theme, on a 1920×1080 screen and on a 1280×720 one: every scene passes check-layout when it
// opens. A first run opens each scene (lesson-go) to learn its steps, and so how many presses each scene
// takes; the second run presses exactly that many, and checks where each press that opens a scene lands.
class ShippedLessons : public GuiLessons, public ::testing::WithParamInterface<int> {
protected:
    ProcessResult on_screen(const std::string& script, int width) const {
        std::ofstream(path("walk.script")) << script << "quit\n";
        const std::string screen = width == 1920 ? "1920x1080x24" : "1280x720x24";
        return run_process("PREFIXLAB_CONFIG_DIR=" + shell_quote(path("config")) + " " +
                           shell_quote(PREFIXLAB_XVFB_RUN) + " -a -s " + shell_quote("-screen 0 " + screen) +
                           " " + shell_quote(PREFIXLAB_BINARY) + " --window " + std::to_string(width) +
                           " --ui-scale 2 --script " + shell_quote(path("walk.script")));
    }
};

struct SceneSteps {
    int first = 0, last = 0; // the steps a scene's Page Down goes through
    std::string phase;       // "question" for a quiz scene, "none" otherwise
    bool stepless = false;   // the Benchmark tab's scene
};

TEST_P(ShippedLessons, EachIsGivenToItsEndAndBackWithNothingButKeys) {
    const int width = GetParam();
    std::vector<fs::path> lessons;
    for (const auto& entry : fs::directory_iterator(fs::path(PREFIXLAB_SOURCE_DIR) / "assets" / "lessons"))
        if (entry.path().extension() == ".md")
            lessons.push_back(entry.path());
    std::sort(lessons.begin(), lessons.end());
    ASSERT_GE(lessons.size(), 8u) << "the eight lessons of the course";
    // First run: each scene's steps.
    std::string learn = "theme projector\n";
    for (const fs::path& lesson : lessons)
        learn += "lesson-open " + lesson.string() + "\nreport-lesson\n";
    const ProcessResult first = on_screen(learn, width);
    ASSERT_EQ(first.exit_code, 0) << first.out << first.err;
    std::vector<int> scene_counts;
    static const std::regex count(R"(lesson: scene=1 of (\d+) )");
    for (auto it = std::sregex_iterator(first.out.begin(), first.out.end(), count);
         it != std::sregex_iterator(); ++it)
        scene_counts.push_back(std::stoi((*it)[1]));
    ASSERT_EQ(scene_counts.size(), lessons.size()) << first.out;
    std::string learn_scenes = "theme projector\n";
    for (std::size_t l = 0; l < lessons.size(); ++l) {
        learn_scenes += "lesson-open " + lessons[l].string() + "\n";
        for (int k = 1; k <= scene_counts[l]; ++k)
            learn_scenes += "lesson-go " + std::to_string(k) + "\nreport-lesson\n";
    }
    const ProcessResult scenes_run = on_screen(learn_scenes, width);
    ASSERT_EQ(scenes_run.exit_code, 0) << scenes_run.out << scenes_run.err;
    static const std::regex scene_line(
        R"(lesson: scene=(\d+) of (\d+) title=.* tab=(\S+) step=\d+ steps=(\S+) phase=(\S+) arrived=1)");
    std::vector<std::vector<SceneSteps>> steps(lessons.size());
    std::size_t lesson_index = 0;
    for (auto it = std::sregex_iterator(scenes_run.out.begin(), scenes_run.out.end(), scene_line);
         it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        if (m[1] == "1" && !steps[lesson_index].empty())
            ++lesson_index;
        ASSERT_LT(lesson_index, lessons.size());
        SceneSteps s;
        s.phase = m[5];
        s.stepless = m[4] == "none";
        if (!s.stepless) {
            const std::string range = m[4];
            s.first = std::stoi(range.substr(0, range.find('-')));
            s.last = std::stoi(range.substr(range.find('-') + 1));
        }
        steps[lesson_index].push_back(s);
    }
    // Second run: the walk, forward then back, with nothing but keys.
    std::string walk = "theme projector\n";
    std::vector<std::string> expected; // where each press that opens a scene lands: "scene:step:phase"
    std::vector<int> presses(lessons.size(), 0);
    for (std::size_t l = 0; l < lessons.size(); ++l) {
        ASSERT_EQ(steps[l].size(), static_cast<std::size_t>(scene_counts[l])) << lessons[l];
        EXPECT_TRUE(steps[l].size() >= 8 && steps[l].size() <= 20)
            << lessons[l] << ": " << steps[l].size() << " scenes";
        walk += "lesson-open " + lessons[l].string() + "\nreport-lesson\ncheck-layout\n";
        const int scenes = static_cast<int>(steps[l].size());
        const auto within = [](const SceneSteps& s) {
            return s.phase == "question" ? 2 : s.stepless ? 0 : s.last - s.first;
        };
        for (int k = 0; k < scenes; ++k) {
            const std::string here = std::to_string(k + 1) + ":" +
                                     (steps[l][k].stepless ? "-" : std::to_string(steps[l][k].first));
            expected.push_back(here);
            for (int p = 0; p < within(steps[l][k]); ++p)
                walk += "key PageDown\n";
            presses[l] += within(steps[l][k]);
            if (k + 1 < scenes) {
                walk += "key PageDown\nlesson-wait\nreport-lesson\ncheck-layout\n";
                ++presses[l];
            }
        }
        // Back to the start: the same presses, each scene entered at its end.
        for (int k = scenes - 1; k >= 0; --k) {
            for (int p = 0; p < within(steps[l][k]); ++p)
                walk += "key PageUp\n";
            if (k > 0)
                walk += "key PageUp\nlesson-wait\n";
        }
        walk += "lesson-wait\nreport-lesson\n";
        expected.push_back("1:" +
                           (steps[l][0].stepless ? std::string("-") : std::to_string(steps[l][0].first)));
        std::printf("[ figure ] %s: %d scenes, %d presses to the end and %d back\n",
                    lessons[l].filename().c_str(), scenes, presses[l], presses[l]);
    }
    const ProcessResult run = on_screen(walk, width);
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    std::vector<std::string> landed;
    for (auto it = std::sregex_iterator(run.out.begin(), run.out.end(), scene_line);
         it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        landed.push_back(m[1].str() + ":" +
                         (m[4] == "none" ? "-" : m[4].str().substr(0, m[4].str().find('-'))));
    }
    EXPECT_EQ(landed, expected) << run.out;
    const std::regex clean(R"(check-layout \S+: (\d+) texts, 0 problems)");
    std::size_t checks = 0;
    for (const auto& lesson_steps : steps)
        checks += lesson_steps.size();
    EXPECT_EQ(static_cast<std::size_t>(std::distance(
                  std::sregex_iterator(run.out.begin(), run.out.end(), clean), std::sregex_iterator())),
              checks)
        << run.out;
}

// Under the sanitizers (CI's second job, about three times slower) the 1920×1080 screen only.
INSTANTIATE_TEST_SUITE_P(Screens, ShippedLessons,
                         ::testing::ValuesIn(PREFIXLAB_SANITIZED ? std::vector<int>{1920}
                                                                 : std::vector<int>{1920, 1280}),
                         [](const auto& info) { return std::to_string(info.param); });

} // namespace
} // namespace prefixlab::test
