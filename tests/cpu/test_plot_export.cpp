// Plot export: the PNG is decoded and checked for size and the series' colours; the SVG (its text:
// test_plot_svg.cpp) and PDF are checked for their structure and then rendered back to pixels (rsvg-convert,
// pdftoppm) and compared with the PNG, so the three formats are shown to carry the same plot. Failures:
// one-line FileError, nothing created, an existing file kept whole.
#include "core/plot/plot_export.hpp"
#include "core/util/atomic_file.hpp"
#include "plot_test_support.hpp"
#include "support/process.hpp"
#include "svg_test_support.hpp"
#include "support/text_files.hpp"

#include <gtest/gtest.h>

#if PREFIXLAB_HAVE_CAIRO
#include <cairo.h>
#endif

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

constexpr int kWidth = 1600, kHeight = 900;

TEST(PlotExportFormat, FromTheExtensionInAnyCase) {
    EXPECT_EQ(plot_format_from_path("plot.png"), PlotFileFormat::png);
    EXPECT_EQ(plot_format_from_path("out/Plot.PNG"), PlotFileFormat::png);
    EXPECT_EQ(plot_format_from_path("a.b/slide.Svg"), PlotFileFormat::svg);
    EXPECT_EQ(plot_format_from_path("/tmp/x.pdf"), PlotFileFormat::pdf);
    EXPECT_EQ(plot_format_from_path("plot.jpg"), std::nullopt);
    EXPECT_EQ(plot_format_from_path("plot"), std::nullopt);
    EXPECT_EQ(plot_format_from_path("plot.png.txt"), std::nullopt);
    EXPECT_EQ(plot_format_from_path("png"), std::nullopt);
}

TEST(PlotExportFormat, AvailabilityAndReasonAgree) {
    EXPECT_EQ(plot_export_available(), plot_export_unavailable_reason().empty());
    EXPECT_EQ(plot_export_available(), bool(PREFIXLAB_HAVE_CAIRO));
}

TEST(PlotExportFormat, WithoutCairoExportSaysWhy) {
    if (plot_export_available())
        GTEST_SKIP() << "built with Cairo: export is available";
    try {
        export_plot(sample_plot(), PlotStyle::light(), PlotFileFormat::png, ::testing::TempDir() + "/p.png",
                    100, 100);
        ADD_FAILURE() << "export_plot must throw without Cairo";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("built without Cairo"), std::string::npos) << e.what();
    }
}

#if PREFIXLAB_HAVE_CAIRO

// --- pixels ---------------------------------------------------------------------------------------

struct Image {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgb; // composited on white, top row first
    const std::uint8_t* at(int x, int y) const { return &rgb[(std::size_t(y) * width + x) * 3]; }
};

Image load_png(const std::string& path) {
    Image image;
    cairo_surface_t* surface = cairo_image_surface_create_from_png(path.c_str());
    if (cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS) {
        cairo_surface_flush(surface);
        image.width = cairo_image_surface_get_width(surface);
        image.height = cairo_image_surface_get_height(surface);
        const int stride = cairo_image_surface_get_stride(surface);
        const unsigned char* data = cairo_image_surface_get_data(surface);
        const cairo_format_t format = cairo_image_surface_get_format(surface);
        for (int y = 0; y < image.height; ++y)
            for (int x = 0; x < image.width; ++x) {
                std::uint32_t pixel;
                std::memcpy(&pixel, data + std::size_t(y) * stride + std::size_t(x) * 4, 4);
                // ARGB32 is premultiplied: over white, a channel is c + (255 - alpha).
                const std::uint32_t alpha = format == CAIRO_FORMAT_ARGB32 ? pixel >> 24 : 255;
                for (int shift : {16, 8, 0})
                    image.rgb.push_back(
                        std::uint8_t(std::min<std::uint32_t>(255, ((pixel >> shift) & 255) + 255 - alpha)));
            }
    }
    cairo_surface_destroy(surface);
    return image;
}

// Pixels within `tolerance` of the colour in every channel (antialiased edges are not exact).
std::size_t pixels_near(const Image& image, Rgba colour, int tolerance) {
    const int want[3] = {int(std::lround(colour.r * 255)), int(std::lround(colour.g * 255)),
                         int(std::lround(colour.b * 255))};
    std::size_t count = 0;
    for (std::size_t i = 0; i + 2 < image.rgb.size(); i += 3)
        count += std::abs(image.rgb[i] - want[0]) <= tolerance &&
                 std::abs(image.rgb[i + 1] - want[1]) <= tolerance &&
                 std::abs(image.rgb[i + 2] - want[2]) <= tolerance;
    return count;
}

