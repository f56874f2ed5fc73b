// A multi-block compaction or split as the host asks for it, on the GPU
// (kernels/gpu/gpu_grid_compact.hpp) or in the emulator (app/core/emulator/emulate_grid_compact.hpp): the
// input as 32-bit patterns, its element type, compaction or split, and the threads a block
// (kernels/grid/grid_compact_plan.hpp). One rule for the threads, both sides.
#pragma once

#include "kernels/common/compaction_predicate.hpp"
#include "kernels/common/scan_types.hpp"
#include "kernels/grid/grid_compact_plan.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace prefixlab {

// The single-pass compaction's tuned tile on the GPU (kernels/grid/single_pass_compact.cuh; measured:
// docs/compaction.md). Traced runs and the emulator hold kTracedRegisterItems elements a thread.
inline constexpr int kSinglePassCompactThreads = 256;
inline constexpr int kSinglePassCompactItems = 16;
// Staged in shared memory and written as contiguous runs: H200, 2^28 uint32, 256 x 16, 1% and 50% kept,
// 0.421 and 0.557 ms against 0.450 and 0.579 written from registers (CUB's select 0.485 and 0.596).
inline constexpr bool kSinglePassCompactStaged = true;

struct GridCompactRequest {
    std::vector<std::uint32_t> input;
    ElementType type = ElementType::uint32;
    bool split = false;
    KeepPredicate keep{}; // which elements are kept (kernels/common/compaction_predicate.hpp)
    int threads = 256;
    // One pass (kernels/grid/single_pass_compact.cuh: decoupled look-back over kept counts), not the
    // lecture's count-scan-scatter (grid_compact_plan.hpp).
    bool single_pass = false;
};

// What a compaction made: the output (compaction: the kept elements, the rest kUnwrittenPattern) and
// how many it kept.
struct GridCompactResult {
    std::vector<std::uint32_t> output;
    std::size_t kept = 0;
};

inline std::string compact_threads_rule() { return "a multiple of 32 from 32 to 1024"; }

// Throws std::invalid_argument naming the problem: no elements, or threads the rule refuses.
inline void require_compact_request(const GridCompactRequest& request) {
    if (request.input.empty())
        throw std::invalid_argument("a compaction needs at least one element");
    if (!compact_threads_valid(request.threads))
        throw std::invalid_argument("a compaction's block has " + compact_threads_rule() + " threads, not " +
                                    std::to_string(request.threads));
}

} // namespace prefixlab
