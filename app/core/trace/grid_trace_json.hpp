// Reading and writing grid trace files (docs/trace-format.md, "Grid traces"): versioned JSON, so that a
// grid trace recorded on a GPU replays anywhere. Reading is strict and bounded like the block trace
// reader's (trace_json.hpp): every malformed or out-of-range field is a TraceFormatError naming it in
// one line; sizes are checked before anything is allocated from them.
#pragma once

#include "core/trace/grid_trace.hpp"
#include "core/trace/grid_trace_limits.hpp"
#include "core/trace/trace_json.hpp"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>

namespace prefixlab {

// Writes the trace; the accesses are streamed row by row (a JSON tree of a million rows took about
// 600 bytes a row, and its destruction aborted the process when memory ran out). Throws
// GridTraceTooLarge before writing a byte when the text would be longer than kMaxGridTraceFileBytes.
void write_grid_trace_json(const GridTrace& trace, std::ostream& out);

// The exact length of the text write_grid_trace_json() writes.
std::uint64_t grid_trace_json_bytes(const GridTrace& trace);
GridTrace grid_trace_from_json_text(std::string_view text);

// Whether a document is a grid trace (its "format" field), without reading the rest: how a file
// dialog tells the two kinds of trace apart.
bool is_grid_trace_text(std::string_view text);

// Atomic save (FileError on an unwritable path); load names the file in every error message, as
// load_trace_file does.
void save_grid_trace_file(const GridTrace& trace, const std::string& path);
GridTrace load_grid_trace_file(const std::string& path);

} // namespace prefixlab
