// Warp divergence, from a trace (issue 15's divergence view): in each step, how many lanes of each warp
// did anything — a load, a store or a shuffle. Lanes that took the other side of a branch, or had no
// element, make no access in the step and count as idle. Harris's kernel 1 (`if (i % (2·stride) == 0)`)
// leaves every warp partly active, so each pays for a whole warp; kernel 3 (`if (i < stride)`) leaves
// whole warps idle, which cost nothing: the heat strip shows the difference at a glance.
#pragma once

#include "core/trace/trace.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

struct WarpActivityStep {
    std::vector<std::uint8_t> lanes; // [warp]: active lanes, 0..32
    std::uint32_t active = 0;        // active lanes over the block
    std::uint32_t divergent = 0;     // warps with some lanes active and some idle
    std::uint32_t busy = 0;          // warps with any lane active: what the step issues instructions for
};

struct WarpActivity {
    std::uint32_t warps = 0;
    std::uint32_t lanes = 0;  // the block's threads: 32 a warp, fewer in a last partial warp
    std::vector<WarpActivityStep> steps;

    // The lanes warp w has (32, or the block's remainder for its last warp).
    std::uint32_t lanes_of(std::uint32_t warp) const;
    // Active lanes over the lanes of the busy warps: the fraction of the issued lanes doing work (1 for
    // kernel 3's steps, whose idle warps issue nothing; 1/2, 1/4, … for kernel 1's).
    double issued_efficiency(std::size_t step) const;
};

WarpActivity analyse_warp_activity(const Trace& trace);

} // namespace prefixlab
