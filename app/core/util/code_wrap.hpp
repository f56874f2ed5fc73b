// A line of code too long for its column, cut between tokens: at spaces only, never inside a token, so a
// hall never reads "stride /" and "/= 2) {" as two lines (the quiz wrapped its fragments wherever Dear
// ImGui's word wrap found a '/' or a '-': "s[i - / offset]").
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace prefixlab {

// `line` in pieces of at most `width` characters, cut at spaces: the first keeps the line's indentation,
// the others are indented `hang` spaces more. A token longer than the room stays whole on a piece of its
// own (the caller shrinks the font before it comes to that). `width` 0 or a line that fits: one piece.
std::vector<std::string> wrap_code_line(std::string_view line, std::size_t width, std::size_t hang = 4);

} // namespace prefixlab
