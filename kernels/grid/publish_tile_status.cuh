// Publishing a tile's status word: one 64-bit store through the context, so that the GPU and the
// emulator publish the same way (untraced st.relaxed.gpu, traced st.release.gpu: kernels/gpu/
// cuda_context.cuh and cuda_grid_context.cuh say why).
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/common/value_bits.hpp"
#include "kernels/common/grid_words.hpp"
#include "kernels/grid/tile_status.hpp"

#include <cstdint>

namespace prefixlab {

template <class T, class Ctx>
PL_BODY void publish_tile_status(Ctx& ctx, GridWords<std::uint64_t> status, std::uint32_t tile, TileStatus what,
                                 T value) {
    ctx.store_status(status, tile, pack_tile_status(what, to_bits(value)));
}

} // namespace prefixlab
