// Issue 33 in the real window, points 2–4: what the hall sees is what the narration speaks of.
// - Banks shows the current step's band on both sides of compare mode (its caption said step 9 while the
//   left side's rows 0–3 showed).
// - Compare mode's two sides show the same region: scrolling one side moves the other; the narration
//   speaks of both sides; "(framed)" only where the tab frames what differs.
// - An exported view shows what the screen showed (Ctrl+E of Dataflow showed rows 0–4, the screen 7–12).
// What each view shows comes from `report-shown` (gui/layout/shown_range.hpp).
#include "support/png_image.hpp"
#include "support/process.hpp"

#include "gui/theme.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <regex>
#include <sstream>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

class GuiLectureViews : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_gui_lecture_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    // In a `width`-wide window at UI scale 2, projector theme.
    ProcessResult gui(const std::string& script, int width) const {
        std::ofstream(path("session.script")) << "theme projector\n" << script << "quit\n";
        return run_process(shell_quote(PREFIXLAB_BINARY) + " --window " + std::to_string(width) +
                           " --ui-scale 2 --script " + shell_quote(path("session.script")), dir_);
    }
    fs::path dir_;
};

struct ShownPart {
    float first_column = 0, last_column = 0, first_step = 0, last_step = 0;
};

// The report-shown blocks of `out`, in order: each maps "VIEW side=S" to what it showed. A block ends at
// another line or where a view and side it already holds comes again (reports with nothing between).
std::vector<std::map<std::string, ShownPart>> shown_reports(const std::string& out) {
    std::vector<std::map<std::string, ShownPart>> reports;
    const std::regex line(R"(shown: (\w+ side=\d) columns=([-\d.]+)-([-\d.]+) steps=([-\d.]+)-([-\d.]+))");
    bool in_block = false;
    std::istringstream lines(out);
    for (std::string text; std::getline(lines, text);) {
        std::smatch m;
        if (!std::regex_match(text, m, line)) {
            in_block = text == "shown: none";
            if (in_block)
                reports.emplace_back();
            continue;
        }
        if (!in_block || reports.back().contains(m[1]))
            reports.emplace_back();
        in_block = true;
        reports.back()[m[1]] = {std::stof(m[2]), std::stof(m[3]), std::stof(m[4]), std::stof(m[5])};
    }
    return reports;
}

int checks_without_problems(const std::string& out) {
    const std::regex summary(R"(check-layout \S+: (\d+) texts, 0 problems)");
    return static_cast<int>(
        std::distance(std::sregex_iterator(out.begin(), out.end(), summary), std::sregex_iterator()));
}

class CurrentRow : public GuiLectureViews, public ::testing::WithParamInterface<int> {};

// Point 2: every step of Blelloch at N = 64 (15 steps) in Values, Dataflow, Banks and Warps, alone and in
// compare mode, in presentation mode at 2×, with check-layout after each step command: the current step's
// row must be wholly in view (or fill the part in view, where that is shorter than a row). Before, on the
// 1280×720 screen, Banks' left half scrolled to the lane-to-bank diagram under its heatmap at step 9 and its
// row was out of view; the layout matrix (test_gui_layout.cpp) holds the same rule at every scale.
TEST_P(CurrentRow, IsInViewAfterEveryStepInEveryStepView) {
    const int width = GetParam();
    std::string script = "key F11\nwait 3\ntrace algo=blelloch n=64 input=iota device=cpu\n";
    int checks = 0;
    for (const bool compare : {false, true}) {
        script += compare ? "compare\n" : "";
        for (const char* tab : {"Values", "Dataflow", "Banks", "Warps"}) {
            script += std::string("tab ") + tab + "\nstep first\n";
            for (int step = 0; step < 15; step += compare ? 2 : 1) {
                script += "step " + std::to_string(step) + "\ncheck-layout\n";
                ++checks;
            }
            script += "step last\ncheck-layout\nstep 3\ncheck-layout\n";
            checks += 2;
        }
    }
    // Presentation mode fills the screen: a 1280×720 one of its own (the tests' Xvfb screen is 1920×1080).
    std::ofstream(path("rows.script")) << "theme projector\n" << script << "quit\n";
    const std::string screen = width == 1920 ? "1920x1080x24" : "1280x720x24";
    const ProcessResult run = run_process(shell_quote(PREFIXLAB_XVFB_RUN) + " -a -s " +
                                          shell_quote("-screen 0 " + screen) + " " + shell_quote(PREFIXLAB_BINARY) +
                                          " --window " + std::to_string(width) + " --ui-scale 2 --script " +
                                          shell_quote(path("rows.script")));
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_EQ(checks_without_problems(run.out), checks) << run.out;
}

