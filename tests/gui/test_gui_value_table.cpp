// Issue 10, the Values table in a real window: global input and output accesses mark their own rows,
// never a shared word (warp-shuffle and Blelloch once outlined shared words as read when only the input
// was read); reveal mode shows nothing below the current step; the last column shows whole when the table
// is scrolled fully right (it showed "52377" for 523776). The app reports where it drew the table
// (script command report-values); the tests look at the screenshot's pixels there.
#include "support/png_image.hpp"
#include "support/process.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <regex>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

const theme::Palette& dark() {
    return theme::palette(theme::Name::dark);
}

// One "values: …" line of report-values.
struct TableReport {
    float cell_w = 0, cell_h = 0, cells_x0 = 0, cells_x1 = 0, scroll_x = 0;
    float input_y0 = 0, input_y1 = 0, steps_y0 = 0, steps_y1 = 0, step0_y = 0, output_y0 = 0, output_y1 = 0;
    int columns = 0, steps = 0, first_column = 0, last_column = -1;
    bool overview = false;
    float overview_x0 = 0, overview_y0 = 0, overview_x1 = 0, overview_y1 = 0;
    float column_x(int c) const { return cells_x0 + c * cell_w - scroll_x; }
    float step_y(int k) const { return step0_y + k * cell_h; }
};

float number_after(const std::string& line, const std::string& key, int index = 0) {
    const std::size_t at = line.find(" " + key + "=");
    if (at == std::string::npos)
        throw std::runtime_error("no " + key + " in: " + line);
    std::string values = line.substr(at + key.size() + 2);
    values = values.substr(0, values.find(' '));
    for (int i = 0; i < index; ++i)
        values = values.substr(values.find(',') + 1);
    return std::stof(values);
}

// The n-th report-values line of a run (0: the first).
TableReport table_report(const std::string& out, int nth) {
    std::vector<std::string> lines;
    const std::regex line(R"(values: columns=[^\n]*)");
    for (auto it = std::sregex_iterator(out.begin(), out.end(), line); it != std::sregex_iterator(); ++it)
        lines.push_back(it->str());
    if (nth >= static_cast<int>(lines.size()))
        throw std::runtime_error("report-values printed " + std::to_string(lines.size()) + " lines:\n" + out);
    const std::string& l = lines[nth];
    TableReport r;
    r.columns = static_cast<int>(number_after(l, "columns"));
    r.steps = static_cast<int>(number_after(l, "steps"));
    r.cell_w = number_after(l, "cell"), r.cell_h = number_after(l, "cell", 1);
    r.cells_x0 = number_after(l, "cells_x"), r.cells_x1 = number_after(l, "cells_x", 1);
    r.scroll_x = number_after(l, "scroll");
    r.input_y0 = number_after(l, "input_y"), r.input_y1 = number_after(l, "input_y", 1);
    r.steps_y0 = number_after(l, "steps_y"), r.steps_y1 = number_after(l, "steps_y", 1);
    r.step0_y = number_after(l, "step0_y");
    r.output_y0 = number_after(l, "output_y"), r.output_y1 = number_after(l, "output_y", 1);
    r.first_column = static_cast<int>(number_after(l, "visible_columns"));
    r.last_column = static_cast<int>(number_after(l, "visible_columns", 1));
    r.overview = l.find("overview=none") == std::string::npos;
    if (r.overview) {
        r.overview_x0 = number_after(l, "overview"), r.overview_y0 = number_after(l, "overview", 1);
        r.overview_x1 = number_after(l, "overview", 2), r.overview_y1 = number_after(l, "overview", 3);
    }
    return r;
}

int px(float x) {
    return static_cast<int>(std::lround(x));
}

// Pixels in [x0, x1) × [y0, y1) that are not `colour`.
std::size_t pixels_other_than(const PngImage& image, theme::Rgb colour, int x0, int y0, int x1, int y1) {
    const int w = std::max(0, x1 - x0), h = std::max(0, y1 - y0);
    return static_cast<std::size_t>(w) * h - count_colour(image, colour, x0, y0, x1, y1);
}

class GuiValueTable : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_gui_values_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    ProcessResult gui(const std::string& script, int width = 1920, const std::string& scale = "1") const {
        std::ofstream(path("values.script")) << script << "quit\n";
        return run_process(shell_quote(PREFIXLAB_BINARY) + " --window " + std::to_string(width) +
                           " --ui-scale " + scale + " --script " + shell_quote(path("values.script")), dir_);
    }
    fs::path dir_;
};

