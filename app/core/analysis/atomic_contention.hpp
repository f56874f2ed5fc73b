// Atomic contention (issue 37), per step: the words a step's atomics reach and how many threads' atomics meet at
// each, from how many warps — the lecture's picture of a histogram's bins, global or privatised (every thread of
// a bin at one output word; a warp's copy reached by its own lanes only; one lane a bin and warp once
// aggregated). Shared and global atomics alike; the Banks tab shows the shared ones, the Global tab the global
// ones. What the hardware makes of a warp's lanes at one word is the bank model's (bank_conflicts.hpp: on the
// H200 one turn for a count whose result is unused, one a lane where it is used).
#pragma once

#include "core/trace/trace.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace prefixlab {

struct AtomicWord {
    BufferId buffer = BufferId::output;
    std::uint32_t word = 0;   // the buffer's own index: a shared buffer's word from its start, a global element
    std::uint32_t lanes = 0;  // threads whose atomic reaches the word in the step
    std::uint32_t warps = 0;  // the warps they belong to
    bool result_unused = true; // every one of them drops the old value (kAccessResultUnused)
};

// The step's atomics on shared memory (`shared`) or on the global arrays, word by word in buffer and word order.
std::vector<AtomicWord> atomic_words(const Trace& trace, std::size_t step, bool shared);

// "bins[1]", "output[3]": a word as the caption names it (`buffer` its name, the kernel's own where it has one).
std::string atomic_word_name(const std::string& buffer, std::uint32_t word);

} // namespace prefixlab
