// Global-memory coalescing (issue 15), the one analysis the statistics, views and the Nsight Compute
// validation share, as bank_conflicts.hpp is for shared memory.
//
// A warp-wide global instruction is the set of a block's accesses to its input or output with equal
// (step, warp, kind, order), where `order` counts a thread's global loads (or stores) within the step:
// the k-th global load of every lane of a warp is one load instruction. It is one request to the L1;
// the request moves every 32-byte sector its active lanes touch, each once. A 4-byte element e of an
// array lies in sector e / 8: cudaMalloc aligns arrays to 256 bytes, so sector boundaries fall every 8
// elements from element 0. A warp reading 32 consecutive elements from a multiple of 8 needs 4
// sectors; 32 elements 2 apart, 8; 32 in different sectors, 32.
//
// On an H100 the totals are meant to equal Nsight Compute's l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
// and l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum (and _st, _red, _atom): tests/ncu/validate_coalescing.py
// checks them for every kernel, and docs/coalescing.md explains each difference it finds.
#pragma once

#include "core/trace/trace.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

inline constexpr std::uint32_t kSectorBytes = 32;
inline constexpr std::uint32_t kElementsPerSector = kSectorBytes / 4;

// The sector of a 4-byte element of a 256-byte-aligned array.
constexpr std::uint32_t sector_of(std::uint32_t element) { return element / kElementsPerSector; }

struct GlobalInstruction {
    std::uint32_t step = 0;
    std::uint32_t warp = 0;
    AccessKind kind = AccessKind::read;
    BufferId buffer = BufferId::input;
    std::uint32_t order = 0;        // the k-th global load (or store) of each lane in the step
    std::uint32_t active_lanes = 0; // bit l set: lane l takes part
    std::uint32_t sectors = 0;      // distinct sectors the active lanes touch
    bool atomic = false;            // a global atomic (counted apart, below), not a load or a store
    bool result_used = false;       // an atomic whose old value the thread uses (op_atom; else op_red)
    std::vector<std::uint32_t> accesses; // indices into Trace::accesses, by lane
};

struct CoalescingTotals {
    std::uint64_t load_requests = 0;
    std::uint64_t load_sectors = 0;
    std::uint64_t store_requests = 0;
    std::uint64_t store_sectors = 0;
    // Global atomics (histogram-global-atomics' counts): a warp's atomicAdd is one request of its own kind. Its lanes
    // that meet at one word take turns: it moves its words' sectors in passes, the k-th lane of each word in pass k,
    // so the busiest word's lanes decide its sectors (the contention view's "lanes at a word"). Nsight Compute's
    // _op_red where the old value is dropped (a RED instruction), _op_atom where it is used (docs/histogram.md).
    std::uint64_t reduction_requests = 0;
    std::uint64_t reduction_sectors = 0;
    std::uint64_t atomic_requests = 0;
    std::uint64_t atomic_sectors = 0;
    friend bool operator==(const CoalescingTotals&, const CoalescingTotals&) = default;
};

struct CoalescingAnalysis {
    std::vector<GlobalInstruction> instructions; // loads and stores, by step, then warp, then program order
    std::vector<std::size_t> first_of_step;      // [steps + 1]
    std::vector<CoalescingTotals> steps;         // per step
    CoalescingTotals total;
};

CoalescingAnalysis analyse_coalescing(const Trace& trace);

} // namespace prefixlab
