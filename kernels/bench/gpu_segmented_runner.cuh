// What the segmented table's runners share (gpu_segmented_table.cu, gpu_segmented_libraries.cu): the keys on the
// GPU, uploaded once; the answer is the session's output, which the table compares with the CPU's scan.
#pragma once

#include "kernels/bench/gpu_segmented_table.hpp"
#include "kernels/gpu/device_buffer.cuh"

#include <optional>
#include <stdexcept>

namespace prefixlab {

class SegmentedRunner : public GpuTableRunner {
public:
    bool synchronizes() const override { return false; }
    std::optional<std::uint64_t> answer() override { return 0; } // the output is the answer

protected:
    SegmentedRunner(const GpuSegmentedMethod& method, std::size_t max_n) : keys_(checked_keys(method, max_n)) {
        keys_.upload(*method.keys);
    }
    DeviceBuffer<std::uint32_t> keys_;

private:
    static std::size_t checked_keys(const GpuSegmentedMethod& method, std::size_t max_n) {
        if (method.keys == nullptr || method.keys->size() < max_n || max_n == 0)
            throw std::invalid_argument("a segmented scan's runner needs a key for every value");
        return method.keys->size();
    }
};

} // namespace prefixlab
