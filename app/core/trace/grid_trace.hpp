// The trace of a scan across many blocks: what the grid view, the look-back timeline and the cross-block
// dataflow show. Built by core/capture/grid_capture (emulator now; a traced GPU run records the same).
//
// Two levels of detail:
//   - element detail (N ≤ kMaxElementDetailN): the input, the output, and for every block of every launch
//     its steps and the elements it wrote, so the grid view shows each tile's values step by step;
//   - tile level (N up to kMaxGridTraceN): only what the blocks tell each other — every access to the
//     tile totals, status words and tile counter — so a run with thousands of tiles can be shown.
// Both keep every access to the arrays the blocks share, in the grid's global order: the emulator's
// schedule order, or on the GPU an atomic ticket (with %globaltimer for times).
#pragma once

#include "core/ground/kernel_names.hpp"
#include "kernels/common/compaction_predicate.hpp"
#include "kernels/common/scan_types.hpp"
#include "kernels/common/step_tag.hpp"
#include "kernels/grid/grid_access.hpp"
#include "kernels/grid/grid_scan_request.hpp" // GridSortForm

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace prefixlab {

inline constexpr int kGridTraceFormatVersion = 1;
inline constexpr std::size_t kMaxElementDetailN = 4096;
inline constexpr std::size_t kMaxGridTraceN = std::size_t(1) << 22;
// The most resident blocks an emulated grid is asked for (--resident, the script's resident=, a trace's
// config): more than the tiles act as the tiles; the bound only keeps a typo from asking for millions.
inline constexpr std::uint32_t kMaxGridResident = 4096;

struct GridTraceConfig {
    std::string driver;       // its name in kernel_names ("decoupled-look-back", "scan-then-propagate", …)
    std::uint64_t n = 0;
    std::string tile_body;    // the block scan each tile runs ("warp-shuffle", "blelloch")
    std::uint32_t tile_threads = 0;
    std::uint32_t tile = 0;   // elements per tile
    ElementType type = ElementType::uint32;
    ScanOperator op = ScanOperator::add;
    bool exclusive = false;
    InputKind input_kind = InputKind::iota;
    std::uint64_t seed = 0;
    std::string device_name;  // GPU model, or the CPU emulator's name
    bool emulated = false;
    std::uint32_t resident = 0; // the emulator's resident blocks (0 on the GPU: the hardware decided)
    std::string start_order;    // the emulator's block start order, described ("random (seed 7)"); "" on the GPU
    bool tiles_from_counter = true; // single-pass scans: tile indices from the atomic counter, else blockIdx
    bool element_detail = false;
    // Not a scan: the single-pass compaction (GridScanRequest::compaction), keeping what `keep` keeps; its
    // status words carry kept counts (uint32 +), its trace is at tile level. In the file only when true.
    bool compaction = false;
    KeepPredicate keep{};
    // Not a scan: a radix sort (GridScanRequest::sort) of the input as keys of `type`; Onesweep's status
    // words carry digit counts (uint32 +), 256 a tile. At tile level. In the file only when set.
    GridSortForm sort = GridSortForm::none;
};

// The keys a tile of a sort's grid trace holds: the textbook's threads × kSortItems, Onesweep's as the emulator
// runs it (256 × kOnesweepTracedItems) or, traced on the GPU, 256 × kOnesweepGpuTracedItems; 0 for none.
std::uint32_t grid_sort_tile(GridSortForm form, int threads, bool on_gpu = false);

// The largest index an access to the shared arrays may have: N (status words and totals are by tile or
// block), or for a sort its digit counts (the textbook's 16 a tile, Onesweep's 4 passes × 256) and
// Onesweep's status words, 256 a tile.
std::uint64_t grid_access_index_bound(const GridTraceConfig& config);

// The tile whose status word `index` is: the index itself, or Onesweep's word tile · 256 + digit's tile.
std::uint32_t status_word_tile(const GridTraceConfig& config, std::uint32_t index);

// The type and operator of what a trace's status words carry: the scan's, or a compaction's counts.
ElementType look_back_type(const GridTraceConfig& config);
ScanOperator look_back_operator(const GridTraceConfig& config);

struct GridLaunch {
    std::string name;        // "reduce tiles", "scan the totals", "decoupled look-back"…
    std::string source_path; // the kernel's source file
    std::uint32_t blocks = 0;
    std::uint32_t threads = 0;
    std::uint32_t tile = 0;  // elements a block works on, 0 where blocks take no tile
};

// One element a block wrote to its launch's output, at one of its steps; `element` counts from the
// start of the block's tile.
struct GridElementWrite {
    std::uint16_t step = 0;
    std::uint32_t element = 0;
    std::uint32_t value = 0;
    friend bool operator==(const GridElementWrite&, const GridElementWrite&) = default;
};

// One block of one launch, with element detail.
struct GridBlockRun {
    std::uint16_t launch = 0;
    std::uint32_t block = 0;
    std::uint32_t tile = 0;              // the tile it worked on (its block index, or what the counter gave it)
    std::vector<StepTag> steps;          // its steps, as a block trace's
    std::vector<GridElementWrite> writes; // in the order it made them
};

struct GridTrace {
    GridTraceConfig config;
    std::vector<std::uint32_t> input;  // element detail only
    std::vector<std::uint32_t> output; // element detail only
    std::vector<GridLaunch> launches;
    std::vector<GridAccessRecord> accesses; // in global order
    std::vector<GridBlockRun> blocks;       // element detail only; by launch, then block
    std::size_t wrong_outputs = 0;          // outputs unequal to the reference scan (checked at capture)
};

// The tile each block of `launch` worked on: what its tile-counter atomic returned, or its block index.
std::vector<std::uint32_t> tiles_of_blocks(const GridTrace& trace, std::uint16_t launch);

// Equal in everything the kernels did, tile by tile: the launches, each tile's accesses to the shared
// arrays step by step, each thread's in its program order (the order between tiles, and between the
// threads of a step, is the scheduler's), each block's writes, the output.
// What "the GPU trace equals the emulator trace" means for the deterministic drivers.
bool same_execution_by_tile(const GridTrace& a, const GridTrace& b);

// The first difference same_execution_by_tile() finds, or "" when there is none.
std::string first_grid_difference(const GridTrace& a, const GridTrace& b);

} // namespace prefixlab