INSTANTIATE_TEST_SUITE_P(Screens, CurrentRow, ::testing::Values(1920, 1280),
                         [](const auto& info) { return std::to_string(info.param); });

// Banks of Blelloch at N = 64 at step 9, 2× in presentation mode on 1920×1080, then compare mode: both
// sides show step 9's band (the left side's new window opened at the top and showed rows 0–3).
TEST_F(GuiLectureViews, BanksShowsTheCurrentStepOnBothSidesOfCompareMode) {
    const ProcessResult run = gui("key F11\nwait 3\ntrace algo=blelloch n=64 input=iota device=cpu\ntab Banks\n"
                                  "step 9\nwait 5\nreport-shown\ncompare\nwait 5\nreport-shown\n",
                                  1920);
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const auto reports = shown_reports(run.out);
    ASSERT_EQ(reports.size(), 2u) << run.out;
    for (const auto& [key, part] : reports[0])
        EXPECT_TRUE(part.first_step <= 9 && part.last_step >= 10) << key << "\n" << run.out;
    ASSERT_TRUE(reports[1].contains("Banks side=0") && reports[1].contains("Banks side=1")) << run.out;
    for (const auto& [key, part] : reports[1])
        EXPECT_TRUE(part.first_step <= 9 && part.last_step >= 10) << key << "\n" << run.out;
}

// Point 7: Blelloch at N = 16 at 2× in presentation mode on 1920×1080: the diagram's rows at a readable height
// do not all fit, and Fit (the button) fits both axes: the input row to the last step in view together.
TEST_F(GuiLectureViews, DataflowFitShowsTheUpAndDownSweepTogether) {
    const ProcessResult run = gui("key F11\nwait 3\ntrace algo=blelloch n=16 input=iota device=cpu\ntab Dataflow\n"
                                  "step last\nwait 3\nreport-shown\nclick 224 239\nwait 5\nreport-shown\ncheck-layout\n",
                                  1920);
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const auto reports = shown_reports(run.out);
    ASSERT_EQ(reports.size(), 2u) << run.out;
    const ShownPart& before = reports[0].at("Dataflow side=0");
    const ShownPart& fitted = reports[1].at("Dataflow side=0");
    EXPECT_GT(before.first_step, -0.5) << "the rows must not all fit before Fit, or this tests nothing\n" << run.out;
    EXPECT_LE(fitted.first_step, -0.99) << run.out;  // the input row
    EXPECT_GE(fitted.last_step, 11.0) << run.out;    // Blelloch at N = 16: steps 0 to 11
    EXPECT_NEAR(fitted.first_column, 0, 0.01) << run.out;
    EXPECT_NEAR(fitted.last_column, 16, 0.01) << run.out;
}

// The widths of the steep strokes of `colour` in `image`: a run of that colour along a row that runs in
// each of the `least_run` rows below continue (a Dataflow edge from a node down to the one below).
std::vector<int> vertical_stroke_widths(const PngImage& image, theme::Rgb colour, int least_run) {
    const auto runs_of_row = [&](int y) {
        std::vector<std::pair<int, int>> runs; // [x0, x1)
        for (int x = 0; x < image.width;) {
            const auto is = [&](int at) {
                const std::uint8_t* p = &image.rgb[3 * (static_cast<std::size_t>(y) * image.width + at)];
                return p[0] == colour.r && p[1] == colour.g && p[2] == colour.b;
            };
            if (!is(x)) {
                ++x;
                continue;
            }
            const int x0 = x;
            while (x < image.width && is(x))
                ++x;
            runs.emplace_back(x0, x);
        }
        return runs;
    };
    std::vector<std::vector<std::pair<int, int>>> rows(static_cast<std::size_t>(image.height));
    for (int y = 0; y < image.height; ++y)
        rows[y] = runs_of_row(y);
    std::vector<int> widths;
    for (int y = 0; y + least_run < image.height; y += least_run)
        for (const auto& run : rows[y]) {
            // Followed down, row by row, by a run that overlaps it (a steep edge moves a pixel in a few rows).
            std::pair<int, int> at = run;
            bool repeated = true;
            for (int k = 1; repeated && k < least_run; ++k) {
                const auto next = std::find_if(rows[y + k].begin(), rows[y + k].end(), [&](const auto& r) {
                    return std::max(r.first, at.first) < std::min(r.second, at.second);
                });
                repeated = next != rows[y + k].end();
                if (repeated)
                    at = *next;
            }
            if (repeated)
                widths.push_back(run.second - run.first);
        }
    return widths;
}

