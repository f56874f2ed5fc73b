// The view as SVG with real text (issue 12), in a real window under Xvfb: the script's export-svg and
// Ctrl+Shift+E on the Values, Dataflow and Banks tabs of a Blelloch N = 16 trace. The labels expected
// in the file come from the trace (step label, values), never typed here; the Banks heatmap's cells,
// drawn as rectangles in the export, have the colours the shader put on screen in the same frame.
#include "core/ground/format_value.hpp"
#include "core/ground/step_label.hpp"
#include "core/trace/trace_json.hpp"
#include "gui/colour_map.hpp"
#include "support/png_image.hpp"
#include "support/folder_listing.hpp"
#include "support/process.hpp"
#include "support/text_files.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <cmath>
#include <regex>
#include <set>
#include <sstream>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;


// A small well-formedness check: one root, every start tag closed by its own end tag in order
// (comments, the declaration and empty elements aside), no stray '<' or '&' in character data.
std::string xml_problem(const std::string& xml) {
    std::vector<std::string> open;
    int roots = 0;
    for (std::size_t i = 0; i < xml.size();) {
        if (xml[i] == '&') {
            const std::size_t semicolon = xml.find(';', i);
            if (semicolon == std::string::npos || semicolon - i > 8)
                return "a bare & at " + std::to_string(i);
            i = semicolon + 1;
            continue;
        }
        if (xml[i] != '<') {
            ++i;
            continue;
        }
        if (xml.compare(i, 4, "<!--") == 0) {
            const std::size_t end = xml.find("-->", i);
            if (end == std::string::npos)
                return "an unclosed comment";
            i = end + 3;
            continue;
        }
        const std::size_t end = xml.find('>', i);
        if (end == std::string::npos)
            return "an unclosed tag at " + std::to_string(i);
        const std::string tag = xml.substr(i + 1, end - i - 1);
        i = end + 1;
        if (tag.empty() || tag.find('<') != std::string::npos)
            return "a stray < before " + std::to_string(i);
        if (tag[0] == '?')
            continue;
        if (tag[0] == '/') {
            if (open.empty() || open.back() != tag.substr(1))
                return "</" + tag.substr(1) + "> closes " + (open.empty() ? std::string("nothing") : "<" + open.back() + ">");
            open.pop_back();
            continue;
        }
        if (open.empty())
            ++roots;
        if (tag.back() != '/')
            open.push_back(tag.substr(0, tag.find_first_of(" \n")));
    }
    if (!open.empty())
        return "<" + open.back() + "> never closed";
    return roots == 1 ? "" : std::to_string(roots) + " root elements";
}

// The characters of every <text> element (entities left as written).
std::vector<std::string> texts_of(const std::string& svg) {
    static const std::regex element("<text [^>]*>([^<]*)</text>");
    std::vector<std::string> out;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), element); it != std::sregex_iterator(); ++it)
        out.push_back((*it)[1]);
    return out;
}

std::size_t count_of(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
        ++n;
    return n;
}

bool any_text_holds(const std::vector<std::string>& texts, const std::string& part) {
    return std::any_of(texts.begin(), texts.end(), [&](const std::string& t) { return contains(t, part); });
}

bool any_text_is(const std::vector<std::string>& texts, const std::string& whole) {
    return std::find(texts.begin(), texts.end(), whole) != texts.end();
}

class GuiSvgExport : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_gui_svg_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_ / "cwd");
        ASSERT_EQ(run_process(shell_quote(PREFIXLAB_BINARY) + " trace --algo blelloch --n 16 --input random --seed 4 "
                              "--device cpu --out " + shell_quote(path("blelloch16.json")))
                      .exit_code,
                  0);
        std::ifstream in(path("blelloch16.json"));
        trace_ = read_trace_json(in);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    // The script after opening the trace, at 1920×1080 and lecture scale, run in dir_/cwd.
    ProcessResult run_script(const std::string& commands) const {
        std::ofstream(path("session.script")) << "open " << path("blelloch16.json") << "\n" << commands;
        return run_process("cd " + shell_quote(path("cwd")) + " && " + shell_quote(PREFIXLAB_BINARY) +
                           " --window 1920 --ui-scale 2 --script " + shell_quote(path("session.script")));
    }
    std::string value(std::uint32_t bits) const { return format_value(trace_.config.type, bits); }

    fs::path dir_;
    Trace trace_;
};

