// The Quiz tab (issue 16), in a real window: each question runs its fragments (the emulator here; no GPU
// on this machine), reports each fragment's verdict, and after the reveal marks the correct fragment in the
// theme's "ok" colour and the wrong ones in its "error" colour; intact at every scale on both screens and
// in both themes, reachable from the menu and the script, and the explanation scrolls into view.
#include "gui/theme.hpp"
#include "support/png_image.hpp"
#include "support/layout_checks.hpp"
#include "support/process.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <regex>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

class GuiQuiz : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_gui_quiz_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override {
        if (std::getenv("PREFIXLAB_KEEP_SCREENSHOTS") == nullptr)
            fs::remove_all(dir_);
    }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    ProcessResult run_script(const std::string& script, const char* window = "1920",
                             const char* scale = "2") const {
        std::ofstream(path("quiz.script")) << script << "quit\n";
        return run_process(shell_quote(PREFIXLAB_BINARY) + " --window " + window + " --ui-scale " + scale +
                           " --script " + path("quiz.script"));
    }
    fs::path dir_;
};

// What each fragment gives in the emulator: its documented verdict (tests/cpu/test_quiz_variants.cpp).
const char* const kExpected[] = {
    "quiz: question=1 revealed=1 A=reduce-barrier-in-branch emulator=detected-error gpu=none",
    "B=reduce-sequential emulator=correct gpu=none",
    "quiz: question=2 revealed=1 A=hillis-steele-racy emulator=wrong-cells gpu=none",
    "B=hillis-steele-barrier-in-branch emulator=detected-error gpu=none",
    "C=hillis-steele emulator=correct gpu=none",
    "quiz: question=3 revealed=1 A=warp-shuffle emulator=correct gpu=none",
    "B=warp-shuffle-in-branch emulator=detected-error gpu=none",
};

TEST_F(GuiQuiz, EachQuestionRunsItsFragmentsAndTheRevealMarksTheCorrectOne) {
    std::string script = "theme projector\n";
    for (int q = 1; q <= 3; ++q) {
        const std::string n = std::to_string(q);
        script += "quiz " + n + "\nwait 2\nscreenshot " + path("before-" + n + ".png") +
                  "\nquiz-run\nquiz-reveal on\n"
                  "wait 3\ncheck-layout\nreport\nreport-quiz\nquiz-reveal off\nwait 2\nscreenshot " +
                  path("hidden-" + n + ".png") + "\nquiz-reveal on\nwait 3\nscreenshot " +
                  path("after-" + n + ".png") + "\n";
    }
    const ProcessResult r = run_script(script);
    ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
    for (const char* expected : kExpected)
        EXPECT_NE(r.out.find(expected), std::string::npos) << expected << "\n" << r.out;
    EXPECT_EQ(std::regex_search(r.out, std::regex("tab=Quiz")), true) << r.out;
    const std::regex summary(R"(check-layout \S+: (\d+) texts, 0 problems)");
    EXPECT_EQ(
        std::distance(std::sregex_iterator(r.out.begin(), r.out.end(), summary), std::sregex_iterator()), 3)
        << r.out;
    // The verdicts' colours as text on the projector's white (darkened until they read, issue 33).
    theme::Palette projector = theme::palette(theme::Name::projector);
    projector.ok = theme::readable_on(projector.ok, projector.background);
    projector.error = theme::readable_on(projector.error, projector.background);
    for (int q = 1; q <= 3; ++q) {
        const std::string n = std::to_string(q);
        const PngImage before = load_png(path("before-" + n + ".png"));
        const PngImage hidden = load_png(path("hidden-" + n + ".png"));
        const PngImage after = load_png(path("after-" + n + ".png"));
        // before the run: no verdict in colour; after it and the reveal: both colours, far more of them
        EXPECT_LT(count_colour(before, projector.ok), 50u) << q;
        EXPECT_GT(count_colour(after, projector.ok), 500u) << q;
        EXPECT_GT(count_colour(after, projector.error), 500u) << q;
        // Run but not revealed: the outcomes are in the text's colour, so the class votes first (issue 33:
        // a run coloured them).
        EXPECT_LT(count_colour(hidden, projector.ok), 50u) << q;
        EXPECT_LT(count_colour(hidden, projector.error), 50u) << q;
        EXPECT_GT(fraction_different(hidden, after), 0.01) << q;
        EXPECT_GT(distinct_colours(after), 4u) << q;
    }
}

TEST_F(GuiQuiz, IntactAtEveryScaleOnBothScreensInBothThemes) {
    std::string script;
    int checks = 0;
    for (const char* theme : {"dark", "projector"})
        for (const char* scale : {"1", "1.5", "2", "3"}) {
            script += std::string("theme ") + theme + "\nscale " + scale + "\nwait 2\n";
            for (int q = 1; q <= 3; ++q) {
                script += "quiz " + std::to_string(q) +
                          "\nquiz-run\nquiz-reveal on\nwait 2\ncheck-layout\n"
                          "quiz-source source\nwait 1\ncheck-layout\nquiz-source cuda\nquiz-reveal off\n";
                checks += 2;
            }
        }
    for (const char* window : {"1920", "1280"}) {
        const ProcessResult r = run_script(script, window, "1");
        ASSERT_EQ(r.exit_code, 0) << window << "\n" << r.err << r.out;
        expect_clean_layout_checks(r.out, checks, window, 10);
    }
}

// Issue 33, point 6: Reveal scrolls at most to the fragments' top, so their letters and verdicts stay in
// view and no half line stands at the top: the page is either where it was (the answer fits) or has its
// fragments exactly at the top. Before, it scrolled to the answer's end, the headers off the screen.
TEST_F(GuiQuiz, RevealKeepsTheFragmentsHeadersInView) {
    for (const char* window : {"1920", "1280"}) {
        std::string script = "tab Quiz\n";
        for (int q = 1; q <= 3; ++q)
            script += "quiz " + std::to_string(q) +
                      "\nquiz-run\nquiz-reveal on\nwait 5\nreport-quiz\ncheck-layout\n";
        const ProcessResult r = run_script(script, window, "2");
        ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
        const std::regex page(R"(quiz: question=(\d) revealed=1 .* scroll=(\d+) fragments_top=(\d+))");
        int seen = 0;
        for (auto it = std::sregex_iterator(r.out.begin(), r.out.end(), page); it != std::sregex_iterator();
             ++it) {
            const int scroll = std::stoi((*it)[2]), top = std::stoi((*it)[3]);
            EXPECT_TRUE(scroll == 0 || scroll == top)
                << window << ", question " << (*it)[1] << ": scrolled to " << scroll << ", fragments at "
                << top;
            ++seen;
        }
        EXPECT_EQ(seen, 3) << r.out;
        EXPECT_NE(r.out.find("scroll="), std::string::npos);
    }
}

TEST_F(GuiQuiz, AScriptNamesAQuestionThatDoesNotExistInOneLine) {
    const ProcessResult r = run_script("quiz 4\n");
    EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
    EXPECT_NE(r.err.find("quiz N '4'"), std::string::npos) << r.err;
}

} // namespace
} // namespace prefixlab::test
