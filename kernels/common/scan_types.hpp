// The vocabulary shared by kernels, emulator, traces and command line: which element type, which
// associative operator, which block algorithm. Names for humans live in app/core/ground/kernel_names.
#pragma once

#include <cstdint>

namespace prefixlab {

enum class ElementType : std::uint8_t { int32, uint32, float32 };

enum class ScanOperator : std::uint8_t { add, max, min };

// A single-block algorithm PrefixLab can trace: its position in the kernel catalogue
// (kernels/kernel_catalog.hpp, BlockKernels), which is the only list of them. Names come from
// there too (name_of, parse_block_algorithm in app/core/ground/kernel_names.hpp).
enum class BlockAlgorithm : std::uint8_t {};

// The catalogue's first kernel: what a new setup, request or trace starts with.
inline constexpr BlockAlgorithm kDefaultBlockAlgorithm{};

// The order in which the CPU emulator runs a block's threads (docs/emulator.md, "Interleaving"). Every
// order is deterministic; a correct kernel computes the same under each, a racy one shows its race
// differently. The GPU ignores it: the hardware picks its own order.
//   in_order:    warps one at a time, first warp first; the lanes of a warp in lockstep (the default).
//   reversed:    the same, last warp first.
//   interleaved: warps in order, but the lanes of a warp skewed: after each sync point, lane l makes
//                its k-th access in round l + k, so a lower lane's write can land before a higher
//                lane's read of the same word, within one warp.
enum class WarpOrder : std::uint8_t { in_order, reversed, interleaved };

} // namespace prefixlab
