// What the grid view draws, from a grid trace and its steps (grid_steps.hpp), with no drawing in it:
// the array's tiles across, grid steps down; each cell the tile's state after that step — with element
// detail its values (the blocks' element writes up to the step, the input where none has written yet),
// else nothing but what the tiles told each other, and an arrow for everything that crossed blocks:
//   - single-pass scans: each tile's aggregate and inclusive prefix from its status-word releases, and
//     each look-back poll, from the predecessor's status word to the tile that read it, in the step it
//     was made, with the status it saw;
//   - multi-launch drivers: their tile totals, as boxes and arrows (grid_totals.hpp).
#pragma once

#include "core/analysis/grid_steps.hpp"
#include "core/analysis/grid_totals.hpp"
#include "core/analysis/look_back.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace prefixlab {

// A value a tile published on its status word, and the grid step it published it in.
struct PublishedValue {
    std::uint32_t bits = 0;
    std::uint32_t step = 0;
};

// What a tile published in one launch that has status words, and that launch's grid steps: a single-pass
// scan has one such launch, Onesweep one a digit pass (its words start again invalid in each).
struct LaunchWords {
    std::uint32_t first_step = 0, last_step = 0;
    std::optional<PublishedValue> aggregate, prefix;
};

struct GridTileColumn {
    std::uint32_t tile = 0;
    std::uint32_t first_element = 0, elements = 0; // its slice of the array
    std::uint32_t block = 0;                       // the block of the last launch that scanned it
    std::optional<PublishedValue> aggregate, prefix; // in the first launch with status words
    std::vector<LaunchWords> words;                  // in every launch with status words, in launch order
};

// The tile's status word as the grid stood after `step`: what it published up to that step in the step's
// launch; invalid in a launch without status words.
struct StatusWord {
    TileStatus status = TileStatus::invalid;
    std::uint32_t bits = 0;
};
StatusWord status_after(const GridTileColumn& column, std::uint32_t step);

// Polls of one predecessor by one tile in one step that saw the same status, merged: a tile that waited
// five polls on an invalid word is one arrow with polls = 5 (the view labels it ×5).
struct GridPollArrow {
    std::uint32_t from_tile = 0; // the predecessor whose status word was read
    std::uint32_t to_tile = 0;   // the tile that read it
    std::uint32_t step = 0;
    TileStatus seen = TileStatus::invalid;
    std::uint32_t value_bits = 0; // the value of the last of the merged polls
    std::uint32_t polls = 1;
    std::uint64_t first_order = 0; // the first merged poll's place in the global order
    // Whether the look-back combined what this poll read: false for a window's lanes past the nearest
    // prefix, which read a word and left it (kernels/grid/decoupled_look_back.cuh); the view dims those.
    bool combined = true;
    friend bool operator==(const GridPollArrow&, const GridPollArrow&) = default;
};

// How many predecessors back a look-back's arcs stay bold in the Grid view. The arc of a poll `d` tiles back
// rises 0.4 + 0.2·d of the arc area (capped at 0.9), so from 3 back every arc reaches the same height, and a
// deep look-back's arcs (a 1024-tile trace reads up to 4 back) tangled into one band there: past this depth
// they are drawn faint (thin and dimmed), as a window's reads it left are.
inline constexpr std::uint32_t kBoldLookBackDepth = 2;
// Whether the Grid view draws `arrow` faint: a read the look-back left, or one past kBoldLookBackDepth.
bool faint_arrow(const GridPollArrow& arrow);

struct GridViewModel {
    bool element_detail = false;
    std::uint32_t tile = 0; // elements per tile
    std::vector<GridTileColumn> columns; // by tile: every tile of the array
    std::vector<GridPollArrow> arrows;   // by step, then global order
    GridTotals totals;                   // multi-launch drivers
    bool status_words = false;           // the trace has status-word accesses (a single-pass scan)
    // element detail: [step][element] the value after the step, and whether the step wrote it
    std::vector<std::vector<std::uint32_t>> values;
    std::vector<std::vector<std::uint8_t>> written;
    std::vector<std::uint32_t> input;
};

GridViewModel build_grid_view_model(const GridTrace& trace, const GridSteps& steps);

} // namespace prefixlab
