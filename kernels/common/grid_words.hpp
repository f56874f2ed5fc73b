// The global arrays the blocks of a grid share and talk through: each tile's total (or partial sum),
// each tile's status word, the tile counter. Kernels reach them only through a GridWords and the
// context's grid members (or ctx.global() for plain reads and writes), never through a bare pointer,
// so that the emulator records every access with the array's name, the index and its place in the
// grid's global order (kernels/grid/grid_access.hpp): what the grid view and the look-back timeline
// show. On the GPU, untraced, a GridWords is just the pointer.
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/common/shared_layout.hpp"

#include <cstdint>

namespace prefixlab {

template <class T>
struct GridWords {
    T* data = nullptr;
    BufferId id = BufferId::tile_totals; // tile_totals, tile_status or tile_counter
    std::uint32_t count = 0;             // elements, for the instrumented view and bounds checks
};

// The instrumented descriptor of a grid array, for ctx.global().
template <class T>
PL_HOST_DEVICE constexpr SharedBufferDesc grid_buffer(const GridWords<T>& words) {
    return global_buffer(words.id, words.count);
}

} // namespace prefixlab
