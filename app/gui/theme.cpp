#include "gui/theme.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace prefixlab::theme {

namespace {

constexpr Palette kDark{
    .cell_value = {52, 58, 72},
    .cell_unwritten = {32, 35, 42},
    .cell_written = {230, 159, 0},
    .cell_read = {86, 180, 233},
    .current_step = {0, 114, 178},
    .error = {213, 94, 0},
    .ok = {0, 158, 115},
    .background = {20, 23, 26},
    .text = {235, 235, 235},
    .input_node = {62, 96, 120},
    .edge = {105, 116, 138},
    .active_threads = {204, 121, 167},
    .progress = {0, 158, 115},
    // Okabe–Ito yellow: the one hue of the set no other mark uses.
    .differs = {240, 228, 66},
    .status_invalid = {213, 94, 0},
    .status_aggregate = {86, 180, 233},
    .status_prefix = {0, 158, 115},
    .code_keyword = {86, 180, 233},
    .code_comment = {150, 158, 170},
    .code_literal = {230, 159, 0},
    .code_preprocessor = {204, 121, 167},
    .code_step_lines = {38, 56, 78},
};

// For a projector: a white background (projectors wash out dark greys to one black), cells in light
// greys a step apart, near-black text and edges; the same Okabe–Ito hues for meaning, so a student
// who learned them on a laptop reads the hall's screen the same way.
constexpr Palette kProjector{
    .cell_value = {203, 210, 222},
    .cell_unwritten = {236, 238, 242},
    .cell_written = {230, 159, 0},
    .cell_read = {86, 180, 233},
    .current_step = {0, 114, 178},
    .error = {213, 94, 0},
    .ok = {0, 158, 115},
    .background = {255, 255, 255},
    .text = {10, 10, 10},
    .input_node = {150, 186, 212},
    .edge = {70, 70, 80},
    .active_threads = {204, 121, 167},
    .progress = {0, 158, 115},
    // Yellow vanishes on white (1.3:1): near-black, which reads as a frame beside the coloured cells.
    .differs = {10, 10, 10},
    // Sky blue is 2:1 on white: the Okabe–Ito blue instead, 5:1, still apart from green and vermillion.
    .status_invalid = {213, 94, 0},
    .status_aggregate = {0, 114, 178},
    .status_prefix = {0, 158, 115},
    // Darker than the dark theme's on white: each has at least 4.5:1 contrast (WCAG AA) there.
    .code_keyword = {0, 90, 160},
    .code_comment = {84, 90, 98},
    .code_literal = {160, 82, 0},
    .code_preprocessor = {150, 50, 110},
    .code_step_lines = {214, 232, 248},
};

Name g_current = Name::dark;

} // namespace

const Palette& palette(Name name) {
    return name == Name::projector ? kProjector : kDark;
}

const char* name_text(Name name) {
    return name == Name::projector ? "projector" : "dark";
}

std::optional<Name> name_from_text(std::string_view text) {
    for (Name n : kNames)
        if (text == name_text(n))
            return n;
    return std::nullopt;
}

const Palette& colours() {
    return palette(g_current);
}
Name current() {
    return g_current;
}
void use(Name name) {
    g_current = name;
}

double relative_luminance(double r, double g, double b) {
    const auto linear = [](double c) {
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

double contrast_ratio(Rgb a, Rgb b) {
    // The channels' linear values, once: a later step's cells ask dimmed_ink_on() for each of thousands of
    // cells when the table is rebuilt (N = 1024), up to 25 ratios each.
    static const std::array<double, 256> linear = [] {
        std::array<double, 256> table{};
        for (int v = 0; v < 256; ++v)
            table[v] = relative_luminance(v / 255.0, 0, 0) / 0.2126;
        return table;
    }();
    const auto luminance = [](Rgb c) { return 0.2126 * linear[c.r] + 0.7152 * linear[c.g] + 0.0722 * linear[c.b]; };
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

Rgb blend(Rgb a, Rgb b, float t) {
    const auto mix = [t](std::uint8_t x, std::uint8_t y) {
        return static_cast<std::uint8_t>(std::lround(x * (1 - t) + y * t));
    };
    return {mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b)};
}

Rgb dimmed_ink_on(Rgb fill) {
    const Rgb ink = ink_on(fill);
    for (float t = 0.5f; t > 0; t -= 0.02f)
        if (const Rgb c = blend(ink, fill, t); contrast_ratio(c, fill) >= kLeastTextContrast)
            return c;
    return ink;
}

Rgb ink_on(Rgb fill) {
    return contrast_ratio(kInkDark, fill) >= contrast_ratio(kInkLight, fill) ? kInkDark : kInkLight;
}

Rgb readable_on(Rgb colour, Rgb background) {
    const bool light =
        relative_luminance(background.r / 255.0, background.g / 255.0, background.b / 255.0) > 0.18;
    // Towards black on a light background, towards white on a dark one, in steps of 2% (at most 50).
    Rgb c = colour;
    for (int step = 1; step <= 50 && contrast_ratio(c, background) < kLeastTextContrast; ++step) {
        const double keep = 1.0 - step * 0.02;
        const auto mix = [&](std::uint8_t v) {
            return static_cast<std::uint8_t>(std::lround(light ? v * keep : 255 - (255 - v) * keep));
        };
        c = {mix(colour.r), mix(colour.g), mix(colour.b)};
    }
    return c;
}

} // namespace prefixlab::theme
