// Table figures (core/plot/table_figure.hpp): every text inside the rectangle at slide, narrow and short
// sizes; columns aligned (numbers by their right edges, text by its left); rows in order, emphasised rows
// on a band; the figure scaled to fit; and Harris's table exported as a 1600 × 900 PNG that is not blank.
#include "core/plot/plot_export.hpp"
#include "core/plot/table_figure.hpp"
#include "cpu/plot_test_support.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#if PREFIXLAB_HAVE_CAIRO
#include <cairo.h>
#endif

namespace prefixlab::test {
namespace {

TableFigure sample_table() {
    TableFigure table;
    table.title = "Harris's reduction table, N = 2^22";
    table.subtitle = "NVIDIA H100 80GB HBM3 · driver 580.159.04";
    table.columns = {{"method", false}, {"time (ms)", true}, {"GB/s", true}};
    table.rows = {{{"read-only pass", "0.0116", "1452"}, false, false},
                  {{"1  reduce-interleaved", "0.0712", "236"}, false, true},
                  {{"7  reduce-many-per-thread", "0.0161", "1043"}, true, false},
                  {{"CUB", "0.0146", "1147"}, true, true}};
    table.notes = {"Ours at our best: 0.854× CUB's time.", "GB/s: N × 4 bytes over the time."};
    return table;
}

std::vector<const Drawn*> texts(const RecordingPainter& painter) {
    std::vector<const Drawn*> found;
    for (const Drawn& d : painter.drawn)
        if (d.kind == Drawn::Kind::text)
            found.push_back(&d);
    return found;
}

TEST(TableFigure, EveryTextIsInsideTheRectangleAtEverySize) {
    const TableFigure table = sample_table();
    for (const Vec2f size : {Vec2f{1600, 900}, Vec2f{300, 900}, Vec2f{1600, 120}, Vec2f{800, 450}}) {
        RecordingPainter painter;
        const Vec2f origin{10, 20};
        draw_table_figure(table, painter, origin, size, PlotStyle::light(2));
        const auto drawn = texts(painter);
        EXPECT_EQ(drawn.size(), 3u + 3 * 4 + 2 + 2) << "title, subtitle, headers, cells, notes";
        for (const Drawn* d : drawn) {
            EXPECT_GE(d->min.x, origin.x - 0.5f) << d->text << " at " << size.x << "x" << size.y;
            EXPECT_GE(d->min.y, origin.y - 0.5f) << d->text << " at " << size.x << "x" << size.y;
            EXPECT_LE(d->max.x, origin.x + size.x + 0.5f) << d->text << " at " << size.x << "x" << size.y;
            EXPECT_LE(d->max.y, origin.y + size.y + 0.5f) << d->text << " at " << size.x << "x" << size.y;
        }
        EXPECT_EQ(painter.open_clips(), 0u);
    }
}

TEST(TableFigure, NumbersAlignRightAndTextAlignsLeftRowsInOrder) {
    RecordingPainter painter;
    draw_table_figure(sample_table(), painter, {0, 0}, {1600, 900}, PlotStyle::light(2));
    std::set<float> time_right, method_left;
    float last_y = -1;
    for (const char* cell : {"0.0116", "0.0712", "0.0161", "0.0146"}) {
        const Drawn* d = painter.text_of(cell);
        ASSERT_NE(d, nullptr) << cell;
        time_right.insert(std::round(d->max.x));
        EXPECT_GT(d->min.y, last_y) << cell << " below the row before";
        last_y = d->min.y;
    }
    for (const char* cell : {"read-only pass", "1  reduce-interleaved", "CUB"})
        method_left.insert(std::round(painter.text_of(cell)->min.x));
    EXPECT_EQ(time_right.size(), 1u) << "the times' right edges line up";
    EXPECT_EQ(method_left.size(), 1u) << "the methods' left edges line up";
    const Drawn* header = painter.text_of("time (ms)");
    ASSERT_NE(header, nullptr);
    EXPECT_NEAR(header->max.x, *time_right.begin(), 0.5f) << "the header over its numbers";
}

TEST(TableFigure, EmphasisedRowsSitOnABandAndTheFigureScalesToFit) {
    const PlotStyle style = PlotStyle::light(1);
    RecordingPainter measure;
    const Vec2f natural = table_figure_size(sample_table(), measure, style);
    ASSERT_GT(natural.x, 100);
    RecordingPainter at_natural, at_double;
    draw_table_figure(sample_table(), at_natural, {0, 0}, natural, style);
    draw_table_figure(sample_table(), at_double, {0, 0}, {natural.x * 2, natural.y * 2}, style);
    const float height = at_natural.text_of("CUB")->max.y - at_natural.text_of("CUB")->min.y;
    const float doubled = at_double.text_of("CUB")->max.y - at_double.text_of("CUB")->min.y;
    EXPECT_NEAR(doubled, 2 * height, 0.1f * height) << "twice the room, twice the text";

    // the bands: fills in the grid colour behind the emphasised rows' cells, none behind the others
    const auto bands = at_natural.of_colour(style.grid);
    const auto behind = [&](const char* cell) {
        const Drawn* d = at_natural.text_of(cell);
        const float y = (d->min.y + d->max.y) / 2;
        return std::any_of(bands.begin(), bands.end(), [&](const Drawn* b) {
            return b->kind == Drawn::Kind::fill_rect && b->min.y <= y && y <= b->max.y;
        });
    };
    EXPECT_TRUE(behind("CUB"));
    EXPECT_TRUE(behind("7  reduce-many-per-thread"));
    EXPECT_FALSE(behind("read-only pass"));
    EXPECT_FALSE(behind("1  reduce-interleaved"));
}

#if PREFIXLAB_HAVE_CAIRO
TEST(TableFigure, ExportsASlideSizedPngThatShowsTheTable) {
    const std::filesystem::path path = std::filesystem::path(::testing::TempDir()) / "prefixlab_table_figure.png";
    export_table_figure(sample_table(), PlotStyle::light(2), PlotFileFormat::png, path.string(), 1600, 900);
    cairo_surface_t* png = cairo_image_surface_create_from_png(path.c_str());
    ASSERT_EQ(cairo_surface_status(png), CAIRO_STATUS_SUCCESS);
    EXPECT_EQ(cairo_image_surface_get_width(png), 1600);
    EXPECT_EQ(cairo_image_surface_get_height(png), 900);
    // dark pixels (text, rules) make up a visible share of the slide, and not all of it
    const unsigned char* data = cairo_image_surface_get_data(png);
    const int stride = cairo_image_surface_get_stride(png);
    long dark = 0;
    for (int y = 0; y < 900; ++y)
        for (int x = 0; x < 1600; ++x)
            dark += data[y * stride + 4 * x + 1] < 128;
    EXPECT_GT(dark, 1600 * 900 / 200) << "text on the slide";
    EXPECT_LT(dark, 1600 * 900 / 4) << "a light slide";
    cairo_surface_destroy(png);
    std::filesystem::remove(path);
}
#endif

} // namespace
} // namespace prefixlab::test
