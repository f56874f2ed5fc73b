// Text from the user or a file, made safe to quote in a one-line message: bytes that are not
// printable UTF-8 (control characters, invalid sequences, a newline) are shown as \xNN, and long
// text is cut with a note of its length, so a 20 MB value gives an 80-character message and raw
// bytes never reach the terminal.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace prefixlab {

inline constexpr std::size_t kMaxQuotedChars = 80;

// `text` with every byte that is not part of a printable UTF-8 character escaped as \xNN (and a
// backslash as \\), cut after about `max_chars` characters: "abc…" plus " (20971520 bytes)".
std::string printable(std::string_view text, std::size_t max_chars = kMaxQuotedChars);

// A file name for a message: escaped like any text, but cut only beyond PATH_MAX (4096 bytes on
// Linux), so the user sees the whole of any real path (cut at 80, a path in a test's temporary
// folder lost its file name).
inline constexpr std::size_t kMaxQuotedPathChars = 4096;
inline std::string printable_path(std::string_view path) {
    return printable(path, kMaxQuotedPathChars);
}

// The last line of defence for a whole message (report_error): like printable() but a backslash stays
// as it is, so the parts that printable() already quoted pass through unchanged (a quoted \xff does
// not become \\xff) while any byte that reached the message unquoted is still escaped.
std::string terminal_safe(std::string_view text, std::size_t max_chars);

} // namespace prefixlab
