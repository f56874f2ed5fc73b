// gpu_run_segmented_scan: the segmented scan of segmented_scan_plan.hpp on the GPU, on the grid scans' launcher.
#include "kernels/gpu/device_buffer.cuh"
#include "kernels/gpu/gpu_segmented_scan.hpp"
#include "kernels/gpu/grid_driver_scan.cuh" // GpuDriverLauncher
#include "kernels/grid/segmented_scan_plan.hpp"

#include <stdexcept>

namespace prefixlab {

namespace {

template <int kItems>
std::vector<std::uint32_t> scan_on_gpu(const std::vector<std::uint32_t>& keys, const std::vector<std::uint32_t>& values,
                                       int threads) {
    const std::size_t n = values.size();
    DeviceBuffer<std::uint32_t> keys_in(n), values_in(n), out(n), counter(1);
    DeviceBuffer<std::uint64_t> status(segmented_status_words(n, threads, kItems));
    keys_in.upload(keys);
    values_in.upload(values);
    const SegmentedWords words{{status.get(), BufferId::tile_status, static_cast<std::uint32_t>(status.size())},
                               {counter.get(), BufferId::tile_counter, 1}};
    GpuDriverLauncher launcher(nullptr, nullptr);
    run_segmented_scan<kItems, AddOp<std::uint32_t>>(launcher, keys_in.get(), values_in.get(), out.get(), n, threads,
                                                     words);
    PL_CUDA_CHECK(cudaDeviceSynchronize());
    return out.download(n);
}

} // namespace

std::vector<std::uint32_t> gpu_run_segmented_scan(const std::vector<std::uint32_t>& keys,
                                                  const std::vector<std::uint32_t>& values, bool small_tiles) {
    require_segmented_scan(keys.size(), values.size());
    if (small_tiles)
        return scan_on_gpu<kSegmentedTracedItems>(keys, values, kSegmentedTracedThreads);
    return scan_on_gpu<kSegmentedItems>(keys, values, kSegmentedThreads);
}

} // namespace prefixlab
