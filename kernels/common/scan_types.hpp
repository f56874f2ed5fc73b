// The vocabulary shared by kernels, emulator, traces and command line: which element type, which
// associative operator, which block-scan algorithm. Names for humans live in app/core/ground/scan_names.
#pragma once

#include <cstdint>

namespace prefixlab {

enum class ElementType : std::uint8_t { int32, uint32, float32 };

enum class ScanOperator : std::uint8_t { add, max, min };

// A single-block algorithm PrefixLab can trace: its position in the kernel catalogue
// (kernels/kernel_catalog.hpp, BlockScanKernels), which is the only list of them. Names come from
// there too (name_of, parse_block_algorithm in app/core/ground/scan_names.hpp).
enum class BlockAlgorithm : std::uint8_t {};

// The catalogue's first kernel: what a new setup, request or trace starts with.
inline constexpr BlockAlgorithm kDefaultBlockAlgorithm{};

} // namespace prefixlab
