// What a block that belongs to an emulated grid tells its grid (emulated_grid.hpp): that it wrote
// global memory other blocks may be waiting on, and that it cannot go on before other blocks have run.
// A separate interface so that EmulatedBlock knows nothing of how the grid schedules its blocks.
#pragma once

#include "kernels/grid/grid_access.hpp"
#include "kernels/grid/tile_status.hpp"

namespace prefixlab {

class GridLink {
public:
    // A status word or the tile counter changed: a block that waited may now go on.
    virtual void on_global_write() = 0;
    // An access to an array the blocks share: the grid gives it its place in the global order and the
    // launch, and keeps it for the grid trace.
    virtual void record(GridAccessRecord access) = 0;
    // Suspends the calling block so that other resident blocks run; returns when it is its turn again.
    // `wait`: what the block spins on; nullptr when it only made a global synchronisation operation.
    virtual void yield_block(const TileWait* wait) = 0;

protected:
    ~GridLink() = default;
};

} // namespace prefixlab