// The fraction of 8 × 8 blocks whose mean colour differs by more than 40 levels (of 255) in some
// channel. Antialiasing and font rasterisers differ pixel by pixel, so pixels are not compared; a
// block changes when something is drawn elsewhere or not at all. Measured on the sample plot at
// 1600 × 900: pdftoppm's render 3 blocks of 22400, rsvg-convert's 0; the plot without one series 255,
// the plot with one point moved by 30 % 40.
double differing_blocks(const Image& a, const Image& b) {
    constexpr int block = 8;
    constexpr double levels = 40;
    if (a.width != b.width || a.height != b.height)
        return 1;
    int differing = 0, blocks = 0;
    for (int by = 0; by + block <= a.height; by += block)
        for (int bx = 0; bx + block <= a.width; bx += block) {
            bool differs = false;
            for (int c = 0; c < 3; ++c) {
                double sum_a = 0, sum_b = 0;
                for (int y = by; y < by + block; ++y)
                    for (int x = bx; x < bx + block; ++x) {
                        sum_a += a.at(x, y)[c];
                        sum_b += b.at(x, y)[c];
                    }
                differs |= std::abs(sum_a - sum_b) / (block * block) > levels;
            }
            differing += differs;
            ++blocks;
        }
    return blocks == 0 ? 1 : double(differing) / blocks;
}

// Renders of the vector files may differ from the PNG in this fraction of blocks at most (22 of 22400).
constexpr double kSamePlot = 0.001;

bool have_tool(const char* name) {
    return run_process(std::string("command -v ") + name).exit_code == 0;
}

class PlotExport : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) /
               ("prefixlab_plot_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    std::size_t files_in_dir() const {
        return std::size_t(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()));
    }
    std::string export_sample(const std::string& name, const Plot& plot = sample_plot()) const {
        const std::string file = path(name);
        export_plot(plot, PlotStyle::light(plot_scale_for_size(kWidth, kHeight)),
                    *plot_format_from_path(file), file, kWidth, kHeight);
        return file;
    }
    // The sample plot as PNG, and for contrast the same plot without its blue series: a comparison
    // that cannot tell these two apart would pass anything.
    void export_references() {
        png_ = load_png(export_sample("reference.png"));
        Plot missing = sample_plot();
        missing.series.erase(missing.series.begin() + 1);
        other_ = load_png(export_sample("other.png", missing));
        ASSERT_EQ(png_.width, kWidth);
        ASSERT_GT(differing_blocks(png_, other_), 5 * kSamePlot)
            << "the comparison must see a missing series";
    }
    void expect_same_plot_as_png(const Image& render, const char* what) const {
        ASSERT_EQ(render.width, kWidth) << what;
        ASSERT_EQ(render.height, kHeight) << what;
        EXPECT_LT(differing_blocks(render, png_), kSamePlot) << what << " differs from the PNG export";
        for (Rgba colour : {kOrange, kBlue, kVermillion, kGreen})
            EXPECT_GT(pixels_near(render, colour, 12), 100u)
                << what << ": a series or annotation colour is missing";
    }

    fs::path dir_;
    Image png_, other_;
};

TEST_F(PlotExport, PngHasTheSizeAndEverySeriesColour) {
    const Image image = load_png(export_sample("plot.png"));
    ASSERT_EQ(image.width, kWidth);
    ASSERT_EQ(image.height, kHeight);
    EXPECT_GT(pixels_near(image, rgb(255, 255, 255), 0), std::size_t(kWidth * kHeight) / 2)
        << "white background";
    for (Rgba colour : {kOrange, kBlue, kVermillion, kGreen})
        EXPECT_GT(pixels_near(image, colour, 0), 200u) << colour.r << " " << colour.g << " " << colour.b;
    EXPECT_EQ(files_in_dir(), 1u) << "no temporary file left";
}

TEST_F(PlotExport, DarkStyleHasTheAppBackground) {
    const std::string file = path("dark.png");
    export_plot(sample_plot(), PlotStyle::dark(1), PlotFileFormat::png, file, 800, 450);
    const Image image = load_png(file);
    ASSERT_EQ(image.width, 800);
    EXPECT_EQ(image.at(2, 2)[0], 20);
    EXPECT_EQ(image.at(2, 2)[1], 23);
    EXPECT_EQ(image.at(2, 2)[2], 26);
    EXPECT_GT(pixels_near(image, kOrange, 0), 50u);
}

// SvgPainter writes a colour as rgb() of 0..255 values, the form every SVG reader knows.
bool svg_names_colour(const std::string& svg, Rgba c) {
    const std::string bytes = "rgb(" + std::to_string(std::lround(c.r * 255)) + "," +
                              std::to_string(std::lround(c.g * 255)) + "," +
                              std::to_string(std::lround(c.b * 255)) + ")";
    return svg.find(bytes) != std::string::npos;
}

TEST_F(PlotExport, SvgIsWellFormedAndNamesEverySeriesColour) {
    const std::string svg = read_file(export_sample("plot.svg"));
    EXPECT_EQ(XmlChecker::problem(svg), "");
    EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
    EXPECT_NE(svg.find("<svg"), std::string::npos);
    EXPECT_NE(svg.find("width=\"1600"), std::string::npos);
    const std::size_t last = svg.find_last_not_of(" \n\r\t");
    ASSERT_NE(last, std::string::npos);
    EXPECT_EQ(svg.substr(svg.rfind('<')), "</svg>\n");
    EXPECT_EQ(svg.find("</svg>"), last - 5) << "nothing after the closing tag";
    for (Rgba colour : {kOrange, kBlue, kVermillion, kGreen})
        EXPECT_TRUE(svg_names_colour(svg, colour)) << colour.r << " " << colour.g << " " << colour.b;
    EXPECT_FALSE(svg_names_colour(svg, rgb(1, 2, 3))) << "the colour check must be able to fail";
}

