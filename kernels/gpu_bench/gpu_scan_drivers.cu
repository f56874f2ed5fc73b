// Our multi-block drivers (kernels/device/scan_drivers.cuh) instantiated for the benchmark's scan:
// uint32 with +, every block scan of the catalogue except racy ones (their output is wrong by design).
#include "kernels/block_scan_dispatch.hpp"
#include "kernels/common/cuda_limits.hpp"
#include "kernels/gpu_bench/gpu_scan_runner.cuh"

#include <stdexcept>
#include <string>

namespace prefixlab {

namespace {

using BenchOp = AddOp<std::uint32_t>;

template <class Algo>
class DriverRunner final : public GpuScanRunner {
public:
    DriverRunner(DriverKind kind, int threads, std::size_t max_n) : scan_(kind, threads, max_n) {}
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n, DriverTimer* timer) override {
        scan_.run(input, output, n, timer);
    }

private:
    MultiBlockScan<Algo, BenchOp> scan_;
};

DriverKind driver_kind(GpuScanKind kind) {
    switch (kind) {
    case GpuScanKind::scan_then_propagate:
        return DriverKind::scan_then_propagate;
    case GpuScanKind::reduce_then_scan:
        return DriverKind::reduce_then_scan;
    case GpuScanKind::global_hillis_steele:
        return DriverKind::global_hillis_steele;
    default:
        throw std::invalid_argument("not a multi-block driver");
    }
}

} // namespace

std::unique_ptr<GpuScanRunner> make_driver_runner(const GpuScanMethod& method, int threads, std::size_t max_n) {
    if (threads < 32 || threads > kMaxBlockThreads || (threads & (threads - 1)) != 0)
        throw std::invalid_argument("block size " + std::to_string(threads) + ": must be a power of two from 32 to " +
                                    std::to_string(kMaxBlockThreads));
    const DriverKind kind = driver_kind(method.kind);
    // The global-memory driver launches no block scan (its tiles are its own kernel): any correct block
    // type will do for the instantiation, and the catalogue's default is one.
    const BlockAlgorithm block = kind == DriverKind::global_hillis_steele ? kDefaultBlockAlgorithm : method.block;
    return dispatch_algorithm(block, [&]<class Algo>() -> std::unique_ptr<GpuScanRunner> {
        if constexpr (is_racy<Algo>())
            throw std::invalid_argument(std::string("the ") + Algo::kName +
                                        " block scan is not benchmarked: its output is wrong by design");
        else
            return std::make_unique<DriverRunner<Algo>>(kind, threads, max_n);
    });
}

} // namespace prefixlab
