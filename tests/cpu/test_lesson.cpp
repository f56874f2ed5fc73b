// A lesson's Markdown (core/lesson/, docs/lessons.md): a hand-written lesson reads as its scenes, each from
// the one before; the writer's text reads back to the same lesson; and hostile files are refused with one
// line naming the file, the line and the field.
#include "core/ground/kernel_names.hpp"
#include "core/lesson/lesson.hpp"
#include "core/util/input_limits.hpp"
#include "support/text_files.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <unistd.h>

namespace prefixlab::lesson_test {
namespace {

namespace fs = std::filesystem;

BlockAlgorithm kernel(const char* name) {
    const auto algorithm = parse_block_algorithm(name);
    EXPECT_TRUE(algorithm) << name;
    return algorithm.value_or(BlockAlgorithm{});
}

const char* const kLesson = R"(# Blelloch's scan

Two sweeps over a balanced tree.

## The up-sweep

```scene
tab: Dataflow
capture.algorithm: blelloch
capture.n: 16
steps: 0-3
```

Each level halves the threads at work.

Ask the hall how many levels there are.

## Bank conflicts
```scene
# the same kernel, padded, beside it
tab: Banks
compare.on: true
compare.algorithm: blelloch-padded
steps: 5-last
views.Banks.zoom: 1.5
```
The padded layout spreads the words over the banks.

```cuda
// ## not a heading: code in the notes
s[i + (i >> 5)] = x;
```

## The answer
Nothing changes but the step.
```scene
step: 11
```
)";

TEST(Lesson, AHandWrittenLessonReadsAsItsScenesEachFromTheOneBefore) {
    const Lesson lesson = lesson_from_markdown(kLesson, "blelloch.md");
    EXPECT_EQ(lesson.title, "Blelloch's scan");
    EXPECT_EQ(lesson.introduction, "Two sweeps over a balanced tree.");
    ASSERT_EQ(lesson.scenes.size(), 3u);

    const LessonScene& up = lesson.scenes[0];
    EXPECT_EQ(up.title, "The up-sweep");
    EXPECT_EQ(up.line, 5);
    EXPECT_EQ(up.scene.tab, "Dataflow");
    EXPECT_EQ(up.scene.capture.algorithm, kernel("blelloch"));
    EXPECT_EQ(up.scene.capture.n, 16u);
    EXPECT_EQ(up.scene.theme, "projector") << "a lesson starts on the projector theme";
    EXPECT_FALSE(up.scene.panels.sidebar) << "and without the settings panel";
    ASSERT_TRUE(up.steps);
    EXPECT_EQ(up.steps->first, 0);
    EXPECT_EQ(up.steps->last, 3);
    EXPECT_EQ(up.notes, "Each level halves the threads at work.\n\nAsk the hall how many levels there are.");

    const LessonScene& banks = lesson.scenes[1];
    EXPECT_EQ(banks.scene.tab, "Banks");
    EXPECT_EQ(banks.scene.capture.algorithm, kernel("blelloch")) << "kept from the scene before";
    EXPECT_EQ(banks.scene.capture.n, 16u);
    EXPECT_TRUE(banks.scene.compare.on);
    EXPECT_EQ(banks.scene.compare.algorithm, kernel("blelloch-padded"));
    ASSERT_TRUE(banks.scene.views.contains("Banks"));
    EXPECT_FLOAT_EQ(banks.scene.views.at("Banks").zoom, 1.5f);
    ASSERT_TRUE(banks.steps);
    EXPECT_EQ(banks.steps->first, 5);
    EXPECT_FALSE(banks.steps->last) << "to the trace's last step";
    EXPECT_EQ(banks.scene.step, 5) << "a scene opens at its first step";
    EXPECT_NE(banks.notes.find("## not a heading"), std::string::npos)
        << "code in the notes stays in the notes";
    EXPECT_NE(banks.notes.find("```cuda"), std::string::npos);
    EXPECT_NE(banks.notes.find("s[i + (i >> 5)] = x;\n```"), std::string::npos) << banks.notes;

    const LessonScene& answer = lesson.scenes[2];
    EXPECT_EQ(answer.scene.step, 11);
    EXPECT_FALSE(answer.steps);
    EXPECT_TRUE(answer.scene.compare.on) << "kept";
    EXPECT_EQ(answer.notes, "Nothing changes but the step.") << "the settings may follow the notes";
}

// Every kind of field away from the scene before, a view's place that goes back to its default, a scale
// set and then left to the monitor, and texts that need quoting: the written lesson reads back the same.
TEST(Lesson, TheWrittenLessonReadsBackToTheSameScenes) {
    Lesson lesson;
    lesson.title = "Everything";
    lesson.introduction = "Before the first scene.";
    Scene a = lesson_start_scene();
    a.tab = "Grid";
    a.capture.algorithm = kernel("blelloch-padded");
    a.capture.n = 64;
    a.capture.exclusive = true;
    a.grid.n = 512;
    a.grid.scan.tile_threads = 32;
    a.grid_step = 7;
    a.reveal = true;
    a.views["Values"] = {0.5f, false, 0.25f, 0.75f};
    a.views["Dataflow (second side)"] = {2.0f, true, 0, 0};
    a.bench.series = "all";
    a.quiz.question = 3;
    a.quiz.revealed = true;
    a.panels.source = true;
    a.scale = 2.5f;
    a.step = 2; // a scene opens at its steps' first
    Scene b = a;
    b.tab = "true"; // a title that reads as a boolean unquoted
    b.views.erase("Values");
    b.scale.reset();
    b.step = 4;
    Scene c = b;
    c.tab = "42";
    c.theme = "dark";
    lesson.scenes = {{"First", a, LessonSteps{2, 9}, "Notes\nover two lines.", 0},
                     {"Second", b, std::nullopt, "", 0},
                     {"Third: all steps", c, LessonSteps{4, std::nullopt}, "", 0}};
    const std::string text = lesson_to_markdown(lesson);
    const Lesson back = lesson_from_markdown(text, "written");
    EXPECT_EQ(back, lesson) << text;
    ASSERT_EQ(back.scenes.size(), lesson.scenes.size());
    for (std::size_t k = 0; k < lesson.scenes.size(); ++k) {
        EXPECT_EQ(back.scenes[k].title, lesson.scenes[k].title);
        EXPECT_EQ(back.scenes[k].scene, lesson.scenes[k].scene) << "scene " << k;
        EXPECT_EQ(back.scenes[k].steps, lesson.scenes[k].steps) << "scene " << k;
        EXPECT_EQ(back.scenes[k].notes, lesson.scenes[k].notes) << "scene " << k;
    }
    // Each scene names only what changed.
    EXPECT_EQ(text.find("capture.n", text.find("## Second")), std::string::npos) << text;
    EXPECT_NE(text.find("scale: auto"), std::string::npos) << text;
    EXPECT_NE(text.find("tab: \"true\""), std::string::npos) << text;
}

TEST(Lesson, ASceneWithoutSettingsIsTheSceneBefore) {
    const Lesson lesson =
        lesson_from_markdown("# L\n## One\n```scene\ntab: Quiz\n```\n## Two\nSame screen.\n");
    ASSERT_EQ(lesson.scenes.size(), 2u);
    EXPECT_EQ(lesson.scenes[1].scene, lesson.scenes[0].scene);
    EXPECT_EQ(lesson.scenes[1].notes, "Same screen.");
}

TEST(Lesson, TwoFieldsThatDependOnEachOtherMayComeInEitherOrder) {
    // N = 2048 is above Hillis–Steele's limit (the default kernel) but within Blelloch's.
    for (const char* block : {"capture.n: 2048\ncapture.algorithm: blelloch\n",
                              "capture.algorithm: blelloch\ncapture.n: 2048\n"}) {
        const Lesson lesson = lesson_from_markdown(std::string("# L\n## S\n```scene\n") + block + "```\n");
        EXPECT_EQ(lesson.scenes[0].scene.capture.n, 2048u);
    }
}

// Each hostile text gives one line naming the lesson, the line and what is wrong.
TEST(Lesson, HostileLessonsAreRefusedInOneLineNamingTheLine) {
    struct Case {
        std::string text;
        std::string expected; // a part of the message
    };
    const std::string head = "# L\n## S\n```scene\n";
    const std::vector<Case> cases = {
        {"", "empty"},
        {"\n\n  \n", "empty"},
        {"Some text\n# L\n", "line 1: a lesson starts with its title"},
        {"# L\n", "no scenes"},
        {"# L\nintro only\n", "no scenes"},
        {"#\n## S\n", "line 1: the lesson has no title"},
        {"# L\n##\n", "line 2: a scene has no title"},
        {"# L\n## S\n# Again\n", "line 3: a second title"},
        {"# L\n```scene\ntab: Quiz\n```\n## S\n", "line 2: a scene's settings before its heading"},
        {head + "tab: Quiz\n", "line 3: the settings block is not closed"},
        {"# L\n## S\n```cuda\nint x;\n", "line 3: a code block is not closed"},
        {head + "capture.nn: 5\n```\n", "line 4: capture.nn: unknown field"},
        {head + "kernel: blelloch\n```\n", "line 4: kernel: unknown field"},
        {head + "capture.algorithm: blelloch\ncapture.n: 5000\n```\n", "line 5: capture.n: 5000 is above"},
        {head + "capture.n: big\n```\n", "line 4: capture.n: expected"},
        {head + "tab: Values\nreveal: maybe\n```\n", "line 5: reveal: expected true or false"},
        {head + "tab: Quiz\ntab: Banks\n```\n", "line 5: tab is set twice in this scene (first on line 4)"},
        {head + "just words\n```\n", "line 4: expected 'key: value'"},
        {head + "steps: 9-3\n```\n", "line 4: steps: the last step (3) is before the first (9)"},
        {head + "steps: soon\n```\n", "line 4: steps: expected 'all'"},
        {head + "```\n```scene\n```\n", "line 5: a second settings block"},
        {head + "theme: \"bad \\q\"\n```\n", "line 4: theme: a quoted value must be a JSON string"},
        {head + "tab: " + std::string(600, 'x') + "\n```\n", "line 4: tab: a value of 600 bytes"},
        {"# L\n## " + std::string(300, 'y') + "\n", "line 2: a scene's title is 300 bytes long"},
        {"# L\n## S\nnotes\x01here\n", "line 3: a control character (\\x01) at column 6"},
        {"# L\n## S\nbad \xff byte\n", "line 3: not UTF-8 text at column 5"},
        {std::string("# L\n## S\nnul \0 byte\n", 21), "line 3: not text: a NUL byte at column 5"},
        {std::string(kMaxLessonFileBytes + 1, '#'), "bytes (a lesson is at most"},
    };
    for (const Case& c : cases) {
        try {
            lesson_from_markdown(c.text, "hostile.md");
            ADD_FAILURE() << "accepted: " << c.text.substr(0, 200);
        } catch (const LessonFormatError& e) {
            const std::string what = e.what();
            EXPECT_TRUE(what.starts_with("lesson 'hostile.md': ")) << what;
            EXPECT_NE(what.find(c.expected), std::string::npos)
                << "expected \"" << c.expected << "\" in: " << what;
            EXPECT_EQ(what.find('\n'), std::string::npos) << what;
            EXPECT_LT(what.size(), 400u) << what;
        }
    }
    // More scenes than a lesson holds.
    std::string many = "# L\n";
    for (std::size_t k = 0; k <= kMaxLessonScenes; ++k)
        many += "## S" + std::to_string(k) + "\n";
    EXPECT_THROW(lesson_from_markdown(many), LessonFormatError);
}

TEST(Lesson, WindowsLineEndsAndAByteOrderMarkRead) {
    const Lesson lesson =
        lesson_from_markdown("\xef\xbb\xbf# L\r\n## S\r\n```scene\r\ntab: Quiz\r\n```\r\nNote.\r\n");
    EXPECT_EQ(lesson.title, "L");
    EXPECT_EQ(lesson.scenes.at(0).scene.tab, "Quiz");
    EXPECT_EQ(lesson.scenes.at(0).notes, "Note.");
}

// A fence closes only with its own mark, at least as long (CommonMark): a lesson quoted in the notes inside
// four backquotes keeps its own settings block as notes.
TEST(Lesson, AFenceClosesOnlyWithItsOwnMark) {
    const Lesson lesson = lesson_from_markdown(
        "# L\n## S\n````markdown\n```scene\ntab: Quiz\n```\n## quoted\n````\n~~~\n```\n## also quoted\n~~~\nafter\n");
    ASSERT_EQ(lesson.scenes.size(), 1u);
    EXPECT_EQ(lesson.scenes[0].scene.tab, "Values") << "the quoted block is no settings block";
    EXPECT_NE(lesson.scenes[0].notes.find("```scene"), std::string::npos);
    EXPECT_TRUE(lesson.scenes[0].notes.ends_with("~~~\nafter")) << lesson.scenes[0].notes;
}

// The example in docs/lessons.md is a lesson the reader takes, as the page says.
TEST(Lesson, TheDocumentedExampleReads) {
    const std::string page = test::read_file(std::string(PREFIXLAB_SOURCE_DIR) + "/docs/lessons.md");
    const std::size_t start = page.find("````markdown\n");
    ASSERT_NE(start, std::string::npos);
    const std::size_t end = page.find("\n````", start + 12);
    ASSERT_NE(end, std::string::npos);
    const Lesson lesson = lesson_from_markdown(page.substr(start + 12, end - start - 12), "docs/lessons.md");
    ASSERT_EQ(lesson.scenes.size(), 2u);
    EXPECT_EQ(lesson.scenes[1].scene.compare.algorithm, kernel("blelloch-padded"));
    EXPECT_EQ(lesson.scenes[1].scene.capture.n, 16u) << "from the scene before";
}

TEST(LessonFile, ReadsAndWritesThroughTheFilePolicies) {
    const fs::path dir = fs::path(::testing::TempDir()) / ("prefixlab_lesson_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const Lesson lesson = lesson_from_markdown(kLesson);
    save_lesson_file(lesson, (dir / "saved.md").string());
    EXPECT_EQ(load_lesson_file((dir / "saved.md").string()), lesson);
    // A folder is refused before anything is read; a bad file names itself.
    EXPECT_THROW(load_lesson_file(dir.string()), InputLimitError);
    std::ofstream(dir / "bad.md") << "# L\n## S\n```scene\ncapture.n: 0\n```\n";
    try {
        load_lesson_file((dir / "bad.md").string());
        ADD_FAILURE() << "accepted";
    } catch (const LessonFormatError& e) {
        EXPECT_NE(std::string(e.what()).find("bad.md"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("line 4: capture.n"), std::string::npos) << e.what();
    }
    fs::remove_all(dir);
}

} // namespace
} // namespace prefixlab::lesson_test
