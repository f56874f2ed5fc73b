#include "core/util/printable.hpp"

#include <cstdint>

namespace prefixlab {

namespace {

// The length of the valid UTF-8 sequence starting at text[i] (RFC 3629: no overlongs, no
// surrogates, nothing above U+10FFFF), or 0 when the bytes there are not one.
std::size_t utf8_length(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(text[k]); };
    const std::uint8_t lead = byte(i);
    std::size_t length;
    std::uint8_t low = 0x80, high = 0xbf; // the second byte's range
    if (lead >= 0xc2 && lead <= 0xdf)
        length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
        length = 3;
        if (lead == 0xe0)
            low = 0xa0;
        if (lead == 0xed)
            high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
        length = 4;
        if (lead == 0xf0)
            low = 0x90;
        if (lead == 0xf4)
            high = 0x8f;
    } else
        return 0;
    if (i + length > text.size())
        return 0;
    if (byte(i + 1) < low || byte(i + 1) > high)
        return 0;
    for (std::size_t k = 2; k < length; ++k)
        if (byte(i + k) < 0x80 || byte(i + k) > 0xbf)
            return 0;
    // C1 controls (U+0080..U+009F) are not printable either
    if (length == 2 && lead == 0xc2 && byte(i + 1) < 0xa0)
        return 0;
    return length;
}

void append_escaped(std::string& out, std::uint8_t byte) {
    static const char* const digits = "0123456789abcdef";
    out += "\\x";
    out += digits[byte >> 4];
    out += digits[byte & 15];
}

std::string escaped(std::string_view text, std::size_t max_chars, bool escape_backslash) {
    std::string out;
    std::size_t shown = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        if (shown >= max_chars) {
            out += "… (" + std::to_string(text.size()) + " bytes)";
            return out;
        }
        const auto byte = static_cast<std::uint8_t>(text[i]);
        if (byte == '\\' && escape_backslash) {
            out += "\\\\";
            ++i;
        } else if (byte >= 0x20 && byte < 0x7f) {
            out += static_cast<char>(byte);
            ++i;
        } else if (const std::size_t length = byte >= 0x80 ? utf8_length(text, i) : 0; length > 0) {
            out.append(text.substr(i, length));
            i += length;
        } else {
            append_escaped(out, byte);
            ++i;
        }
        ++shown;
    }
    return out;
}

} // namespace

std::string printable(std::string_view text, std::size_t max_chars) {
    return escaped(text, max_chars, true);
}

std::string terminal_safe(std::string_view text, std::size_t max_chars) {
    return escaped(text, max_chars, false);
}

} // namespace prefixlab
