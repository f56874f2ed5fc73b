// What every Trace guarantees to the views and analyses, checked in one place. The loader
// (read_trace_json) and assemble_trace (GPU and emulator) both end with this check, so a trace that
// loads always displays: the trace index, the dataflow graph, the bank analysis and the views rely on
// the guarantees below and do not check them again. If one of them still finds a violation, that is
// a bug in PrefixLab (an internal error), not a problem with the user's file.
//
// Guarantees of a valid trace:
//  Shape
//   - 1 <= config.n <= kMaxTraceElements, 1 <= config.block_threads <= kMaxTraceThreads,
//     config.shared_words <= kMaxTraceSharedWords.
//   - config.buffers: 1..SharedLayout::kMaxBuffers shared buffers (data, ping, pong, warp_totals),
//     each id at most once, each inside shared_words, no two overlapping; padding <= kMaxTracePadding.
//   - input and output hold n values, the check n entries.
//   - 1..kMaxTraceSteps steps; every step's shared snapshot holds shared_words values (bits and
//     defined flags of 0 or 1). With config.records_registers, every step's registers,
//     registers_taken (0 or 1) and register_sources hold block_threads entries (sources two each);
//     without, all three are empty.
//  Accesses
//   - In canonical order (step, warp, seq, lane), so each step's accesses are one contiguous run, and
//     (step, thread, seq) is unique: a source reference names at most one access.
//   - step < steps, thread < block_threads, seq <= kMaxAccessSeq.
//   - A shared access names a buffer of config.buffers and a word inside that buffer; an input access
//     is a read and an output access a write, of an element < n; a shuffle is a read of a source
//     thread < block_threads, only in traces that record registers. Reads carry no sources.
//  Provenance (each source is kNoSource, kTooManySources or a well-formed reference)
//   - A write of thread t at (step k, seq q): a read reference "s:r" names a read of thread t with
//     seq r in step s that came before it (s < k, or s == k and r < q); a register reference "s:reg"
//     needs config.records_registers, s < k and thread t's register snapshotted at the end of step s.
//   - Thread t's register snapshot at the end of step k: when not taken it has no sources; a read
//     reference names a read of thread t in a step s <= k; a register reference an earlier snapshot
//     of thread t (s < k, taken).
#pragma once

#include "core/trace/trace.hpp"
#include "kernels/common/cuda_limits.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace prefixlab {

inline constexpr int kMaxTraceElements = 1 << 20;
inline constexpr int kMaxTraceThreads = kMaxBlockThreads;
inline constexpr std::uint32_t kMaxTraceSharedWords = 48 * 1024 / 4; // 48 KB of shared memory
inline constexpr std::uint32_t kMaxTracePadding = 1024;

// The first guarantee `trace` breaks, as one line naming the place ("accesses: step 3, thread 5,
// seq 2: source \"2:1\" is not a read of thread 5"), or nullopt for a valid trace. Takes
// O(accesses · log accesses) time and no memory beyond a few words per shared word.
std::optional<std::string> find_trace_violation(const Trace& trace);

// The index in trace.accesses of thread `thread`'s access with `seq` in `step`, or nullopt. Needs
// canonical order (every valid trace has it); O(log accesses).
std::optional<std::size_t> find_access(const Trace& trace, std::uint32_t step, std::uint32_t thread,
                                       std::uint32_t seq);

} // namespace prefixlab
