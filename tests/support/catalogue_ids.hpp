// The catalogue's kernels, phases and source files by the names tests know them by: the values the
// BlockAlgorithm, Phase and KernelFile enumerations had before the kernel catalogue derived them.
#pragma once

#include "kernels/kernel_catalog.hpp"

namespace prefixlab {

namespace test_algorithms {
inline constexpr BlockAlgorithm hillis_steele = block_algorithm_of<HillisSteele>;
inline constexpr BlockAlgorithm hillis_steele_double_buffer = block_algorithm_of<HillisSteeleDoubleBuffer>;
inline constexpr BlockAlgorithm hillis_steele_racy = block_algorithm_of<HillisSteeleRacy>;
inline constexpr BlockAlgorithm blelloch = block_algorithm_of<Blelloch>;
inline constexpr BlockAlgorithm blelloch_padded = block_algorithm_of<BlellochPadded>;
inline constexpr BlockAlgorithm warp_shuffle = block_algorithm_of<WarpShuffleScan>;
inline constexpr BlockAlgorithm reduce_interleaved = block_algorithm_of<ReduceInterleaved>;
inline constexpr BlockAlgorithm reduce_interleaved_strided = block_algorithm_of<ReduceInterleavedStrided>;
inline constexpr BlockAlgorithm reduce_sequential = block_algorithm_of<ReduceSequential>;
inline constexpr BlockAlgorithm reduce_add_on_load = block_algorithm_of<ReduceAddOnLoad>;
inline constexpr BlockAlgorithm reduce_unroll_last_warp = block_algorithm_of<ReduceUnrollLastWarp>;
inline constexpr BlockAlgorithm reduce_unroll_complete = block_algorithm_of<ReduceUnrollComplete>;
inline constexpr BlockAlgorithm reduce_many_per_thread = block_algorithm_of<ReduceManyPerThread>;
inline constexpr BlockAlgorithm reduce_shuffle_down = block_algorithm_of<ReduceShuffleDown>;
inline constexpr BlockAlgorithm reduce_butterfly = block_algorithm_of<ReduceButterfly>;
inline constexpr BlockAlgorithm compact = block_algorithm_of<BlockCompact>;
inline constexpr BlockAlgorithm split = block_algorithm_of<BlockSplit>;
} // namespace test_algorithms

namespace test_phases {
inline constexpr Phase load = kLoadIntoShared.phase;
inline constexpr Phase load_registers = kLoadIntoRegisters.phase;
inline constexpr Phase store = kStoreOutput.phase;
inline constexpr Phase scan_read = HillisSteele::kReadPartner.phase;
inline constexpr Phase scan_write = HillisSteele::kCombineAndWrite.phase;
inline constexpr Phase scan_step = HillisSteeleDoubleBuffer::kPingPongStep.phase;
inline constexpr Phase racy_step = HillisSteeleRacy::kRacyStep.phase;
inline constexpr Phase up_sweep = Blelloch::kUpSweep.phase;
inline constexpr Phase clear_root = Blelloch::kClearRoot.phase;
inline constexpr Phase down_sweep = Blelloch::kDownSweep.phase;
inline constexpr Phase warp_shuffle = WarpShuffleScan::kWarpShuffle.phase;
inline constexpr Phase totals_load = WarpShuffleScan::kTotalsLoad.phase;
inline constexpr Phase totals_shuffle = WarpShuffleScan::kTotalsShuffle.phase;
inline constexpr Phase fan_out = WarpShuffleScan::kFanOut.phase;
inline constexpr Phase exclusive_shift = WarpShuffleScan::kExclusiveShift.phase;
} // namespace test_phases

namespace test_files {
inline constexpr KernelFile hillis_steele = HillisSteele::kFile;
inline constexpr KernelFile warp_shuffle_scan = WarpShuffleScan::kFile;
} // namespace test_files

} // namespace prefixlab
