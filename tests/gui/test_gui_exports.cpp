// Slides out of the GUI (issue 12): the steps of a view as an animated GIF and as a numbered PNG
// sequence, and the view as a PNG at twice the window's size, through the script's export-gif,
// export-steps and export-view and through the keys (Ctrl+G, Ctrl+P), in a real window under Xvfb.
// The GIF is decoded with giflib (DGifSlurp) and its frames composited as a viewer shows them.
#include "core/trace/trace_json.hpp"
#include "support/png_image.hpp"
#include "support/folder_listing.hpp"
#include "support/process.hpp"
#include "support/text_files.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <unistd.h>

#if PREFIXLAB_HAVE_GIF
#include <gif_lib.h>
#endif

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;


class GuiExports : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_gui_exports_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        ASSERT_EQ(run_process(shell_quote(PREFIXLAB_BINARY) + " trace --algo blelloch --n 16 --input random --seed 4 "
                              "--device cpu --out " + shell_quote(path("blelloch16.json")))
                      .exit_code,
                  0);
        std::ifstream in(path("blelloch16.json"));
        steps_ = static_cast<int>(read_trace_json(in).steps.size());
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    // The script after opening the Blelloch trace, at 1920×1080 and lecture scale, run in `dir_/cwd`
    // (where the keys' exports go).
    ProcessResult run_script(const std::string& commands) const {
        fs::create_directories(dir_ / "cwd");
        std::ofstream(path("session.script")) << "open " << path("blelloch16.json") << "\n" << commands;
        return run_process("cd " + shell_quote(path("cwd")) + " && " + shell_quote(PREFIXLAB_BINARY) +
                           " --window 1920 --ui-scale 2 --script " + shell_quote(path("session.script")));
    }

    fs::path dir_;
    int steps_ = 0;
};

#if PREFIXLAB_HAVE_GIF

// The frames of a GIF as a viewer shows them: each drawn over the one before (the export uses
// "do not dispose" and stores only what changed).
std::vector<PngImage> composited_frames(const std::string& file) {
    int error = 0;
    GifFileType* gif = DGifOpenFileName(file.c_str(), &error);
    if (gif == nullptr) {
        ADD_FAILURE() << "giflib cannot open " << file << ": " << GifErrorString(error);
        return {};
    }
    std::vector<PngImage> frames;
    if (DGifSlurp(gif) != GIF_OK) {
        ADD_FAILURE() << "giflib cannot decode " << file << ": " << GifErrorString(gif->Error);
        DGifCloseFile(gif, &error);
        return {};
    }
    PngImage canvas{gif->SWidth, gif->SHeight, std::vector<std::uint8_t>(std::size_t(gif->SWidth) * gif->SHeight * 3)};
    for (int f = 0; f < gif->ImageCount; ++f) {
        const SavedImage& image = gif->SavedImages[f];
        const GifImageDesc& d = image.ImageDesc;
        const ColorMapObject* map = d.ColorMap ? d.ColorMap : gif->SColorMap;
        for (int y = 0; y < d.Height; ++y)
            for (int x = 0; x < d.Width; ++x) {
                const GifColorType c = map->Colors[image.RasterBits[y * d.Width + x]];
                std::uint8_t* p = &canvas.rgb[(std::size_t(d.Top + y) * canvas.width + d.Left + x) * 3];
                p[0] = c.Red;
                p[1] = c.Green;
                p[2] = c.Blue;
            }
        frames.push_back(canvas);
    }
    DGifCloseFile(gif, &error);
    return frames;
}

