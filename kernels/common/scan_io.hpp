// The global-memory side of a single-block scan: where the body reads its input and writes its
// output. On the GPU these are device pointers; in the emulator, host pointers. Bodies reach them
// through block_input()/block_output(), which instrument them like shared memory when tracing, so a
// trace shows where every value came from and where every result went.
#pragma once

#include "kernels/common/compaction_predicate.hpp"
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
    // Multi-block drivers (kernels/grid/) scan one tile of a long array per block:
    //  - carry: the scanned total of the tiles before this one, which every output combines with
    //    (reduce-then-scan's second pass writes each element once); read before the body starts;
    //  - tile_totals: the grid's array of tile totals (BufferId::tile_totals, tile_totals_count
    //    elements); the thread that stores the tile's last element also stores it there, at
    //    tile_total_index, so the driver needs no extra barrier and no reload from global memory
    //    (inclusive scans only: an exclusive scan's last output is not the tile's total);
    //  - totals_base: a driver's spine scans the tile totals themselves, in place. Input and output
    //    then lie in the tile_totals array from element totals_base on, and are instrumented as that
    //    array, so that the emulator records those accesses in the grid's order with their index in
    //    the whole array. kNotInTotals: the scan's own input and output.
    //  - atomic_total (block reductions only): the block's total is combined atomically into
    //    tile_totals[tile_total_index], which every block of the launch names (the atomicAdd finish of a
    //    multi-block reduction, kernels/grid/grid_reduce_plan.hpp).
    // Single-block scans have none of them.
    static constexpr std::uint32_t kNotInTotals = 0xffffffffu;
    bool has_carry = false;
    T carry{};
    T* tile_totals = nullptr;
    std::uint32_t tile_totals_count = 0;
    std::uint32_t tile_total_index = 0;
    std::uint32_t totals_base = kNotInTotals;
    bool atomic_total = false;
    // Which elements a compaction or a split keeps (kernels/common/compaction_predicate.hpp).
    KeepPredicate keep{};
    // A radix sort's passes: bits 0 up to this one of the keys' radix_key (kernels/common/radix_key.hpp),
    // which the host computes from the input (radix_end_bit); every other kernel ignores it.
    int radix_end_bit = 32;
};

// The descriptor of the part of a grid's tile totals array a spine level scans (see ScanIo).
PL_HOST_DEVICE constexpr SharedBufferDesc totals_buffer(std::uint32_t base, std::uint32_t n) {
    SharedBufferDesc desc = global_buffer(BufferId::tile_totals, n);
    desc.base_word = base;
    return desc;
}

// Stores the tile's total into the grid's tile totals through the output array's context: recorded,
// like every access to an array the blocks share, where the context records (the emulator's grid).
template <class T, class Out, class X>
PL_HOST_DEVICE void store_tile_total(const ScanIo<T>& io, const Out& out, const X& total) {
    auto totals = out.context().global(io.tile_totals, global_buffer(BufferId::tile_totals, io.tile_totals_count));
    totals[io.tile_total_index] = total;
}

// Stores a body's result for element i: combined with the carry, if any, and copied to the tile's
// total when it is the last element.
template <class Op, class Out, class X>
PL_HOST_DEVICE void store_output(const ScanIo<typename Op::value_type>& io, Out& out, int i, const X& value) {
    using T = typename Op::value_type;
    if constexpr (std::is_same_v<X, T>) {
        const T result = io.has_carry ? Op::combine(io.carry, value) : value;
        out[i] = result;
        if (io.tile_totals != nullptr && i == io.n - 1)
            store_tile_total(io, out, result);
    } else {
        // Traced values: a single-block scan (no carry), or a tile of a grid scan in the emulator,
        // whose carry joins the value's provenance like any operand.
        const auto result = io.has_carry ? Op::apply(io.carry, value) : value;
        out[i] = result;
        if (io.tile_totals != nullptr && i == io.n - 1)
            store_tile_total(io, out, result);
    }
}

template <class Ctx, class T>
PL_HOST_DEVICE auto block_input(Ctx& ctx, const ScanIo<T>& io) {
    // Kernels only read their input; the instrumented view is shared with writable buffers.
    const auto n = static_cast<std::uint32_t>(io.n);
    return ctx.global(const_cast<T*>(io.input), io.totals_base == ScanIo<T>::kNotInTotals
                                                    ? global_buffer(BufferId::input, n)
                                                    : totals_buffer(io.totals_base, n));
}

template <class Ctx, class T>
PL_HOST_DEVICE auto block_output(Ctx& ctx, const ScanIo<T>& io) {
    const auto n = static_cast<std::uint32_t>(io.n);
    return ctx.global(io.output, io.totals_base == ScanIo<T>::kNotInTotals ? global_buffer(BufferId::output, n)
                                                                          : totals_buffer(io.totals_base, n));
}

} // namespace prefixlab
