// Every fact PrefixLab asks about a kernel, as one table of run-time values built once from the kernel
// catalogue (kernels/kernel_catalog.hpp): a row per catalogue kernel, in its order (the row's index is the
// kernel's BlockAlgorithm), and a row per grid driver (kernels/grid/grid_driver.hpp).
//
// Building the table is the one dispatch over the catalogue outside the kernels' own launchers: the fact
// functions of kernel_facts.hpp, block_limits.hpp and kernel_names.hpp read a row, and `prefixlab kernels
// --json` prints the table, which is what the Nsight Compute validators, tools/gpu_check.sh and the README
// test read instead of lists of their own.
#pragma once

#include "kernels/common/kernel_kind.hpp"
#include "kernels/common/phase_spec.hpp"
#include "kernels/common/scan_types.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/common/step_tag.hpp"
#include "kernels/grid/grid_driver.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace prefixlab {

// Where a kernel sits: one block (the catalogue's kernels), or a grid of blocks around a block kernel.
enum class KernelLevel : std::uint8_t { block, grid };

// A kernel's part in the quiz's "which one is correct?" questions: wrong by design (it breaks its
// correct twin), the correct twin of a wrong one, or none.
enum class QuizRole : std::uint8_t { none, wrong, correct };

// The block sizes the per-size limits are given for: whole warps, powers of two, up to CUDA's 1024.
inline constexpr std::array<int, 6> kLimitBlockSizes{32, 64, 128, 256, 512, 1024};

struct BlockSizeLimit {
    int block_threads = 0;
    int max_n = 0; // the largest N a block of block_threads threads takes; 0: none
};

struct KernelInfo {
    BlockAlgorithm algorithm{};
    std::string_view name;        // --algo, trace files, results: "blelloch-padded"
    std::string_view description; // one sentence for the GUI and --help texts
    KernelFamily family{};
    KernelKind kind{};
    KernelLevel level = KernelLevel::block;

    // Limits. A block for N has from threads_for(N) to max_block_threads threads.
    int max_n = 0;
    int elements_per_thread = 0;
    int (*threads_for)(int n) = nullptr;         // the fewest threads for N, 1 ≤ N ≤ max_n
    int max_block_threads = 0;                   // CUDA's kMaxBlockThreads, for every kernel
    std::vector<BlockSizeLimit> max_n_per_block; // for each of kLimitBlockSizes

    // Forms and outputs.
    bool exclusive_form = false;               // a scan has one; a reduction, compaction or split none
    std::string_view no_exclusive_form_reason; // why not, as a sentence; "" for a scan
    bool writes_every_output = false;          // false: only output[0] (a reduction) or the kept elements
    bool watches_registers = false;            // its traces snapshot a register per thread

    // Wrong by design and the quiz.
    bool racy = false;           // never benchmarked, its output never checked
    bool schedule_dependent = false; // its output depends on the order its atomics come in (bucket-by-atomics)
    bool divergent_sync = false; // a barrier or shuffle in a divergent branch: no trace; GPU only in a child
    bool traceable = false;      // leaves a trace: every kernel without a divergent sync
    QuizRole quiz_role = QuizRole::none;
    std::optional<BlockAlgorithm> correct_twin; // the correct kernel a wrong one breaks
    std::optional<BlockAlgorithm> companion;    // shown beside it (the other layout of the same tree)
    BlockAlgorithm compare_counterpart{};       // compare mode's first partner (kernel_facts.hpp says which)
    int textbook_order = 0;                     // 1, 2, …: a lecture's multi-block scans; 0: none

    // Sources.
    std::string_view source_path; // its body's file, "kernels/block/blelloch.cuh"
    KernelFile file{};
    std::vector<std::string_view> helper_source_paths; // other files its steps open in
    std::vector<PhaseSpec> phases;                     // every phase it opens, as its entry lists them
    std::vector<BufferLabel> buffer_labels;            // its own names of its buffers, where it has them
};

struct GridDriverInfo {
    GridDriver driver{};
    std::string_view name;        // --driver: "decoupled-look-back"
    std::string_view description; // one sentence
    KernelFamily family = KernelFamily::scan;
    KernelKind kind = KernelKind::multi_block_driver;
    KernelLevel level = KernelLevel::grid;
    bool single_pass = false;   // one launch, tiles talking through status words
    bool deterministic = false; // the same output and accesses under any block schedule
    int launches = 0;           // kernel launches for an array of many tiles (spine levels not counted)
    std::vector<std::string_view> source_paths; // the grid kernels it launches, in launch order, each once
};

// The catalogue's kernels in its order: kernel_infos()[i].algorithm == BlockAlgorithm{i}.
const std::vector<KernelInfo>& kernel_infos();
// A value outside the catalogue (never made by the parsers) gets the last row, as the catalogue's
// dispatch_algorithm gives the last kernel.
const KernelInfo& kernel_info(BlockAlgorithm algorithm);
const KernelInfo* find_kernel_info(std::string_view name); // nullptr: no kernel of that name

// What the kernel calls its buffer in words for people (the narration, race notes, the dataflow's columns):
// its label ("flags"), else the buffer's name ("ping"). Files keep the buffer's name.
std::string_view buffer_name(BlockAlgorithm algorithm, BufferId buffer);

// The grid drivers in GridDriver's order.
const std::vector<GridDriverInfo>& grid_driver_infos();
const GridDriverInfo& grid_driver_info(GridDriver driver);

// The source files and phases of the grid kernels (kernels/grid/), which the drivers launch and grid
// traces open: not rows of their own (a driver is the row), but part of every source and phase list.
const std::vector<std::string_view>& grid_kernel_source_paths();
const std::vector<PhaseSpec>& grid_kernel_phases();

} // namespace prefixlab
