// What the sort table's runners share (gpu_sort_table.cu, gpu_sort_libraries.cu): the pairs' values (the
// keys' indices, filled once) and the array their sorted copy goes to, where the last run left its keys,
// and the answer: n for keys alone, else the keys that came with their own value in stable order
// (keys_with_their_values). A runner calls ran() after each run.
#pragma once

#include "kernels/bench/gpu_sort_table.hpp"
#include "kernels/gpu/device_buffer.cuh"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace prefixlab {

class SortRunner : public GpuTableRunner {
public:
    bool synchronizes() const override { return false; }
    std::optional<std::uint64_t> answer() override {
        if (!pairs())
            return n_;
        return keys_with_their_values(input_, output_, sorted_values(), n_);
    }

protected:
    // `pairs`: with the values 0 … max_n − 1, and an array for them sorted unless the sort is `in_place`.
    SortRunner(bool pairs, std::size_t max_n, bool in_place = false)
        : values_(pairs ? max_n : 0), values_out_(pairs && !in_place ? max_n : 0) {
        if (pairs)
            fill_indices(values_.get(), max_n);
    }
    bool pairs() const { return values_.size() > 0; }
    void ran(const std::uint32_t* input, const std::uint32_t* output, std::size_t n) {
        input_ = input;
        output_ = output;
        n_ = n;
    }
    // Where the last run left the values in the keys' order (a sort in place: values_ itself).
    virtual const std::uint32_t* sorted_values() const { return values_out_.get(); }

    DeviceBuffer<std::uint32_t> values_, values_out_;

private:
    const std::uint32_t* input_ = nullptr;
    const std::uint32_t* output_ = nullptr;
    std::size_t n_ = 0;
};

} // namespace prefixlab
