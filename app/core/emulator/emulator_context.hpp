// The execution context a kernel body runs in on the CPU: the emulator's counterpart of
// CudaContext<true> (kernels/gpu/cuda_context.cuh), with the same members. Each call that the GPU
// answers with hardware (barrier, shuffle) is handed to the EmulatedBlock, which schedules the
// fibers; every instrumented access is recorded and then yields, which makes the warp run in lockstep.
#pragma once

#include "core/emulator/emulated_block.hpp"
#include "kernels/common/instrumented_array.hpp"
#include "kernels/common/register_watch.hpp"
#include "kernels/common/step_tag.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/common/value_bits.hpp"
#include "kernels/common/grid_words.hpp"
#include "kernels/grid/tile_status.hpp"

#include <cstdint>

namespace prefixlab {

class EmulatorContext {
public:
    static constexpr bool traced = true;

    template <class T>
    using value = Traced<T>;

    EmulatorContext(EmulatedBlock& block, std::uint32_t thread) : block_(block), thread_(thread) {}

    int thread_index() const { return static_cast<int>(thread_); }
    int block_threads() const { return static_cast<int>(block_.threads()); }
    int block_index() const { return static_cast<int>(block_.block_index()); }
    int grid_blocks() const { return static_cast<int>(block_.grid_blocks()); }

    template <class T>
    InstrumentedArray<T, EmulatorContext> shared(SharedBufferDesc desc) {
        return InstrumentedArray<T, EmulatorContext>(reinterpret_cast<T*>(block_.shared_memory()) + desc.base_word,
                                                     desc, this);
    }
    template <class T>
    InstrumentedArray<T, EmulatorContext> global(T* data, SharedBufferDesc desc) {
        return InstrumentedArray<T, EmulatorContext>(data, desc, this);
    }

    void begin(StepTag tag) { block_.begin(thread_, tag); }
    // __syncwarp on the GPU: here nothing. The warp's lanes run in lockstep, each access in turn, so the
    // accesses before it already come before those after it in every lane.
    void sync_warp(std::uint32_t) {}
    void sync(StepTag next) { block_.barrier(thread_, next); }
    void finish() { block_.finish(thread_); }

    template <class V>
    V shfl_up(const V& v, int delta, std::uint32_t mask, StepTag next) {
        using T = decltype(v.value);
        const ShuffleResult r = block_.shuffle_up(thread_, to_bits(v.value), delta, mask, next);
        return V(from_bits<T>(r.bits), r.source);
    }

    // __shfl_down_sync: lane l receives lane l + delta's value, or keeps its own where l + delta > 31 (a
    // reduction's tree). V is a traced value or a plain 4-byte one, as for shfl_xor.
    template <class V>
    V shfl_down(const V& v, int delta, std::uint32_t mask, StepTag next) {
        return shuffled(
            v, [&](std::uint32_t bits) { return block_.shuffle_down(thread_, bits, delta, mask, next); });
    }

    // __shfl_xor_sync: lane l receives lane (l ^ lane_mask)'s value. V is a traced value, whose
    // provenance becomes the shuffle, or a plain 4-byte value (a look-back's partial, kept in plain
    // registers), returned plain.
    template <class V>
    V shfl_xor(const V& v, int lane_mask, std::uint32_t mask, StepTag next) {
        return shuffled(
            v, [&](std::uint32_t bits) { return block_.shuffle_xor(thread_, bits, lane_mask, mask, next); });
    }

    // __ballot_sync: bit l set where lane l of the mask passed true. A plain word: the votes are a
    // decision, not a value the dataflow follows.
    std::uint32_t ballot(bool predicate, std::uint32_t mask, StepTag next) {
        return block_.ballot(thread_, predicate, mask, next).bits;
    }

    // The lanes of the mask whose `value & bit` is set as this lane's is: the ballot of the test, complemented
    // where this lane's is clear (the GPU's untraced context does it in one predicate).
    std::uint32_t ballot_agree(std::uint32_t value, std::uint32_t bit, std::uint32_t mask, StepTag next) {
        const bool set = (value & bit) != 0;
        const std::uint32_t lanes = ballot(set, mask, next);
        return set ? lanes : ~lanes;
    }

    // Global memory the blocks of a grid share (kernels/common/grid_words.hpp). Each access is recorded in
    // the grid's global order and lets the other resident blocks run: writes after writing, loads before
    // reading (docs/emulator.md, "Grids"). The atomic's read and write happen with no yield between.
    template <class Op>
    typename Op::value_type atomic_combine(GridWords<typename Op::value_type> words, std::uint32_t index,
                                           typename Op::value_type value) {
        using T = typename Op::value_type;
        const auto combine = [](std::uint32_t a, std::uint32_t b) {
            return to_bits(Op::combine(from_bits<T>(a), from_bits<T>(b)));
        };
        return from_bits<T>(block_.atomic_update(thread_, words.id, index,
                                                 reinterpret_cast<std::uint32_t*>(words.data + index),
                                                 to_bits(value), combine));
    }
    void store_status(GridWords<std::uint64_t> words, std::uint32_t index, std::uint64_t value) {
        block_.store_status(thread_, words.id, index, words.data + index, value);
    }
    std::uint64_t load_status(GridWords<std::uint64_t> words, std::uint32_t index) {
        return block_.load_status(thread_, words.id, index, words.data + index);
    }
    // Between two polls of a status word: the block waits until another block has written.
    void spin_wait(const TileWait& wait) { block_.spin_wait(thread_, wait); }

    // The register snapshotted at every step's end, for as long as the guard lives
    // (kernels/common/register_watch.hpp).
    template <class V>
    RegisterWatch<EmulatorContext> watch_register(V& reg) {
        block_.watch_register(thread_, &reg.value, reg.sources);
        return RegisterWatch<EmulatorContext>(this, &reg.value);
    }
    void release_register(const void* value) { block_.release_register(thread_, value); }

    // atomicAdd on a shared-memory word (InstrumentedArray::atomic_add): recorded as its read and its write.
    std::uint32_t atomic_add_shared(const SharedBufferDesc& desc, std::uint32_t word, std::uint32_t* address,
                                    std::uint32_t value, std::uint8_t extra_flags = 0) {
        return block_.atomic_add_shared(thread_, static_cast<std::uint8_t>(desc.id), desc.base_word + word, address,
                                        value, extra_flags);
    }

    bool check_index(const SharedBufferDesc& desc, std::uint32_t word) {
        block_.check_index(thread_, desc, word); // throws when out of bounds
        return true;
    }

    std::uint32_t on_access(const SharedBufferDesc& desc, std::uint32_t word, AccessKind kind, std::uint32_t bits,
                            const std::uint32_t (&sources)[2]) {
        return block_.on_access(thread_, static_cast<std::uint8_t>(desc.id), desc.base_word + word, kind, bits,
                                sources);
    }

private:
    // What `shuffle` (the block's, given v's bits) hands a lane, as a V: a traced value's provenance
    // becomes the shuffle; a plain one is returned plain.
    template <class V, class Shuffle>
    static V shuffled(const V& v, Shuffle shuffle) {
        if constexpr (IsTraced<V>::value) {
            using T = decltype(v.value);
            const ShuffleResult r = shuffle(to_bits(v.value));
            return V(from_bits<T>(r.bits), r.source);
        } else {
            return from_bits<V>(shuffle(to_bits(v)).bits);
        }
    }

    EmulatedBlock& block_;
    std::uint32_t thread_;
};

} // namespace prefixlab
