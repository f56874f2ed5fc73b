// What a grid trace may hold, as one set of numbers that the writer, the reader and the capture all
// read, so that every trace PrefixLab writes reads back (issue 31: `grid-trace --driver atomic-global
// --n 65536` wrote 130 MB that its own reader refused at 64 MiB, and at --tile-threads 4 grew past
// 17 GB before anything said no).
//
// The file's size is the limit; the rest follows from it. A row of the accesses table is at most
// kLongestGridAccessRowBytes long, and the rest of the file (the config, the launches, element detail)
// at most kMaxGridTraceFrameBytes, so a trace of at most kMaxGridTraceAccesses accesses always fits.
// A run that would make more is refused before it runs where the request tells (grid_trace_cost.hpp),
// and stopped when it reaches the count where only the run can tell (a single-pass scan's polls). The
// writer still counts the exact bytes before it creates the file, and refuses what would not read back.
#pragma once

#include "core/util/input_limits.hpp"

#include <cstddef>
#include <cstdint>
#include <stdexcept>

namespace prefixlab {

// The reader's limit for a grid trace, the writer's for what it writes. Opening a 64 MiB grid trace
// takes about 1.4 GB (the JSON tree, then the views' tables; docs/input-limits.md).
inline constexpr std::uint64_t kMaxGridTraceFileBytes = kMaxTraceFileBytes;

// The longest row the reader accepts, with its separating comma: launch < 64 (2 digits), block and
// index < 2^22 (7), thread < 1024 (4), step < 2^16 (5), value and time_ns 20, operand 10, the longest
// names ("tile_counter", "acquire") 14 and 9 with their quotes, 9 commas, 2 brackets.
inline constexpr std::size_t kLongestGridAccessRowBytes = 110;

// The rest of a grid trace at most. Measured: element detail (N <= 4096) at its largest is 4.25 MB
// (decoupled-look-back, 4-thread warp-shuffle tiles, random floats); tile level, a few KB.
inline constexpr std::size_t kMaxGridTraceFrameBytes = std::size_t(8) << 20;

// Most accesses a grid trace holds: 2^19 = 524,288. A GPU look-back of 2^22 elements in 4096 tiles
// records a few tens of thousands; the atomic global scan makes T(T-1)/2 for T tiles, so about a
// thousand tiles at most.
inline constexpr std::size_t kMaxGridTraceAccesses = std::size_t(1) << 19;
static_assert(kMaxGridTraceAccesses * kLongestGridAccessRowBytes + kMaxGridTraceFrameBytes <= kMaxGridTraceFileBytes,
              "a grid trace of the most accesses must fit the file limit");

// Most launches a grid driver makes (the deepest spine: scan and propagate at each of 11 levels of 4-element tiles at 2^22).
inline constexpr std::size_t kMaxGridLaunches = 64;

// A grid trace that would pass a limit above: refused before the run, stopped during it, or refused
// by the writer before it creates the file. The message names the limit and what would fit.
class GridTraceTooLarge : public std::length_error {
public:
    using std::length_error::length_error;
};

} // namespace prefixlab
