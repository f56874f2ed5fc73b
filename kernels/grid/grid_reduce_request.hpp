// A multi-block reduction as the host asks for it, on the GPU (kernels/gpu/gpu_grid_reduce.hpp) or
// in the emulator (app/core/emulator/emulate_grid_reduce.hpp): the input as 32-bit patterns, the
// element type and operator, the block reduction of the catalogue, its threads a block, and the finish
// (kernels/grid/grid_reduce_plan.hpp). One rule for the threads, both sides.
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_types.hpp"
#include "kernels/grid/grid_input.hpp"
#include "kernels/grid/grid_reduce_plan.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>

namespace prefixlab {

struct GridReduceRequest : GridInput {
    BlockAlgorithm algorithm{}; // a block reduction (KernelKind::block_reduce)
    ReduceFinish finish = ReduceFinish::recursive;
    int threads = 256;
};

inline constexpr int kMinReduceThreads = 32;
inline constexpr int kMaxReduceThreads = 1024;

// A power of two from 32 to 1024 whose tile the body reduces with exactly that many threads (its tree
// is as wide as its threads; the shuffle tails need whole warps).
template <class Body>
constexpr bool reduce_threads_valid(int threads) {
    return threads >= kMinReduceThreads && threads <= kMaxReduceThreads &&
           Body::threads_for(threads * Body::kElementsPerThread) == threads;
}

inline std::string reduce_threads_rule() { return "a power of two from 32 to 1024"; }

// Throws std::invalid_argument, naming the rule, where reduce_threads_valid refuses `threads`.
template <class Body>
void require_reduce_threads(int threads) {
    if (!reduce_threads_valid<Body>(threads))
        throw std::invalid_argument("a reduction's block has " + reduce_threads_rule() + " threads, not " +
                                    std::to_string(threads));
}

} // namespace prefixlab
