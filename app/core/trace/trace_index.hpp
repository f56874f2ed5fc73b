// Facts about a trace that views ask for every frame, computed once when the trace is loaded: which
// words each step wrote and read, and which thread did it.
#pragma once

#include "core/trace/trace.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

inline constexpr std::uint32_t kNoThread = 0xffffffffu;

struct StepAccesses {
    std::vector<std::uint8_t> written;        // [shared_words]: 1 if some thread wrote the word
    std::vector<std::uint8_t> read;           // [shared_words]: 1 if some thread read the word
    std::vector<std::uint32_t> writer;        // [shared_words]: the last thread that wrote it, or kNoThread
    std::vector<std::uint8_t> active_threads; // [block_threads]: 1 if the thread accessed anything
    std::size_t first_access = 0;             // this step's accesses: [first_access, end_access)
    std::size_t end_access = 0;
};

struct TraceIndex {
    std::vector<StepAccesses> steps;
};

TraceIndex index_trace(const Trace& trace);

} // namespace prefixlab