TEST_F(PlotExport, PdfHasHeaderAndTrailer) {
    const std::string pdf = read_file(export_sample("plot.pdf"));
    EXPECT_EQ(pdf.rfind("%PDF-", 0), 0u);
    const std::size_t last = pdf.find_last_not_of("\r\n");
    ASSERT_NE(last, std::string::npos);
    EXPECT_EQ(pdf.substr(last - 4, 5), "%%EOF");
}

TEST_F(PlotExport, PdfRendersAsThePng) {
    if (!have_tool("pdftoppm"))
        GTEST_SKIP()
            << "pdftoppm not found (install poppler-utils): the PDF cannot be rendered back to compare";
    export_references();
    const std::string pdf = export_sample("plot.pdf");
    const ProcessResult r =
        run_process("pdftoppm -png -singlefile -scale-to-x " + std::to_string(kWidth) + " -scale-to-y " +
                    std::to_string(kHeight) + " " + shell_quote(pdf) + " " + shell_quote(path("pdf-render")));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    expect_same_plot_as_png(load_png(path("pdf-render.png")), "the PDF rendered by pdftoppm");
}

TEST_F(PlotExport, SvgRendersAsThePng) {
    if (!have_tool("rsvg-convert"))
        GTEST_SKIP()
            << "rsvg-convert not found (install librsvg2-bin): the SVG cannot be rendered back to compare";
    export_references();
    const std::string svg = export_sample("plot.svg");
    const ProcessResult r =
        run_process("rsvg-convert -w " + std::to_string(kWidth) + " -h " + std::to_string(kHeight) + " -o " +
                    shell_quote(path("svg-render.png")) + " " + shell_quote(svg));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    expect_same_plot_as_png(load_png(path("svg-render.png")), "the SVG rendered by rsvg-convert");
}

TEST_F(PlotExport, UnwritablePathFailsWithOneLineAndCreatesNothing) {
    const std::string bad = "/nonexistent/dir/p.png";
    try {
        export_plot(sample_plot(), PlotStyle::light(), PlotFileFormat::png, bad, 800, 450);
        ADD_FAILURE() << "expected FileError";
    } catch (const FileError& e) {
        const std::string message = e.what();
        EXPECT_EQ(message.rfind("cannot write '/nonexistent/dir/p.png': ", 0), 0u) << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
    EXPECT_FALSE(fs::exists("/nonexistent/dir"));
    EXPECT_THROW(export_plot(sample_plot(), PlotStyle::light(), PlotFileFormat::png, dir_.string(), 800, 450),
                 FileError)
        << "a directory is not a file";
}

TEST_F(PlotExport, UnusableSizeFailsAndCreatesNothing) {
    for (const auto& [w, h] : {std::pair{0.0f, 450.0f}, {800.0f, -1.0f}, {40000.0f, 450.0f}})
        EXPECT_THROW(export_plot(sample_plot(), PlotStyle::light(), PlotFileFormat::png, path("p.png"), w, h),
                     FileError)
            << w << " x " << h;
    EXPECT_EQ(files_in_dir(), 0u);
}

TEST_F(PlotExport, FailedRenderingKeepsTheExistingFile) {
    // Text that is not UTF-8 puts Cairo's context in an error state half way through drawing, after
    // the SVG and PDF surfaces have begun writing their temporary files.
    Plot broken = sample_plot();
    broken.title = "bad \xff\xfe title";
    for (const char* name : {"kept.svg", "kept.pdf", "kept.png"}) {
        const std::string file = path(name);
        std::ofstream(file) << "the previous export";
        try {
            export_plot(broken, PlotStyle::light(), *plot_format_from_path(file), file, 800, 450);
            ADD_FAILURE() << name << ": expected FileError";
        } catch (const FileError& e) {
            const std::string message = e.what();
            EXPECT_EQ(message.rfind("cannot write '" + file + "': ", 0), 0u) << message;
            EXPECT_EQ(message.find('\n'), std::string::npos) << message;
        }
        EXPECT_EQ(read_file(file), "the previous export") << name;
    }
    EXPECT_EQ(files_in_dir(), 3u) << "no temporary file left";
}

TEST_F(PlotExport, ReplacesAnExistingFileWhole) {
    const std::string file = path("plot.png");
    std::ofstream(file) << "the previous export";
    export_sample("plot.png");
    EXPECT_EQ(load_png(file).width, kWidth);
    EXPECT_EQ(files_in_dir(), 1u);
}

#else

TEST(PlotExport, Skipped) {
    GTEST_SKIP() << plot_export_unavailable_reason();
}

#endif

} // namespace
} // namespace prefixlab::test
