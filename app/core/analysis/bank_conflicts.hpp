// Shared-memory bank conflicts, the one analysis every view, export and test calls, so the heatmap,
// the statistics and the Nsight Compute validation cannot drift apart.
//
// A warp-wide instruction is the set of shared accesses with equal (step, warp, kind, order), where
// `order` counts a thread's loads (or its stores) within the step: the k-th load of every lane of a
// warp is one load instruction, as the compiled kernel issues it. Global input/output accesses and
// shuffles are not shared memory and take no part.
//
// For 4-byte words, bank = word mod 32, where word is the offset from the start of the block's shared
// memory (so buffers laid one after another get their real banks). An instruction's conflict degree
// is the largest number of distinct words its active lanes touch in one bank (lanes on the same word
// are a broadcast, not a conflict); it costs degree - 1 extra wavefronts. On an H100 these equal
// Nsight Compute's l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum minus
// smsp__sass_inst_executed_op_shared_ld.sum (and _st), summed over the kernel: see
// tests/ncu/validate_bank_conflicts.py.
//
// Shared-memory atomics (an access with kAccessAtomic: bucket-by-atomics' atomicAdd) are neither loads nor stores:
// Nsight Compute counts them apart (..._op_atom). An atomic's read and write are one instruction (`atomic`), grouped
// by its read among the thread's atomics of the step and listed after the step's loads and stores. Its wavefronts,
// as Nsight Compute counted them on the H200 (tests/ncu/validate_bank_conflicts.py, docs/histogram.md): where the
// threads use the old value (a slot taken from a cursor), one a lane on the busiest bank: lanes at one word take
// turns, most_lanes_on_a_word - 1 of them wait; where they drop it (a count, kAccessResultUnused), as a load's,
// the distinct words of the busiest bank, however many lanes meet at a word: none waits. The Banks tab shows an
// atomic's row as the lanes on each bank's busiest word.
#pragma once

#include "core/trace/trace.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace prefixlab {

inline constexpr std::uint32_t kBanks = 32;

// The bank of a 4-byte shared-memory word.
constexpr std::uint32_t bank_of(std::uint32_t word) { return word % kBanks; }

struct WarpInstruction {
    std::uint32_t step = 0;
    std::uint32_t warp = 0;
    AccessKind kind = AccessKind::read;
    std::uint32_t order = 0;                     // the k-th load (or store) of each lane in the step
    std::uint32_t active_lanes = 0;              // bit l set: lane l takes part
    std::array<std::uint8_t, kBanks> distinct_words{}; // per bank: distinct words touched
    std::uint32_t degree = 0;                    // max over banks of distinct_words
    bool broadcast = false;                      // some word is touched by more than one lane
    bool atomic = false;                         // a shared atomic (its reads; kind read)
    bool result_unused = false;                  // an atomic whose old value its threads drop (kAccessResultUnused)
    std::array<std::uint8_t, kBanks> lanes_on_word{}; // per bank: the lanes on its busiest word
    std::uint32_t most_lanes_on_a_word = 0;      // the most lanes that touch one word
    std::uint32_t most_lanes_on_a_bank = 0;      // the most lanes that touch one bank's words
    std::vector<std::uint32_t> accesses;         // indices into Trace::accesses, by lane
    // Beyond the first. A load's, a store's and an unused-result atomic's: degree - 1. An atomic whose result is
    // used: its lanes on one bank take turns, word or not (most_lanes_on_a_bank - 1).
    std::uint32_t extra_wavefronts() const {
        const std::uint32_t wavefronts = atomic && !result_unused ? most_lanes_on_a_bank : degree;
        return wavefronts > 0 ? wavefronts - 1 : 0;
    }
    // An atomic's lanes that wait for another lane at their word: none where the result is unused.
    std::uint32_t lanes_waiting() const {
        return atomic && !result_unused && most_lanes_on_a_word > 0 ? most_lanes_on_a_word - 1 : 0;
    }
};

struct BankTotals {
    std::uint64_t loads = 0;           // warp-wide shared load instructions
    std::uint64_t stores = 0;          // warp-wide shared store instructions
    std::uint64_t load_conflicts = 0;  // extra wavefronts of the loads
    std::uint64_t store_conflicts = 0; // extra wavefronts of the stores
    std::uint64_t atomics = 0;          // warp-wide shared atomic instructions
    std::uint64_t atomic_conflicts = 0; // their extra wavefronts (sum of degree - 1)
    std::uint64_t serialised = 0;       // their lanes that wait at a word (sum of most_lanes_on_a_word - 1)
    friend bool operator==(const BankTotals&, const BankTotals&) = default;
};

struct BankAnalysis {
    std::vector<WarpInstruction> instructions; // by step, then warp, then program order; a step's atomics last
    std::vector<std::size_t> first_of_step;    // [steps + 1]: instructions of step k are [first[k], first[k+1])
    std::vector<BankTotals> steps;             // per step
    BankTotals total;
};

BankAnalysis analyse_bank_conflicts(const Trace& trace);

} // namespace prefixlab