// Point 8: Dataflow's edges are as heavy beside the text at 2× as at 1× (they were 1 px at every scale).
// Blelloch at N = 16, last step, projector theme: every vertical edge at 2× is at least 2 px wide.
TEST_F(GuiLectureViews, DataflowEdgesAreAtLeastTwoPixelsAt2x) {
    const ProcessResult run = gui("key F11\nwait 3\ntrace algo=blelloch n=16 input=iota device=cpu\ntab Dataflow\n"
                                  "step last\nwait 3\nscreenshot " + path("edges.png") + "\n",
                                  1920);
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const PngImage image = load_png(path("edges.png"));
    ASSERT_EQ(image.width, 1920);
    const std::vector<int> widths = vertical_stroke_widths(image, theme::palette(theme::Name::projector).edge, 8);
    ASSERT_GE(widths.size(), 8u) << "the steep edges between a node and the ones below it";
    EXPECT_GE(*std::min_element(widths.begin(), widths.end()), 2);
}

// Point 8: the look-back timeline's marks scale with the UI scale. At 2× (presentation mode, 8 tiles, every
// mark shown) a tile's "took a tile" line (the text colour, taller than any glyph) and the sides of a poll
// that saw an aggregate (hollow squares, the aggregate's blue) are at least 3 px wide; they were 1–2 px and
// 2 px (marks capped at 14 px and their strokes at 2 px at every scale).
TEST_F(GuiLectureViews, TimelineMarksScaleWithTheUiScale) {
    const ProcessResult run = gui("key F11\nwait 3\ngrid-trace driver=decoupled-look-back n=256 tile=32 resident=4\n"
                                  "tab Timeline\nstep last\nwait 3\nscreenshot " + path("timeline.png") + "\n",
                                  1920);
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const PngImage image = load_png(path("timeline.png"));
    const theme::Palette& colours = theme::palette(theme::Name::projector);
    const std::vector<int> taken = vertical_stroke_widths(image, colours.text, 32);
    ASSERT_GE(taken.size(), 2u) << "the tiles' first marks";
    for (const int w : taken)
        EXPECT_GE(w, 3) << "a tile's first mark";
    const std::vector<int> polls = vertical_stroke_widths(image, colours.status_aggregate, 8);
    ASSERT_GE(polls.size(), 4u) << "the aggregate marks and the sides of the polls that saw one";
    for (const int w : polls)
        EXPECT_GE(w, 3) << "an aggregate's mark";
}

// Point 7: the Grid view at 2× on a 1280×720 window, a decoupled look-back of 128 tiles: following the step
// down, the view starts at a row's top, so the row above the current one is never cut in half.
TEST_F(GuiLectureViews, GridRowsAboveTheCurrentStepAreWholeOrOutOfView) {
    const ProcessResult run = gui("grid-trace driver=decoupled-look-back n=1024 tile=8\ntab Grid\n"
                                  "step 1\nwait 3\nreport-shown\nstep 2\nwait 3\nreport-shown\nstep 3\nwait 3\n"
                                  "report-shown\ncheck-layout\n",
                                  1280);
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const auto reports = shown_reports(run.out);
    ASSERT_EQ(reports.size(), 3u) << run.out;
    for (int k = 0; k < 3; ++k) {
        const ShownPart& grid = reports[k].at("Grid side=0");
        const float step = static_cast<float>(k + 1);
        EXPECT_TRUE(grid.first_step <= step && grid.last_step >= step + 0.99f) << "step " << step << "\n" << run.out;
        EXPECT_NEAR(grid.first_step, std::round(grid.first_step), 0.01) << "a row cut at the top\n" << run.out;
    }
}

