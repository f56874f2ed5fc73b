// What a file dropped on the window (or picked in the file browser) is, decided by its content, not
// its name: PrefixLab's JSON formats name themselves in their top-level "format" field
// ("prefixlab-trace" and "prefixlab-grid-trace", docs/trace-format.md; "prefixlab-bench",
// docs/benchmarks.md). Only that field is looked at here, with a linear scan that builds no JSON tree;
// the file is then opened by its own strict reader, which checks everything else.
#pragma once

#include <string>
#include <string_view>

namespace prefixlab {

enum class FileKind { trace, grid_trace, results, lesson, other };

// The kind of a document from its text. `lesson` for Markdown whose first line that is not blank is a title
// ("# …", docs/lessons.md); else `other` for anything that is not a JSON object whose top-level "format" is
// one of the three names (a trace's "format" nested inside another object does not count).
FileKind file_kind_of_text(std::string_view text);

struct FileKindResult {
    FileKind kind = FileKind::other;
    std::string problem; // for `other`: one line, "cannot open 'PATH': …"
};

// Reads `path` through the bounded reader (at most the larger of the trace and results limits) and
// classifies it. Never throws: an unreadable file is `other` with the reader's one-line reason.
FileKindResult file_kind_of(const std::string& path);

} // namespace prefixlab
