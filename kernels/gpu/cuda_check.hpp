// Every CUDA runtime call goes through PL_CUDA_CHECK: a failure becomes a CudaError naming the call
// and CUDA's message, which the command line prints as its one-line error.
#pragma once

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace prefixlab {

class CudaError : public std::runtime_error {
public:
    CudaError(cudaError_t code, const std::string& what) : std::runtime_error(what), code_(code) {}
    cudaError_t code() const { return code_; }

private:
    cudaError_t code_;
};

inline void cuda_check(cudaError_t code, const char* call) {
    if (code != cudaSuccess)
        throw CudaError(code, std::string(call) + ": " + cudaGetErrorString(code));
}

} // namespace prefixlab

#define PL_CUDA_CHECK(call) ::prefixlab::cuda_check((call), #call)
// After each launch: a bad configuration shows at once, a fault in the kernel at the next sync.
#define PL_CUDA_CHECK_LAUNCH() ::prefixlab::cuda_check(cudaPeekAtLastError(), "kernel launch")
