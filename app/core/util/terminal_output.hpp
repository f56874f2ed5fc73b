// Everything PrefixLab prints to a terminal goes through here: the command line's tables and
// summaries, the scripted GUI's reports (bench-report, report-grid, report-settings, …), notices and
// errors. Much of it quotes text that came from a file — a results file's label, an algorithm or
// device name, a CSV's row names, a trace's step labels — and a file may hold ESC]0;…BEL (retitle the
// window), ESC[2J (clear the screen) or ESC[31m. So every byte that printable.hpp's terminal_safe()
// escapes is shown as \xNN here, whatever the text's origin, and only the newlines that end lines pass
// through: one policy for every print, not a printable() call remembered at each one.
// (tests/cpu/test_terminal_output.cpp checks that nothing in app/ prints any other way.)
#pragma once

#include <cstdio>
#include <string_view>

namespace prefixlab {

// Writes `text` to `stream` (stdout or stderr) with control bytes and invalid UTF-8 escaped as \xNN,
// newlines kept; nothing is cut. Does not flush: callers that show progress flush as before.
void print_to_terminal(std::FILE* stream, std::string_view text);

// printf's formatting, then print_to_terminal. The escaping comes after the formatting, so a "%-30s"
// column is padded by the text as it was, then widened by any \xNN.
[[gnu::format(printf, 2, 3)]] void printf_to_terminal(std::FILE* stream, const char* format, ...);

} // namespace prefixlab