TEST_F(GuiSvgExport, ValuesTabHasTheStepLabelRowLabelsAndOutputsAsText) {
    constexpr int kStep = 3;
    const ProcessResult r = run_script("tab Values\nstep " + std::to_string(kStep) + "\nexport-svg " + path("values.svg") +
                                       "\nreport-settings\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "message: exported the view as SVG (")) << r.out;
    const std::string svg = read_file(path("values.svg"));
    EXPECT_EQ(xml_problem(svg), "");
    const std::vector<std::string> texts = texts_of(svg);
    EXPECT_GT(texts.size(), 50u);
    EXPECT_TRUE(any_text_holds(texts, step_label(trace_.steps[kStep].tag))) << step_label(trace_.steps[kStep].tag);
    EXPECT_TRUE(any_text_is(texts, value(trace_.output.back()))) << "the scan's last output";
    EXPECT_TRUE(any_text_is(texts, value(trace_.input.front())));
    for (const char* row : {"in", "out"})
        EXPECT_TRUE(any_text_is(texts, row)) << row;
    EXPECT_GT(count_of(svg, "<rect "), 16u) << "the table's cells";
    EXPECT_TRUE(contains(svg, "font-family=\"DejaVu Sans Mono, monospace\"")) << "the table's numbers are in the mono font";
}

TEST_F(GuiSvgExport, DataflowTabHasNodeValuesAsText) {
    constexpr int kStep = 3;
    const ProcessResult r = run_script("tab Dataflow\nstep " + std::to_string(kStep) + "\nexport-svg " +
                                       path("dataflow.svg") + "\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string svg = read_file(path("dataflow.svg"));
    EXPECT_EQ(xml_problem(svg), "");
    const std::vector<std::string> texts = texts_of(svg);
    // A node of the step's row: the word the step wrote last (Blelloch's up-sweep writes the block's
    // right-hand words), as the shared snapshot holds it.
    const std::uint32_t written = trace_.steps[kStep].shared.bits.at(7);
    EXPECT_TRUE(any_text_is(texts, value(written))) << value(written);
    EXPECT_TRUE(any_text_is(texts, "input"));
    EXPECT_GT(count_of(svg, "<rect "), 16u) << "the nodes, from the cached layer";
}

TEST_F(GuiSvgExport, BanksTabHasBankNumbersAndTheHeatmapInTheShadersColours) {
    const ProcessResult r = run_script("tab Banks\nstep 3\nwait 2\nscreenshot " + path("banks.png") + "\nexport-svg " +
                                       path("banks.svg") + "\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string svg = read_file(path("banks.svg"));
    EXPECT_EQ(xml_problem(svg), "");
    const std::vector<std::string> texts = texts_of(svg);
    for (const char* bank : {"0", "16", "31"})
        EXPECT_TRUE(any_text_is(texts, bank)) << "bank " << bank;
    // The heatmap's cells are rectangles of conflict_colour(); where one's centre is inside its clip
    // path, its pixel on screen (drawn by heatmap.frag from the colour texture) is the same colour.
    const PngImage screen = load_png(path("banks.png"));
    static const std::regex clip_path("<clipPath id=\"(c\\d+)\"><rect x=\"([^\"]+)\" y=\"([^\"]+)\" width=\"([^\"]+)\" height=\"([^\"]+)\"/>");
    static const std::regex group("<g clip-path=\"url\\(#(c\\d+)\\)\">");
    static const std::regex rect("<rect x=\"([^\"]+)\" y=\"([^\"]+)\" width=\"([^\"]+)\" height=\"([^\"]+)\" fill=\"rgb\\((\\d+),(\\d+),(\\d+)\\)\"/>");
    struct Box {
        float x0 = 0, y0 = 0, x1 = 1e9f, y1 = 1e9f;
    };
    std::map<std::string, Box> clips;
    Box clip;
    int compared = 0;
    // A cell with a label on it (the lane-to-bank diagram's banks, filled with the bank's colour) is no
    // heatmap cell: its centre pixel may be the label's (the figure "3" of bank 3 at 2×).
    static const std::regex text_at("<text x=\"([^\"]+)\" y=\"([^\"]+)\"");
    std::vector<std::pair<float, float>> labels;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), text_at); it != std::sregex_iterator(); ++it)
        labels.emplace_back(std::stof((*it)[1]), std::stof((*it)[2]));
    std::set<int> degrees;
    std::istringstream lines(svg);
    for (std::string line; std::getline(lines, line);) {
        std::smatch m;
        if (std::regex_search(line, m, clip_path))
            clips[m[1]] = {std::stof(m[2]), std::stof(m[3]), std::stof(m[2]) + std::stof(m[4]), std::stof(m[3]) + std::stof(m[5])};
        if (std::regex_match(line, m, group))
            clip = clips.at(m[1]);
        if (line == "</g>")
            clip = Box{};
        if (!std::regex_match(line, m, rect))
            continue;
        const float x = std::stof(m[1]), y = std::stof(m[2]), w = std::stof(m[3]), h = std::stof(m[4]);
        const theme::Rgb fill{static_cast<std::uint8_t>(std::stoi(m[5])), static_cast<std::uint8_t>(std::stoi(m[6])),
                              static_cast<std::uint8_t>(std::stoi(m[7]))};
        const float cx = std::floor(x + w / 2) + 0.5f, cy = std::floor(y + h / 2) + 0.5f; // the pixel's centre
        if (cx < clip.x0 || cx > clip.x1 || cy < clip.y0 || cy > clip.y1)
            continue;
        if (std::any_of(labels.begin(), labels.end(),
                        [&](const auto& at) { return at.first >= x && at.first <= x + w && at.second >= y && at.second <= y + h; }))
            continue;
        int degree = -1;
        for (int v = 1; v <= kMaxConflictDegree; ++v)
            if (conflict_colour(v) == fill)
                degree = v;
        if (degree < 0 || w < 3 || h < 3)
            continue;
        const std::uint8_t* pixel = &screen.rgb[3 * (static_cast<std::size_t>(cy) * screen.width + static_cast<std::size_t>(cx))];
        EXPECT_EQ((theme::Rgb{pixel[0], pixel[1], pixel[2]}), fill) << "cell at " << cx << "," << cy;
        degrees.insert(degree);
        ++compared;
    }
    EXPECT_GT(compared, 10) << "heatmap cells compared";
    EXPECT_TRUE(degrees.count(1)) << "Blelloch N=16 touches banks with one word each";
}

TEST_F(GuiSvgExport, BadTargetsFailInOneLineAndLeaveNothing) {
    fs::create_directories(path("a-folder.svg"));
    const bool root = ::geteuid() == 0;
    fs::create_directories(path("read-only"));
    fs::permissions(path("read-only"), fs::perms::owner_read | fs::perms::owner_exec);
    const std::string unwritable = root ? "/proc/prefixlab-export-test.svg" : path("read-only/x.svg");
    std::ofstream(path("session.script")) << "";
    const std::set<std::string> before = names_in(dir_);
    struct Case {
        std::string command, says;
    };
    for (const Case& c : std::vector<Case>{{"export-svg " + path("a-folder.svg"), "it is a directory"},
                                           {"export-svg " + unwritable, "cannot write"},
                                           {"export-svg " + path("missing/x.svg"), "cannot write"}}) {
        const ProcessResult r = run_script("tab Values\n" + c.command + "\n");
        EXPECT_EQ(r.exit_code, 1) << c.command << "\n" << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << c.command << ": one line\n" << r.err;
        EXPECT_TRUE(contains(r.err, "prefixlab: error: ") && contains(r.err, c.says)) << c.command << "\n" << r.err;
        EXPECT_EQ(names_in(dir_), before) << c.command << " left something behind";
        EXPECT_TRUE(fs::is_empty(path("cwd")));
        EXPECT_TRUE(fs::is_empty(path("a-folder.svg")));
        EXPECT_TRUE(fs::is_empty(path("read-only")));
        EXPECT_FALSE(fs::exists(unwritable));
    }
    fs::permissions(path("read-only"), fs::perms::owner_all);
}

TEST_F(GuiSvgExport, ScriptRefusesAPathWithoutSvgBeforeTheWindowOpens) {
    const ProcessResult r = run_script("export-svg " + path("view.png") + "\n");
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_TRUE(contains(r.err, "export-svg FILE.svg")) << r.err;
}

TEST_F(GuiSvgExport, CtrlShiftEWritesIntoTheExportsFolderWithoutReplacing) {
    const ProcessResult r = run_script("tab Dataflow\nkey Ctrl+Shift+E\nwait 3\nkey Ctrl+Shift+E\nwait 3\nreport-settings\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string first = path("cwd/prefixlab-exports/blelloch-n16-dataflow.svg");
    const std::string second = path("cwd/prefixlab-exports/blelloch-n16-dataflow-2.svg");
    EXPECT_TRUE(fs::is_regular_file(first));
    EXPECT_TRUE(fs::is_regular_file(second));
    EXPECT_TRUE(contains(r.out, "message: exported the view as SVG (") && contains(r.out, second)) << r.out;
    EXPECT_FALSE(fs::exists(path("cwd/prefixlab-exports/blelloch-n16-dataflow-2x.png"))) << "Shift makes it SVG";
}

} // namespace
} // namespace prefixlab::test
