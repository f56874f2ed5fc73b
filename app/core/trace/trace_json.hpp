// Reading and writing trace files: versioned JSON, documented in docs/trace-format.md. Reading is
// strict: anything malformed is a TraceFormatError whose one-line message names the field and the
// problem ("steps[3].shared: expected 8 values, found 7").
#pragma once

#include "trace.hpp"

#include <iosfwd>
#include <stdexcept>
#include <string>

namespace prefixlab {

class TraceFormatError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

void write_trace_json(const Trace& trace, std::ostream& out);
Trace read_trace_json(std::istream& in);

// Atomic save (FileError on an unwritable path); load names the file in every error message.
void save_trace_file(const Trace& trace, const std::string& path);
Trace load_trace_file(const std::string& path);

} // namespace prefixlab
