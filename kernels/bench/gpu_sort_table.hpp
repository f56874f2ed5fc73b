// The sort table's methods on the GPU (issue 36), timed by the tables' one session (gpu_table_session.hpp);
// the untimed multi-block sorts are kernels/gpu/gpu_grid_sort.hpp. The table sorts uint32 keys, alone or
// with a uint32 value each (their indices): our textbook radix sort (kernels/grid/grid_sort_plan.hpp) and
// Onesweep (onesweep_sort_plan.hpp),
// cub::DeviceRadixSort::SortKeys and SortPairs (temporary storage allocated once), thrust::sort and
// thrust::stable_sort_by_key as a student calls them, and the copy. Plain C++; a build without CUDA links
// gpu_table_unavailable.cpp, which refuses with the reason.
#pragma once

#include "kernels/bench/gpu_table_session.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace prefixlab {

enum class GpuSortKind : std::uint8_t { copy, textbook, onesweep, cub, thrust };

struct GpuSortMethod {
    GpuSortKind kind = GpuSortKind::textbook;
    bool pairs = false; // with a uint32 value a key (the key's index), which goes where its key goes
    int threads = 256;  // textbook only (Onesweep's blocks have 256 threads, a thread a digit)
    int items = 0;      // Onesweep only: keys a thread, one of kOnesweepItemChoices (0: the tuned kOnesweepItems)
    int window = 0;     // Onesweep only: predecessors its look-back reads at once, 1, 4 or 8 (0: kOnesweepWindow)
    // Onesweep only, the sweep's: the histogram the tuned form does not use (kOnesweepSharedCounts: by ballots
    // or by shared atomics), at the tuned tile and window
    bool other_histogram = false;
    // Onesweep pairs only, the sweep's: the values staged the way the tuned form does not (kOnesweepValues)
    bool other_staging = false;
};

// The keys a thread Onesweep is built with for the table's sweep (`sort-table --sweep`).
inline constexpr int kOnesweepItemChoices[] = {8, 12, 16, 20, 24, 28, 32};

// A sort table's session at n keys: the output array, and at most a scratch copy of the keys and three
// arrays of values (the pairs' input, output and scratch) besides.
inline GpuTableBuffers gpu_sort_table_buffers(std::size_t n) {
    return {true, 4 * n * sizeof(std::uint32_t)};
}

// A runner of `method` for up to max_n keys; it writes the sorted keys to the session's output array and
// answers with how many keys are in place with their value: n for keys alone; for pairs, the keys whose
// value is their index in the input and, among equal keys, larger than the one before (stable). Throws
// CudaError.
std::unique_ptr<GpuTableRunner> make_gpu_sort_runner(const GpuSortMethod& method, std::size_t max_n);

// cub::DeviceRadixSort and thrust::sort (stable_sort_by_key), in a translation unit of their own
// (gpu_sort_libraries.cu: they compile slowly).
std::unique_ptr<GpuTableRunner> make_library_sort_runner(const GpuSortMethod& method, std::size_t max_n);

// The pairs' values: the keys' indices 0 … n − 1 (device memory, n words).
void fill_indices(std::uint32_t* values, std::size_t n);

// The answer of a sort of pairs (waits for the GPU): the keys of sorted[0, n) that came with their own
// value (input[values[j]] == sorted[j]) and, after an equal key, with a larger one.
std::uint64_t keys_with_their_values(const std::uint32_t* input, const std::uint32_t* sorted,
                                     const std::uint32_t* values, std::size_t n);

} // namespace prefixlab
