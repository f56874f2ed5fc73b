// Host interface to the GPU side of benchmarks: our multi-block scans (uint32 with +), the CUB and
// Thrust scans of every element type and operator, inclusive and exclusive, and a device-to-device
// copy, timed with CUDA events and verified on the device against the CPU reference. Plain C++: callers need no CUDA headers; a build without CUDA links
// gpu_bench_unavailable.cpp, which refuses with gpu_status().reason.
#pragma once

#include "kernels/common/scan_types.hpp"

#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace prefixlab {

// What runs on the GPU: a library baseline, or one of our drivers around a block scan (the grid
// drivers of kernels/grid/grid_driver.hpp, and Hillis–Steele in global memory).
enum class GpuScanKind {
    copy,
    cub,
    thrust,
    scan_then_propagate,
    reduce_then_scan,
    global_hillis_steele,
    two_level,
    atomic_global,
    chained,
    decoupled_look_back,
    tuned_look_back,        // PrefixLab's tuned scan (kernels/grid/register_tile_scan.cuh)
    tuned_reduce_then_scan  // its deterministic form: reduce-then-scan around the same register tile
};

// Which scan a benchmark point times: every element is a 32-bit pattern of `type`, combined with
// `op`; exclusive scans start from the operator's identity. Named for people by bench_scan_name
// (app/core/bench/bench_scan.hpp): "uint32-add", "float-max-exclusive".
struct BenchScan {
    ElementType type = ElementType::uint32;
    ScanOperator op = ScanOperator::add;
    bool exclusive = false;
    friend auto operator<=>(const BenchScan&, const BenchScan&) = default;
};

// The scan every benchmark timed before scans could be chosen, and still the default: uint32 +,
// inclusive. Results files of version 1 hold this scan only.
inline constexpr BenchScan kDefaultBenchScan{};

struct GpuScanMethod {
    GpuScanKind kind = GpuScanKind::copy;
    BlockAlgorithm block = kDefaultBlockAlgorithm; // the tile scan (every driver but global_hillis_steele)
    int items = 0; // the tuned scans' elements per thread: 0 for the tuned tile, or one of tuned_scan_item_choices()
};

// The elements per thread the tuning sweep can time the tuned scans with (uint32 + only; every other scan
// with the tuned tile): each is a kernel instantiation, so the list is short.
const std::vector<int>& tuned_scan_item_choices();
bool is_tuned_scan(GpuScanKind kind);

// The atomic global scan makes T(T-1)/2 atomics for T tiles (kernels/grid/atomic_global_scan.cuh): its
// time grows as N². The benchmark runs it up to this N (2^24: 16384 tiles of 1024 elements, 134 million
// atomics on 16384 words), enough for the plot to show the quadratic growth against the linear drivers;
// above it a single run would take from a fraction of a second to minutes, and it is skipped.
inline constexpr std::size_t kAtomicGlobalScanMaxN = std::size_t(1) << 24;

// The largest N a method is timed at; 0: no limit of its own.
std::size_t gpu_scan_max_n(GpuScanKind kind);

// The library baselines (copy, CUB, Thrust) run as one call and have no block size.
bool gpu_scan_is_library(GpuScanKind kind);

// Whether a method is instantiated for a scan. The libraries and the copy time every scan; our many
// drivers × block scans are instantiated for uint32 + inclusive only (compile time: each is a kernel
// per block scan), and the sweep skips them for any other scan with one line.
bool gpu_scan_times_scan(GpuScanKind kind, const BenchScan& scan);

// Whether the method waits for the GPU inside its own call (thrust::inclusive_scan allocates and
// frees its temporary storage and synchronises on each call): such a method cannot be queued behind
// the benchmark's gate, which opens only once the call has returned.
bool gpu_scan_synchronizes(GpuScanKind kind);

// The phases a method's timings break down into ("block scans", "spine", "propagate"…); empty for
// the library baselines, which run as one call.
std::vector<std::string> gpu_scan_phase_names(const GpuScanMethod& method);

// Elements one block scans for the method at `threads` threads (1 for the library baselines).
std::size_t gpu_scan_tile(const GpuScanMethod& method, int threads);

// Raised where the GPU has too little free memory for a size; the sweep skips that size.
class GpuOutOfMemory : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct GpuMemoryInfo {
    std::size_t free_bytes = 0;
    std::size_t total_bytes = 0;
};
GpuMemoryInfo gpu_memory_info();
std::string gpu_driver_version();  // e.g. "580.159.04" (from NVML's kernel module file) or "CUDA driver 13.0"
std::string gpu_runtime_version(); // e.g. "13.0"

// Device memory a session for n elements needs: input, output, reference and the largest
// workspace, plus the L2-flush buffer.
std::size_t gpu_bench_session_bytes(std::size_t n);

// Pins host memory for the transfer timings of arrays up to `bytes` once, instead of at every size
// (pinning a gigabyte takes longer than the copies it times). False where the system refuses; each
// size then pins its own.
bool gpu_reserve_transfer_buffer(std::size_t bytes);

struct GpuScanSamples {
    std::vector<double> ms;                     // one per timed repetition
    std::vector<std::vector<double>> phase_ms;  // [phase][repetition], phases as gpu_scan_phase_names
    bool checked = false;                       // compared on the device (with a reference, or the copy)
    std::size_t mismatches = 0;                 // output elements unequal to the reference
    std::size_t first_mismatch = 0;             // its index, when mismatches > 0
    std::uint32_t expected = 0, actual = 0;     // the values there (32-bit patterns of the scan's type)
    bool verified = false;                      // checked and equal
};

struct GpuTransferSamples {
    std::vector<double> host_to_device_ms; // n elements from pinned host memory
    std::vector<double> device_to_host_ms; // n elements into pinned host memory
};

// One array size and scan on the GPU: the input and the CPU reference (32-bit patterns of the scan's
// element type) are uploaded once, and every method is timed against them. Before each timed
// repetition the L2 cache is overwritten, so small N are measured from DRAM, as in a real pipeline,
// not from a warm cache.
class GpuBenchSession {
public:
    // reference may be null: then only the copy is checked on the device (against its input), and a
    // caller that needs a tolerance (float sums: app/core/ground/output_check.hpp) checks
    // download_output() on the host. The reference is compared bit for bit.
    // Throws GpuOutOfMemory when the device cannot hold the session, CudaError on other failures.
    GpuBenchSession(const BenchScan& scan, const std::uint32_t* input, const std::uint32_t* reference,
                    std::size_t n);
    ~GpuBenchSession();
    GpuBenchSession(const GpuBenchSession&) = delete;
    GpuBenchSession& operator=(const GpuBenchSession&) = delete;

    // `warmup` untimed runs of the session's scan, then `reps` timed ones; stops early (returning what
    // it has) when `cancelled` says so. threads: 32..1024, a power of two (ignored by the library
    // baselines). std::invalid_argument for a method that does not time the scan (gpu_scan_times_scan).
    GpuScanSamples time_scan(const GpuScanMethod& method, int threads, int warmup, int reps,
                             const std::function<bool()>& cancelled = {});
    GpuTransferSamples time_transfers(int warmup, int reps);
    std::vector<std::uint32_t> download_output() const; // the last scan's output

private:
    struct State;
    std::unique_ptr<State> state_;
};

} // namespace prefixlab