// Blelloch at N = 16, step 0 (load input into shared memory): every shared word is written, none is
// read; the input row is read. All 16 columns fit at 1× on 1920×1080.
TEST_F(GuiValueTable, LoadingTheInputOutlinesTheInputRowNotSharedWords) {
    const ProcessResult run = gui("trace algo=blelloch n=16 device=cpu\nstep 0\ntab Values\nscreenshot " +
                                  path("load.png") + "\nreport-values\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const TableReport g = table_report(run.out, 0);
    const PngImage image = load_png(path("load.png"));
    ASSERT_EQ(image.width, 1920);
    ASSERT_EQ(g.columns, 16);
    ASSERT_EQ(g.last_column, 15) << "all columns in view";
    const int x0 = px(g.column_x(0)), x1 = px(g.column_x(16));
    const std::size_t input_read =
        count_colour(image, dark().cell_read, x0, px(g.input_y0), x1, px(g.input_y1));
    const std::size_t shared_read =
        count_colour(image, dark().cell_read, x0, px(g.step_y(0)), x1, px(g.step_y(1)));
    const std::size_t shared_written =
        count_colour(image, dark().cell_written, x0, px(g.step_y(0)), x1, px(g.step_y(1)));
    EXPECT_GT(input_read, 16u * 20) << "each input cell outlined as read";
    EXPECT_EQ(shared_read, 0u) << "no shared word was read in step 0";
    EXPECT_GT(shared_written, 16u * 50) << "every shared word written";
    // The last step stores the output: the output row is written, the shared words only read.
    const ProcessResult store =
        gui("trace algo=blelloch n=16 device=cpu\nstep last\ntab Values\nscreenshot " + path("store.png") +
            "\nreport-values\n");
    ASSERT_EQ(store.exit_code, 0) << store.out << store.err;
    const TableReport s = table_report(store.out, 0);
    const PngImage stored = load_png(path("store.png"));
    const int last = s.steps - 1;
    EXPECT_EQ(count_colour(stored, dark().cell_written, x0, px(s.step_y(last)), x1, px(s.step_y(last + 1))),
              0u)
        << "the store writes no shared word";
    EXPECT_GT(count_colour(stored, dark().cell_read, x0, px(s.step_y(last)), x1, px(s.step_y(last + 1))),
              16u * 20);
    EXPECT_GT(count_colour(stored, dark().cell_written, x0, px(s.output_y0), x1, px(s.output_y1)), 16u * 50)
        << "the output row is written in the store step";
}

// Warp-shuffle at N = 32: 32 registers, then 32 shared words (warp totals). Step 0 reads the input
// into registers: the input row is outlined; the shared words, reached through the overview strip's
// right end, are not. At 2× beside the settings panel, where 64 columns do not fit at any size.
TEST_F(GuiValueTable, WarpShuffleStepZeroReadsOnlyTheInput) {
    const ProcessResult run = gui("trace algo=warp-shuffle n=32 device=cpu\nstep 0\ntab Values\nscreenshot " +
                                      path("left.png") + "\nreport-values\n",
                                  1920, "2");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const TableReport left = table_report(run.out, 0);
    ASSERT_TRUE(left.overview) << "64 columns do not fit: the overview strip shows";
    const PngImage image = load_png(path("left.png"));
    const int visible = std::min(left.last_column, 31);
    EXPECT_GT(count_colour(image, dark().cell_read, px(left.column_x(0)), px(left.input_y0),
                           px(left.column_x(visible)), px(left.input_y1)),
              static_cast<std::size_t>(visible) * 20);

    const int click_x = px(left.overview_x1) - 2, click_y = px((left.overview_y0 + left.overview_y1) / 2);
    const ProcessResult right =
        gui("trace algo=warp-shuffle n=32 device=cpu\nstep 0\ntab Values\nwait 2\nclick " +
                std::to_string(click_x) + " " + std::to_string(click_y) + "\nhover 5 5\nscreenshot " +
                path("right.png") + "\nreport-values\n",
            1920, "2");
    ASSERT_EQ(right.exit_code, 0) << right.out << right.err;
    const TableReport r = table_report(right.out, 0);
    ASSERT_EQ(r.last_column, 63) << "the strip's right end scrolls to the last column";
    const PngImage shot = load_png(path("right.png"));
    const int first_shared = std::max(32, r.first_column + 1);
    const int x0 = px(r.column_x(first_shared)), x1 = px(r.cells_x1);
    EXPECT_EQ(count_colour(shot, dark().cell_read, x0, px(r.step_y(0)), x1, px(r.step_y(1))), 0u)
        << "shared words " << first_shared << "–63 are not read in step 0";
    EXPECT_GT(count_colour(shot, dark().cell_unwritten, x0, px(r.step_y(0)), x1, px(r.step_y(1))), 100u)
        << "they are drawn, unwritten";
}

// Reveal mode (presentation mode starts it on step 0): nothing below the current step, not even dimmed,
// and no output until the step that writes it. Without it the same rows are full.
TEST_F(GuiValueTable, RevealModeShowsNothingBelowTheCurrentStep) {
    const std::string script = "trace algo=hillis-steele n=32 device=cpu\ntab Values\n";
    const ProcessResult revealed = gui(script + "key F11\nwait 3\nstep 2\nhover 5 5\nscreenshot " +
                                       path("reveal.png") + "\nreport-values\nreport\n");
    ASSERT_EQ(revealed.exit_code, 0) << revealed.out << revealed.err;
    ASSERT_NE(revealed.out.find("reveal=1"), std::string::npos) << revealed.out;
    const ProcessResult dimmed =
        gui(script + "step 2\nhover 5 5\nscreenshot " + path("dimmed.png") + "\nreport-values\n");
    ASSERT_EQ(dimmed.exit_code, 0) << dimmed.out << dimmed.err;

    for (const bool reveal : {true, false}) {
        const TableReport g = table_report(reveal ? revealed.out : dimmed.out, 0);
        const PngImage image = load_png(path(reveal ? "reveal.png" : "dimmed.png"));
        const theme::Rgb background = dark().background;
        // Rows 3.. as far as the window shows them, labels included; then the output row.
        const int top = px(g.step_y(3)) + 3, bottom = std::min(px(g.steps_y1), image.height);
        ASSERT_GT(bottom - top, px(g.cell_h)) << "at least one later row in view";
        const std::size_t later = pixels_other_than(image, background, 0, top, px(g.cells_x1), bottom);
        const std::size_t output = pixels_other_than(image, background, px(g.cells_x0), px(g.output_y0),
                                                     px(g.cells_x1), px(g.output_y1));
        if (reveal) {
            EXPECT_EQ(later, 0u) << "later steps drawn in reveal mode";
            EXPECT_EQ(output, 0u) << "the output shows before the step that writes it";
            EXPECT_GT(pixels_other_than(image, background, px(g.cells_x0),
                                        std::max(px(g.step_y(0)), px(g.steps_y0)), px(g.cells_x1),
                                        px(g.step_y(3))),
                      1000u)
                << "steps 0–2 are shown";
        } else {
            EXPECT_GT(later, 10000u) << "without reveal mode the later steps show, dimmed";
            EXPECT_GT(output, 1000u);
        }
    }
}

// Hillis–Steele at N = 1024 at 2×: clicking the overview strip's right end scrolls the table fully right,
// and the last column's digits ("523776" in the output row) are whole: the ink is centred in its cell.
TEST_F(GuiValueTable, TheLastColumnIsWholeWhenScrolledFullyRight) {
    const std::string setup = "trace algo=hillis-steele n=1024 device=cpu\nstep last\ntab Values\nwait 2\n";
    const ProcessResult first = gui(setup + "report-values\n", 1920, "2");
    ASSERT_EQ(first.exit_code, 0) << first.out << first.err;
    const TableReport before = table_report(first.out, 0);
    ASSERT_TRUE(before.overview);
    const int click_x = px(before.overview_x1) - 1,
              click_y = px((before.overview_y0 + before.overview_y1) / 2);
    const ProcessResult run = gui(setup + "click " + std::to_string(click_x) + " " + std::to_string(click_y) +
                                      "\nhover 5 5\nscreenshot " + path("right.png") + "\nreport-values\n",
                                  1920, "2");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const TableReport g = table_report(run.out, 0);
    ASSERT_EQ(g.last_column, 1023);
    const float cell_x0 = g.column_x(1023), cell_x1 = cell_x0 + g.cell_w;
    EXPECT_LE(cell_x1, g.cells_x1 + 0.5f) << "the last column ends inside the table";
    const PngImage image = load_png(path("right.png"));
    // The output cell: written in the last step, so orange; its ink is what is not orange.
    const theme::Rgb fill = dark().cell_written;
    const int y0 = px(g.output_y0) + 3, y1 = px(g.output_y1) - 3;
    int ink_x0 = image.width, ink_x1 = -1;
    for (int y = y0; y < y1; ++y)
        for (int x = px(cell_x0) + 3; x < std::min(px(cell_x1) - 2, image.width); ++x) {
            const std::size_t at = 3 * (static_cast<std::size_t>(y) * image.width + x);
            const theme::Rgb c{image.rgb[at], image.rgb[at + 1], image.rgb[at + 2]};
            if (!(c == fill) && !(c == dark().background))
                ink_x0 = std::min(ink_x0, x), ink_x1 = std::max(ink_x1, x);
        }
    ASSERT_GE(ink_x1, ink_x0) << "the cell shows its value";
    EXPECT_GT(count_colour(image, fill, px(cell_x0) + 3, y0, px(cell_x1) - 3, y1), 100u)
        << "the cell is drawn to its end";
    const float ink_centre = (ink_x0 + ink_x1 + 1) / 2.0f, cell_centre = (cell_x0 + cell_x1) / 2;
    EXPECT_NEAR(ink_centre, cell_centre, 3.0f) << "the value is centred, so whole (ink " << ink_x0 << "–"
                                               << ink_x1 << ", cell " << cell_x0 << "–" << cell_x1 << ")";
    EXPECT_GT(ink_x1 - ink_x0, 5 * g.cell_w / 10) << "six digits span most of the cell";
}

// Issue 33, point 1: what a hall sees at 2×. The N elements' columns of these tables fit with their
// numbers (N = 32 on 1920×1080, N = 16 on 1280×720, the long step labels of Blelloch, the racy kernel
// and warp-shuffle included; warp-shuffle's 32 warp-total words beyond them scroll): before, about 22
// columns fit on 1920×1080 (cells sized for the full font) and the long labels took 38% of the width.
// Each cell of the current step's row (followed into view) shows ink: dark pixels of its digits.
struct LectureTable {
    int width;
    std::string algo;
    int n;
};
void PrintTo(const LectureTable& c, std::ostream* out) {
    *out << c.algo << " N = " << c.n << " at width " << c.width;
}

class GuiValueTableAtLectureScale : public GuiValueTable,
                                    public ::testing::WithParamInterface<LectureTable> {};

TEST_P(GuiValueTableAtLectureScale, EveryColumnShowsItsNumber) {
    const LectureTable& c = GetParam();
    // Presentation mode on 1920×1080 (the Xvfb screen); a 1280×720 window (at 2× its settings panel
    // starts hidden).
    const std::string start = c.width == 1920 ? "key F11\nwait 3\n" : "";
    const ProcessResult run =
        gui(start + "theme projector\nscale 2\ntrace algo=" + c.algo + " n=" + std::to_string(c.n) +
                " device=cpu\ntab Values\nstep last\nwait 5\n"
                "hover 5 5\nscreenshot " +
                path("table.png") + "\nreport-values\n",
            c.width, "2");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const TableReport g = table_report(run.out, 0);
    if (g.columns == c.n)
        EXPECT_FALSE(g.overview) << "every column fits: no overview strip";
    EXPECT_EQ(g.first_column, 0);
    ASSERT_GE(g.last_column, c.n - 1) << "columns in view at " << g.cell_w << " px";
    EXPECT_LE(g.column_x(c.n), g.cells_x1 + 0.5f) << "column N − 1 is whole";
    const PngImage image = load_png(path("table.png"));
    const int inset = std::max(3, px(g.cell_w / 10));
    const int row_y0 = px(g.step_y(g.steps - 1)), row_y1 = px(g.step_y(g.steps));
    ASSERT_GE(row_y0, px(g.steps_y0) - 1) << "the current step's row is in view";
    ASSERT_LE(row_y1, px(g.steps_y1) + 1) << "the current step's row is in view";
    for (int column = 0; column < c.n; ++column) {
        std::size_t ink = 0;
        for (int y = row_y0 + inset; y < row_y1 - inset; ++y)
            for (int x = px(g.column_x(column)) + inset; x < px(g.column_x(column + 1)) - inset; ++x) {
                const std::size_t at = 3 * (static_cast<std::size_t>(y) * image.width + x);
                ink += std::max({image.rgb[at], image.rgb[at + 1], image.rgb[at + 2]}) < 90;
            }
        EXPECT_GE(ink, 15u) << "column " << column << " shows no number";
    }
}

INSTANTIATE_TEST_SUITE_P(
    Issue33, GuiValueTableAtLectureScale,
    ::testing::Values(LectureTable{1920, "hillis-steele", 32}, LectureTable{1920, "blelloch", 16},
                      LectureTable{1920, "hillis-steele-racy", 16}, LectureTable{1920, "warp-shuffle", 16},
                      LectureTable{1280, "blelloch", 16}, LectureTable{1280, "hillis-steele-racy", 16},
                      LectureTable{1280, "warp-shuffle", 16}),
    [](const ::testing::TestParamInfo<LectureTable>& info) {
        std::string name =
            info.param.algo + "_n" + std::to_string(info.param.n) + "_" + std::to_string(info.param.width);
        std::replace(name.begin(), name.end(), '-', '_');
        return name;
    });

} // namespace
} // namespace prefixlab::test
