// A typed cudaMalloc'ed array that frees itself. Copies are checked; sizes are in elements.
#pragma once

#include "kernels/gpu/cuda_check.hpp"

#include <cstddef>
#include <cuda_runtime.h>
#include <vector>

namespace prefixlab {

template <class T>
class DeviceBuffer {
public:
    explicit DeviceBuffer(std::size_t count) : count_(count) {
        if (count_ > 0)
            PL_CUDA_CHECK(cudaMalloc(&data_, count_ * sizeof(T)));
    }
    ~DeviceBuffer() {
        if (data_ != nullptr)
            cudaFree(data_);
    }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;

    T* get() const { return data_; }
    std::size_t size() const { return count_; }

    void zero() {
        if (count_ > 0)
            PL_CUDA_CHECK(cudaMemset(data_, 0, count_ * sizeof(T)));
    }
    void upload(const std::vector<T>& host) {
        PL_CUDA_CHECK(cudaMemcpy(data_, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
    }
    std::vector<T> download(std::size_t count) const {
        std::vector<T> host(count);
        if (count > 0)
            PL_CUDA_CHECK(cudaMemcpy(host.data(), data_, count * sizeof(T), cudaMemcpyDeviceToHost));
        return host;
    }

private:
    T* data_ = nullptr;
    std::size_t count_ = 0;
};

} // namespace prefixlab
