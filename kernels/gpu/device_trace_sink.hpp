// The device buffers a traced GPU kernel writes its trace into (see RawTrace for their meaning).
// Passed by value as a kernel parameter; all pointers are device pointers.
#pragma once

#include "kernels/common/trace_records.hpp"

#include <cstdint>

namespace prefixlab {

enum TraceErrorFlag : std::uint32_t {
    kTraceStepOverflow = 1u << 0,
    kTraceIndexOutOfBounds = 1u << 1,
    kTraceTooManyAccesses = 1u << 2, // more than kMaxAccessSeq accesses by one thread in one step
};

struct DeviceTraceSink {
    AccessRecord* accesses = nullptr;
    std::uint32_t access_capacity = 0;
    std::uint32_t* access_count = nullptr;
    StepTag* steps = nullptr;
    std::uint32_t* step_count = nullptr;
    std::uint32_t* shared = nullptr;
    std::uint8_t* shared_taken = nullptr;
    std::uint32_t shared_words = 0;
    std::uint32_t* registers = nullptr;
    std::uint8_t* registers_taken = nullptr;
    std::uint32_t* register_sources = nullptr; // [step][thread][2]
    std::uint32_t threads = 0;
    std::uint32_t* error_flags = nullptr;
};

} // namespace prefixlab
