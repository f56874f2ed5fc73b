// Two tiles in shared memory, loaded by the Hopper's bulk copy engine (TMA, `cp.async.bulk`) while the
// block works on the other: the untraced register-tile scan's input path (register_tile_scan.cuh says
// why it must keep a load in flight while warp 0 looks back). One thread starts a stage's load and
// tells its mbarrier how many bytes to expect; every thread waits on that mbarrier's phase before
// reading the stage. Device code for sm_90 only: the emulator and traced instantiations read their
// tiles from global memory, element by element, which records each access.
#pragma once

#include "kernels/common/host_device.hpp"

#include <cstddef>
#include <cstdint>

namespace prefixlab {

// The shared memory a kernel with `layout_bytes` of its own needs for two stages of `tile_bytes`: the
// layout, rounded up to 128 bytes, then 128 bytes of mbarriers, then the stages.
PL_HOST_DEVICE constexpr std::size_t tile_stages_bytes(std::size_t layout_bytes, std::size_t tile_bytes) {
    return (layout_bytes + 127) / 128 * 128 + 128 + 2 * tile_bytes;
}

#if defined(__CUDACC__)

struct TileStages {
    static constexpr int kCount = 2;
    // Shared memory after the kernel's layout (tile_stages_bytes): the mbarriers, then the stages.
    static constexpr std::size_t kHeaderBytes = 128;

    unsigned char* base; // 128-byte aligned: barriers at base, stage s at base + kHeaderBytes + s * tile_bytes
    std::uint32_t tile_bytes;

    __device__ TileStages(unsigned char* shared, std::size_t layout_bytes, std::uint32_t tile_bytes_)
        : base(shared + (layout_bytes + 127) / 128 * 128), tile_bytes(tile_bytes_) {}

    __device__ const uint4* stage(int s) const {
        return reinterpret_cast<const uint4*>(base + kHeaderBytes + std::size_t(s) * tile_bytes);
    }
    __device__ std::uint32_t barrier(int s) const {
        return static_cast<std::uint32_t>(__cvta_generic_to_shared(base + 8 * s));
    }

    // By one thread, before the block's first barrier.
    __device__ void init() const {
        for (int s = 0; s < kCount; ++s)
            asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(barrier(s)) : "memory");
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }

    // By one thread: stage s receives `bytes` (a multiple of 16) from `from` (16-byte aligned), evict-first
    // in L2 (read once, as the register loads were: vector_words.cuh).
    __device__ void load(int s, const void* from, std::uint32_t bytes) const {
        std::uint64_t policy;
        asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
        const auto to = static_cast<std::uint32_t>(__cvta_generic_to_shared(stage(s)));
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(barrier(s)), "r"(bytes) : "memory");
        asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1], %2, [%3], %4;"
                     ::"r"(to), "l"(from), "r"(bytes), "r"(barrier(s)), "l"(policy)
                     : "memory");
    }

    // By every thread: until stage s's load has landed. `phases` holds, per stage, the parity of the
    // next completion to wait for (the thread's own copy: every thread waits on every load).
    __device__ void wait(int s, std::uint32_t& phases) const {
        const std::uint32_t parity = (phases >> s) & 1u;
        std::uint32_t done = 0;
        while (done == 0)
            asm volatile("{\n .reg .pred p;\n mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n selp.u32 %0, 1, 0, p;\n}"
                         : "=r"(done)
                         : "r"(barrier(s)), "r"(parity)
                         : "memory");
        phases ^= 1u << s;
    }
};

#endif

} // namespace prefixlab
