// The tile status word of the single-pass scans (chained scan, decoupled look-back).
//
// Each tile of the array owns one 64-bit word in global memory, zero before the launch. The upper half
// says how far the tile has got, the lower half carries the 4-byte value that goes with it:
//
//   invalid    0   nothing published yet: a successor that needs this tile must wait
//   aggregate  1   the value is the tile's own total (its reduction), published as soon as it is known
//   prefix     2   the value is the inclusive prefix: everything from element 0 to the tile's end
//
// Status and value live in one word so that a reader sees both from one transaction: published with a
// single 64-bit release store, read with a single 64-bit acquire load. With two words a reader could
// see "prefix" and then read a value written before it (or the other way round); with one word that
// cannot happen, and a successor needs no second load (Merrill & Garland 2016, §4.4; CUB packs status
// and value the same way for 4-byte types).
#pragma once

#include "kernels/common/host_device.hpp"

#include <cstdint>

namespace prefixlab {

enum class TileStatus : std::uint32_t { invalid = 0, aggregate = 1, prefix = 2 };

PL_HOST_DEVICE constexpr std::uint64_t pack_tile_status(TileStatus status, std::uint32_t value_bits) {
    return static_cast<std::uint64_t>(status) << 32 | value_bits;
}
PL_HOST_DEVICE constexpr TileStatus status_of(std::uint64_t word) {
    return static_cast<TileStatus>(word >> 32);
}
PL_HOST_DEVICE constexpr std::uint32_t value_bits_of(std::uint64_t word) {
    return static_cast<std::uint32_t>(word & 0xffffffffu);
}

// What a polling thread waits for, handed to the context's spin_wait() between two polls: the GPU
// backs off for a while (more the longer it has waited); the emulator lets another resident block run
// and, when no block can ever publish what every resident block waits for, names these in its
// deadlock message.
struct TileWait {
    std::uint32_t tile = 0;                 // the tile whose thread waits
    std::uint32_t awaited_tile = 0;         // the predecessor whose word it polls
    TileStatus needed = TileStatus::prefix; // prefix (chained scan), or aggregate: any status (look-back)
    std::uint32_t polls = 0;                // how many polls found it invalid so far
};

} // namespace prefixlab
