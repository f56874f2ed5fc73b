// A block scan body (kernels/block/) run as one phase of a grid kernel: the context the grid kernel
// hands the body. It forwards every member to the grid kernel's own context but begin(): the grid
// kernel has already begun (it took a tile, reduced it and looked back), so the body's "kernel start"
// only marks where its part begins, inside the step the grid kernel opened for it. Everything else —
// barriers, shuffles and ballots, instrumented arrays, watched registers — is the grid kernel's, so the body
// runs unchanged, on the GPU and in the emulator. Below it, what the launches that scan tiles with a
// block body share: the body's shared memory for a tile, and the body's run on a tile.
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/common/step_tag.hpp"

#include <cstdint>

namespace prefixlab {

template <class Ctx>
class TileScanContext {
public:
    static constexpr bool traced = Ctx::traced;

    template <class T>
    using value = typename Ctx::template value<T>;

    PL_HOST_DEVICE explicit TileScanContext(Ctx& ctx) : ctx_(ctx) {}

    PL_HOST_DEVICE int thread_index() const { return ctx_.thread_index(); }
    PL_HOST_DEVICE int block_threads() const { return ctx_.block_threads(); }

    template <class T>
    PL_HOST_DEVICE auto shared(SharedBufferDesc desc) {
        return ctx_.template shared<T>(desc);
    }
    template <class T>
    PL_HOST_DEVICE auto global(T* data, SharedBufferDesc desc) {
        return ctx_.template global<T>(data, desc);
    }

    PL_HOST_DEVICE void begin(StepTag) {} // the grid kernel began; see above
    PL_HOST_DEVICE void sync(StepTag next) { ctx_.sync(next); }
    PL_HOST_DEVICE void sync_warp(std::uint32_t mask) { ctx_.sync_warp(mask); }

    template <class V>
    PL_HOST_DEVICE V shfl_up(const V& v, int delta, std::uint32_t mask, StepTag next) {
        return ctx_.shfl_up(v, delta, mask, next);
    }
    template <class V>
    PL_HOST_DEVICE V shfl_down(const V& v, int delta, std::uint32_t mask, StepTag next) {
        return ctx_.shfl_down(v, delta, mask, next);
    }
    template <class V>
    PL_HOST_DEVICE V shfl_xor(const V& v, int lane_mask, std::uint32_t mask, StepTag next) {
        return ctx_.shfl_xor(v, lane_mask, mask, next);
    }
    PL_HOST_DEVICE std::uint32_t ballot(bool predicate, std::uint32_t mask, StepTag next) {
        return ctx_.ballot(predicate, mask, next);
    }
    PL_HOST_DEVICE std::uint32_t ballot_agree(std::uint32_t value, std::uint32_t bit, std::uint32_t mask,
                                              StepTag next) {
        return ctx_.ballot_agree(value, bit, mask, next);
    }
    template <class V>
    PL_HOST_DEVICE auto watch_register(V& reg) {
        return ctx_.watch_register(reg);
    }

private:
    Ctx& ctx_;
};

// A launch whose blocks scan tiles with a block body (scan-then-propagate's tile scans, reduce-then-scan's
// and two-level's scans with a carry, the atomic global scan's first launch): the body's shared memory for
// a tile of `threads` threads, each with the body's elements.
template <class Body>
struct BodyTileLaunch {
    PL_HOST_DEVICE static constexpr SharedLayout layout(int threads) {
        return Body::layout(threads * Body::kElementsPerThread);
    }
};

// The block body scans `tile` inside the step the grid kernel opened for it.
template <class Body, class Op, class Ctx>
PL_BODY void scan_tile_with(Ctx& ctx, const ScanIo<typename Op::value_type>& tile) {
    TileScanContext<Ctx> tile_ctx(ctx);
    Body::template run<Op>(tile_ctx, tile);
}

} // namespace prefixlab
