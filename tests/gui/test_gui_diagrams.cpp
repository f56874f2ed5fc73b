// The Dataflow and Banks tabs at a lecture's scale (issue 10): reveal mode draws nothing of the steps
// after the current one; node values stay readable at 1.5× with three-digit numbers; a step of one
// warp-wide instruction gets a band a text line tall; the lane-to-bank diagram is several lines
// tall and numbered. Real windows under Xvfb; the assertions read the screenshots' pixels, finding
// the diagrams by their colours (theme.hpp, colour_map.hpp) rather than by fixed positions.
#include "gui/colour_map.hpp"
#include "support/png_image.hpp"
#include "support/process.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

constexpr int kWidth = 1920, kHeight = 1080;
constexpr float kLineAt2 = 36; // the text size at 2× (18 px fonts)

class GuiDiagrams : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_gui_diagrams_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override {
        if (std::getenv("PREFIXLAB_KEEP_SCREENSHOTS") != nullptr)
            std::printf("screenshots kept in %s\n", dir_.c_str());
        else
            fs::remove_all(dir_);
    }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    // Runs the script in a 1920×1080 window at UI scale `scale`.
    void run_script(const std::string& script, const std::string& scale) const {
        std::ofstream(path("session.script")) << script << "quit\n";
        const ProcessResult r = run_process(shell_quote(PREFIXLAB_BINARY) + " --window " + std::to_string(kWidth) +
                                            " --ui-scale " + scale + " --script " + path("session.script"));
        ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    }
    fs::path dir_;
};

theme::Rgb pixel(const PngImage& image, int x, int y) {
    const std::uint8_t* p = &image.rgb[3 * (static_cast<std::size_t>(y) * image.width + x)];
    return {p[0], p[1], p[2]};
}

// Pixels in [x0, x1) × [y0, y1) that are not `background`.
std::size_t count_not(const PngImage& image, theme::Rgb background, int x0, int y0, int x1, int y1) {
    std::size_t n = 0;
    for (int y = std::max(0, y0); y < std::min(y1, image.height); ++y)
        for (int x = std::max(0, x0); x < std::min(x1, image.width); ++x)
            n += pixel(image, x, y) != background;
    return n;
}

// Pixels in [x0, x1) × [y0, y1) within `tolerance` of `colour` in every channel: antialiased glyphs
// (the font atlas is filtered) rarely reach their exact ink.
std::size_t count_near(const PngImage& image, theme::Rgb colour, int tolerance, int x0, int y0, int x1, int y1) {
    const auto near = [tolerance](std::uint8_t a, std::uint8_t b) { return std::abs(int(a) - int(b)) <= tolerance; };
    std::size_t n = 0;
    for (int y = std::max(0, y0); y < std::min(y1, image.height); ++y)
        for (int x = std::max(0, x0); x < std::min(x1, image.width); ++x) {
            const theme::Rgb p = pixel(image, x, y);
            n += near(p.r, colour.r) && near(p.g, colour.g) && near(p.b, colour.b);
        }
    return n;
}

// The lowest row holding `colour` within [y0, y1), or -1.
int lowest_row_with(const PngImage& image, theme::Rgb colour, int y0, int y1) {
    for (int y = std::min(y1, image.height) - 1; y >= y0; --y)
        if (count_colour(image, colour, 0, y, image.width, y + 1) > 0)
            return y;
    return -1;
}

// The tallest vertical run of `colour` in any column.
int tallest_run(const PngImage& image, theme::Rgb colour, int y0, int y1) {
    int best = 0;
    for (int x = 0; x < image.width; ++x) {
        int run = 0;
        for (int y = y0; y < y1; ++y) {
            run = pixel(image, x, y) == colour ? run + 1 : 0;
            best = std::max(best, run);
        }
    }
    return best;
}

