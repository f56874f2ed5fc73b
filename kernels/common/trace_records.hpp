// The records a traced kernel writes, identical on the GPU and in the emulator. An access is one
// source-level read or write of an instrumented buffer by one thread; `seq` is its order among that
// thread's accesses in the step, so accesses with equal (step, warp, seq) form one warp-wide
// instruction. A shuffle is recorded as a read whose buffer is kShuffleSource and whose word is the
// source thread. A write records where its value came from (traced_value.hpp).
#pragma once

#include "kernels/common/shared_layout.hpp"
#include "kernels/common/step_tag.hpp"
#include "kernels/common/traced_value.hpp"

#include <cstdint>

namespace prefixlab {

enum class AccessKind : std::uint8_t { read = 0, write = 1 };

inline constexpr std::uint8_t kShuffleSource = 0xfe;

// AccessRecord::flags: the access is the read or the write of an atomic (atomicAdd on a shared word): threads that
// reach one word with atomics in one step take turns, so they do not race, and a word an atomic wrote may be
// written again in the same step.
inline constexpr std::uint8_t kAccessAtomic = 1;
// With kAccessAtomic: the thread drops the atomic's old value (InstrumentedArray::atomic_add_unused, a histogram's
// count). The hardware treats it apart: on the H200, Nsight Compute counts one shared-memory wavefront for a warp's
// atomicAdd(&word, 1) with its result unused however many lanes meet at the word, and one a lane at the word for
// an atomicAdd whose result is used (docs/histogram.md).
inline constexpr std::uint8_t kAccessResultUnused = 2;

// The pattern a traced kernel fills shared memory with before it starts: words still holding it were
// never written, and views show them as empty.
inline constexpr std::uint32_t kUnwrittenPattern = 0xdeadbeefu;

// Fixed bound on the steps of one traced block. The scans and reductions need fewer than 40; the 1-bit
// radix sort (kernels/block/radix_sort_bits.cuh) makes 2 + passes x (2 + 2 ceil(log2 N)) steps: 706 for
// 1024 keys that differ in all 32 bits.
inline constexpr std::uint32_t kMaxTraceSteps = 1024;

struct AccessRecord {
    std::uint16_t step;
    std::uint16_t thread;
    std::uint8_t seq;
    std::uint8_t buffer; // BufferId, or kShuffleSource
    AccessKind kind;
    std::uint8_t flags; // kAccessAtomic (and kAccessResultUnused), or 0
    std::uint32_t word;       // absolute word in shared memory, element of a global array, or source thread
    std::uint32_t value;      // the value read or written, as bits
    std::uint32_t sources[2]; // writes: where the value came from; reads: kNoSource
};

static_assert(sizeof(AccessRecord) == 24, "AccessRecord is copied raw from the GPU");

PL_HOST_DEVICE constexpr std::uint32_t warp_of(std::uint32_t thread) { return thread / 32u; }
PL_HOST_DEVICE constexpr std::uint32_t lane_of(std::uint32_t thread) { return thread % 32u; }

} // namespace prefixlab
