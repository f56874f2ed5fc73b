// Reading and writing grid trace files (docs/trace-format.md, "Grid traces"): versioned JSON, so that a
// grid trace recorded on a GPU replays anywhere. Reading is strict and bounded like the block trace
// reader's (trace_json.hpp): every malformed or out-of-range field is a TraceFormatError naming it in
// one line; sizes are checked before anything is allocated from them.
#pragma once

#include "core/trace/grid_trace.hpp"
#include "core/trace/trace_json.hpp"

#include <iosfwd>
#include <string>
#include <string_view>

namespace prefixlab {

// Most accesses a grid trace file may hold: a GPU look-back of 2^22 elements in 4096 tiles records a
// few tens of thousands; this leaves room for long waits and stays far below the file size limit's worth.
inline constexpr std::size_t kMaxGridTraceAccesses = std::size_t(1) << 22;
inline constexpr std::size_t kMaxGridLaunches = 64;

void write_grid_trace_json(const GridTrace& trace, std::ostream& out);
GridTrace grid_trace_from_json_text(std::string_view text);

// Whether a document is a grid trace (its "format" field), without reading the rest: how a file
// dialog tells the two kinds of trace apart.
bool is_grid_trace_text(std::string_view text);

// Atomic save (FileError on an unwritable path); load names the file in every error message, as
// load_trace_file does.
void save_grid_trace_file(const GridTrace& trace, const std::string& path);
GridTrace load_grid_trace_file(const std::string& path);

} // namespace prefixlab
