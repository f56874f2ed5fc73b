// A text's lines, for the code that reads text a line at a time (the source panel's steps, the quiz's
// fragments, a child process's output).
#pragma once

#include <string_view>
#include <vector>

namespace prefixlab {

// The lines of `text` without their '\n' (a last line without one counts; an empty text has none). The
// views point into `text`.
std::vector<std::string_view> split_lines(std::string_view text);

} // namespace prefixlab
