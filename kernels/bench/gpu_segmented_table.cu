// The segmented table's runners (gpu_segmented_table.hpp): ours (kernels/grid/segmented_scan_plan.hpp, on the grid
// scans' launcher) at each tile it is built with; CUB's is in gpu_segmented_libraries.cu.
#include "kernels/bench/gpu_segmented_runner.cuh"
#include "kernels/gpu/grid_driver_scan.cuh" // GpuDriverLauncher
#include "kernels/grid/segmented_scan_plan.hpp"

#include <stdexcept>
#include <string>

namespace prefixlab {

namespace {

template <int kItems>
class OwnSegmentedRunner final : public SegmentedRunner {
public:
    OwnSegmentedRunner(const GpuSegmentedMethod& method, std::size_t max_n)
        : SegmentedRunner(method, max_n), status_(segmented_status_words(max_n, kSegmentedThreads, kItems)), counter_(1) {}
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n) override {
        GpuDriverLauncher launcher(nullptr, nullptr);
        const SegmentedWords words{{status_.get(), BufferId::tile_status, static_cast<std::uint32_t>(status_.size())},
                                   {counter_.get(), BufferId::tile_counter, 1}};
        run_segmented_scan<kItems, AddOp<std::uint32_t>>(launcher, keys_.get(), input, output, n, kSegmentedThreads,
                                                         words);
    }

private:
    DeviceBuffer<std::uint64_t> status_;
    DeviceBuffer<std::uint32_t> counter_;
};

} // namespace

std::unique_ptr<GpuTableRunner> make_gpu_segmented_runner(const GpuSegmentedMethod& method, std::size_t max_n) {
    if (method.kind == GpuSegmentedKind::copy)
        return make_copy_runner();
    if (method.kind == GpuSegmentedKind::cub)
        return make_library_segmented_runner(method, max_n);
    switch (method.items) {
    case 8:
        return std::make_unique<OwnSegmentedRunner<8>>(method, max_n);
    case 12:
        return std::make_unique<OwnSegmentedRunner<12>>(method, max_n);
    case 16:
        return std::make_unique<OwnSegmentedRunner<16>>(method, max_n);
    case 20:
        return std::make_unique<OwnSegmentedRunner<20>>(method, max_n);
    case 24:
        return std::make_unique<OwnSegmentedRunner<24>>(method, max_n);
    default:
        throw std::invalid_argument("the segmented scan is not built with " + std::to_string(method.items) +
                                    " elements a thread");
    }
}

} // namespace prefixlab
