// What the multi-launch drivers (scan-then-propagate, reduce-then-scan, two-level, atomic-global) tell
// each other, for the grid view and the narration: their tile totals, from the trace's tile_totals
// accesses alone, in global order.
//
// Every word of the totals array has a home, the tiles it stands under: word i < G (G = the blocks of
// the last launch, the one that writes the output) is group i's — tile i's, or two-level's run i's —
// which is how every multi-launch driver lays out its first level of totals; a word above (a deeper
// spine level's total) stands under the tiles of the words its writer read before it wrote it.
//   - boxes: each word as a step left it, where the step wrote or combined into it (Σ its first write,
//     a tile's total; P a later write, the word scanned in place; + atomics, a partial sum);
//   - arrows: everything that crossed blocks through the totals — each read from the word's home (the
//     box its last writer left, found in global order) to the reading block's tiles, each atomic from
//     the adding block's tiles to the word's home. A block of a launch of G blocks stands at its group;
//     a block of another launch (a spine) works on the totals themselves and stands at the word's home,
//     so its reads are arrows straight down. One block's reads of one word (every thread reads the
//     prefix) are one arrow; a step with more arrows than a lecture can follow keeps, for each reader,
//     one arrow from its nearest source with the count it stands for (atomic-global makes T(T-1)/2).
#pragma once

#include "core/analysis/grid_steps.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace prefixlab {

enum class TotalsWordKind : std::uint8_t { total, scanned, partial };

// A run of columns (tiles): [first, first + count).
struct TileSpan {
    std::uint32_t first = 0, count = 0;
    float centre() const { return static_cast<float>(first) + static_cast<float>(count) / 2; }
    friend bool operator==(const TileSpan&, const TileSpan&) = default;
};

struct GridTotalsBox {
    std::uint32_t step = 0;
    std::uint32_t index = 0; // word of the totals array
    TileSpan home;
    std::uint32_t depth = 0; // 0: a word of the first level; 1 +: a spine level's own total, under them
    TotalsWordKind kind = TotalsWordKind::total;
    std::uint32_t bits = 0;  // the word after the step
    std::uint32_t changes = 0; // writes or atomics into it in the step
};

struct GridTotalsArrow {
    std::uint32_t step = 0;
    TileSpan from, to;
    std::uint32_t index = 0; // the word read or combined into
    bool atomic = false;
    TotalsWordKind seen = TotalsWordKind::total; // read: what the word was (Σ, P or +); atomic: partial
    std::uint32_t bits = 0;  // read: the value read; atomic: the value combined in
    std::uint32_t accesses = 1;  // the reads (or atomics) it stands for
    std::uint32_t sources = 1;   // thinned: the arrows into one reader it stands for
    std::uint64_t first_order = 0;          // its first access's place in the global order
    std::optional<std::uint64_t> writer;    // reads: the last write or atomic of the word before it
    std::uint32_t writer_step = 0;
};

// Per grid step: the tile_totals accesses of its kinds, and how many arrows it had before thinning.
struct TotalsStepCounts {
    std::uint64_t reads = 0, writes = 0, atomics = 0;
    std::uint64_t words_read = 0, words_changed = 0; // distinct words
    std::uint64_t arrows = 0;
    bool thinned = false;
};

struct GridTotals {
    std::uint32_t groups = 0, tiles_per_group = 1; // G, and the tiles of each (the last group may have fewer)
    std::uint32_t depth = 0;                       // the deepest box's depth
    std::vector<GridTotalsBox> boxes;              // by step, then index
    std::vector<GridTotalsArrow> arrows;           // by step, then global order
    std::vector<TotalsStepCounts> counts;          // [step]
    bool any() const { return !counts.empty() && (!boxes.empty() || !arrows.empty()); }
};

// Above this many arrows in a step (and 2 per group), each reader keeps one (thinned).
inline constexpr std::uint64_t kMostTotalsArrowsPerStep = 64;

GridTotals build_grid_totals(const GridTrace& trace, const GridSteps& steps, std::uint32_t tiles);

} // namespace prefixlab
