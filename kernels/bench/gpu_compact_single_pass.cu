// The compaction table's runners of the single-pass compaction and split (gpu_compact_table.hpp): the
// tuned tile for uint32, int32 and float, and uint32 at each of kSinglePassCompactItemChoices with and
// without staged writes (the sweep that chose the tuned tile: docs/compaction.md). Apart from the other
// runners so that nvcc compiles these instantiations in parallel with them.
#include "kernels/bench/gpu_compact_table.hpp"
#include "kernels/block_dispatch.hpp"
#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/device_buffer.cuh"
#include "kernels/gpu/grid_compact.cuh"

#include <stdexcept>
#include <string>

namespace prefixlab {

namespace {

template <class Op, int kItems, bool kStaged>
class SinglePassRunner final : public GpuTableRunner {
public:
    using T = typename Op::value_type;
    SinglePassRunner(bool split, int threads, std::size_t max_n)
        : compact_(threads, max_n), rejected_(split ? max_n : 0), split_(split) {}
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n) override {
        // 4-byte elements travel as their bit patterns: the device reads them as T
        compact_.run(reinterpret_cast<const T*>(input), reinterpret_cast<T*>(output),
                     split_ ? reinterpret_cast<T*>(rejected_.get()) : nullptr, n);
        output_ = output;
        n_ = n;
    }
    bool synchronizes() const override { return false; }
    std::optional<std::uint64_t> answer() override {
        const std::size_t kept = compact_.kept();
        if (split_ && kept < n_) // untimed: the rejected elements after the kept ones, for the table's check
            PL_CUDA_CHECK(cudaMemcpy(output_ + kept, rejected_.get(), (n_ - kept) * sizeof(std::uint32_t),
                                     cudaMemcpyDeviceToDevice));
        return kept;
    }

private:
    SinglePassGridCompact<Op, kItems, kStaged> compact_;
    DeviceBuffer<std::uint32_t> rejected_;
    bool split_;
    std::uint32_t* output_ = nullptr;
    std::size_t n_ = 0;
};

template <class Op, int kItems, bool kStaged>
std::unique_ptr<GpuTableRunner> runner(const GpuCompactMethod& method, std::size_t max_n) {
    return std::make_unique<SinglePassRunner<Op, kItems, kStaged>>(method.split, method.threads, max_n);
}

template <int kItems>
std::unique_ptr<GpuTableRunner> swept(const GpuCompactMethod& method, std::size_t max_n) {
    using Op = AddOp<std::uint32_t>;
    return method.staged ? runner<Op, kItems, true>(method, max_n) : runner<Op, kItems, false>(method, max_n);
}

} // namespace

std::unique_ptr<GpuTableRunner> make_single_pass_compact_runner(const GpuCompactMethod& method, std::size_t max_n) {
    const int items = method.items > 0 ? method.items : kSinglePassCompactItems;
    if (items == kSinglePassCompactItems && method.staged == kSinglePassCompactStaged)
        return dispatch_value_type(method.type, [&]<class T>() {
            return runner<AddOp<T>, kSinglePassCompactItems, kSinglePassCompactStaged>(method, max_n);
        });
    if (method.type != ElementType::uint32)
        throw std::invalid_argument("the single-pass compaction's sweep times uint32 only");
    switch (items) {
    case 8:
        return swept<8>(method, max_n);
    case 16:
        return swept<16>(method, max_n);
    case 24:
        return swept<24>(method, max_n);
    case 32:
        return swept<32>(method, max_n);
    default:
        break;
    }
    throw std::invalid_argument(std::to_string(items) + " elements a thread: not one of the single-pass compaction's");
}

} // namespace prefixlab
