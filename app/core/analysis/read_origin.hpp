// Where the value of a shared-memory read came from, and whether the read raced: the one answer the
// dataflow's edges, the race notes and the Values table's arrows all take (issue 12; each used to
// carry its own copy of the rule, and the race notes' differed).
//
// A read in step k of word w by thread t got one of:
//   - the word's value from before the step (the last shared snapshot before step k);
//   - t's own last write of w in step k before the read (seq order is t's program order);
//   - another thread's write of w in step k: there is no barrier between them, a race.
// The read raced when another thread wrote w in step k and t had not written w itself before the
// read. Own writes count only *before* the read (the dataflow's definition, the most precise): a
// thread that reads w and then writes it, while another thread also writes w, raced on that read —
// the race notes used to skip it because the reader wrote w "at some time in the step".
// Once t has written w in the step, t's write is taken as the source even if another thread also
// wrote w: which of the two t then sees is the later write-write race, not this read's.
//
// The value decides between "before" and "another thread's": a read whose value differs from the one
// before the step (or reads a word no snapshot holds yet) and equals a value another thread wrote in
// the step got that write — the first such one in canonical order. A read of the old value, where
// another thread wrote the word, is a race this run happened to win.
#pragma once

#include "core/trace/trace.hpp"
#include "core/trace/trace_index.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace prefixlab {

enum class ReadSource : std::uint8_t { before_step, own_write, other_write };

inline constexpr std::size_t kNoAccess = static_cast<std::size_t>(-1);

struct ReadOrigin {
    ReadSource source = ReadSource::before_step;
    // own_write, other_write: the index in trace.accesses of the write whose value the read got.
    std::size_t write = kNoAccess;
    // racy: the thread whose write it got (other_write), or else the first other thread in canonical
    // order that wrote the word in the step. kNoThread when the read did not race.
    std::uint32_t other_writer = kNoThread;
    bool racy = false;
};

// True for an access of a shared word (not a shuffle, not global memory): the accesses this file is about.
bool is_shared_word_access(const AccessRecord& access);

// The trace's accesses of step `step`: [first, end) of trace.accesses (empty if it has none).
std::pair<std::size_t, std::size_t> accesses_of_step(const Trace& trace, std::uint32_t step);

// One step's shared-word writes, indexed once so that each read is answered in O(log writes): the
// load-time test's synthetic trace has every thread write one word several times a step, where
// scanning a word's writes for each read of it would be quadratic. Building is O(w log w) in the
// step's writes. Reusable: index() again for the next step keeps the allocations.
class StepWriteIndex {
public:
    // Indexes the writes among trace.accesses[first, end), which must all belong to one step. The
    // trace must outlive the index's use.
    void index(const Trace& trace, std::size_t first, std::size_t end);

    // Where `read` got its value. `read` must be a read of a shared word (is_shared_word_access) in the
    // indexed step; anything else is answered "before the step, no race".
    ReadOrigin origin_of(const AccessRecord& read) const;

private:
    struct Write {
        std::uint32_t word, thread, seq, value;
        std::size_t access;
    };
    std::optional<std::uint32_t> value_before_step(std::uint32_t word) const;

    const Trace* trace_ = nullptr;
    std::uint32_t step_ = 0;
    std::vector<Write> by_thread_;         // by (word, thread, seq)
    std::vector<Write> by_word_;           // by word, then canonical order
    std::vector<Write> by_value_;          // by (word, value), then canonical order
    std::vector<std::size_t> word_other_;  // [by_word_ run start]: first entry of another thread, or none
    std::vector<std::size_t> value_other_; // [by_value_ run start]: likewise
};

} // namespace prefixlab
