// Plot layout: ticks and labels on each axis scale computed against hand-worked values, and draw_plot()
// through a recording painter: widened ranges, hidden series, skipped points, clipping, no overlaps,
// "no data", and hover.
#include "plot_test_support.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <tuple>

namespace prefixlab::test {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::vector<double> powers_of_two(int k0, int k1) {
    std::vector<double> values;
    for (int k = k0; k <= k1; ++k)
        values.push_back(std::ldexp(1.0, k));
    return values;
}

// --- ticks ----------------------------------------------------------------------------------------

TEST(PlotTicks, Log2GivesWholePowersAndSnapsARangeEndJustBelowOne) {
    // 1000 lies 0.034 of a step below 2^10: snapped to it; 3e8 lies above 2^28: widened to 2^29.
    EXPECT_EQ(axis_ticks(AxisScale::log2, 1000, 3e8), powers_of_two(10, 29));
    EXPECT_EQ(axis_ticks(AxisScale::log2, 1024, 268435456), powers_of_two(10, 28));
    EXPECT_EQ(axis_ticks(AxisScale::log2, 1500, 5000), powers_of_two(10, 13));
    EXPECT_EQ(axis_ticks(AxisScale::log2, 32, 1024), powers_of_two(5, 10));
    EXPECT_EQ(axis_ticks(AxisScale::log2, 900, 1024), powers_of_two(9, 10)); // 900 is far below 2^10
}

TEST(PlotTicks, Log10GivesDecades) {
    const std::vector<double> ticks = axis_ticks(AxisScale::log10, 0.0023, 57);
    const std::vector<double> expected{0.001, 0.01, 0.1, 1, 10, 100};
    ASSERT_EQ(ticks.size(), expected.size());
    for (std::size_t i = 0; i < ticks.size(); ++i)
        EXPECT_DOUBLE_EQ(ticks[i], expected[i]);
}

TEST(PlotTicks, Log10UnderTwoDecadesUsesOneTwoFive) {
    EXPECT_EQ(axis_ticks(AxisScale::log10, 1.2, 3.5), (std::vector<double>{1, 2, 5}));
    EXPECT_EQ(axis_ticks(AxisScale::log10, 0.3, 4), (std::vector<double>{0.2, 0.5, 1, 2, 5}));
    EXPECT_EQ(axis_ticks(AxisScale::log10, 0.3, 40).size(), 4u); // 0.1, 1, 10, 100: decades again
}

TEST(PlotTicks, LinearUsesOneTwoFiveStepsAndAtMostEightIntervals) {
    EXPECT_EQ(axis_ticks(AxisScale::linear, 0, 9.3), (std::vector<double>{0, 2, 4, 6, 8, 10}));
    EXPECT_EQ(axis_ticks(AxisScale::linear, -3.7, 12.2), (std::vector<double>{-5, 0, 5, 10, 15}));
    const std::vector<double> tenths = axis_ticks(AxisScale::linear, 0.13, 0.87);
    EXPECT_EQ(tenths, (std::vector<double>{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9}));
    for (double max : {1.0, 7.0, 13.0, 999.0, 3e9, 0.0007})
        EXPECT_LE(axis_ticks(AxisScale::linear, 0, max).size(), 9u) << max;
}

TEST(PlotTicks, DegenerateRanges) {
    const std::vector<double> single = axis_ticks(AxisScale::linear, 5, 5);
    ASSERT_GE(single.size(), 2u);
    EXPECT_LT(single.front(), 5);
    EXPECT_GT(single.back(), 5);
    const std::vector<double> single_log = axis_ticks(AxisScale::log2, 1024, 1024);
    ASSERT_GE(single_log.size(), 2u);
    EXPECT_LT(single_log.front(), 1024);
    EXPECT_GT(single_log.back(), 1024);
    EXPECT_TRUE(axis_ticks(AxisScale::log10, -5, 0).empty());
    EXPECT_TRUE(axis_ticks(AxisScale::linear, kNaN, 1).empty());
    EXPECT_EQ(axis_ticks(AxisScale::log2, 8, 2), powers_of_two(1, 3)); // given the other way round
}

TEST(PlotTicks, Log2LabelsArePlainBelow4096AndPowersFromThere) {
    EXPECT_EQ(tick_label(AxisScale::log2, 32), "32");
    EXPECT_EQ(tick_label(AxisScale::log2, 1024), "1024");
    EXPECT_EQ(tick_label(AxisScale::log2, 2048), "2048");
    EXPECT_EQ(tick_label(AxisScale::log2, 4096), "2^12");
    EXPECT_EQ(tick_label(AxisScale::log2, 268435456), "2^28");
    EXPECT_EQ(tick_label(AxisScale::log2, 0.5), "0.5");
    // Per axis: an N axis reaching 2^28 labels 2^10 as a power too; a block-size axis does not.
    EXPECT_EQ(tick_label(AxisScale::log2, 1024, 268435456), "2^10");
    EXPECT_EQ(tick_label(AxisScale::log2, 1024, 1024), "1024");
    EXPECT_EQ(tick_label(AxisScale::log2, 1000), "1k"); // not a power of two
}

TEST(PlotTicks, DecimalLabelsAreCompact) {
    EXPECT_EQ(tick_label(AxisScale::log10, 0.001), "0.001");
    EXPECT_EQ(tick_label(AxisScale::log10, 0.01), "0.01");
    EXPECT_EQ(tick_label(AxisScale::log10, 1), "1");
    EXPECT_EQ(tick_label(AxisScale::log10, 100), "100");
    EXPECT_EQ(tick_label(AxisScale::log10, 1000), "1k");
    EXPECT_EQ(tick_label(AxisScale::log10, 10000), "10k");
    EXPECT_EQ(tick_label(AxisScale::log10, 1e6), "1M");
    EXPECT_EQ(tick_label(AxisScale::log10, 1e-4), "1e-4");
    EXPECT_EQ(tick_label(AxisScale::linear, 0), "0");
    EXPECT_EQ(tick_label(AxisScale::linear, 2.5), "2.5");
    EXPECT_EQ(tick_label(AxisScale::linear, 1500), "1.5k");
    EXPECT_EQ(tick_label(AxisScale::linear, -0.5), "-0.5");
    EXPECT_EQ(tick_label(AxisScale::linear, 0.1 + 0.2), "0.3");
}

TEST(PlotTicks, LabelsOfAnAxisAreDistinct) {
    for (const auto& [scale, lo, hi] : {std::tuple{AxisScale::log10, 1e-5, 1e7},
                                        {AxisScale::linear, 0.0, 0.00047},
                                        {AxisScale::linear, 1000.0, 1900.0},
                                        {AxisScale::log2, 1.0, 1e12}}) {
        const std::vector<double> ticks = axis_ticks(scale, lo, hi);
        std::vector<std::string> labels;
        for (double t : ticks)
            labels.push_back(tick_label(scale, t, ticks.back()));
        std::sort(labels.begin(), labels.end());
        EXPECT_EQ(std::adjacent_find(labels.begin(), labels.end()), labels.end()) << lo << ".." << hi;
    }
}

// --- draw_plot ------------------------------------------------------------------------------------

constexpr Vec2f kOrigin{37, 21}; // not at 0: the layout must honour the origin
constexpr Vec2f kSize{1600, 900};

struct Drawing {
    RecordingPainter painter;
    PlotFrame frame;
};

Drawing draw(const Plot& plot, const std::vector<bool>& visible = {}, Vec2f size = kSize, float scale = 2) {
    Drawing d;
    d.frame = draw_plot(plot, d.painter, kOrigin, size, PlotStyle::light(scale), visible);
    return d;
}

TEST(PlotLayout, RangesWidenToWholeTicks) {
    Plot plot = sample_plot();
    plot.x.min = 1500;                              // the data still reaches 2^10
    plot.y = {"time (ms)", AxisScale::log10, 0, 1}; // no usable range: the data decides
    const Drawing d = draw(plot);
    EXPECT_EQ(d.frame.x_min, 1024);
    EXPECT_EQ(d.frame.x_max, 268435456);
    EXPECT_EQ(d.frame.x_ticks.size(), 19u);
    // Data from 0.00038 ms (the CPU's error bar at 2^10) to 177 ms: decades 1e-4 .. 1000.
    EXPECT_DOUBLE_EQ(d.frame.y_min, 0.0001);
    EXPECT_DOUBLE_EQ(d.frame.y_max, 1000);
    EXPECT_TRUE(d.frame.has_data);
}

TEST(PlotLayout, ToScreenMapsRangesOntoTheInsetDataArea) {
    const Drawing d = draw(sample_plot());
    const PlotFrame& f = d.frame;
    EXPECT_GT(f.data_min.x, f.area_min.x);
    EXPECT_LT(f.data_max.y, f.area_max.y);
    const Vec2f low = f.to_screen(f.x_min, f.y_min), high = f.to_screen(f.x_max, f.y_max);
    EXPECT_FLOAT_EQ(low.x, f.data_min.x);
    EXPECT_FLOAT_EQ(low.y, f.data_max.y);
    EXPECT_FLOAT_EQ(high.x, f.data_max.x);
    EXPECT_FLOAT_EQ(high.y, f.data_min.y);
    // 2^19 is half way along 2^10 .. 2^28 on a log2 axis; 0.1 ms is 3/7 of the way up 1e-4 .. 1000.
    ASSERT_DOUBLE_EQ(f.y_min, 0.0001);
    ASSERT_DOUBLE_EQ(f.y_max, 1000);
    const Vec2f mid = f.to_screen(std::ldexp(1.0, 19), 0.1);
    EXPECT_NEAR(mid.x, (f.data_min.x + f.data_max.x) / 2, 1e-3);
    EXPECT_NEAR(mid.y, f.data_max.y - 3 * (f.data_max.y - f.data_min.y) / 7, 1e-3);
    const DataPosition back = f.to_data(mid);
    EXPECT_NEAR(back.x, std::ldexp(1.0, 19), 1);
    EXPECT_NEAR(back.y, 0.1, 1e-6);
}

TEST(PlotLayout, TickLabelsAreDrawnBesideTheirTicks) {
    const Drawing d = draw(sample_plot());
    for (const char* label : {"1e-4", "0.001", "0.01", "0.1", "1", "10", "100", "1k"}) {
        const Drawn* text = d.painter.text_of(label);
        ASSERT_NE(text, nullptr) << label;
        EXPECT_LT(text->max.x, d.frame.area_min.x) << "y labels left of the data area";
    }
    const Drawn* first = d.painter.text_of("2^10");
    ASSERT_NE(first, nullptr);
    EXPECT_NEAR((first->min.x + first->max.x) / 2, d.frame.data_min.x, 0.5);
    EXPECT_GT(first->min.y, d.frame.area_max.y) << "x labels below the data area";
    EXPECT_NE(d.painter.text_of("2^28"), nullptr);
    EXPECT_EQ(d.painter.text_of("1024"), nullptr) << "an N axis writes 2^10, not 1024";
}

TEST(PlotLayout, BlockSizeAxisHasPlainLabels) {
    Plot plot = sample_plot();
    plot.x = {"block size (threads)", AxisScale::log2, 32, 1024};
    for (PlotSeries& s : plot.series)
        for (std::size_t i = 0; i < s.points.size(); ++i)
            s.points[i].x = std::ldexp(32.0, int(i % 6));
    const Drawing d = draw(plot);
    for (const char* label : {"32", "64", "128", "256", "512", "1024"})
        EXPECT_NE(d.painter.text_of(label), nullptr) << label;
    EXPECT_EQ(d.painter.text_of("2^5"), nullptr);
}

TEST(PlotLayout, HiddenSeriesAreNeitherDrawnNorInTheLegend) {
    const Plot plot = sample_plot();
    const Drawing all = draw(plot);
    const Drawing some = draw(plot, {true, false, true});
    EXPECT_FALSE(all.painter.of_colour(kBlue).empty());
    EXPECT_TRUE(some.painter.of_colour(kBlue).empty()) << "series 1 is hidden";
    EXPECT_NE(all.painter.text_of("Blelloch (work-efficient)"), nullptr);
    EXPECT_EQ(some.painter.text_of("Blelloch (work-efficient)"), nullptr);
    EXPECT_NE(some.painter.text_of("warp-shuffle scan"), nullptr);
    EXPECT_FALSE(some.painter.of_colour(kOrange).empty());
    EXPECT_FALSE(some.painter.of_colour(kVermillion).empty());
}

TEST(PlotLayout, EachVisibleSeriesHasALineAndAMarkerPerPoint) {
    const Plot plot = sample_plot();
    const Drawing d = draw(plot);
    for (const PlotSeries& s : plot.series) {
        std::size_t polylines = 0, swatches = 0, markers = 0;
        for (const Drawn* p : d.painter.of_colour(s.colour)) {
            if (p->kind == Drawn::Kind::polyline) {
                ++polylines;
                EXPECT_EQ(p->points.size(), s.points.size()) << s.name;
            }
            if (p->kind == Drawn::Kind::line && p->min.x > d.frame.area_max.x)
                ++swatches;
            if (p->kind == Drawn::Kind::polyline || p->kind == Drawn::Kind::line) {
                EXPECT_EQ(p->dashed, s.dashed) << s.name << ": the legend shows the line style";
            }
            markers += p->kind == Drawn::Kind::marker;
        }
        EXPECT_EQ(polylines, 1u) << s.name;
        EXPECT_EQ(swatches, 1u) << s.name << ": a legend entry";
        EXPECT_EQ(markers, s.points.size() + 1) << s.name << ": one a point and one in the legend";
    }
}

TEST(PlotLayout, PointsALogAxisCannotShowAreSkipped) {
    Plot plot = sample_plot();
    plot.series.resize(1);
    plot.x.min = 0; // no usable range on a log axis: the data alone decides
    plot.series[0].points = {
        {0, 1, 1, 1},    {1024, -1, -1, -1}, {2048, kNaN, kNaN, kNaN},
        {4096, 2, 2, 2}, {8192, 3, 3, 3},    {16384, std::numeric_limits<double>::infinity(), 0, 0}};
    const Drawing d = draw(plot);
    std::size_t markers = 0;
    for (const Drawn* p : d.painter.of_colour(kVermillion)) {
        if (p->kind == Drawn::Kind::polyline && p->points.size() > 2)
            ADD_FAILURE() << "only the points at 4096 and 8192 can be drawn";
        if (p->kind == Drawn::Kind::marker) {
            ++markers;
            EXPECT_TRUE(std::isfinite(p->points[0].x) && std::isfinite(p->points[0].y));
        }
    }
    EXPECT_EQ(markers, 2u + 1u); // two points and the legend's
    EXPECT_EQ(d.frame.x_min, 4096);
}

Rgba bar_colour(Rgba c) {
    return {c.r, c.g, c.b, 0.8f};
} // error bars are drawn a little lighter

TEST(PlotLayout, ErrorBarsSpanLowToHigh) {
    const Plot plot = sample_plot();
    const Drawing d = draw(plot);
    const PlotPoint& p = plot.series[0].points[1]; // the CPU at 2^12: from y / 1.6 to y * 1.6
    const Vec2f top = d.frame.to_screen(p.x, p.y_high), bottom = d.frame.to_screen(p.x, p.y_low);
    ASSERT_GT(bottom.y - top.y, 20);
    bool found = false;
    for (const Drawn* line : d.painter.of_colour(bar_colour(kVermillion)))
        found |= line->kind == Drawn::Kind::line && std::abs(line->min.x - top.x) < 1e-3 &&
                 std::abs(line->max.x - top.x) < 1e-3 && std::abs(line->min.y - top.y) < 1e-3 &&
                 std::abs(line->max.y - bottom.y) < 1e-3;
    EXPECT_TRUE(found) << "a vertical bar from y_high to y_low";
    // Warp-shuffle has y_low == y_high, and Blelloch's ±15 % lies under its markers: no bars.
    EXPECT_TRUE(d.painter.of_colour(bar_colour(kOrange)).empty());
    EXPECT_TRUE(d.painter.of_colour(bar_colour(kBlue)).empty());
}

TEST(PlotLayout, AnnotationIsADashedLineWithItsTextInsideTheDataArea) {
    const Drawing d = draw(sample_plot());
    const float x = d.frame.to_screen(16384, 1).x;
    bool line = false;
    for (const Drawn* p : d.painter.of_colour(kGreen))
        line |= p->kind == Drawn::Kind::line && p->dashed && p->min.x == x && p->max.x == x &&
                p->min.y <= d.frame.area_min.y && p->max.y >= d.frame.area_max.y;
    EXPECT_TRUE(line);
    const Drawn* text = d.painter.text_of("GPU faster from N ≈ 2^14");
    ASSERT_NE(text, nullptr);
    EXPECT_GT(text->min.x, x) << "right of its line";
    EXPECT_GE(text->min.y, d.frame.area_min.y);
    EXPECT_LT(text->max.y, d.frame.area_min.y + 0.25f * (d.frame.area_max.y - d.frame.area_min.y))
        << "near the top";
}

void expect_within(const Drawing& d, const char* what) {
    const float slack = 0.5f;
    for (const Drawn& p : d.painter.drawn) {
        EXPECT_GE(p.min.x, kOrigin.x - slack) << what << ": " << int(p.kind) << " '" << p.text << "'";
        EXPECT_GE(p.min.y, kOrigin.y - slack) << what << ": " << int(p.kind) << " '" << p.text << "'";
        EXPECT_LE(p.max.x, kOrigin.x + kSize.x + slack)
            << what << ": " << int(p.kind) << " '" << p.text << "'";
        EXPECT_LE(p.max.y, kOrigin.y + kSize.y + slack)
            << what << ": " << int(p.kind) << " '" << p.text << "'";
    }
}

TEST(PlotLayout, EverythingLiesWithinTheSurfaceAndSeriesWithinTheDataArea) {
    Plot plot = sample_plot();
    for (int i = 0; i < 13; ++i) // 16 series in all, the most a benchmark plot has
        plot.series.push_back({"extra scan variant number " + std::to_string(i),
                               rgb(20 * i, 90, 200 - 10 * i), MarkerShape(i % 5), i % 3 == 0,
                               plot.series[1].points});
    const Drawing d = draw(plot);
    expect_within(d, "16 series");
    EXPECT_EQ(d.painter.open_clips(), 0u) << "every push_clip is popped";
    for (const PlotSeries& s : plot.series)
        for (const Drawn* p : d.painter.of_colour(s.colour))
            if (p->kind == Drawn::Kind::polyline && p->points.size() == s.points.size()) {
                EXPECT_EQ(p->clip_min.x, d.frame.area_min.x) << s.name;
                EXPECT_EQ(p->clip_max.y, d.frame.area_max.y) << s.name;
            }
    for (const Drawn& p : d.painter.drawn) { // the legend sits right of the data area
        if (p.kind == Drawn::Kind::text && p.text.rfind("extra scan", 0) == 0) {
            EXPECT_GT(p.min.x, d.frame.area_max.x) << p.text;
        }
    }
}

// Shown tick labels must not overlap, at a slide's size and at a small GUI panel's.
void expect_no_overlapping_labels(const Drawing& d) {
    std::vector<const Drawn*> labels;
    for (const Drawn& p : d.painter.drawn)
        if (p.kind == Drawn::Kind::text)
            labels.push_back(&p);
    for (std::size_t i = 0; i < labels.size(); ++i)
        for (std::size_t j = i + 1; j < labels.size(); ++j) {
            const Drawn& a = *labels[i];
            const Drawn& b = *labels[j];
            const bool overlap =
                a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y;
            EXPECT_FALSE(overlap) << "'" << a.text << "' and '" << b.text << "'";
        }
}

TEST(PlotLayout, TextsDoNotOverlap) {
    Plot plot = sample_plot();
    expect_no_overlapping_labels(draw(plot));
    expect_no_overlapping_labels(draw(plot, {}, {800, 450}, 1));
    plot.x.min = 1; // 2^0 .. 2^40 in a small panel: labels thinned to every k-th power
    plot.x.max = std::ldexp(1.0, 40);
    const Drawing small = draw(plot, {}, {520, 320}, 1);
    expect_no_overlapping_labels(small);
    EXPECT_NE(small.painter.text_of("2^0"), nullptr) << "thinning keeps the round ticks";
    EXPECT_EQ(small.painter.text_of("2^1"), nullptr);
}

TEST(PlotLayout, EmptyPlotDrawsNoData) {
    const auto expect_no_data = [](const Plot& plot, const std::vector<bool>& visible, const char* what) {
        const Drawing d = draw(plot, visible);
        EXPECT_FALSE(d.frame.has_data) << what;
        const Drawn* text = d.painter.text_of("no data");
        ASSERT_NE(text, nullptr) << what;
        EXPECT_NEAR((text->min.x + text->max.x) / 2, (d.frame.area_min.x + d.frame.area_max.x) / 2, 0.5)
            << what;
        EXPECT_NEAR((text->min.y + text->max.y) / 2, (d.frame.area_min.y + d.frame.area_max.y) / 2, 0.5)
            << what;
        bool framed = false;
        for (const Drawn& p : d.painter.drawn)
            framed |= p.kind == Drawn::Kind::stroke_rect;
        EXPECT_TRUE(framed) << what;
        expect_within(d, what);
    };
    Plot empty;
    expect_no_data(empty, {}, "a default Plot");
    Plot plot = sample_plot();
    expect_no_data(plot, {false, false, false}, "all series hidden");
    for (PlotSeries& s : plot.series)
        for (PlotPoint& p : s.points)
            p.y = -1; // a log axis cannot show any of them
    expect_no_data(plot, {}, "no point a log axis can show");
    EXPECT_EQ(draw(sample_plot()).painter.text_of("no data"), nullptr);
}

TEST(PlotLayout, TinySurfaceDoesNotBreakTheFrame) {
    const Drawing d = draw(sample_plot(), {}, {40, 30}, 1);
    EXPECT_GT(d.frame.data_max.x, d.frame.data_min.x);
    EXPECT_GT(d.frame.data_max.y, d.frame.data_min.y);
    for (const Drawn& p : d.painter.drawn)
        for (const Vec2f& v : p.points)
            EXPECT_TRUE(std::isfinite(v.x) && std::isfinite(v.y));
}

// --- hover ----------------------------------------------------------------------------------------

TEST(PlotHover, NearestPointIsFoundWithinTheDistance) {
    const Plot plot = sample_plot();
    const Drawing d = draw(plot);
    const PlotPoint& p = plot.series[2].points[5];
    const Vec2f at = d.frame.to_screen(p.x, p.y);
    const std::optional<PlotHit> hit = nearest_point(plot, d.frame, {at.x + 3, at.y - 4}, 10);
    ASSERT_TRUE(hit.has_value());
    EXPECT_EQ(hit->series, 2);
    EXPECT_EQ(hit->point, 5);
    EXPECT_FLOAT_EQ(hit->screen.x, at.x);
    EXPECT_FLOAT_EQ(hit->screen.y, at.y);
    EXPECT_FALSE(nearest_point(plot, d.frame, {at.x + 3, at.y - 4}, 4.9f).has_value())
        << "5 px away, limit 4.9";
    EXPECT_FALSE(nearest_point(plot, d.frame, {at.x + 3, at.y - 4}, 10, {true, true, false}).has_value())
        << "a hidden series is not hovered";
}

TEST(PlotHover, NothingOutsideTheDataArea) {
    const Plot plot = sample_plot();
    const Drawing d = draw(plot);
    EXPECT_FALSE(nearest_point(plot, d.frame, {kOrigin.x + 1, kOrigin.y + 1}, 30).has_value());
    Plot empty;
    EXPECT_FALSE(nearest_point(empty, draw(empty).frame, {500, 500}, 1000).has_value());
}

} // namespace
} // namespace prefixlab::test
