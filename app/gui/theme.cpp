#include "gui/theme.hpp"

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

const Palette& palette(Name name) { return name == Name::projector ? kProjector : kDark; }

const char* name_text(Name name) { return name == Name::projector ? "projector" : "dark"; }

std::optional<Name> name_from_text(std::string_view text) {
    for (Name n : kNames)
        if (text == name_text(n))
            return n;
    return std::nullopt;
}

const Palette& colours() { return palette(g_current); }
Name current() { return g_current; }
void use(Name name) { g_current = name; }

} // namespace prefixlab::theme
