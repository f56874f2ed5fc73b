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

// Text that reads on a fill: near-black on light fills, near-white on dark ones (by luminance).
inline constexpr Rgb kInkDark{20, 20, 20};
inline constexpr Rgb kInkLight{235, 235, 235};
constexpr Rgb ink_on(Rgb fill) {
    // Rec. 709 luma in 0..255; 140 keeps white text on Okabe–Ito blue and black on orange.
    const int luma = (2126 * fill.r + 7152 * fill.g + 722 * fill.b) / 10000;
    return luma > 140 ? kInkDark : kInkLight;
}

// Packs a colour as Dear ImGui's ImU32 (ABGR in memory order R, G, B, A).
constexpr std::uint32_t packed(Rgb c, std::uint8_t alpha = 255) {
    return std::uint32_t(c.r) | std::uint32_t(c.g) << 8 | std::uint32_t(c.b) << 16 | std::uint32_t(alpha) << 24;
}

} // namespace prefixlab::theme
