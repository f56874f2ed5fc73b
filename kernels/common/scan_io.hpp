// The global-memory side of a single-block scan: where the body reads its input and writes its
// output. On the GPU these are device pointers; in the emulator, host pointers. Bodies reach them
// through block_input()/block_output(), which instrument them like shared memory when tracing, so a
// trace shows where every value came from and where every result went.
#pragma once

#include "shared_layout.hpp"

namespace prefixlab {

template <class T>
struct ScanIo {
    const T* input;
    T* output;
    int n;
    bool exclusive;
};

template <class Ctx, class T>
PL_HOST_DEVICE auto block_input(Ctx& ctx, const ScanIo<T>& io) {
    // Kernels only read their input; the instrumented view is shared with writable buffers.
    return ctx.global(const_cast<T*>(io.input), global_buffer(BufferId::input, static_cast<std::uint32_t>(io.n)));
}

template <class Ctx, class T>
PL_HOST_DEVICE auto block_output(Ctx& ctx, const ScanIo<T>& io) {
    return ctx.global(io.output, global_buffer(BufferId::output, static_cast<std::uint32_t>(io.n)));
}

} // namespace prefixlab
