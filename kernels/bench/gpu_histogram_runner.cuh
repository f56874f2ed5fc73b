// What the histogram table's runners share (gpu_histogram_table.cu, gpu_histogram_libraries.cu): the bins
// each counts into, and the answer, their fingerprint once the GPU is done.
#pragma once

#include "kernels/bench/gpu_histogram_table.hpp"
#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/device_buffer.cuh"
#include "kernels/grid/histogram_plan.hpp" // require_histogram_bins

#include <optional>

namespace prefixlab {

class HistogramRunner : public GpuTableRunner {
public:
    bool synchronizes() const override { return false; }
    std::optional<std::uint64_t> answer() override {
        return histogram_fingerprint(counts_.download(counts_.size()));
    }

protected:
    explicit HistogramRunner(std::uint32_t bins) : counts_((require_histogram_bins(bins), bins)) {}
    std::uint32_t bins() const { return static_cast<std::uint32_t>(counts_.size()); }
    DeviceBuffer<std::uint32_t> counts_;
};

} // namespace prefixlab
