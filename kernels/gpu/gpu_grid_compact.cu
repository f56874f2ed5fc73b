// gpu_run_grid_compact: the multi-block compaction and split (kernels/gpu/grid_compact.cuh) for every
// element type on the GPU, untraced, for the tests.
#include "kernels/block_dispatch.hpp" // dispatch_element
#include "kernels/gpu/device_buffer.cuh"
#include "kernels/gpu/gpu_grid_compact.hpp"
#include "kernels/gpu/grid_compact.cuh"

#include <vector>

namespace prefixlab {

GridCompactResult gpu_run_grid_compact(const GridCompactRequest& request) {
    require_compact_request(request);
    return dispatch_value_type(request.type, [&]<class T>() {
        using Op = AddOp<T>;
        const std::size_t n = request.input.size();
        DeviceBuffer<std::uint32_t> input(n), output(n);
        input.upload(request.input);
        output.upload(std::vector<std::uint32_t>(n, kUnwrittenPattern));
        GridCompactResult result;
        if (request.single_pass) {
            // a split's rejected elements go to an array of their own, then after the kept ones
            SinglePassGridCompact<Op> compact(request.threads, n);
            DeviceBuffer<std::uint32_t> rejected(request.split ? n : 0);
            compact.run(reinterpret_cast<const T*>(input.get()), reinterpret_cast<T*>(output.get()),
                        request.split ? reinterpret_cast<T*>(rejected.get()) : nullptr, n, request.keep);
            result.kept = compact.kept();
            if (request.split && result.kept < n)
                PL_CUDA_CHECK(cudaMemcpy(output.get() + result.kept, rejected.get(),
                                         (n - result.kept) * sizeof(std::uint32_t), cudaMemcpyDeviceToDevice));
        } else {
            GridCompact<Op> compact(request.threads, n);
            compact.run(reinterpret_cast<const T*>(input.get()), reinterpret_cast<T*>(output.get()), n, request.split,
                        request.keep);
            result.kept = compact.kept();
        }
        result.output = output.download(n);
        return result;
    });
}

} // namespace prefixlab
