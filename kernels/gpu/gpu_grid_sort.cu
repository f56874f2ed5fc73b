// gpu_run_grid_sort: the multi-block radix sorts, textbook and Onesweep (kernels/gpu/grid_sort.cuh), for
// every key type on the GPU, untraced, for the tests.
#include "kernels/block_dispatch.hpp" // dispatch_value_type
#include "kernels/gpu/device_buffer.cuh"
#include "kernels/gpu/gpu_grid_sort.hpp"
#include "kernels/gpu/grid_sort.cuh"

#include <vector>

namespace prefixlab {

GridSortResult gpu_run_grid_sort(const GridSortRequest& request) {
    require_sort_request(request);
    const int end_bit = sort_end_bit(request);
    return dispatch_value_type(request.type, [&]<class T>() {
        const std::size_t n = request.keys.size();
        const bool pairs = !request.values.empty();
        DeviceBuffer<std::uint32_t> keys(n), out(n), values(pairs ? n : 0), values_out(pairs ? n : 0);
        keys.upload(request.keys);
        out.upload(std::vector<std::uint32_t>(n, kUnwrittenPattern));
        if (pairs) {
            values.upload(request.values);
            values_out.upload(std::vector<std::uint32_t>(n, kUnwrittenPattern));
        }
        const auto* from = reinterpret_cast<const T*>(keys.get());
        auto* to = reinterpret_cast<T*>(out.get());
        const auto onesweep = [&]<int kWindow, bool kSharedCounts = kOnesweepSharedCounts>() {
            OnesweepSort<AddOp<T>, kOnesweepItems, kWindow, kSharedCounts> sort(n, pairs);
            sort.run(from, to, n, end_bit, pairs ? values.get() : nullptr, pairs ? values_out.get() : nullptr);
        };
        if (request.onesweep && request.onesweep_shared_counts != kOnesweepSharedCounts) {
            onesweep.template operator()<kOnesweepWindow, !kOnesweepSharedCounts>(); // the other histogram
        } else if (request.onesweep && request.onesweep_window == 8) {
            onesweep.template operator()<8>();
        } else if (request.onesweep && request.onesweep_window == 4) {
            onesweep.template operator()<4>();
        } else if (request.onesweep) {
            onesweep.template operator()<1>();
        } else {
            GridSort<AddOp<T>> sort(request.threads, n, pairs);
            sort.run(from, to, n, end_bit, pairs ? values.get() : nullptr, pairs ? values_out.get() : nullptr);
        }
        PL_CUDA_CHECK(cudaDeviceSynchronize());
        return GridSortResult{out.download(n), pairs ? values_out.download(n) : std::vector<std::uint32_t>{}};
    });
}

} // namespace prefixlab