// Points 2 and 3: compare mode on a 1280×720 window at 2×, where a half is shorter than its view (titles,
// legend, then the rows): each half scrolls so that its current step's row is on screen, in Banks, Values
// and Dataflow (Banks' halves showed the legends while the rows lay below their edge).
TEST_F(GuiLectureViews, EachHalfOfCompareModeShowsItsCurrentStep) {
    const ProcessResult run = gui("trace algo=blelloch n=64 input=iota device=cpu\ncompare\ntab Banks\nstep 9\n"
                                  "wait 5\nreport-shown\nreport\ntab Values\nwait 5\nreport-shown\nreport\ntab Dataflow\n"
                                  "wait 5\nreport-shown\nreport-compare\n",
                                  1280);
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const auto reports = shown_reports(run.out);
    ASSERT_EQ(reports.size(), 3u) << run.out;
    // Plain and padded Blelloch pair step for step: both sides at step 9.
    ASSERT_NE(run.out.find("compare: step=9 paired=9 "), std::string::npos) << run.out;
    for (const auto& report : reports)
        for (const auto& [key, part] : report)
            EXPECT_TRUE(part.first_step <= 9.05f && part.last_step >= 9.95f) << key << "\n" << run.out;
}

// Compare mode's narration says a sentence once where both sides do the same in the step (Blelloch beside
// padded Blelloch: the same threads combine the same elements); it said it twice, which took four lines of
// the strip at 2× on a 1280×720 screen and pushed the rest out of view. Where the sides differ (the racy
// Hillis–Steele beside the correct one, above), each side keeps its own sentence.
TEST_F(GuiLectureViews, CompareNarrationSaysOnceWhatBothSidesDo) {
    const ProcessResult run = gui("trace algo=blelloch n=64 input=iota device=cpu\ncompare\nstep 9\n"
                                  "report-narration\ncompare algo=hillis-steele\nstep 3\nreport-narration\n",
                                  1920);
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const std::string both = "narration: Both, blelloch and blelloch-padded: ";
    const std::size_t at = run.out.find(both);
    ASSERT_NE(at, std::string::npos) << run.out;
    const std::string line = run.out.substr(at, run.out.find('\n', at) - at);
    EXPECT_EQ(line.find("Left"), std::string::npos) << line;
    EXPECT_GT(line.size(), both.size() + 20) << "the sentence itself: " << line;
    EXPECT_NE(run.out.find("narration: Left, blelloch: "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("\nRight, hillis-steele: "), std::string::npos) << run.out;
}

// The racy Hillis–Steele beside its correct twin at N = 64, 2× on 1920×1080: the table is wider than a
// half, so each side scrolls. Turning the wheel over one side scrolls both to the same columns; the step
// rows follow each side's paired step.
TEST_F(GuiLectureViews, CompareSidesShowTheSameColumnsWhicheverSideIsScrolled) {
    const std::string script =
        "trace algo=hillis-steele-racy n=64 input=iota device=cpu\ncompare\ntab Values\n"
        "step 4\nwait 5\ncheck-layout\nreport-shown\n"
        "wheel 1000 500 right 8\nwait 5\nreport-shown\n" // the left side
        "wheel 1600 500 left 3\nwait 5\nreport-shown\n" // the right side
        "report-narration\nreport-compare\ntab Warps\nwait 3\nreport-compare\n";
    const ProcessResult run = gui(script, 1920);
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const auto reports = shown_reports(run.out);
    ASSERT_EQ(reports.size(), 3u) << run.out;
    for (std::size_t r = 0; r < reports.size(); ++r) {
        ASSERT_TRUE(reports[r].contains("Values side=0") && reports[r].contains("Values side=1")) << run.out;
        const ShownPart& left = reports[r].at("Values side=0");
        const ShownPart& right = reports[r].at("Values side=1");
        EXPECT_NEAR(left.first_column, right.first_column, 0.15) << "report " << r << "\n" << run.out;
        EXPECT_NEAR(left.last_column, right.last_column, 0.15) << "report " << r << "\n" << run.out;
        EXPECT_LT(left.last_column - left.first_column, 64) << "the table must not fit, or nothing scrolls";
        // The current step (4) and its pair on the correct side (in-place: two steps an iteration) in view.
        EXPECT_TRUE(left.first_step <= 4 && left.last_step >= 5) << run.out;
    }
    EXPECT_GT(reports[1].at("Values side=0").first_column, reports[0].at("Values side=0").first_column + 2)
        << "the wheel over the left side scrolled it\n"
        << run.out;
    EXPECT_LT(reports[2].at("Values side=1").first_column, reports[1].at("Values side=1").first_column - 1)
        << "the wheel over the right side scrolled it\n"
        << run.out;
    // The narration speaks of both sides, each by its kernel.
    EXPECT_NE(run.out.find("narration: Left, hillis-steele-racy: "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("\nRight, hillis-steele: "), std::string::npos) << run.out;
    // "(framed)" in Values, which frames the differing cells; not in Warps, which frames nothing.
    const std::regex compare_line(R"(compare: step=\d+ paired=\d+ with=hillis-steele \| ([^\n]*))");
    std::vector<std::string> lines;
    for (auto it = std::sregex_iterator(run.out.begin(), run.out.end(), compare_line);
         it != std::sregex_iterator(); ++it)
        lines.push_back((*it)[1]);
    ASSERT_EQ(lines.size(), 2u) << run.out;
    EXPECT_TRUE(lines[0].ends_with(" (framed)")) << lines[0];
    EXPECT_EQ(lines[1].find("framed"), std::string::npos) << lines[1];
}

// Dataflow of Blelloch at N = 64 on a 1280×720 window at 2×: the diagram does not fit, the screen follows
// the current step down to the down-sweep; the exported picture (PNG at twice the size, and SVG) shows the
// same columns and steps. Values too, scrolled sideways.
TEST_F(GuiLectureViews, AnExportedViewShowsWhatTheScreenShows) {
    const std::string script =
        "trace algo=blelloch n=64 input=iota device=cpu\n"
        "tab Dataflow\nstep 11\nwait 5\nreport-shown\nexport-view " +
        path("d.png") + "\nwait 3\nreport-shown export\nreport-shown\nexport-svg " + path("d.svg") +
        "\nreport-shown export\nreport\n"
        "tab Values\nstep 9\nwait 3\nwheel 600 400 right 6\nwait 5\nreport-shown\nexport-view " +
        path("v.png") + "\nreport-shown export\n";
    const ProcessResult run = gui(script, 1280);
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const auto reports = shown_reports(run.out);
    ASSERT_EQ(reports.size(), 6u) << run.out;
    const auto same = [&](std::size_t screen, std::size_t exported, const std::string& view) {
        ASSERT_TRUE(reports[screen].contains(view + " side=0") &&
                    reports[exported].contains(view + " side=0"))
            << run.out;
        const ShownPart& a = reports[screen].at(view + " side=0");
        const ShownPart& b = reports[exported].at(view + " side=0");
        EXPECT_NEAR(a.first_column, b.first_column, 0.25) << view << " report " << exported << "\n"
                                                          << run.out;
        EXPECT_NEAR(a.last_column, b.last_column, 0.25) << view << " report " << exported << "\n" << run.out;
        EXPECT_NEAR(a.first_step, b.first_step, 0.25) << view << " report " << exported << "\n" << run.out;
        EXPECT_NEAR(a.last_step, b.last_step, 0.25) << view << " report " << exported << "\n" << run.out;
    };
    const ShownPart& screen = reports[0].at("Dataflow side=0");
    EXPECT_TRUE(screen.first_step > 0 && screen.first_step <= 11 && screen.last_step >= 12)
        << "the screen followed step 11 into the down-sweep\n"
        << run.out;
    same(0, 1, "Dataflow"); // the PNG
    // The screen after it (the status bar's new line about the export leaves less room), then the SVG.
    same(2, 3, "Dataflow");
    same(4, 5, "Values");
    EXPECT_GT(reports[4].at("Values side=0").first_column, 1) << "scrolled sideways\n" << run.out;
}

} // namespace
} // namespace prefixlab::test
