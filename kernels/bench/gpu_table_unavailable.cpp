// The timed tables' GPU side in a build without CUDA: refuses with the reason gpu_status() gives. The
// tables ask gpu_status() first and time their CPU rows only, so these are reached by no table.
#include "kernels/bench/gpu_compact_table.hpp"
#include "kernels/bench/gpu_histogram_table.hpp"
#include "kernels/bench/gpu_segmented_table.hpp"
#include "kernels/bench/gpu_reduce_table.hpp"
#include "kernels/bench/gpu_sort_table.hpp"
#include "kernels/bench/gpu_table_session.hpp"
#include "kernels/gpu/gpu_block_scan.hpp"

#include <stdexcept>

namespace prefixlab {

struct GpuTableSession::State {};

GpuTableSession::GpuTableSession(const std::uint32_t*, std::size_t, const GpuTableBuffers&) {
    throw std::runtime_error(gpu_status().reason);
}
GpuTableSession::~GpuTableSession() = default;

GpuTableSamples GpuTableSession::time(GpuTableRunner&, int, int, const std::function<bool()>&) {
    throw std::runtime_error(gpu_status().reason);
}

std::unique_ptr<GpuTableRunner> make_gpu_reduce_runner(const GpuReduceMethod&, std::size_t) {
    throw std::runtime_error(gpu_status().reason);
}

std::unique_ptr<GpuTableRunner> make_gpu_compact_runner(const GpuCompactMethod&, std::size_t) {
    throw std::runtime_error(gpu_status().reason);
}

std::unique_ptr<GpuTableRunner> make_gpu_sort_runner(const GpuSortMethod&, std::size_t) {
    throw std::runtime_error(gpu_status().reason);
}

std::unique_ptr<GpuTableRunner> make_gpu_histogram_runner(const GpuHistogramMethod&, std::size_t) {
    throw std::runtime_error(gpu_status().reason);
}

std::unique_ptr<GpuTableRunner> make_gpu_segmented_runner(const GpuSegmentedMethod&, std::size_t) {
    throw std::runtime_error(gpu_status().reason);
}

} // namespace prefixlab
