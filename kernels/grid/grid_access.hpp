// One access to a grid's shared arrays (kernels/common/grid_words.hpp), as a grid trace records it: which block and
// thread, which array and index, what kind of access and the value, and its place in the grid's global
// order. The emulator numbers accesses as its schedule makes them; a traced GPU run takes the order
// from an atomic ticket and the time from %globaltimer.
#pragma once

#include "kernels/common/shared_layout.hpp"

#include <cstdint>

namespace prefixlab {

// read, write: plain accesses through ctx.global(); atomic: ctx.atomic_combine() (value = the word
// before, operand = what was combined in); release: a status word published; acquire: one polled.
enum class GridAccessKind : std::uint8_t { read, write, atomic, release, acquire };

// The most steps one block of a grid may open: what a step number in the records can hold (the
// two-level scan opens one a tile of its run: 65536 tiles of 64 elements = 2^22 in one run).
inline constexpr std::uint32_t kMaxGridBlockSteps = 0x10000;

struct GridAccessRecord {
    std::uint64_t order = 0;   // place in the grid's global order, from 0, across every launch
    std::uint64_t time_ns = 0; // GPU: %globaltimer; emulator: 0
    std::uint64_t value = 0;   // the word read, written, or before the atomic (status words: 64 bits)
    std::uint32_t operand = 0; // atomic: the value combined in
    std::uint32_t index = 0;   // element of the array
    std::uint32_t block = 0;   // blockIdx.x of the block that made it
    std::uint16_t thread = 0;
    std::uint16_t step = 0;    // the block's step (its trace's step index) when it made it
    std::uint16_t launch = 0;  // which kernel launch of the driver, from 0
    BufferId buffer = BufferId::tile_totals;
    GridAccessKind kind = GridAccessKind::read;
};

} // namespace prefixlab
