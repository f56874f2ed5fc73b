// Our drivers instantiated for the benchmark's scan, uint32 with +: every grid driver
// (kernels/gpu/grid_driver_scan.cuh, the same plan the emulator runs) around every block scan of the
// catalogue except racy ones (their output is wrong by design), and Hillis–Steele in global memory.
#include "kernels/bench/gpu_scan_runner.cuh"
#include "kernels/block_dispatch.hpp"
#include "kernels/common/cuda_limits.hpp"
#include "kernels/gpu/scan_drivers.cuh"

#include <stdexcept>
#include <string>

namespace prefixlab {

namespace {

using BenchOp = AddOp<std::uint32_t>;

template <class Algo>
class GridDriverRunner final : public GpuScanRunner {
public:
    GridDriverRunner(GridDriver driver, int threads, std::size_t max_n) : scan_(driver, threads, max_n) {}
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n, DriverTimer* timer) override {
        scan_.run(input, output, n, timer);
    }

private:
    GridDriverScan<Algo, BenchOp> scan_;
};

class GlobalHillisSteeleRunner final : public GpuScanRunner {
public:
    GlobalHillisSteeleRunner(int threads, std::size_t max_n) : scan_(threads, max_n) {}
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n, DriverTimer* timer) override {
        scan_.run(input, output, n, timer);
    }

private:
    GlobalHillisSteeleScan<BenchOp> scan_;
};

GridDriver grid_driver(GpuScanKind kind) {
    switch (kind) {
    case GpuScanKind::scan_then_propagate:
        return GridDriver::scan_then_propagate;
    case GpuScanKind::reduce_then_scan:
        return GridDriver::reduce_then_scan;
    case GpuScanKind::two_level:
        return GridDriver::two_level;
    case GpuScanKind::atomic_global:
        return GridDriver::atomic_global;
    case GpuScanKind::chained:
        return GridDriver::chained;
    case GpuScanKind::decoupled_look_back:
        return GridDriver::decoupled_look_back;
    default:
        throw std::invalid_argument("not a grid driver");
    }
}

} // namespace

std::unique_ptr<GpuScanRunner> make_driver_runner(const GpuScanMethod& method, const BenchScan& scan, int threads,
                                                  std::size_t max_n) {
    if (!gpu_scan_times_scan(method.kind, scan))
        throw std::invalid_argument("this driver times uint32 + inclusive only");
    if (threads < 32 || threads > kMaxBlockThreads || (threads & (threads - 1)) != 0)
        throw std::invalid_argument("block size " + std::to_string(threads) + ": must be a power of two from 32 to " +
                                    std::to_string(kMaxBlockThreads));
    if (is_tuned_scan(method.kind))
        return make_tuned_runner(method, scan, threads, max_n);
    // The global-memory driver launches no block scan (its tiles are its own kernel).
    if (method.kind == GpuScanKind::global_hillis_steele)
        return std::make_unique<GlobalHillisSteeleRunner>(threads, max_n);
    const GridDriver driver = grid_driver(method.kind);
    return dispatch_algorithm(method.block, [&]<class Algo>() -> std::unique_ptr<GpuScanRunner> {
        if constexpr (is_racy<Algo>())
            throw std::invalid_argument(std::string("the ") + Algo::kName +
                                        " block scan is not benchmarked: its output is wrong by design");
        else if constexpr (!is_block_scan<Algo>())
            throw std::invalid_argument(std::string("the ") + Algo::kName +
                                        " kernel is a reduction: the scan drivers are built around block scans");
        else
            return std::make_unique<GridDriverRunner<Algo>>(driver, threads, max_n);
    });
}

} // namespace prefixlab