// Reveal mode (presentation mode turns it on, at step 0): below the current step's nodes the
// Dataflow tab is empty background; without reveal mode the later steps are drawn there, dimmed.
TEST_F(GuiDiagrams, RevealModeDrawsNothingBelowTheCurrentStepInTheDataflow) {
    // (the narration strip hidden, F2: the region above the status bar is the diagram's alone)
    run_script("theme projector\ntab Dataflow\nkey F2\ntrace algo=blelloch n=16 input=iota device=cpu\n"
               "key F11\nwait 3\nstep 3\nscreenshot " + path("reveal.png") + "\n"
               "key F11\nwait 3\nstep 3\nscreenshot " + path("dimmed.png") + "\n",
               "2");
    const theme::Palette& colours = theme::palette(theme::Name::projector);
    for (const char* name : {"reveal.png", "dimmed.png"}) {
        const PngImage image = load_png(path(name));
        ASSERT_EQ(image.width, kWidth) << name;
        // The current step's nodes are the lowest orange above the status bar; its row (nodes and
        // threads-at-work strip) ends within a text line and a half below their bottom.
        const int status_top = image.height - static_cast<int>(4 * kLineAt2);
        const int nodes_bottom = lowest_row_with(image, colours.cell_written, 0, status_top);
        ASSERT_GT(nodes_bottom, 0) << name << ": the current step's nodes";
        const std::size_t below = count_not(image, colours.background, 0, nodes_bottom + static_cast<int>(1.5f * kLineAt2),
                                            image.width, status_top);
        if (std::string(name) == "reveal.png")
            EXPECT_EQ(below, 0u) << "reveal mode draws nothing of steps 4 to 14";
        else
            EXPECT_GT(below, 2000u) << "without reveal mode, steps 4 to 14 are drawn dimmed";
    }
}

// Reveal mode in the Banks tab at step 0 (Blelloch's conflict-free load): no heat cell of the later
// steps, whose 2-, 4- and 8-way conflicts would otherwise show below the legend.
TEST_F(GuiDiagrams, RevealModeDrawsNoHeatOfLaterSteps) {
    run_script("theme projector\ntab Banks\ntrace algo=blelloch n=64 input=iota device=cpu\n"
               "key F11\nwait 3\nstep 0\nscreenshot " + path("reveal.png") + "\n"
               "key F11\nwait 3\nstep 0\nscreenshot " + path("all.png") + "\n",
               "2");
    const auto conflicts_below_legend = [](const PngImage& image) {
        // The legend's 32-way swatch is the only 32-way colour at N = 64: count below it.
        const int legend_bottom = lowest_row_with(image, conflict_colour(32), 0, image.height);
        EXPECT_GT(legend_bottom, 0) << "the legend";
        std::size_t n = 0;
        for (int degree : {2, 4, 8, 16})
            n += count_colour(image, conflict_colour(degree), 0, legend_bottom + 1, image.width, image.height);
        return n;
    };
    const PngImage reveal = load_png(path("reveal.png")), all = load_png(path("all.png"));
    ASSERT_EQ(reveal.width, kWidth);
    EXPECT_EQ(conflicts_below_legend(reveal), 0u) << "no conflict of a later step is drawn";
    EXPECT_GT(count_colour(reveal, conflict_colour(1), 0, 0, reveal.width, reveal.height), 3000u) << "step 0's stores are drawn";
    EXPECT_GT(conflicts_below_legend(all), 300u) << "without reveal mode, the later steps' conflicts show";
}

// Node values at 1.5×: each node of the current step (Hillis–Steele's output, 0 to 496, three digits
// from column 14) holds its number, drawn in the ink for orange.
TEST_F(GuiDiagrams, NodeValuesAreDrawnAtOneAndAHalf) {
    run_script("tab Dataflow\nkey F2\ntrace algo=hillis-steele n=32 input=iota device=cpu\nstep last\nscreenshot " +
                   path("values.png") + "\n",
               "1.5");
    const PngImage image = load_png(path("values.png"));
    ASSERT_EQ(image.width, kWidth);
    const theme::Rgb orange = theme::palette(theme::Name::dark).cell_written;
    const theme::Rgb ink = theme::ink_on(orange);
    // The nodes' row: the rows of most orange pixels (the legend's swatch and the status bar's orange
    // text have far fewer), above the status bar.
    const int bottom = image.height - 50; // the status bar: one line of 27 px text at 1.5×
    int best_y = 0;
    std::size_t best = 0;
    for (int y = 0; y < bottom; ++y)
        if (const std::size_t n = count_colour(image, orange, 0, y, image.width, y + 1); n > best)
            best = n, best_y = y;
    int top = best_y;
    while (top > 0 && count_colour(image, orange, 0, top - 1, image.width, top) * 2 > best)
        --top;
    // Nodes: runs of orange along the row's top line, where no digit reaches; each node's height
    // from its left edge, where no digit reaches either.
    int nodes = 0, with_numbers = 0;
    for (int x = 0; x < image.width;) {
        if (pixel(image, x, top) != orange) {
            ++x;
            continue;
        }
        int end = x, low = top;
        while (end < image.width && pixel(image, end, top) == orange)
            ++end;
        while (low + 1 < bottom && pixel(image, std::min(x + 2, end - 1), low + 1) == orange) // inside the edge
            ++low;
        if (end - x >= 8) {
            ++nodes;
            with_numbers += count_near(image, ink, 40, x, top, end, low + 1) >= 15;
        }
        x = end;
    }
    EXPECT_GE(nodes, 14) << "the output row's nodes in view";
    EXPECT_EQ(with_numbers, nodes) << "every node shows its value, three-digit ones included";
}

