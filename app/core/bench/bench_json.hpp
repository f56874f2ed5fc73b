// Benchmark results files: versioned JSON, documented in docs/bench-format.md. Reading is strict:
// a malformed file is a BenchFileError whose one-line message names the file, the field and the
// problem ("malformed results file 'h100.json': points[3].ms.median: expected a number, found null"),
// so a plot or table is never drawn from half-understood numbers. Reading is bounded
// (docs/input-limits.md): a file of at most kMaxResultsFileBytes, JSON nested at most kMaxJsonDepth
// deep, at most the points, algorithms and skipped lines below, free text kept cut and escaped, and a
// value quoted in a message cut and escaped.
#pragma once

#include "core/bench/bench_results.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace prefixlab {

class BenchFileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// What one results file may hold. The largest run `prefixlab bench` makes within its ranges (every
// algorithm, scan, power of two from 2^0 to 2^34, block size and tuned tile) is 20,310 points of 23
// algorithms with fewer than 700 skipped lines; real free text is under 100 characters (a command line
// a few hundred). More is refused in one line naming the limit; longer text is kept cut, escaped as
// printable() does ("aaaa… (10240 bytes)"), so that a 10 KB label cannot cost the Benchmark tab a
// second a frame.
inline constexpr std::size_t kMaxBenchItems = 65536;        // points, and skipped lines
inline constexpr std::size_t kMaxBenchAlgorithms = 256;     // distinct algorithm names: a plot's series each
inline constexpr std::size_t kMaxBenchTextChars = 256;      // a label, a name, a device, a date
inline constexpr std::size_t kMaxBenchLongTextChars = 4096; // the command line, a skipped line

// The version written. Reading takes this one and version 1 (whose points are all uint32 +, inclusive).
inline constexpr int kBenchFormatVersion = 2;

// The run as a results file's text: pretty-printed, 2-space indent, keys in the documented order.
// Writes what it is given, even a run the reader would reject (tests build malformed files this way).
std::string bench_run_to_json(const BenchRun& run);

// Parses and checks a results file's text, in memory: the reader read_bench_json calls (and the one
// to fuzz). `source_name` (a path, usually) only names the file in errors:
// BenchFileError("malformed results file 'SOURCE': WHERE: WHAT"); nothing else escapes.
BenchRun bench_run_from_json(std::string_view text, const std::string& source_name);

// Atomic: the file appears whole or not at all. A run the reader would reject (an unverified point,
// non-finite times, stats that do not match their samples, …) is not written:
// BenchFileError("cannot write results file 'PATH': WHERE: WHAT"). FileError on an unwritable path.
void write_bench_json(const std::string& path, const BenchRun& run);

// The text write_bench_json writes, after the same read-back check (BenchFileError naming `path`):
// for writers that commit it with other files (bench_export.hpp).
std::string checked_bench_json(const BenchRun& run, const std::string& path);

// BenchFileError("cannot read results file 'PATH': REASON") for a file that cannot be read (not a
// regular file, over the size limit, unreadable), "malformed results file …" as above for one that
// does not follow the format.
BenchRun read_bench_json(const std::string& path);

} // namespace prefixlab
