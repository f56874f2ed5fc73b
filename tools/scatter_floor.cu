// The scatter floor of one Onesweep digit pass (issue 36: "pairs within 1.3x of keys"): how long the pass's memory
// traffic alone takes, keys and pairs, with no ranking, no look-back and no shared memory. Each tile of 256 x 32
// keys is given already in digit order (as the pass stages it), with each digit's place in the output known (as
// the look-back gives it); a kernel then only reads the tile in order and writes each key (and value) to its
// digit's run: the pass's coalesced read and its scatter in runs, and nothing else. Its times are what the
// pass's traffic alone costs; the ratio pairs/keys here is what better ranking and staging would tend to
// (docs/sorting.md, "Pairs": the H200 at 2^28, keys 1.005 ms, pairs 2.196, 2.18x).
//
//   build/kernels/prefixlab_scatter_floor [log2 N]      (built with the GPU code; or on its own:
//   nvcc -O3 -std=c++17 -arch=sm_90 tools/scatter_floor.cu -o scatter_floor && ./scatter_floor [log2 N])
//
// Prints the copy, the keys' floor and the pairs' floor (median of 20, CUDA events, every output checked).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

namespace {

constexpr int kThreads = 256, kItems = 32, kTile = kThreads * kItems, kDigits = 256;

#define CHECK(call)                                                                                                \
    do {                                                                                                           \
        const cudaError_t e = (call);                                                                              \
        if (e != cudaSuccess) {                                                                                    \
            std::fprintf(stderr, "scatter_floor: %s: %s\n", #call, cudaGetErrorString(e));                         \
            std::exit(1);                                                                                          \
        }                                                                                                          \
    } while (0)

// Tile t's key j (in digit order) goes to out[base[t * 256 + digit] + j].
template <bool kPairs>
__global__ void __launch_bounds__(kThreads) scatter_runs(const std::uint32_t* keys, const std::uint32_t* values,
                                                         const std::uint32_t* base, std::uint32_t* out,
                                                         std::uint32_t* values_out) {
    const std::size_t tile = blockIdx.x;
    const std::uint32_t* tile_keys = keys + tile * kTile;
    const std::uint32_t* tile_base = base + tile * kDigits;
    std::uint32_t k[kItems];
#pragma unroll
    for (int q = 0; q < kItems; ++q)
        k[q] = tile_keys[threadIdx.x + q * kThreads];
#pragma unroll
    for (int q = 0; q < kItems; ++q) {
        const std::uint32_t j = threadIdx.x + q * kThreads;
        const std::uint32_t at = tile_base[k[q] & 0xffu] + j;
        out[at] = k[q];
        if (kPairs)
            values_out[at] = values[tile * kTile + j];
    }
}

float median_ms(std::vector<float> times) {
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

template <class Launch>
float time_ms(Launch launch) {
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    for (int w = 0; w < 3; ++w)
        launch();
    std::vector<float> times;
    for (int r = 0; r < 20; ++r) {
        CHECK(cudaEventRecord(start));
        launch();
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        float ms = 0;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        times.push_back(ms);
    }
    CHECK(cudaGetLastError());
    return median_ms(times);
}

} // namespace

int main(int argc, char** argv) {
    const int log2n = argc > 1 ? std::atoi(argv[1]) : 28;
    if (log2n < 13 || log2n > 30) {
        std::fprintf(stderr, "scatter_floor: log2 N must be 13..30, not %s\n", argv[1]);
        return 2;
    }
    const std::size_t n = std::size_t(1) << log2n, tiles = n / kTile;
    // Random keys; each tile put in digit order (stably), and each tile's digit runs placed as the pass places
    // them: digit-major over the grid, tile-major within a digit.
    std::vector<std::uint32_t> keys(n);
    std::mt19937 random(1);
    for (auto& k : keys)
        k = random();
    std::vector<std::uint32_t> counts(tiles * kDigits, 0), base(tiles * kDigits);
    for (std::size_t t = 0; t < tiles; ++t) {
        auto first = keys.begin() + std::ptrdiff_t(t * kTile);
        std::stable_sort(first, first + kTile, [](std::uint32_t a, std::uint32_t b) { return (a & 0xffu) < (b & 0xffu); });
        for (int j = 0; j < kTile; ++j)
            ++counts[t * kDigits + (first[j] & 0xffu)];
    }
    std::uint64_t place = 0;
    for (int d = 0; d < kDigits; ++d)
        for (std::size_t t = 0; t < tiles; ++t) {
            // out index of tile t's key j of digit d = place of (t, d) + (j - where digit d starts in the tile)
            base[t * kDigits + d] = static_cast<std::uint32_t>(place);
            place += counts[t * kDigits + d];
        }
    for (std::size_t t = 0; t < tiles; ++t) { // less the digit's start in the tile
        std::uint32_t start = 0;
        for (int d = 0; d < kDigits; ++d) {
            base[t * kDigits + d] -= start;
            start += counts[t * kDigits + d];
        }
    }
    std::uint32_t *d_keys, *d_values, *d_base, *d_out, *d_values_out;
    CHECK(cudaMalloc(&d_keys, n * 4));
    CHECK(cudaMalloc(&d_values, n * 4));
    CHECK(cudaMalloc(&d_out, n * 4));
    CHECK(cudaMalloc(&d_values_out, n * 4));
    CHECK(cudaMalloc(&d_base, base.size() * 4));
    CHECK(cudaMemcpy(d_keys, keys.data(), n * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_values, keys.data(), n * 4, cudaMemcpyHostToDevice)); // the values: the keys again
    CHECK(cudaMemcpy(d_base, base.data(), base.size() * 4, cudaMemcpyHostToDevice));
    const float copy = time_ms([&] { CHECK(cudaMemcpy(d_out, d_keys, n * 4, cudaMemcpyDeviceToDevice)); });
    const float keys_ms =
        time_ms([&] { scatter_runs<false><<<unsigned(tiles), kThreads>>>(d_keys, d_values, d_base, d_out, d_values_out); });
    const float pairs_ms =
        time_ms([&] { scatter_runs<true><<<unsigned(tiles), kThreads>>>(d_keys, d_values, d_base, d_out, d_values_out); });
    // every key where the pass puts it: sorted by its low digit, and its value (the key itself) beside it
    std::vector<std::uint32_t> out(n), values_out(n);
    CHECK(cudaMemcpy(out.data(), d_out, n * 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(values_out.data(), d_values_out, n * 4, cudaMemcpyDeviceToHost));
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < n; ++i)
        wrong += (i > 0 && (out[i] & 0xffu) < (out[i - 1] & 0xffu)) || values_out[i] != out[i];
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    std::printf("%s, N = 2^%d, one 8-bit pass, 256 x 32 tiles, median of 20 (ms):\n", prop.name, log2n);
    std::printf("copy %.4f (%.0f GB/s)\nkeys floor %.4f (%.0f GB/s)\npairs floor %.4f (%.0f GB/s)\n", copy,
                8.0 * double(n) / copy / 1e6, keys_ms, 8.0 * double(n) / keys_ms / 1e6, pairs_ms,
                16.0 * double(n) / pairs_ms / 1e6);
    std::printf("pairs / keys at the floor: %.3f; outputs wrong: %zu\n", pairs_ms / keys_ms, wrong);
    return wrong == 0 ? 0 : 1;
}
