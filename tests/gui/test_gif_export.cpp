// The GIF export's parts without a window: the palette quantiser (gui/export/gif_palette.hpp), the
// changed rectangle, and an animation encoded and decoded again with giflib.
#include "core/util/atomic_file.hpp"
#include "gui/export/gif_animation.hpp"
#include "gui/export/gif_palette.hpp"
#include "gui/export/step_frames.hpp"
#include "gui/theme.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <unistd.h>

#if PREFIXLAB_HAVE_GIF
#include <gif_lib.h>
#endif

namespace prefixlab {
namespace {

std::vector<theme::Rgb> theme_colours() {
    std::vector<theme::Rgb> colours;
    for (theme::Name name : theme::kNames) {
        const theme::Palette& p = theme::palette(name);
        for (theme::Rgb c : {p.cell_value, p.cell_unwritten, p.cell_written, p.cell_read, p.current_step, p.error, p.ok,
                             p.background, p.text, p.input_node, p.edge, p.active_threads, p.progress, p.code_keyword,
                             p.code_comment, p.code_literal, p.code_preprocessor, p.code_step_lines})
            colours.push_back(c);
    }
    colours.push_back(theme::kInkDark);
    colours.push_back(theme::kInkLight);
    return colours;
}

Image filled(int width, int height, theme::Rgb colour) {
    Image image{width, height, std::vector<std::uint8_t>(std::size_t(width) * height * 4, 255)};
    for (std::size_t i = 0; i < image.rgba.size(); i += 4) {
        image.rgba[i] = colour.r;
        image.rgba[i + 1] = colour.g;
        image.rgba[i + 2] = colour.b;
    }
    return image;
}

void paint(Image& image, int x0, int y0, int x1, int y1, theme::Rgb colour) {
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            std::uint8_t* p = &image.rgba[(std::size_t(y) * image.width + x) * 4];
            p[0] = colour.r;
            p[1] = colour.g;
            p[2] = colour.b;
        }
}

theme::Rgb pixel(const Image& image, int x, int y) {
    const std::uint8_t* p = &image.rgba[(std::size_t(y) * image.width + x) * 4];
    return {p[0], p[1], p[2]};
}

// A frame as the views draw one: bands of the themes' colours, as cells and text would be.
Image theme_frame(int width, int height) {
    const std::vector<theme::Rgb> colours = theme_colours();
    Image image = filled(width, height, colours.front());
    const int band = width / static_cast<int>(colours.size());
    for (std::size_t i = 0; i < colours.size(); ++i)
        paint(image, static_cast<int>(i) * band, height / 4, static_cast<int>(i + 1) * band, height, colours[i]);
    return image;
}

TEST(GifPalette, AFrameOfThemeColoursRoundTripsExactly) {
    const Image frame = theme_frame(400, 60);
    const IndexedImage indexed = quantise_to_palette(frame);
    ASSERT_LE(indexed.palette.size(), kGifPaletteSize);
    for (int y = 0; y < frame.height; ++y)
        for (int x = 0; x < frame.width; ++x)
            ASSERT_EQ(colour_at(indexed, x, y), pixel(frame, x, y)) << "at " << x << "," << y;
}

TEST(GifPalette, BeyondTwoHundredFiftySixColoursFlatFillsStayExactAndBlendsStayClose) {
    // Theme fills over most of the frame, and a gradient of 4096 colours (anti-aliased text, a heat
    // map) in a strip: median cut must keep the fills exact and put every blend near its colour.
    Image frame = theme_frame(512, 200);
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 512; ++x) {
            const int i = y * 512 + x;
            std::uint8_t* p = &frame.rgba[(std::size_t(y) * frame.width + x) * 4];
            p[0] = static_cast<std::uint8_t>((i & 15) * 17);
            p[1] = static_cast<std::uint8_t>((i >> 4 & 15) * 17);
            p[2] = static_cast<std::uint8_t>((i >> 8 & 15) * 17);
        }
    const IndexedImage indexed = quantise_to_palette(frame);
    EXPECT_EQ(indexed.palette.size(), kGifPaletteSize);
    for (int y = 8; y < frame.height; ++y)
        for (int x = 0; x < frame.width; ++x)
            ASSERT_EQ(colour_at(indexed, x, y), pixel(frame, x, y)) << "a flat fill moved at " << x << "," << y;
    int worst = 0;
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < frame.width; ++x) {
            const theme::Rgb a = colour_at(indexed, x, y), b = pixel(frame, x, y);
            worst = std::max({worst, std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
        }
    EXPECT_LE(worst, 64) << "a blend far from every palette colour";
}

TEST(GifPalette, IsTheSameForTheSameFrame) {
    const Image frame = theme_frame(300, 40);
    EXPECT_EQ(quantise_to_palette(frame).palette, quantise_to_palette(frame).palette);
}

TEST(GifChangedRect, BoundsTheChangedPixels) {
    const Image before = filled(64, 32, {10, 20, 30});
    Image after = before;
    paint(after, 5, 7, 9, 8, {200, 0, 0});
    paint(after, 40, 20, 41, 25, {0, 200, 0});
    const PixelRect rect = changed_rect(before, after);
    EXPECT_EQ(rect.x, 5);
    EXPECT_EQ(rect.y, 7);
    EXPECT_EQ(rect.width, 36);
    EXPECT_EQ(rect.height, 18);
    const PixelRect none = changed_rect(before, before);
    EXPECT_EQ(none.width * none.height, 1) << "an unchanged frame still needs an image";
}

TEST(StepFiles, AreNumberedSoThatTheySortInOrder) {
    EXPECT_EQ(step_file_name(0, 11), "step-00.png");
    EXPECT_EQ(step_file_name(10, 11), "step-10.png");
    EXPECT_EQ(step_file_name(7, 120), "step-007.png");
}

// Issue 31: an empty folder is refused in the output policy's words before a frame is drawn, as every
// export into a folder refuses it (it was "cannot create the folder '': No such file or directory").
TEST(StepFiles, AnEmptyFolderIsRefusedBeforeAnyFrame) {
    try {
        png_sequence_sink("", 3);
        ADD_FAILURE() << "an empty folder was taken";
    } catch (const FileError& e) {
        EXPECT_STREQ(e.what(), "cannot write into '': an empty path names no file");
    }
}

#if PREFIXLAB_HAVE_GIF

TEST(GifAnimation, DecodesToTheFramesThatWentIn) {
    std::vector<Image> frames{theme_frame(200, 50), theme_frame(200, 50), theme_frame(200, 50)};
    paint(frames[1], 20, 10, 60, 30, theme::palette(theme::Name::dark).cell_written);
    paint(frames[2], 100, 5, 180, 45, theme::palette(theme::Name::projector).error);
    GifAnimation animation(200, 50);
    for (std::size_t i = 0; i < frames.size(); ++i)
        animation.add_frame(frames[i], i + 1 == frames.size() ? 300 : 100);
    const std::vector<std::uint8_t> bytes = animation.finish();

    const std::string path = ::testing::TempDir() + "/prefixlab_gif_" + std::to_string(::getpid()) + ".gif";
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    int error = 0;
    GifFileType* gif = DGifOpenFileName(path.c_str(), &error);
    ASSERT_NE(gif, nullptr) << GifErrorString(error);
    ASSERT_EQ(DGifSlurp(gif), GIF_OK);
    ASSERT_EQ(gif->ImageCount, 3);
    Image canvas = filled(200, 50, {0, 0, 0});
    for (int f = 0; f < gif->ImageCount; ++f) {
        const SavedImage& image = gif->SavedImages[f];
        const GifImageDesc& d = image.ImageDesc;
        const ColorMapObject* map = d.ColorMap ? d.ColorMap : gif->SColorMap;
        for (int y = 0; y < d.Height; ++y)
            for (int x = 0; x < d.Width; ++x) {
                const GifColorType c = map->Colors[image.RasterBits[y * d.Width + x]];
                paint(canvas, d.Left + x, d.Top + y, d.Left + x + 1, d.Top + y + 1, {c.Red, c.Green, c.Blue});
            }
        EXPECT_EQ(canvas.rgba, frames[f].rgba) << "frame " << f;
        GraphicsControlBlock control{};
        DGifSavedExtensionToGCB(gif, f, &control);
        EXPECT_EQ(control.DelayTime, f == 2 ? 300 : 100);
    }
    EXPECT_LT(gif->SavedImages[1].ImageDesc.Width, 200) << "only the changed rectangle is stored";
    DGifCloseFile(gif, &error);
    std::filesystem::remove(path);
}

TEST(GifAnimation, RefusesAFrameOfAnotherSize) {
    GifAnimation animation(40, 30);
    animation.add_frame(filled(40, 30, {1, 2, 3}), 100);
    EXPECT_THROW(animation.add_frame(filled(41, 30, {1, 2, 3}), 100), FileError);
}

#endif

} // namespace
} // namespace prefixlab
