// The races a trace recorded, each said with both threads: a read of a shared word that another
// thread wrote in the same step, with no barrier between them. Either the reader got the new value
// ("thread 32 read data[16] after thread 16 overwrote it in this step") or, this time, the old one
// ("thread 5 read data[4] before thread 4 overwrote it in this step"); both are the race.
// Which reads raced, what they got and which writer to name is read_origin.hpp's answer.
#pragma once

#include "core/trace/trace.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace prefixlab {

struct RaceNote {
    std::uint32_t step = 0;
    std::uint32_t reader = 0;
    std::uint32_t writer = 0;    // the other thread that wrote the word in the same step
    std::int64_t element = 0;    // the word's logical index in its buffer
    bool saw_new_value = false;  // the read returned the writer's value, not the one from before the step
    std::string text;            // the sentence above
};

// Every racy read, in the trace's canonical access order (by step). O(accesses · log accesses).
std::vector<RaceNote> race_notes(const Trace& trace);

} // namespace prefixlab
