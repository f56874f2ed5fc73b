// Multi-block reductions on the GPU, untraced (kernels/grid/grid_reduce_plan.hpp): GridReduce owns the
// totals every level writes, sized for the largest N it is planned for, and runs the plan on a stream
// with the grid scans' launcher, which adds the CPU finish's read-back here.
#pragma once

#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/device_buffer.cuh"
#include "kernels/gpu/grid_driver_scan.cuh" // GpuDriverLauncher
#include "kernels/grid/grid_reduce_request.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace prefixlab {

// The launcher of the grid scans, with the CPU finish: the level's totals copied to the host (the
// stream waits for the launch), combined in order there.
class GpuReduceLauncher : public GpuDriverLauncher {
public:
    using GpuDriverLauncher::GpuDriverLauncher;

    template <class Op>
    typename Op::value_type combine_on_host(GridWords<typename Op::value_type> totals, std::size_t count) {
        using T = typename Op::value_type;
        host_.resize(count * sizeof(T));
        PL_CUDA_CHECK(cudaMemcpyAsync(host_.data(), totals.data, count * sizeof(T), cudaMemcpyDeviceToHost, stream()));
        PL_CUDA_CHECK(cudaStreamSynchronize(stream()));
        const T* values = reinterpret_cast<const T*>(host_.data());
        T total = Op::identity();
        for (std::size_t i = 0; i < count; ++i)
            total = Op::combine(total, values[i]);
        return total;
    }

private:
    std::vector<unsigned char> host_;
};

template <class Body, class Op>
class GridReduce {
public:
    using T = typename Op::value_type;

    GridReduce(ReduceFinish finish, int threads, std::size_t max_n)
        : finish_(finish), threads_(threads), max_n_(max_n == 0 ? 1 : max_n),
          totals_((require_reduce_threads<Body>(threads), grid_reduce_totals(finish, max_n_, threads * Body::kElementsPerThread))) {}

    // Reduces input[0, n) (device memory, 1 ≤ n ≤ max_n); the result stays on the device (total()
    // reads it) except for the CPU finish, whose total is on the host already.
    GridReduceResult<T> run(const T* input, std::size_t n, DriverTimer* timer = nullptr, cudaStream_t stream = nullptr) {
        if (n == 0 || n > max_n_)
            throw std::invalid_argument("N = " + std::to_string(n) + " is not from 1 to the " + std::to_string(max_n_) +
                                        " this reduction was planned for");
        GpuReduceLauncher launcher(stream, timer);
        return run_grid_reduce<Body, Op>(launcher, finish_, threads_, input, n,
                                         GridWords<T>{totals_.get(), BufferId::tile_totals,
                                                      static_cast<std::uint32_t>(totals_.size())});
    }

    // The result of run() as a value on the host (waits for the GPU).
    T total(const GridReduceResult<T>& result) const {
        if (result.on_host)
            return result.host_total;
        T value{};
        PL_CUDA_CHECK(cudaMemcpy(&value, totals_.get() + result.index, sizeof(T), cudaMemcpyDeviceToHost));
        return value;
    }

private:
    ReduceFinish finish_;
    int threads_;
    std::size_t max_n_;
    DeviceBuffer<T> totals_;
};

} // namespace prefixlab
