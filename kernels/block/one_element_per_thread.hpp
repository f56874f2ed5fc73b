// The shape of the block kernels that keep one element a thread in one shared array of n words and
// work on it in place: Hillis–Steele's quiz twin (hillis_steele_barrier_in_branch.cuh) and the
// compaction's flags (compact_split.cuh). A kernel derives from OneElementPerThread and adds its body
// and its catalogue entry. hillis_steele.cuh and hillis_steele_racy.cuh declare the same members
// themselves: their source lines are recorded in the golden traces (tests/cli/test_trace_golden.cpp).
#pragma once

#include "kernels/common/cuda_limits.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/shared_layout.hpp"

#include <cstdint>

namespace prefixlab {

struct OneElementPerThread {
    static constexpr int kMaxN = kMaxBlockThreads;
    static constexpr int kElementsPerThread = 1;
    static constexpr bool kWatchesRegisters = false;

    PL_HOST_DEVICE static constexpr int threads_for(int n) { return n; }

    PL_HOST_DEVICE static constexpr SharedLayout layout(int n) {
        SharedLayout layout;
        layout.add(BufferId::data, static_cast<std::uint32_t>(n));
        return layout;
    }
};

} // namespace prefixlab
