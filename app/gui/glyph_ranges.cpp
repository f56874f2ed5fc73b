#include "gui/glyph_ranges.hpp"

namespace prefixlab {

// Latin-1 plus the symbols PrefixLab's labels use: Greek (δ), punctuation (— …), letterlike symbols
// (ℓ, a lane in the shuffle narration), arrows, mathematical operators (− ∞ ⊕ ≤) and geometric
// shapes (▶ ■).
const std::uint16_t* glyph_ranges() {
    static const std::uint16_t ranges[] = {
        0x0020, 0x00FF, // Basic Latin, Latin-1 Supplement
        0x0370, 0x03FF, // Greek
        0x2000, 0x206F, // General Punctuation
        0x2100, 0x214F, // Letterlike Symbols
        0x2190, 0x21FF, // Arrows
        0x2200, 0x22FF, // Mathematical Operators
        0x25A0, 0x25FF, // Geometric Shapes
        0,
    };
    return ranges;
}

bool has_glyph(char32_t code_point) {
    for (const std::uint16_t* r = glyph_ranges(); r[0] != 0; r += 2)
        if (code_point >= r[0] && code_point <= r[1])
            return true;
    return false;
}

} // namespace prefixlab
