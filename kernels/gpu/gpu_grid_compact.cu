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
    return dispatch_element(request.type, ScanOperator::add, [&]<class Op>() {
        using T = typename Op::value_type;
        const std::size_t n = request.input.size();
        GridCompact<Op> compact(request.threads, n);
        DeviceBuffer<std::uint32_t> input(n), output(n);
        input.upload(request.input);
        output.upload(std::vector<std::uint32_t>(n, kUnwrittenPattern));
        compact.run(reinterpret_cast<const T*>(input.get()), reinterpret_cast<T*>(output.get()), n, request.split, request.keep);
        GridCompactResult result;
        result.kept = compact.kept();
        result.output = output.download(n);
        return result;
    });
}

} // namespace prefixlab
