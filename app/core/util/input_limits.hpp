// Every file PrefixLab reads is read through one bounded reader, with limits far above any real
// file, so that a hostile or accidental input (/dev/zero, a FIFO, a 20 GB file, a script with no
// newline) costs a one-line error instead of runaway memory or a hang. The limits are documented in
// docs/input-limits.md; each refusal names the limit it hit.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace prefixlab {

// A file was refused: not a regular file, unreadable, or over a limit. The message is one line,
// "cannot read WHAT 'PATH': REASON".
class InputLimitError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The largest files PrefixLab reads, in bytes. Measured (docs/input-limits.md): the largest trace the
// app can record is 2.4 MB (blelloch-padded, N = 2048, random floats; 1.0 MB as int32), the shipped
// H100 results (378 points of 20 repetitions) 0.69 MB. A results file grows by 27 bytes a repetition
// and 1.3 KB a point: every algorithm at every N to 2^34 with a block sweep at each and 1000
// repetitions (the most --reps allows) would be about 52 MB, which kMaxResultsFileBytes still admits.
// Traces: the reader parses the whole file into a JSON tree of about 14 times its size before the
// trace is checked, so this limit is what bounds the time and memory of opening one. 64 MiB is 27
// times the largest trace PrefixLab records (2.4 MB: float blelloch-padded, N = 2048). Measured on
// the 2-core machine, opening valid synthetic traces in the GUI (tests/tools/make_synthetic_trace.cpp,
// `/usr/bin/time -v prefixlab --trace F --script quit`, load average ~4.5): 40 MB in 2.5-2.8 s and
// 0.60 GB, 65 MB (just under the limit) in 4.0 s and 0.97 GB. A 200 MB one is refused at once
// (0.00 s, 7 MB); read, it would take 9.6 s and 2.8 GB, mostly the JSON tree. Since issue 31 the
// value count (kMaxJsonValues) binds first for such traces: 27.9 MB opens (3.2 s, 510 MB), 40 MB is
// refused before it is parsed (0.23 s, 48 MB).
inline constexpr std::uint64_t kMaxTraceFileBytes = 64ull << 20;
inline constexpr std::uint64_t kMaxResultsFileBytes = 64ull << 20;
inline constexpr std::uint64_t kMaxScriptFileBytes = 1ull << 20;
inline constexpr std::size_t kMaxScriptLineBytes = 4096;
// The deepest nesting of JSON arrays and objects either format uses is 6 (results:
// points[].phases[].ms; a trace reaches 5); deeper input is refused before it is parsed (nlohmann's
// dump() recurses, and an 80,000-deep value overflowed the stack).
inline constexpr int kMaxJsonDepth = 32;

// Reads the whole of a regular file of at most `max_bytes` bytes. `what` names the file's role in
// messages ("trace", "results file", "script"). Refuses directories, devices, FIFOs and sockets
// (following symbolic links, as opening does) before reading a byte; a file that grows past the
// limit while it is read is refused too.
std::string read_bounded_file(const std::string& path, std::uint64_t max_bytes, std::string_view what);

// The same, its refusal thrown as the reader's own error type with the same one line.
template <class Error>
std::string read_bounded_file_as(const std::string& path, std::uint64_t max_bytes, std::string_view what) {
    try {
        return read_bounded_file(path, max_bytes, what);
    } catch (const InputLimitError& e) {
        throw Error(e.what());
    }
}

// The most values (numbers, strings, arrays, objects…) a JSON file may hold. nlohmann's tree takes
// 16 bytes a value and more for each array: a 63 MB array of 31 million zeros within the byte limit
// took 1.1-1.3 GB to parse (issue 31). The largest real files: a grid trace of the most accesses,
// 524,288 rows of 10 values (5.3 million) and its element detail (under a million); a results file of
// 2,300 points of 1000 repetitions (2.3 million); a block trace under a million.
inline constexpr std::size_t kMaxJsonValues = std::size_t(1) << 23;

// Throws std::invalid_argument naming the limit when `text` nests JSON arrays or objects deeper than
// `max_depth`, or holds more than `max_values` values (brackets, commas and quotes inside strings do
// not count). Linear and iterative: it runs before the parser, which would build the whole tree.
void check_json_depth(std::string_view text, int max_depth = kMaxJsonDepth, std::size_t max_values = kMaxJsonValues);

} // namespace prefixlab
