// Onesweep's look-backs (kernels/grid/onesweep_sort.cuh): in each digit pass, each tile publishes a status word
// for each of the 256 digits (word tile · 256 + digit), its count of the digit, and later the inclusive
// prefix it found by looking back over the earlier tiles' words of that digit. From a grid's accesses to
// the status words (the emulator's recording, or a traced GPU run's), each (tile, digit)'s part, in the
// scans' form (look_back.hpp); and the check that every prefix is what its polls read plus its own count,
// and the count of the digit's keys in the tiles up to its own.
#pragma once

#include "core/analysis/look_back.hpp"
#include "kernels/common/scan_types.hpp"
#include "kernels/grid/grid_access.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace prefixlab {

// One digit pass's look-backs: by word, tile · 256 + digit; a poll's predecessor is a tile index.
struct DigitPassLookBacks {
    std::uint16_t launch = 0;
    std::uint32_t tiles = 0;
    std::vector<TileLookBack> words;
};

// The passes in launch order: every launch that publishes status words; `tile` keys a tile.
std::vector<DigitPassLookBacks> digit_look_backs_of(const std::vector<GridAccessRecord>& accesses,
                                                    std::size_t n, std::uint32_t tile);

// "" when in every pass each (tile, digit) published its count of the digit's keys in its tile (tile 0 as
// its prefix), and a prefix equal to what it read, down to a predecessor's prefix, plus its count, and to
// the digit's keys in the tiles up to its own; and a digit no key of the pass has was neither published nor
// polled (the pass skips it). `keys` (their bits, read as `type`) are the sort's input: pass
// p's input is them in the order of their radix keys' low 8p bits, stable. Else the first wrong word, in one line.
std::string check_digit_look_backs(const std::vector<DigitPassLookBacks>& passes, ElementType type,
                                   const std::vector<std::uint32_t>& keys, std::uint32_t tile);

} // namespace prefixlab
