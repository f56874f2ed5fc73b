// The histogram table's methods on the GPU (issue 37), timed by the tables' one session
// (gpu_table_session.hpp): N uint32 keys into B bins of equal width (histogram_bin,
// kernels/grid/histogram_tiles.cuh) by our three ways (global atomics, privatised shared atomics,
// warp-aggregated atomics), cub::DeviceHistogram::HistogramEven with its temporary storage allocated once,
// and the speed of light, a pass that reads every key once (the reduction table's). Each runner counts into bins of its own; its answer is their fingerprint
// (histogram_fingerprint), which the table compares with the CPU's. Plain C++; a build without CUDA links
// gpu_table_unavailable.cpp, which refuses with the reason.
#pragma once

#include "kernels/bench/gpu_table_session.hpp"
#include "kernels/grid/histogram_tiles.cuh"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace prefixlab {

// cub: HistogramEven of the keys with 64-bit levels 0 … 2^32, our bins exactly; cub_shifted (B a power of two): the
// same bins as HistogramEven of key >> (32 − log2 B) with 32-bit levels 0 … B, CUB without 64-bit arithmetic.
enum class GpuHistogramKind : std::uint8_t { read_only, ours, cub, cub_shifted };

struct GpuHistogramMethod {
    GpuHistogramKind kind = GpuHistogramKind::ours;
    HistogramMethod method = HistogramMethod::shared_atomics; // ours only
    std::uint32_t bins = 256;
};

// A histogram table's session: no output array (each runner counts into bins of its own), and CUB's storage.
inline GpuTableBuffers gpu_histogram_table_buffers(std::size_t n) { return {false, n / 128}; }

// The counts' fingerprint (64-bit FNV-1a of the words, in bin order): what a runner answers with.
inline std::uint64_t histogram_fingerprint(const std::uint32_t* counts, std::size_t bins) {
    std::uint64_t hash = 0xcbf29ce484222325ull;
    for (std::size_t b = 0; b < bins; ++b)
        for (int byte = 0; byte < 4; ++byte) {
            hash ^= (counts[b] >> (8 * byte)) & 0xffu;
            hash *= 0x100000001b3ull;
        }
    return hash;
}
inline std::uint64_t histogram_fingerprint(const std::vector<std::uint32_t>& counts) {
    return histogram_fingerprint(counts.data(), counts.size());
}

// A runner of `method` for up to max_n keys. Throws CudaError, std::invalid_argument for bins outside
// 1 … kMaxHistogramBins.
std::unique_ptr<GpuTableRunner> make_gpu_histogram_runner(const GpuHistogramMethod& method, std::size_t max_n);

// CUB's, in a translation unit of its own (gpu_histogram_libraries.cu: it compiles slowly).
std::unique_ptr<GpuTableRunner> make_library_histogram_runner(const GpuHistogramMethod& method, std::size_t max_n);

} // namespace prefixlab
