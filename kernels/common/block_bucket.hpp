// The bucket of a block bucketing kernel's key (bucket-by-atomics, bucket-by-scan; issue 37): its lowest two bits, of
// its radix_key (kernels/common/radix_key.hpp), 0 … 3. One definition for the GPU, the emulator and the CPU's check.
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/common/radix_key.hpp"

#include <cstdint>

namespace prefixlab {

inline constexpr int kBlockBuckets = 4;

template <class T>
PL_HOST_DEVICE constexpr std::uint32_t block_bucket(T key) {
    return radix_key(key) & std::uint32_t(kBlockBuckets - 1);
}

} // namespace prefixlab