// Banks at 2×: "clear the root", one warp-wide store, gets a band a text line tall (its label cell,
// filled in the current step's blue, and the heatmap's outline are that tall).
TEST_F(GuiDiagrams, SingleInstructionStepHasABandALineTall) {
    run_script("tab Banks\ntrace algo=blelloch n=1024 input=iota device=cpu\nstep 11\nscreenshot " + path("root.png") + "\n", "2");
    const PngImage image = load_png(path("root.png"));
    ASSERT_EQ(image.width, kWidth);
    EXPECT_GE(tallest_run(image, theme::palette(theme::Name::dark).current_step, 0, image.height), static_cast<int>(0.9f * kLineAt2))
        << "a sliver, not a band";
}

// The lane-to-bank diagram at 2× (presentation mode, projector theme, step 0: Blelloch's load, all
// 32 lanes of warp 0 store): 32 numbered lane boxes in a row, 32 bank boxes below, the whole several
// text lines tall.
TEST_F(GuiDiagrams, LaneToBankDiagramIsNumberedAndTall) {
    run_script("theme projector\ntab Banks\ntrace algo=blelloch n=64 input=iota device=cpu\nkey F11\nwait 3\n"
               "screenshot " + path("lanes.png") + "\n",
               "2");
    const PngImage image = load_png(path("lanes.png"));
    ASSERT_EQ(image.width, kWidth);
    const theme::Palette& colours = theme::palette(theme::Name::projector);
    // The lanes: rows with 32 boxes of a lane's colour across (at least 20 px each).
    int lanes_top = -1, lanes_bottom = -1;
    for (int y = 0; y < image.height; ++y)
        if (count_colour(image, colours.cell_value, 0, y, image.width, y + 1) >= 32 * 20) {
            lanes_top = lanes_top < 0 ? y : lanes_top;
            lanes_bottom = y;
        }
    ASSERT_GE(lanes_top, 0) << "a row of lane boxes";
    // Numbers in the lane boxes: dark ink on the light grey.
    EXPECT_GT(count_near(image, theme::ink_on(colours.cell_value), 40, 0, lanes_top, image.width, lanes_bottom + 1), 32u * 10)
        << "lanes 0-31 are numbered";
    // The banks: the lowest row with 32 boxes of the heatmap's colours across.
    int banks_bottom = -1;
    for (int y = lanes_bottom + 1; y < image.height; ++y) {
        std::size_t n = 0;
        for (int degree : {0, 1, 2, 4, 8, 16, 32})
            n += count_colour(image, conflict_colour(degree), 0, y, image.width, y + 1);
        if (n >= 32 * 20)
            banks_bottom = y;
    }
    ASSERT_GT(banks_bottom, lanes_bottom) << "a row of bank boxes below the lanes";
    EXPECT_GE(banks_bottom - lanes_top, static_cast<int>(3 * kLineAt2)) << "the diagram is at least three text lines tall";
}

// Issue 12: zoomed out (N = 1024 fitted to the window), the current step's edges thin out by level of
// detail instead of merging into a slab: no pixel row of the diagram is mostly the edges' light blue
// (before, the 1022 edges of a Hillis–Steele step filled the rows between the steps solidly), and
// edges are still drawn.
TEST_F(GuiDiagrams, TheCurrentStepsEdgesThinOutInsteadOfMergingIntoASlab) {
    run_script("theme projector\ntab Dataflow\nkey F2\ntrace algo=hillis-steele n=1024 input=iota device=cpu\n"
               "step 4\nwait 5\nscreenshot " + path("edges.png") + "\n",
               "2");
    const PngImage image = load_png(path("edges.png"));
    ASSERT_EQ(image.width, kWidth);
    const theme::Rgb light_blue = theme::palette(theme::Name::projector).cell_read;
    std::size_t widest = 0, total = 0;
    for (int y = 0; y < image.height; ++y) {
        const std::size_t n = count_colour(image, light_blue, 0, y, image.width, y + 1);
        widest = std::max(widest, n);
        total += n;
    }
    EXPECT_GT(total, 2000u) << "the current step's edges are drawn";
    EXPECT_LT(widest, static_cast<std::size_t>(image.width) * 35 / 100)
        << "a row of the diagram is a solid slab of edges";
}

} // namespace
} // namespace prefixlab::test
