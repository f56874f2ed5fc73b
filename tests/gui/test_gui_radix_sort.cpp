// Issue 36, the one-block radix sorts in a real window: the lecture's 16 keys of 4 bits in the Values
// table, each key in binary with the bit of the row's pass underlined (read back from the window's SVG
// export, which writes every label and rectangle as drawn); and every step tab of both sorts, 1 bit and
// 4 bits a pass, intact at UI scales 1 to 3 in both themes on both screens (the app's own layout check).
#include "support/layout_checks.hpp"
#include "support/process.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>
#include <map>
#include <regex>
#include <sstream>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

const std::vector<unsigned> kKeys = {9, 3, 12, 0, 7, 3, 15, 1, 8, 2, 11, 5, 3, 14, 6, 10};

std::string keys_text() {
    std::string text;
    for (unsigned k : kKeys)
        text += (text.empty() ? "" : ",") + std::to_string(k);
    return text;
}

class GuiRadixSort : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_gui_radix_sort_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    ProcessResult gui(const std::string& script, int width,
                      const std::string& sort = "radix-sort-1bit") const {
        std::ofstream(path("session.script"))
            << "trace algo=" << sort << " n=16 input=values values=" << keys_text() << " device=cpu\n"
            << script << "quit\n";
        return run_process(shell_quote(PREFIXLAB_BINARY) + " --window " + std::to_string(width) +
                               " --ui-scale 1 --script " + shell_quote(path("session.script")),
                           dir_);
    }
    fs::path dir_;
};

struct SvgText {
    double x, y;
    std::string text;
};
struct SvgRect {
    double x, y, w, h;
};

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::vector<SvgText> binary_texts(const std::string& svg) {
    static const std::regex text(R"re(<text x="([0-9.]+)" y="([0-9.]+)"[^>]*>([01]{4})</text>)re");
    std::vector<SvgText> found;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), text); it != std::sregex_iterator(); ++it)
        found.push_back({std::stod((*it)[1]), std::stod((*it)[2]), (*it)[3]});
    return found;
}

std::vector<SvgRect> thin_rects(const std::string& svg) {
    static const std::regex rect(
        R"re(<rect x="([0-9.]+)" y="([0-9.]+)" width="([0-9.]+)" height="([0-9.]+)")re");
    std::vector<SvgRect> found;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), rect); it != std::sregex_iterator(); ++it) {
        const SvgRect r{std::stod((*it)[1]), std::stod((*it)[2]), std::stod((*it)[3]), std::stod((*it)[4])};
        if (r.h <= 4 && r.w < 30)
            found.push_back(r);
    }
    return found;
}

// The keys in binary after pass `pass`: stably sorted by bits 0..pass (the test's own order, not the app's).
std::vector<std::string> after_pass(int pass) {
    std::vector<unsigned> keys = kKeys;
    const unsigned mask = (2u << pass) - 1;
    std::stable_sort(keys.begin(), keys.end(),
                     [mask](unsigned a, unsigned b) { return (a & mask) < (b & mask); });
    std::vector<std::string> digits;
    for (unsigned k : keys) {
        std::string d;
        for (int b = 3; b >= 0; --b)
            d += (k >> b & 1u) != 0 ? '1' : '0';
        digits.push_back(d);
    }
    return digits;
}

// Step 30 is pass 2's scatter (load, then 10 steps a pass at N = 16). Its row holds the keys sorted by
// bits 0..2, each in binary with its bit 2 (the second digit) underlined.
TEST_F(GuiRadixSort, TheValuesTableShowsTheKeysInBinaryWithThePassBitUnderlined) {
    const ProcessResult run =
        gui("theme projector\nscale 2\ntab Values\nstep 30\nwait 2\nexport-svg " + path("values.svg") + "\n",
            1920);
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const std::string svg = read_file(path("values.svg"));
    std::map<double, std::vector<SvgText>> rows;
    for (const SvgText& t : binary_texts(svg))
        rows[t.y].push_back(t);
    const std::vector<std::string> expected = after_pass(2);
    const std::vector<SvgText>* row = nullptr;
    for (auto& [y, texts] : rows) {
        std::sort(texts.begin(), texts.end(), [](const SvgText& a, const SvgText& b) { return a.x < b.x; });
        std::vector<std::string> shown;
        for (const SvgText& t : texts)
            shown.push_back(t.text);
        if (shown == expected && row == nullptr)
            row = &texts; // the first such row, the scatter's: pass 3's rows below show the same keys
    }
    ASSERT_NE(row, nullptr) << "no row of the keys sorted by bits 0..2 in binary; " << rows.size() << " rows";
    ASSERT_NE(after_pass(1), expected) << "the keys tell pass 1 from pass 2";
    const std::vector<SvgRect> underlines = thin_rects(svg);
    for (const SvgText& t : *row) {
        // an underline is one digit wide: the second digit's starts one width in
        const bool underlined = std::ranges::any_of(underlines, [&](const SvgRect& r) {
            return r.x > t.x + 0.5 * r.w && r.x < t.x + 1.5 * r.w && r.y > t.y - 4 && r.y < t.y + 20;
        });
        EXPECT_TRUE(underlined) << t.text << " at x " << t.x << ": bit 2 (the second digit) not underlined";
        const bool wrong_digit = std::ranges::any_of(underlines, [&](const SvgRect& r) {
            return r.x >= t.x - 1 && r.x < t.x + 0.5 * r.w && r.y > t.y - 4 && r.y < t.y + 20;
        });
        EXPECT_FALSE(wrong_digit) << t.text << ": its first digit is underlined";
    }
}

TEST_F(GuiRadixSort, EveryStepTabIsIntactAtEveryScaleInBothThemesOnBothScreens) {
    for (const char* sort : {"radix-sort-1bit", "radix-sort-4bit"})
        for (int width : {1920, 1280}) {
            std::string script;
            int checks = 0;
            for (const char* theme : {"dark", "projector"})
                for (const char* scale : {"1", "1.5", "2", "3"}) {
                    script += std::string("theme ") + theme + "\nscale " + scale + "\nwait 3\nstep 30\n";
                    for (const char* tab : {"Values", "Dataflow", "Banks", "Warps", "Global"}) {
                        script += std::string("tab ") + tab + "\ncheck-layout\n";
                        ++checks;
                    }
                }
            const ProcessResult run = gui(script, width, sort);
            EXPECT_EQ(run.exit_code, 0) << sort << " " << width << ":\n" << run.out << run.err;
            expect_clean_layout_checks(run.out, checks, std::string(sort) + " " + std::to_string(width));
        }
}

} // namespace
} // namespace prefixlab::test
