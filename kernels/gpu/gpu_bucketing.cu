// gpu_run_bucketing: the two bucketings of bucket_plan.hpp on the GPU, on the grid scans' launcher.
#include "kernels/gpu/device_buffer.cuh"
#include "kernels/gpu/gpu_bucketing.hpp"
#include "kernels/gpu/grid_driver_scan.cuh" // GpuDriverLauncher

#include <stdexcept>

namespace prefixlab {

std::vector<std::uint32_t> gpu_run_bucketing(const std::vector<std::uint32_t>& keys, std::uint32_t bins,
                                             BucketMethod method) {
    if (keys.empty())
        throw std::invalid_argument("a bucketing needs at least one key");
    require_buckets(bins);
    const std::size_t n = keys.size();
    DeviceBuffer<std::uint32_t> in(n), out(n), counts(kOnesweepDigits), counter(1);
    DeviceBuffer<std::uint64_t> status(onesweep_status_words(n, kOnesweepItems));
    in.upload(keys);
    const BucketWords words{{counts.get(), BufferId::tile_totals, static_cast<std::uint32_t>(counts.size())},
                            {status.get(), BufferId::tile_status, static_cast<std::uint32_t>(status.size())},
                            {counter.get(), BufferId::tile_counter, 1}};
    GpuDriverLauncher launcher(nullptr, nullptr);
    if (method == BucketMethod::atomics)
        run_bucketing<BucketMethod::atomics, kOnesweepItems>(launcher, in.get(), out.get(), n, bins, words);
    else
        run_bucketing<BucketMethod::scan, kOnesweepItems>(launcher, in.get(), out.get(), n, bins, words);
    PL_CUDA_CHECK(cudaDeviceSynchronize());
    return out.download(n);
}

} // namespace prefixlab
