// Reading and writing trace files: versioned JSON, documented in docs/trace-format.md. Reading is
// strict: anything malformed is a TraceFormatError whose one-line message names the field and the
// problem ("steps[3].shared: expected 8 values, found 7"). Reading is bounded (docs/input-limits.md):
// at most kMaxTraceFileBytes of text, nested at most kMaxJsonDepth deep, and a value quoted in a
// message is cut and escaped.
#pragma once

#include "core/trace/trace.hpp"

#include <iosfwd>
#include <stdexcept>
#include <string>
#include <string_view>

namespace prefixlab {

class TraceFormatError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

void write_trace_json(const Trace& trace, std::ostream& out);

// A trace from its JSON text, in memory: the reader every other one calls (and the one to fuzz).
// Any malformed text is a TraceFormatError; nothing else escapes.
Trace trace_from_json_text(std::string_view text);
// Reads at most kMaxTraceFileBytes from `in` (more is a TraceFormatError), then as above.
Trace read_trace_json(std::istream& in);

// Atomic save (FileError on an unwritable path); load names the file in every error message:
// "cannot read trace 'PATH': REASON" (not a regular file, over the size limit, unreadable) or
// "malformed trace 'PATH': WHERE: WHAT".
void save_trace_file(const Trace& trace, const std::string& path);
Trace load_trace_file(const std::string& path);

} // namespace prefixlab
