// Every grid driver instantiated for every tile body, element type and operator (gpu_run_grid_scan).
#include "kernels/block_scan_dispatch.hpp"
#include "kernels/device/grid_driver_scan.cuh"
#include "kernels/gpu_bench/gpu_grid_scan.hpp"

#include <stdexcept>

namespace prefixlab {

std::vector<std::uint32_t> gpu_run_grid_scan(const GridScanRequest& request) {
    if (request.input.empty())
        throw std::invalid_argument("a grid scan needs at least one element");
    return dispatch_tile_body(request.body, [&]<class Body>() {
        return dispatch_element(request.type, request.op, [&]<class Op>() {
            const std::size_t n = request.input.size();
            GridDriverScan<Body, Op> scan(request.driver, request.tile_threads, n, request.order);
            scan.set_exclusive(request.exclusive);
            // 4-byte elements travel as their bit patterns: the device reinterprets them as T.
            DeviceBuffer<std::uint32_t> input(n), output(n);
            input.upload(request.input);
            using T = typename Op::value_type;
            scan.run(reinterpret_cast<const T*>(input.get()), reinterpret_cast<T*>(output.get()), n);
            PL_CUDA_CHECK(cudaDeviceSynchronize());
            return output.download(n);
        });
    });
}

} // namespace prefixlab
