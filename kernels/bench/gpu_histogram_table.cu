// The histogram table's runners (gpu_histogram_table.hpp): ours, each way of counting (kernels/grid/
// histogram_plan.hpp, on the grid scans' launcher); the read-only pass is the reduction table's, CUB's in
// gpu_histogram_libraries.cu.
#include "kernels/bench/gpu_histogram_runner.cuh"
#include "kernels/bench/gpu_reduce_table.hpp" // the read-only pass
#include "kernels/gpu/grid_driver_scan.cuh" // GpuDriverLauncher

#include <stdexcept>

namespace prefixlab {

namespace {

template <HistogramMethod kMethod>
class OwnHistogramRunner final : public HistogramRunner {
public:
    explicit OwnHistogramRunner(std::uint32_t bins) : HistogramRunner(bins) {}
    void run(const std::uint32_t* input, std::uint32_t*, std::size_t n) override {
        GpuDriverLauncher launcher(nullptr, nullptr);
        run_histogram<kHistogramItems, kMethod>(launcher, input, n, bins(),
                                                GridWords<std::uint32_t>{counts_.get(), BufferId::tile_totals, bins()});
    }
};

} // namespace

std::unique_ptr<GpuTableRunner> make_gpu_histogram_runner(const GpuHistogramMethod& method, std::size_t max_n) {
    switch (method.kind) {
    case GpuHistogramKind::read_only:
        return make_gpu_reduce_runner(GpuReduceMethod{GpuReduceKind::read_only}, max_n);
    case GpuHistogramKind::cub:
    case GpuHistogramKind::cub_shifted:
        return make_library_histogram_runner(method, max_n);
    case GpuHistogramKind::ours:
        switch (method.method) {
        case HistogramMethod::global_atomics:
            return std::make_unique<OwnHistogramRunner<HistogramMethod::global_atomics>>(method.bins);
        case HistogramMethod::shared_atomics:
            return std::make_unique<OwnHistogramRunner<HistogramMethod::shared_atomics>>(method.bins);
        case HistogramMethod::warp_aggregated:
            return std::make_unique<OwnHistogramRunner<HistogramMethod::warp_aggregated>>(method.bins);
        }
        break;
    }
    throw std::invalid_argument("not a histogram method");
}

} // namespace prefixlab
