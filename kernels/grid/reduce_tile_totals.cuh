// One launch of a multi-block reduction (kernels/grid/grid_reduce_plan.hpp): block b reduces tile b of
// the level with a block reduction of the catalogue (Harris's kernels, the shuffle reductions) and
// stores the tile's total at totals[base + b], for the next level; with kAtomic every block combines
// its total atomically into totals[base] instead (the lecture's atomicAdd finish: one launch, but the
// atomics to one word are serialised in L2, and a float sum's order, so its rounding, changes from run
// to run).
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/grid/driver_launch.hpp"

#include <cstdint>

namespace prefixlab {

template <class Body, bool kAtomic>
struct ReduceTileTotals {
    static constexpr const char* kSourcePath = "kernels/grid/reduce_tile_totals.cuh";

    // A tile is threads × Body::kElementsPerThread elements; the body lays out its tree for that many.
    PL_HOST_DEVICE static constexpr SharedLayout layout(int threads) {
        return Body::layout(threads * Body::kElementsPerThread);
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const DriverLaunchIo<typename Op::value_type>& io) {
        const auto block = static_cast<std::uint32_t>(ctx.block_index());
        ScanIo<typename Op::value_type> tile = tile_io(io, block); // the last tile may be short
        tile.tile_totals = io.totals.data;
        tile.tile_totals_count = io.totals.count;
        tile.tile_total_index = io.totals_base + (kAtomic ? 0 : block);
        tile.atomic_total = kAtomic;
        Body::template run<Op>(ctx, tile);
    }
};

} // namespace prefixlab
