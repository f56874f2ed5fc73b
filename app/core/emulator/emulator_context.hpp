// The execution context a kernel body runs in on the CPU: the emulator's counterpart of
// CudaContext<true> (kernels/cuda/cuda_context.cuh), with the same members. Each call that the GPU
// answers with hardware (barrier, shuffle) is handed to the EmulatedBlock, which schedules the
// fibers; every shared access is recorded and then yields, which makes the warp run in lockstep.
#pragma once

#include "../../../kernels/common/instrumented_shared.hpp"
#include "../../../kernels/common/step_tag.hpp"
#include "../../../kernels/common/value_bits.hpp"
#include "emulated_block.hpp"

#include <cstdint>

namespace prefixlab {

class EmulatorContext {
public:
    static constexpr bool traced = true;

    EmulatorContext(EmulatedBlock& block, std::uint32_t thread) : block_(block), thread_(thread) {}

    int thread_index() const { return static_cast<int>(thread_); }
    int block_threads() const { return static_cast<int>(block_.threads()); }

    template <class T>
    SharedArray<T, EmulatorContext> shared(SharedBufferDesc desc) {
        return SharedArray<T, EmulatorContext>(reinterpret_cast<T*>(block_.shared_memory()) + desc.base_word, desc,
                                               this);
    }

    void begin(StepTag tag) { block_.begin(thread_, tag); }
    void sync(StepTag next) { block_.barrier(thread_, next); }
    void finish() { block_.finish(thread_); }

    template <class T>
    T shfl_up(T value, int delta, std::uint32_t mask, StepTag next) {
        return from_bits<T>(block_.shuffle_up(thread_, to_bits(value), delta, mask, next));
    }

    template <class T>
    void watch_register(const T& reg) {
        block_.watch_register(thread_, &reg);
    }

    bool check_index(const SharedBufferDesc& desc, std::uint32_t index) {
        block_.check_index(thread_, desc, index); // throws when out of bounds
        return true;
    }

    void on_access(const SharedBufferDesc& desc, std::uint32_t index, AccessKind kind, std::uint32_t bits) {
        block_.on_access(thread_, static_cast<std::uint8_t>(desc.id), desc.base_word + index, kind, bits);
    }

private:
    EmulatedBlock& block_;
    std::uint32_t thread_;
};

} // namespace prefixlab
