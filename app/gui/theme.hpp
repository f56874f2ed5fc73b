// PrefixLab's colours, named by meaning. Data colours come from the Okabe–Ito palette, which stays
// distinguishable with the common colour-vision deficiencies and on washed-out projectors. The GUI
// test looks for these exact colours in screenshots, so views must draw data cells with them opaque.
#pragma once

#include <cstdint>

namespace prefixlab::theme {

struct Rgb {
    std::uint8_t r, g, b;
};

// Grid and diagram cells.
inline constexpr Rgb kCellValue{52, 58, 72};        // a word holding a value
inline constexpr Rgb kCellUnwritten{32, 35, 42};    // a word nothing has written yet
inline constexpr Rgb kCellWritten{230, 159, 0};     // written in this step (Okabe–Ito orange)
inline constexpr Rgb kCellRead{86, 180, 233};       // read in this step (Okabe–Ito sky blue)
inline constexpr Rgb kCurrentStep{0, 114, 178};     // the current step's band (Okabe–Ito blue)
inline constexpr Rgb kTextOnDark{235, 235, 235};
inline constexpr Rgb kTextOnLight{20, 20, 20};
inline constexpr Rgb kError{213, 94, 0};            // Okabe–Ito vermillion
inline constexpr Rgb kOk{0, 158, 115};              // Okabe–Ito bluish green
inline constexpr Rgb kBackground{20, 23, 26};        // the window's clear colour
inline constexpr Rgb kInputNode{62, 96, 120};        // an input element in the dataflow diagram
inline constexpr Rgb kEdge{105, 116, 138};           // a dataflow edge
inline constexpr Rgb kActiveThreads{204, 121, 167};  // threads at work in a step (Okabe–Ito reddish purple)
inline constexpr Rgb kProgress{0, 158, 115};         // a long job's progress bar (Okabe–Ito bluish green)

// Packs a colour as Dear ImGui's ImU32 (ABGR in memory order R, G, B, A).
constexpr std::uint32_t packed(Rgb c, std::uint8_t alpha = 255) {
    return std::uint32_t(c.r) | std::uint32_t(c.g) << 8 | std::uint32_t(c.b) << 16 | std::uint32_t(alpha) << 24;
}

} // namespace prefixlab::theme
