// Host interface to the GPU side of the compaction benchmark (issue 15); the untimed multi-block
// compactions and splits are kernels/gpu/gpu_grid_compact.hpp. Plain C++: callers need no CUDA headers;
// a build without CUDA links gpu_compact_unavailable.cpp, which refuses with the reason.
//
// The benchmark times uint32 arrays, the elements kept being the odd ones (the one predicate,
// kernels/common/compaction_predicate.hpp): our compaction and split (kernels/grid/grid_compact_plan.hpp),
// cub::DeviceSelect::If (temporary storage allocated once), thrust::copy_if and thrust::stable_partition
// as a student calls them, and a device-to-device copy of the N elements, the speed of light of a pass
// that reads and writes every element.
#pragma once

#include "kernels/grid/grid_compact_request.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace prefixlab {

enum class GpuCompactKind : std::uint8_t { copy, own, cub_select, thrust_copy_if, thrust_stable_partition };

struct GpuCompactMethod {
    GpuCompactKind kind = GpuCompactKind::own;
    bool split = false; // own only: a split, not a compaction
    int threads = 256;  // own only
};

struct GpuCompactSamples {
    std::vector<double> ms;             // one per timed repetition
    bool checked = false;               // false for the copy, which selects nothing
    std::size_t kept = 0;               // the last repetition's
    std::vector<std::uint32_t> output;  // the last repetition's (checked methods)
};

// One uint32 array on the GPU, timed by every method in turn, each repetition from a flushed L2.
// Throws GpuOutOfMemory (gpu_bench.hpp) where the device cannot hold the input, the output and the
// methods' storage.
class GpuCompactSession {
public:
    GpuCompactSession(const std::uint32_t* input, std::size_t n);
    ~GpuCompactSession();
    GpuCompactSession(const GpuCompactSession&) = delete;
    GpuCompactSession& operator=(const GpuCompactSession&) = delete;

    GpuCompactSamples time(const GpuCompactMethod& method, int warmup, int reps,
                           const std::function<bool()>& cancelled = {});

private:
    struct State;
    std::unique_ptr<State> state_;
};

} // namespace prefixlab
