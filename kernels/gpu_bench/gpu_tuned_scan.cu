// The tuned scan for every element type and operator (gpu_run_tuned_scan): the grid driver plan around the
// register tile, decoupled look-back by default, reduce-then-scan when deterministic.
#include "kernels/block_scan_dispatch.hpp"
#include "kernels/device/grid_driver_scan.cuh"
#include "kernels/grid/register_tile.cuh"
#include "kernels/gpu_bench/gpu_tuned_scan.hpp"

#include <stdexcept>

namespace prefixlab {

std::vector<std::uint32_t> gpu_run_tuned_scan(const TunedScanRequest& request) {
    if (request.input.empty())
        throw std::invalid_argument("a scan needs at least one element");
    return dispatch_element(request.type, request.op, [&]<class Op>() {
        using T = typename Op::value_type;
        const std::size_t n = request.input.size();
        GridDriverScan<RegisterTile<kTunedScanItems>, Op> scan(
            request.deterministic ? GridDriver::reduce_then_scan : GridDriver::decoupled_look_back, request.threads, n);
        scan.set_exclusive(request.exclusive);
        // 4-byte elements travel as their bit patterns: the device reinterprets them as T.
        DeviceBuffer<std::uint32_t> input(n), output(n);
        input.upload(request.input);
        scan.run(reinterpret_cast<const T*>(input.get()), reinterpret_cast<T*>(output.get()), n);
        PL_CUDA_CHECK(cudaDeviceSynchronize());
        return output.download(n);
    });
}

} // namespace prefixlab
