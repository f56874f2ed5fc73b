// The benchmark's runners of the tuned scans (make_tuned_runner): the register-tile single-pass scan and
// its deterministic reduce-then-scan, for every scan with the tuned tile (kTunedScanItems), and for
// uint32 + with each of tuned_scan_item_choices() (the tuning sweep). Apart from the other drivers'
// runners so that nvcc compiles these instantiations in parallel with them.
#include "kernels/bench/gpu_scan_runner.cuh"
#include "kernels/bench/gpu_tuned_scan.hpp"
#include "kernels/block_dispatch.hpp"
#include "kernels/gpu/grid_driver_scan.cuh"
#include "kernels/grid/register_tile.cuh"

#include <stdexcept>
#include <string>
#include <utility>

namespace prefixlab {

namespace {

template <int kItems, class Op>
class TunedRunner final : public GpuScanRunner {
public:
    TunedRunner(GridDriver driver, bool exclusive, int threads, std::size_t max_n) : scan_(driver, threads, max_n) {
        scan_.set_exclusive(exclusive);
    }
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n, DriverTimer* timer) override {
        using T = typename Op::value_type;
        // 4-byte elements travel as their bit patterns: the device reinterprets them as T.
        scan_.run(reinterpret_cast<const T*>(input), reinterpret_cast<T*>(output), n, timer);
    }

private:
    GridDriverScan<RegisterTile<kItems>, Op, false> scan_;
};

template <int kItems, class Op>
std::unique_ptr<GpuScanRunner> tuned_runner(GridDriver driver, bool exclusive, int threads, std::size_t max_n) {
    return std::make_unique<TunedRunner<kItems, Op>>(driver, exclusive, threads, max_n);
}

// uint32 + at `items` elements per thread: one instantiation per choice.
template <int... kChoices>
std::unique_ptr<GpuScanRunner> sweep_runner(int items, GridDriver driver, bool exclusive, int threads,
                                            std::size_t max_n, std::integer_sequence<int, kChoices...>) {
    std::unique_ptr<GpuScanRunner> runner;
    ((items == kChoices ? (runner = tuned_runner<kChoices, AddOp<std::uint32_t>>(driver, exclusive, threads, max_n), 0)
                        : 0),
     ...);
    return runner;
}
using SweptItems = std::integer_sequence<int, 8, 12, 16, 20, 24, 32, 40, 48>; // tuned_scan_item_choices()

} // namespace

std::unique_ptr<GpuScanRunner> make_tuned_runner(const GpuScanMethod& method, const BenchScan& scan, int threads,
                                                 std::size_t max_n) {
    const GridDriver driver =
        method.kind == GpuScanKind::tuned_reduce_then_scan ? GridDriver::reduce_then_scan : GridDriver::decoupled_look_back;
    const int items = method.items > 0 ? method.items : kTunedScanItems;
    if (items == kTunedScanItems)
        return dispatch_element(scan.type, scan.op, [&]<class Op>() {
            return tuned_runner<kTunedScanItems, Op>(driver, scan.exclusive, threads, max_n);
        });
    if (scan.type != ElementType::uint32 || scan.op != ScanOperator::add)
        throw std::invalid_argument("the tuning sweep times uint32 + only at " + std::to_string(items) +
                                    " elements per thread");
    std::unique_ptr<GpuScanRunner> runner = sweep_runner(items, driver, scan.exclusive, threads, max_n, SweptItems{});
    if (!runner)
        throw std::invalid_argument(std::to_string(items) + " elements per thread: not one of the tuning sweep's");
    return runner;
}

} // namespace prefixlab
