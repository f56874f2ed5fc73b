// The compaction table's runners (gpu_compact_table.hpp): our compaction and split; the copy is the tables'
// one. The session that times them is the tables' one too (gpu_table_session.cu).
#include "kernels/bench/gpu_compact_table.hpp"
#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/grid_compact.cuh"

namespace prefixlab {

namespace {

class OwnRunner final : public GpuTableRunner {
public:
    OwnRunner(bool split, int threads, std::size_t max_n) : compact_(threads, max_n), split_(split) {}
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n) override {
        compact_.run(input, output, n, split_);
    }
    bool synchronizes() const override { return false; }
    std::optional<std::uint64_t> answer() override { return compact_.kept(); }

private:
    GridCompact<AddOp<std::uint32_t>> compact_;
    bool split_;
};

} // namespace

std::unique_ptr<GpuTableRunner> make_gpu_compact_runner(const GpuCompactMethod& method, std::size_t max_n) {
    switch (method.kind) {
    case GpuCompactKind::copy:
        return make_copy_runner();
    case GpuCompactKind::own:
        return std::make_unique<OwnRunner>(method.split, method.threads, max_n);
    case GpuCompactKind::single_pass:
        return make_single_pass_compact_runner(method, max_n);
    default:
        break;
    }
    return make_library_compact_runner(method.kind, max_n);
}

} // namespace prefixlab
