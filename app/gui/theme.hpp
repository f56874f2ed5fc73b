// PrefixLab's colours, named by meaning, in two themes: `dark` for a screen, `projector` for a hall
// (light background, high contrast). Data colours come from the Okabe–Ito palette in both, which
// stays distinguishable with the common colour-vision deficiencies and on washed-out projectors. The
// GUI tests look for these exact colours in screenshots, so views draw data cells with them opaque.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace prefixlab::theme {

struct Rgb {
    std::uint8_t r, g, b;
    friend constexpr bool operator==(Rgb, Rgb) = default;
};

struct Palette {
    // Table and diagram cells.
    Rgb cell_value;     // a word holding a value
    Rgb cell_unwritten; // a word nothing has written yet
    Rgb cell_written;   // written in this step (Okabe–Ito orange)
    Rgb cell_read;      // read in this step (Okabe–Ito sky blue)
    Rgb current_step;   // the current step's band (Okabe–Ito blue)
    Rgb error;          // Okabe–Ito vermillion
    Rgb ok;             // Okabe–Ito bluish green
    Rgb background;     // the window's clear colour
    Rgb text;           // text on the background
    Rgb input_node;     // an input element in the dataflow diagram
    Rgb edge;           // a dataflow edge
    Rgb active_threads; // threads at work in a step (Okabe–Ito reddish purple)
    Rgb progress;       // a long job's progress bar (Okabe–Ito bluish green)
    Rgb differs;        // side by side: a value unlike the other side's (a frame and a corner mark)
    // A single-pass scan's tile status word, as a poll saw it or a tile published it (the views of scans
    // across blocks); the views also tell them apart by shape and label, never by colour alone.
    Rgb status_invalid;   // nothing published yet: the reader waits (Okabe–Ito vermillion)
    Rgb status_aggregate; // the tile's own total (Okabe–Ito sky blue; blue on the projector's white)
    Rgb status_prefix;    // the inclusive prefix (Okabe–Ito bluish green)
    // The source panel: syntax colours, and the background of the body lines that ran in the step.
    Rgb code_keyword;
    Rgb code_comment;
    Rgb code_literal;
    Rgb code_preprocessor;
    Rgb code_step_lines;
};

enum class Name { dark, projector };
inline constexpr Name kNames[] = {Name::dark, Name::projector};

const Palette& palette(Name name);
const char* name_text(Name name);                     // "dark", "projector"
std::optional<Name> name_from_text(std::string_view); // the inverse; nullopt for anything else

// The theme the window draws with now. Views read colours() every frame, so a switch shows at once.
const Palette& colours();
Name current();
void use(Name name); // also restyles Dear ImGui's widgets (imgui_layer.cpp applies it)

// WCAG 2's relative luminance of an sRGB colour (channels 0..1) and the contrast ratio of two colours
// (1 to 21). Text needs at least kLeastTextContrast against what is under it (WCAG AA); the layout check
// measures every text of a checked frame against it (gui/layout/text_contrast.hpp).
inline constexpr double kLeastTextContrast = 4.5;
double relative_luminance(double r, double g, double b);
double contrast_ratio(Rgb a, Rgb b);

// Text that reads on a fill: near-black or white, whichever has the higher contrast. (A luma threshold
// chose white on Okabe–Ito blue, 4.35:1 in a grey of 235, and white on the warp view's teal, 2.5:1.)
inline constexpr Rgb kInkDark{20, 20, 20};
inline constexpr Rgb kInkLight{255, 255, 255};
Rgb ink_on(Rgb fill);

// A data colour as text on `background`: the colour itself where it reads (at least kLeastTextContrast),
// else the same hue darkened (on a light background) or lightened (on a dark one) until it does. The
// projector's orange status line was 2.25:1 on white, its green verdicts 3.4:1, its vermillion 3.9:1.
Rgb readable_on(Rgb colour, Rgb background);

// `a` mixed with `b`: t = 0 is a, 1 is b.
Rgb blend(Rgb a, Rgb b, float t);
// The ink of a later, dimmed step on its (dimmed) fill: the faintest mix of ink_on(fill) towards the fill,
// at most half way, that still reads (kLeastTextContrast). A plain 50% blend read at 2.3:1 on the dark
// theme's dimmed orange and 2.9:1 on the projector's dimmed grey.
Rgb dimmed_ink_on(Rgb fill);

// Packs a colour as Dear ImGui's ImU32 (ABGR in memory order R, G, B, A).
constexpr std::uint32_t packed(Rgb c, std::uint8_t alpha = 255) {
    return std::uint32_t(c.r) | std::uint32_t(c.g) << 8 | std::uint32_t(c.b) << 16 |
           std::uint32_t(alpha) << 24;
}

} // namespace prefixlab::theme
