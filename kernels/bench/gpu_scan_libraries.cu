// The benchmark's library baselines, for every scan (element type × operator × inclusive/exclusive):
// cub::DeviceScan::InclusiveScan / ExclusiveScan (temporary storage allocated once, as a tuned
// application would), thrust::inclusive_scan / exclusive_scan as a student would call them (Thrust
// allocates its temporary storage on each call), and a device-to-device copy of the same bytes, the
// speed-of-light line: a scan must at least read N and write N, whatever it combines.
//
// The operators are CCCL's own (cuda::std::plus, cuda::maximum, cuda::minimum), not ours: CUB picks
// its tuned Hopper policy only for operators it recognises (is_primitive_op in
// cub/device/dispatch/tuning/tuning_scan.cuh), and the baseline must be CUB at its best. They compute
// what ours do (kernels/common/scan_operators.hpp: a < b ? b : a, …) on the benchmark's inputs, which
// hold no NaN; exclusive scans start from our operator's identity.
#include "kernels/bench/gpu_scan_runner.cuh"
#include "kernels/block_dispatch.hpp"
#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/device_buffer.cuh"

#include <cub/device/device_scan.cuh>
#include <cuda/functional>
#include <cuda/std/functional>
#include <stdexcept>
#include <thrust/execution_policy.h>
#include <thrust/scan.h>
#include <type_traits>

namespace prefixlab {

namespace {

class CopyRunner final : public GpuScanRunner {
public:
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n, DriverTimer*) override {
        PL_CUDA_CHECK(cudaMemcpyAsync(output, input, n * sizeof(std::uint32_t), cudaMemcpyDeviceToDevice));
    }
};

// CCCL's functor for one of our operators.
template <class Op>
auto library_operator() {
    if constexpr (Op::kind == ScanOperator::add)
        return ::cuda::std::plus<>{};
    else if constexpr (Op::kind == ScanOperator::max)
        return ::cuda::maximum<>{};
    else
        return ::cuda::minimum<>{};
}

// The element arrays as the scan's type: every element type is a 4-byte pattern (value_bits.hpp).
template <class T>
const T* typed(const std::uint32_t* bits) {
    static_assert(sizeof(T) == sizeof(std::uint32_t));
    return reinterpret_cast<const T*>(bits);
}
template <class T>
T* typed(std::uint32_t* bits) {
    static_assert(sizeof(T) == sizeof(std::uint32_t));
    return reinterpret_cast<T*>(bits);
}

template <class Op>
class CubRunner final : public GpuScanRunner {
public:
    using T = typename Op::value_type;
    CubRunner(bool exclusive, std::size_t max_n)
        : exclusive_(exclusive), temp_(scan(nullptr, 0, nullptr, nullptr, max_n)) {}
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n, DriverTimer*) override {
        scan(temp_.get(), temp_.size(), typed<T>(input), typed<T>(output), n);
    }

private:
    // Runs the scan, or with no storage only sizes it; returns the temporary storage's bytes.
    std::size_t scan(void* storage, std::size_t bytes, const T* input, T* output, std::size_t n) const {
        if (exclusive_)
            PL_CUDA_CHECK(cub::DeviceScan::ExclusiveScan(storage, bytes, input, output,
                                                         library_operator<Op>(), Op::identity(), n));
        else
            PL_CUDA_CHECK(
                cub::DeviceScan::InclusiveScan(storage, bytes, input, output, library_operator<Op>(), n));
        return bytes;
    }
    bool exclusive_;
    DeviceBuffer<unsigned char> temp_;
};

template <class Op>
class ThrustRunner final : public GpuScanRunner {
public:
    using T = typename Op::value_type;
    explicit ThrustRunner(bool exclusive) : exclusive_(exclusive) {}
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n, DriverTimer*) override {
        const T* in = typed<T>(input);
        if (exclusive_)
            thrust::exclusive_scan(thrust::device, in, in + n, typed<T>(output), Op::identity(),
                                   library_operator<Op>());
        else
            thrust::inclusive_scan(thrust::device, in, in + n, typed<T>(output), library_operator<Op>());
    }

private:
    bool exclusive_;
};

} // namespace

std::unique_ptr<GpuScanRunner> make_library_runner(const GpuScanMethod& method, const BenchScan& scan,
                                                   std::size_t max_n) {
    switch (method.kind) {
    case GpuScanKind::copy:
        return std::make_unique<CopyRunner>();
    case GpuScanKind::cub:
        return dispatch_element(scan.type, scan.op, [&]<class Op>() -> std::unique_ptr<GpuScanRunner> {
            return std::make_unique<CubRunner<Op>>(scan.exclusive, max_n);
        });
    case GpuScanKind::thrust:
        return dispatch_element(scan.type, scan.op, [&]<class Op>() -> std::unique_ptr<GpuScanRunner> {
            return std::make_unique<ThrustRunner<Op>>(scan.exclusive);
        });
    default:
        throw std::invalid_argument("not a library baseline");
    }
}

} // namespace prefixlab
