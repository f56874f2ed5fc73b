// Every grid driver instantiated for every tile body, element type and operator (gpu_run_grid_scan).
#include "kernels/block_dispatch.hpp"
#include "kernels/gpu/gpu_grid_scan.hpp"
#include "kernels/gpu/grid_driver_scan.cuh"

#include <stdexcept>
#include <string>

namespace prefixlab {

std::vector<std::vector<std::uint32_t>> gpu_run_grid_scans(const GridScanRequest& request,
                                                           const std::vector<std::size_t>& sizes) {
    if (request.input.empty())
        throw std::invalid_argument("a grid scan needs at least one element");
    for (std::size_t n : sizes)
        if (n == 0 || n > request.input.size())
            throw std::invalid_argument("N = " + std::to_string(n) + " is not within the input");
    return dispatch_tile_body(request.body, [&]<class Body>() {
        return dispatch_element(request.type, request.op, [&]<class Op>() {
            const std::size_t most = request.input.size();
            GridDriverScan<Body, Op> scan(request.driver, request.tile_threads, most, request.order);
            scan.set_exclusive(request.exclusive);
            // 4-byte elements travel as their bit patterns: the device reinterprets them as T.
            DeviceBuffer<std::uint32_t> input(most), output(most);
            input.upload(request.input);
            using T = typename Op::value_type;
            std::vector<std::vector<std::uint32_t>> outputs;
            for (std::size_t n : sizes) {
                scan.run(reinterpret_cast<const T*>(input.get()), reinterpret_cast<T*>(output.get()), n);
                PL_CUDA_CHECK(cudaDeviceSynchronize());
                outputs.push_back(output.download(n));
            }
            return outputs;
        });
    });
}

std::vector<std::uint32_t> gpu_run_grid_scan(const GridScanRequest& request) {
    return gpu_run_grid_scans(request, {request.input.size()}).front();
}

} // namespace prefixlab
