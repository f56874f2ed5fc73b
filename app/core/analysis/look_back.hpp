// Each tile's part in a single-pass scan (chained or decoupled look-back), from a grid trace's accesses
// to the tile counter and the status words: when it took its tile, published its aggregate, each poll
// of a predecessor's status word (what it saw), and when it published its inclusive prefix. The
// look-back timeline draws these; check_look_backs() proves each tile's prefix from what it read.
#pragma once

#include "core/trace/grid_trace.hpp"
#include "kernels/grid/tile_status.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace prefixlab {

// When something happened: its place in the global order, and the GPU's clock (0 in the emulator).
struct GridMoment {
    std::uint64_t order = 0;
    std::uint64_t time_ns = 0;
};

struct LookBackPoll {
    GridMoment at;
    std::uint32_t predecessor = 0;
    TileStatus seen = TileStatus::invalid;
    std::uint32_t value_bits = 0;
};

struct TileLookBack {
    std::uint32_t tile = 0;
    std::uint32_t block = 0;
    std::optional<GridMoment> taken;     // its tile-counter atomic (none with tiles by block index)
    std::optional<GridMoment> aggregate; // its aggregate published (look-back, tiles after the first)
    std::optional<GridMoment> prefix;    // its inclusive prefix published
    std::uint32_t aggregate_bits = 0;
    std::uint32_t prefix_bits = 0;       // the inclusive prefix it published
    std::vector<LookBackPoll> polls;     // in order (a window's lanes poll several predecessors at once)
    std::uint32_t depth = 0;             // predecessors it combined, back to the nearest prefix (1: its
                                         // predecessor's); a window reads more, which it leaves out
    std::uint32_t waits = 0;             // polls that found a predecessor's word still invalid
};

// The predecessors a tile's look-back combined, nearest first: from tile - 1 back to the nearest whose last
// poll showed a prefix (a poll's predecessor is a tile index). Empty when the polls skip a predecessor, end
// on an invalid word or before a prefix, and for tile 0.
std::vector<LookBackPoll> combined_polls(const TileLookBack& tile);

// One entry per tile, by tile index; empty when the trace has no status words (not a single-pass scan).
std::vector<TileLookBack> look_backs_of(const GridTrace& trace);

// "" when every tile's published prefix equals the combination of what it read (each predecessor's last
// value, down to the first prefix) with its own aggregate, and equals the reference prefix of the input
// up to the tile's end (float sums within the reference check's rounding bound); else the first tile
// that does not, in one line. The input is regenerated from the trace's configuration when it holds none.
std::string check_look_backs(const GridTrace& trace, const std::vector<TileLookBack>& tiles);

// The look-backs in a few words, for status lines, from look_backs_of() and check_look_backs()' verdict:
// "look-backs consistent", "look-back inconsistent: …", or "no look-back" (a multi-launch driver's trace).
std::string look_back_summary(const std::vector<TileLookBack>& tiles, const std::string& verdict);

// The furthest any tile looked back, and the mean over the tiles after the first.
struct LookBackDepths {
    std::uint32_t deepest = 0;
    double mean = 0;
};
LookBackDepths look_back_depths(const std::vector<TileLookBack>& tiles);

} // namespace prefixlab
