// gpu_run_grid_reduce: every block reduction × finish × element type × operator on the GPU, untraced
// (kernels/gpu/grid_reduce.cuh), for the tests and `prefixlab reduce` (gpu_grid_reduce.hpp).
#include "kernels/block_dispatch.hpp"
#include "kernels/gpu/gpu_grid_reduce.hpp"
#include "kernels/gpu/grid_reduce.cuh"

#include <stdexcept>
#include <string>

namespace prefixlab {

std::uint32_t gpu_run_grid_reduce(const GridReduceRequest& request) {
    if (request.input.empty())
        throw std::invalid_argument("a reduction needs at least one element");
    return dispatch_block_reduction<std::uint32_t>(request.algorithm, [&]<class Body>() {
        return dispatch_element(request.type, request.op, [&]<class Op>() {
            using T = typename Op::value_type;
            GridReduce<Body, Op> reduce(request.finish, request.threads, request.input.size());
            DeviceBuffer<std::uint32_t> input(request.input.size());
            input.upload(request.input);
            const auto result = reduce.run(reinterpret_cast<const T*>(input.get()), request.input.size());
            const T total = reduce.total(result);
            PL_CUDA_CHECK(cudaDeviceSynchronize());
            return to_bits(total);
        });
    });
}

} // namespace prefixlab