TEST_F(GuiExports, GifOfBlellochHasOneFramePerStepAndEachDiffers) {
    const ProcessResult r = run_script("tab Values\nstep 4\nexport-gif " + path("blelloch16.gif") + "\nreport\nreport-settings\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    ASSERT_TRUE(fs::is_regular_file(path("blelloch16.gif")));
    EXPECT_LE(fs::file_size(path("blelloch16.gif")), 10u * 1000 * 1000);
    EXPECT_TRUE(contains(r.out, "step=4 ")) << "the export returns to the step the lecturer was on:\n" << r.out;
    EXPECT_TRUE(contains(r.out, "exported " + std::to_string(steps_) + " steps: ")) << r.out;

    const std::vector<PngImage> frames = composited_frames(path("blelloch16.gif"));
    ASSERT_EQ(static_cast<int>(frames.size()), steps_);
    ASSERT_EQ(frames[0].width, 1920);
    ASSERT_EQ(frames[0].height, 1080);
    for (std::size_t i = 1; i < frames.size(); ++i)
        EXPECT_GT(fraction_different(frames[i - 1], frames[i]), 0.0005) << "frame " << i << " repeats the one before";
    // Each frame shows its own step: the current-step band (exact theme colour) moves down the table.
    const theme::Palette& dark = theme::palette(theme::Name::dark);
    EXPECT_GT(count_colour(frames[0], dark.cell_written), 5000u) << "step 0 writes every word";
    EXPECT_GT(count_colour(frames.back(), dark.current_step), 2000u);
    EXPECT_EQ(fs::directory_iterator(dir_ / "cwd"), fs::directory_iterator()) << "nothing else written";
}

// On the Values tab, whose picture at N = 16 depends on the step alone (the Dataflow view pans to a
// step's nodes only when none is in view, so its frames depend on where it was panned before).
TEST_F(GuiExports, GifFramesMatchThePngSequenceWhereTheThemeColoursAre) {
    const ProcessResult r =
        run_script("tab Values\nexport-gif " + path("values.gif") + "\nexport-steps " + path("values-steps") + "\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::vector<PngImage> frames = composited_frames(path("values.gif"));
    ASSERT_EQ(static_cast<int>(frames.size()), steps_);
    const theme::Palette& dark = theme::palette(theme::Name::dark);
    for (int step : {0, steps_ / 2, steps_ - 1}) {
        const PngImage png = load_png(path("values-steps/step-" + std::string(step < 10 ? "0" : "") + std::to_string(step) + ".png"));
        // The quantiser keeps flat theme fills exact, so their pixel counts agree but for the blends at
        // their edges mapped onto them (2.4% more of the orange at step 0). Above the narration only:
        // the status bar's message differs between the two exports.
        for (theme::Rgb colour : {dark.cell_written, dark.current_step, dark.background}) {
            const double gif_count = static_cast<double>(count_colour(frames[step], colour, 0, 0, 1920, 800));
            const double png_count = static_cast<double>(count_colour(png, colour, 0, 0, 1920, 800));
            EXPECT_NEAR(gif_count, png_count, 0.05 * png_count + 50) << "step " << step;
        }
    }
}

#endif

TEST_F(GuiExports, PngSequenceHasOneWindowSizedFilePerStep) {
    fs::create_directories(path("steps"));
    std::ofstream(path("steps/step-99.png")) << "an older, longer export's last step";
    std::ofstream(path("steps/notes.txt")) << "the lecturer's";
    const ProcessResult r = run_script("tab Banks\nexport-steps " + path("steps") + "\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::set<std::string> expected{"notes.txt"};
    for (int step = 0; step < steps_; ++step)
        expected.insert("step-" + std::string(step < 10 ? "0" : "") + std::to_string(step) + ".png");
    EXPECT_EQ(names_in(path("steps")), expected) << "one file per step, the older step-99.png gone, no temporaries";
    PngImage previous;
    for (int step = 0; step < steps_; ++step) {
        const PngImage image = load_png(path("steps/step-" + std::string(step < 10 ? "0" : "") + std::to_string(step) + ".png"));
        ASSERT_EQ(image.width, 1920) << "step " << step;
        ASSERT_EQ(image.height, 1080) << "step " << step;
        EXPECT_GT(distinct_colours(image), 40u);
        if (step > 0)
            EXPECT_GT(fraction_different(previous, image), 0.0005) << "step " << step << " repeats the one before";
        previous = image;
    }
}

TEST_F(GuiExports, ViewAtTwiceTheWindowsSize) {
    const ProcessResult r = run_script("tab Dataflow\nstep 3\nexport-view " + path("view.png") + "\nscreenshot " +
                                       path("window.png") + "\nreport\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const PngImage view = load_png(path("view.png"));
    const PngImage window = load_png(path("window.png"));
    ASSERT_EQ(window.width, 1920);
    EXPECT_EQ(view.width, 2 * window.width);
    EXPECT_EQ(view.height, 2 * window.height);
    // The same picture, drawn larger: the theme's fills cover about four times the pixels.
    const theme::Palette& dark = theme::palette(theme::Name::dark);
    for (theme::Rgb colour : {dark.current_step, dark.background}) {
        const double ratio = static_cast<double>(count_colour(view, colour)) / std::max<std::size_t>(1, count_colour(window, colour));
        EXPECT_GT(ratio, 3.0);
        EXPECT_LT(ratio, 5.0);
    }
    EXPECT_TRUE(contains(r.out, "scale=2.00 ")) << "the window is back at its own scale:\n" << r.out;
}

TEST_F(GuiExports, BadTargetsFailInOneLineAndLeaveNothing) {
    fs::create_directories(path("a-folder.gif"));
    fs::create_directories(path("a-folder.png"));
    std::ofstream(path("a-file")) << "not a folder";
    // An unwritable folder: read-only for a user; root writes anywhere but into /proc.
    const bool root = ::geteuid() == 0;
    fs::create_directories(path("read-only"));
    fs::permissions(path("read-only"), fs::perms::owner_read | fs::perms::owner_exec);
    const std::string unwritable = root ? "/proc/prefixlab-export-test" : path("read-only/x");
    fs::create_directories(path("cwd"));
    std::ofstream(path("session.script")) << "";
    const std::set<std::string> before = names_in(dir_);

    struct Case {
        std::string command, says;
    };
    const std::vector<Case> cases = {
#if PREFIXLAB_HAVE_GIF
        {"export-gif " + path("a-folder.gif"), "it is a directory"},
        {"export-gif " + unwritable + ".gif", "cannot write"},
#endif
        {"export-view " + path("a-folder.png"), "it is a directory"},
        {"export-view " + unwritable + ".png", "cannot write"},
        {"export-steps " + path("a-file"), "it is not a folder"},
        {"export-steps " + unwritable, "cannot"},
    };
    for (const Case& c : cases) {
        const ProcessResult r = run_script("tab Values\n" + c.command + "\n");
        EXPECT_EQ(r.exit_code, 1) << c.command << "\n" << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << c.command << ": one line\n" << r.err;
        EXPECT_TRUE(contains(r.err, "prefixlab: error: ") && contains(r.err, c.says)) << c.command << "\n" << r.err;
        EXPECT_EQ(names_in(dir_), before) << c.command << " left something behind";
        EXPECT_TRUE(fs::is_empty(path("cwd")));
        EXPECT_TRUE(fs::is_empty(path("a-folder.gif")));
        EXPECT_TRUE(fs::is_empty(path("read-only")));
        EXPECT_FALSE(fs::exists(unwritable + ".gif"));
    }
    fs::permissions(path("read-only"), fs::perms::owner_all);
}

TEST_F(GuiExports, ScriptRefusesAnExportPathWithTheWrongEndingBeforeTheWindowOpens) {
    const ProcessResult r = run_script("export-view " + path("view.jpg") + "\n");
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_TRUE(contains(r.err, "export-view FILE.png")) << r.err;
}

TEST_F(GuiExports, KeysExportIntoTheExportsFolderAndEscCancels) {
    // Ctrl+P starts the PNG sequence; Esc a few frames later cancels it: the folder it created and
    // the frames it had staged are gone, and the window is back on its step.
    const ProcessResult cancelled = run_script("tab Values\nstep 2\nkey Ctrl+P\nwait 4\nkey Escape\nwait 2\nreport\nreport-settings\n");
    ASSERT_EQ(cancelled.exit_code, 0) << cancelled.err;
    EXPECT_TRUE(contains(cancelled.out, "message: export cancelled: nothing written")) << cancelled.out;
    EXPECT_TRUE(contains(cancelled.out, "step=2 ")) << cancelled.out;
    ASSERT_TRUE(fs::is_directory(path("cwd/prefixlab-exports")));
    EXPECT_TRUE(fs::is_empty(path("cwd/prefixlab-exports"))) << "a cancelled sequence leaves no folder or file";

#if PREFIXLAB_HAVE_GIF
    const ProcessResult gif = run_script("tab Values\nkey Ctrl+G\nwait 60\nreport-settings\n");
    ASSERT_EQ(gif.exit_code, 0) << gif.err;
    const std::string file = path("cwd/prefixlab-exports/blelloch-n16-values.gif");
    EXPECT_TRUE(contains(gif.out, "message: exported " + std::to_string(steps_) + " steps: " + file)) << gif.out;
    EXPECT_EQ(static_cast<int>(composited_frames(file).size()), steps_);
#endif
}

} // namespace
} // namespace prefixlab::test
