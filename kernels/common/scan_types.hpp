// The vocabulary shared by kernels, emulator, traces and command line: which element type, which
// associative operator, which block-scan algorithm. Names for humans live in app/core/scan_names.
#pragma once

#include <cstdint>

namespace prefixlab {

enum class ElementType : std::uint8_t { int32, uint32, float32 };

enum class ScanOperator : std::uint8_t { add, max, min };

// Every single-block algorithm PrefixLab can trace. The order is the order of `prefixlab trace --list`.
enum class BlockAlgorithm : std::uint8_t {
    hillis_steele,
    hillis_steele_double_buffer,
    hillis_steele_racy,
    blelloch,
    blelloch_padded,
    warp_shuffle,
};

inline constexpr int kBlockAlgorithmCount = 6;

} // namespace prefixlab
