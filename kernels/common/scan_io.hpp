// The global-memory side of a single-block scan: where the body reads its input and writes its
// output. On the GPU these are device pointers; in the emulator, host pointers. Bodies reach them
// through block_input()/block_output(), which instrument them like shared memory when tracing, so a
// trace shows where every value came from and where every result went.
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/common/shared_layout.hpp"

#include <type_traits>

namespace prefixlab {

template <class T>
struct ScanIo {
    const T* input;
    T* output;
    int n;
    bool exclusive;
    // Multi-block drivers (kernels/device/) scan one tile of a long array per block (inclusive):
    //  - carry: the scanned total of the tiles before this one, which every output combines with
    //    (reduce-then-scan's second pass writes each element once); read before the body starts;
    //  - tile_total: where the thread that stores the tile's last element also stores it, so the
    //    driver needs no extra barrier and no reload from global memory.
    // Single-block scans (and every traced one) have neither.
    bool has_carry = false;
    T carry{};
    T* tile_total = nullptr;
};

// Stores a body's result for element i: combined with the carry, if any, and copied to the tile's
// total when it is the last element.
template <class Op, class Out, class X>
PL_HOST_DEVICE void store_output(const ScanIo<typename Op::value_type>& io, Out& out, int i, const X& value) {
    using T = typename Op::value_type;
    if constexpr (std::is_same_v<X, T>) {
        const T result = io.has_carry ? Op::combine(io.carry, value) : value;
        out[i] = result;
        if (io.tile_total != nullptr && i == io.n - 1)
            *io.tile_total = result;
    } else {
        // Traced values: a single-block scan (no carry), or a tile of a grid scan in the emulator,
        // whose carry joins the value's provenance like any operand. The tile total stays a plain store.
        const auto result = io.has_carry ? Op::apply(io.carry, value) : value;
        out[i] = result;
        if (io.tile_total != nullptr && i == io.n - 1)
            *io.tile_total = result.value;
    }
}

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
