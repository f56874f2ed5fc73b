// The execution context a kernel body runs in on the GPU. Its interface is the one the emulator's
// context offers on the CPU (app/core/emulator/emulator_context.hpp): thread index, block size,
// instrumented shared and global arrays, sync() as a block barrier, shfl_up(), shfl_down(), shfl_xor()
// and ballot() as warp exchanges, a value type for element-valued locals, and a watched register.
//
// kTraced = false is the instantiation benchmarks and Nsight Compute see: every member collapses to
// the plain CUDA operation (__syncthreads, __shfl_up_sync, __shfl_down_sync, __shfl_xor_sync,
// __ballot_sync, a raw reference, value<T> = T). kTraced = true records each step's tag, snapshots,
// accesses and provenance into a DeviceTraceSink, with the same rules the emulator follows, so that both
// produce the same RawTrace for a correct kernel.
#pragma once

#include "kernels/common/grid_words.hpp"
#include "kernels/common/instrumented_array.hpp"
#include "kernels/common/register_watch.hpp"
#include "kernels/common/scan_types.hpp"
#include "kernels/common/step_tag.hpp"
#include "kernels/common/trace_records.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/common/value_bits.hpp"
#include "kernels/gpu/device_trace_sink.hpp"
#include "kernels/grid/tile_status.hpp"

#include <cstdint>
#include <type_traits>

namespace prefixlab {

// The block's step counter for tracing: the largest step any thread has reached. Lives in static
// shared memory, which only traced instantiations declare; the untraced kernel's dynamic shared
// memory therefore starts at byte 0, as the bank model assumes.
__device__ inline std::uint32_t& traced_block_step() {
    __shared__ std::uint32_t block_step;
    return block_step;
}

// An atomic read-modify-write in L2, returning the value before it: the tile counter, and the atomic
// global scan's partial sums. add, and max/min of integers, are one instruction; max/min of floats a
// compare-and-swap loop on the bits (CUDA has no float atomicMax).
template <class Op>
__device__ typename Op::value_type device_atomic_combine(typename Op::value_type* word, typename Op::value_type value) {
    using T = typename Op::value_type;
    if constexpr (Op::kind == ScanOperator::add) {
        return atomicAdd(word, value);
    } else if constexpr (!std::is_same_v<T, float>) {
        return Op::kind == ScanOperator::max ? atomicMax(word, value) : atomicMin(word, value);
    } else {
        auto* bits = reinterpret_cast<unsigned*>(word);
        unsigned seen = *bits, expected;
        do {
            expected = seen;
            seen = atomicCAS(bits, expected, __float_as_uint(Op::combine(__uint_as_float(expected), value)));
        } while (seen != expected);
        return __uint_as_float(seen);
    }
}

// Between two polls of a status word that was still invalid: 32 ns doubling to about 1 µs (the
// comment at CudaContext::spin_wait says why). __nanosleep needs sm_70.
__device__ inline void device_back_off(const TileWait& wait) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
    __nanosleep(32u << (wait.polls < 5 ? wait.polls : 5));
#else
    (void)wait;
#endif
}

__device__ inline unsigned special_register_tid_x() {
    unsigned x;
    asm volatile("mov.u32 %0, %%tid.x;" : "=r"(x));
    return x;
}
__device__ inline unsigned special_register_ntid_x() {
    unsigned x;
    asm volatile("mov.u32 %0, %%ntid.x;" : "=r"(x));
    return x;
}

// The lanes of `mask` whose `value & bit` is set as the calling lane's is: the test, the vote and the
// complement in one predicate (CUB's MatchAny writes its ballots so).
__device__ inline std::uint32_t ballot_agree_plain(std::uint32_t value, std::uint32_t bit, std::uint32_t mask) {
    std::uint32_t lanes;
    asm("{\n\t.reg .pred p;\n\t"
        "and.b32 %0, %1, %2;\n\t"
        "setp.ne.u32 p, %0, 0;\n\t"
        "vote.sync.ballot.b32 %0, p, %3;\n\t"
        "@!p not.b32 %0, %0;\n\t}"
        : "=r"(lanes)
        : "r"(value), "r"(bit), "r"(mask));
    return lanes;
}

// What both CUDA contexts (CudaContext below, and the traced grid run's CudaGridContext,
// cuda_grid_context.cuh) do alike: name the block and the grid, back off between polls, and hand out
// instrumented views of the block's dynamic shared memory (at the layout's word offsets) and of global
// arrays, which report their accesses to Ctx.
template <class Ctx>
class CudaBlockMemory {
public:
    __device__ int block_index() const { return static_cast<int>(blockIdx.x); }
    __device__ int grid_blocks() const { return static_cast<int>(gridDim.x); }

    // Between two polls of a status word that was still invalid: back off, 32 ns doubling to about 1 µs,
    // so that waiting threads do not flood L2 with polls of a word whose tile is still being reduced
    // (CUB backs off with __nanosleep too). __nanosleep needs sm_70. The traced grid context backs off
    // alike, so that polls come as often as in the untraced kernel.
    __device__ void spin_wait(const TileWait& wait) { device_back_off(wait); }

    template <class T>
    __device__ InstrumentedArray<T, Ctx> shared(SharedBufferDesc desc) {
        return InstrumentedArray<T, Ctx>(reinterpret_cast<T*>(shared_memory_) + desc.base_word, desc,
                                         context());
    }
    template <class T>
    __device__ InstrumentedArray<T, Ctx> global(T* data, SharedBufferDesc desc) {
        return InstrumentedArray<T, Ctx>(data, desc, context());
    }

protected:
    __device__ explicit CudaBlockMemory(unsigned char* shared_memory) : shared_memory_(shared_memory) {}

    unsigned char* shared_memory_;

private:
    __device__ Ctx* context() { return static_cast<Ctx*>(this); }
};

template <bool kTraced>
class CudaContext : public CudaBlockMemory<CudaContext<kTraced>> {
public:
    static constexpr bool traced = kTraced;

    // The type of element-valued locals in kernel bodies: T itself, or T with its provenance.
    template <class T>
    using value = std::conditional_t<kTraced, Traced<T>, T>;

    __device__ CudaContext(unsigned char* shared_memory, const DeviceTraceSink& sink)
        : CudaBlockMemory<CudaContext>(shared_memory), sink_(sink) {}

    // Read where used, through volatile asm, rather than threadIdx.x and blockDim.x, which nvcc treats as
    // values it may compute once and keep: it then keeps much derived from them (lanes, warps, offsets,
    // masks) in registers for the whole kernel. The tuned tile (48 elements a thread, capped at 80
    // registers: RegisterTileScan::kMaxRegisters) spilled 4 bytes a thread for integer max and min, 26
    // for float add and 160 for float max and min; read afresh, none spills (nvcc 13 --resource-usage).
    // A read is one S2R instruction.
    __device__ int thread_index() const { return static_cast<int>(special_register_tid_x()); }
    __device__ int block_threads() const { return static_cast<int>(special_register_ntid_x()); }
    // The block's dynamic shared memory, for what lies past the layout (tile_stages.cuh).
    __device__ unsigned char* shared_bytes() const { return this->shared_memory_; }

    // --- global memory the blocks of a grid share (kernels/common/grid_words.hpp) ---
    template <class Op>
    __device__ typename Op::value_type atomic_combine(GridWords<typename Op::value_type> words, std::uint32_t index,
                                                      typename Op::value_type value) {
        return device_atomic_combine<Op>(words.data + index, value);
    }

    // A tile status word is published and polled with one 64-bit access each, relaxed at GPU scope
    // (st.relaxed.gpu, ld.relaxed.gpu: strong, so never torn, cached in L1 or hoisted out of a poll loop).
    // The value travels in the word itself and nothing else the publisher wrote is read by the poller, so
    // no ordering is needed: CUB's packed status word is relaxed too. Measured on the H100 (uint32 +,
    // 128 × 24 tile, one run, median of 20): release/acquire 1.08 ms at 2^28, relaxed 0.97 ms (CUB
    // 0.877), 0.0775 → 0.0699 ms at 2^24; an ld.acquire invalidates the SM's L1 at every poll. The traced
    // grid context keeps release/acquire: its readers go on to read the records beside the word.
    // A generic address (no .global): status arrays come from cudaMalloc, and generic is always valid.
    __device__ void store_status(GridWords<std::uint64_t> words, std::uint32_t index, std::uint64_t value) {
        asm volatile("st.relaxed.gpu.b64 [%0], %1;" : : "l"(words.data + index), "l"(value) : "memory");
    }
    __device__ std::uint64_t load_status(GridWords<std::uint64_t> words, std::uint32_t index) {
        std::uint64_t value;
        asm volatile("ld.relaxed.gpu.b64 %0, [%1];" : "=l"(value) : "l"(words.data + index) : "memory");
        return value;
    }

    // Opens step 0. Traced: fills shared memory with kUnwrittenPattern so unwritten words are
    // recognisable and identical to the emulator's.
    __device__ void begin(StepTag tag) {
        if constexpr (kTraced) {
            auto* words = reinterpret_cast<std::uint32_t*>(this->shared_memory_);
            for (std::uint32_t w = threadIdx.x; w < sink_.shared_words; w += blockDim.x)
                words[w] = kUnwrittenPattern;
            if (threadIdx.x == 0)
                traced_block_step() = 0;
            __syncthreads();
            tag.opening = StepOpening::kernel_start;
            if (threadIdx.x == 0)
                write_tag(0, tag);
        }
    }

    // __syncwarp: the lanes of `mask` wait for each other, and their shared-memory accesses before it are
    // seen by those after it (a ballot or a shuffle orders no memory). Opens no step: the emulator's warps
    // run in lockstep, one access each in turn, which already gives this order.
    __device__ void sync_warp(std::uint32_t mask) { __syncwarp(mask); }

    // Block barrier that opens the step `next`.
    __device__ void sync(StepTag next) {
        if constexpr (kTraced) {
            const std::uint32_t closed = close_step_at_barrier();
            step_ = closed + 1;
            seq_ = 0;
            next.opening = StepOpening::barrier;
            if (threadIdx.x == 0)
                write_tag(step_, next);
        } else {
            __syncthreads();
        }
    }

    // Called once after the body returns: the kernel's end closes the last step.
    __device__ void finish() {
        if constexpr (kTraced) {
            const std::uint32_t closed = close_step_at_barrier();
            if (threadIdx.x == 0)
                *sink_.step_count = closed + 1 < kMaxTraceSteps ? closed + 1 : kMaxTraceSteps;
        }
    }

    // __shfl_up_sync with exact semantics: lane l receives lane l - delta's value, or keeps its own
    // when l < delta. The shuffle opens the step `next` for the calling warp.
    template <class V>
    __device__ V shfl_up(const V& v, int delta, std::uint32_t mask, StepTag next) {
        if constexpr (kTraced) {
            using T = decltype(v.value);
            open_shuffle_step(next);
            const T received = __shfl_up_sync(mask, v.value, delta);
            const std::uint32_t lane = threadIdx.x & 31u;
            const std::uint32_t source = lane >= static_cast<std::uint32_t>(delta) ? threadIdx.x - delta : threadIdx.x;
            return V(received, record_shuffle_source(source, to_bits(received)));
        } else {
            return __shfl_up_sync(mask, v, delta);
        }
    }

    // __shfl_down_sync: lane l receives lane l + delta's value, or keeps its own where l + delta > 31;
    // opens the step `next`, as shfl_up does. V is a traced value or a plain 4-byte one, as for shfl_xor.
    template <class V>
    __device__ V shfl_down(const V& v, int delta, std::uint32_t mask, StepTag next) {
        const std::uint32_t lane = threadIdx.x & 31u;
        const std::uint32_t source =
            lane + static_cast<std::uint32_t>(delta) < 32u ? threadIdx.x + delta : threadIdx.x;
        if constexpr (kTraced && IsTraced<V>::value) {
            using T = decltype(v.value);
            open_shuffle_step(next);
            const T received = __shfl_down_sync(mask, v.value, delta);
            return V(received, record_shuffle_source(source, to_bits(received)));
        } else if constexpr (kTraced) {
            open_shuffle_step(next);
            const V received = __shfl_down_sync(mask, v, delta);
            record_shuffle_source(source, to_bits(received));
            return received;
        } else {
            (void)source;
            return __shfl_down_sync(mask, v, delta);
        }
    }

    // __shfl_xor_sync: lane l receives lane (l ^ lane_mask)'s value; opens the step `next`, as shfl_up
    // does. Traced, V is a traced value (its provenance becomes the shuffle) or a plain 4-byte value.
    template <class V>
    __device__ V shfl_xor(const V& v, int lane_mask, std::uint32_t mask, StepTag next) {
        if constexpr (kTraced && IsTraced<V>::value) {
            using T = decltype(v.value);
            open_shuffle_step(next);
            const T received = __shfl_xor_sync(mask, v.value, lane_mask);
            const std::uint32_t source = threadIdx.x ^ static_cast<std::uint32_t>(lane_mask);
            return V(received, record_shuffle_source(source, to_bits(received)));
        } else if constexpr (kTraced) {
            open_shuffle_step(next);
            const V received = __shfl_xor_sync(mask, v, lane_mask);
            record_shuffle_source(threadIdx.x ^ static_cast<std::uint32_t>(lane_mask), to_bits(received));
            return received;
        } else {
            return __shfl_xor_sync(mask, v, lane_mask);
        }
    }

    // __ballot_sync: bit l set where lane l of the mask passed true; opens the step `next`, as a shuffle
    // does, and records the thread itself as the shuffle's source (the votes come from no one lane).
    __device__ std::uint32_t ballot(bool predicate, std::uint32_t mask, StepTag next) {
        if constexpr (kTraced) {
            open_shuffle_step(next);
            const std::uint32_t votes = __ballot_sync(mask, predicate);
            record_shuffle_source(threadIdx.x, votes);
            return votes;
        } else {
            return __ballot_sync(mask, predicate);
        }
    }

    // The lanes of the mask whose `value & bit` is set as the calling lane's is (a ballot, and its
    // complement where the lane's is clear): the match of radix digits bit by bit. Untraced, the test, the
    // vote and the complement are one predicate in PTX, as CUB's MatchAny writes them; through __ballot_sync
    // nvcc turned the test into a word and back, 3 instructions a bit more (SASS of OnesweepPass, 8 bits).
    __device__ std::uint32_t ballot_agree(std::uint32_t value, std::uint32_t bit, std::uint32_t mask, StepTag next) {
        if constexpr (kTraced) {
            const bool set = (value & bit) != 0;
            const std::uint32_t lanes = ballot(set, mask, next);
            return set ? lanes : ~lanes;
        } else {
            return ballot_agree_plain(value, bit, mask);
        }
    }

    // Names the register whose per-thread value is snapshotted at every step's end (shuffle kernels),
    // for as long as the returned guard lives (kernels/common/register_watch.hpp). At each snapshot
    // its provenance is reset to "this register at this step", so later values computed from it point
    // at the snapshot rather than at older reads.
    template <class V>
    __device__ RegisterWatch<CudaContext> watch_register(V& reg) {
        if constexpr (kTraced) {
            watched_value_ = reinterpret_cast<const std::uint32_t*>(&reg.value);
            watched_sources_ = reg.sources;
            return RegisterWatch<CudaContext>(this, &reg.value);
        } else {
            return RegisterWatch<CudaContext>(this, &reg);
        }
    }

    // Called by RegisterWatch when the watched variable leaves its scope: if it is still the watched
    // one, its last value and provenance move into the context, which snapshots them from then on.
    __device__ void release_register(const void* value) {
        if constexpr (kTraced) {
            if (watched_value_ != value)
                return;
            retained_value_ = *watched_value_;
            retained_sources_[0] = watched_sources_[0];
            retained_sources_[1] = watched_sources_[1];
            watched_value_ = &retained_value_;
            watched_sources_ = retained_sources_;
        }
    }

    // --- called by InstrumentedArray in traced instantiations ---
    __device__ bool check_index(const SharedBufferDesc& desc, std::uint32_t word) {
        if constexpr (kTraced) {
            if (word >= desc.words) {
                atomicOr(sink_.error_flags, kTraceIndexOutOfBounds);
                return false;
            }
        }
        return true;
    }

    __device__ std::uint32_t on_access(const SharedBufferDesc& desc, std::uint32_t word, AccessKind kind,
                                       std::uint32_t bits, const std::uint32_t (&sources)[2], std::uint8_t flags = 0) {
        return append_access(static_cast<std::uint8_t>(desc.id), desc.base_word + word, kind, bits, sources, flags);
    }

    // atomicAdd on a shared-memory word (InstrumentedArray::atomic_add); traced, its read and its write.
    // extra_flags: kAccessResultUnused where the caller drops the old value.
    __device__ std::uint32_t atomic_add_shared(const SharedBufferDesc& desc, std::uint32_t word, std::uint32_t* address,
                                               std::uint32_t value, std::uint8_t extra_flags = 0) {
        const std::uint32_t before = atomicAdd(address, value);
        if constexpr (kTraced) {
            const std::uint32_t none[2] = {kNoSource, kNoSource};
            const auto flags = static_cast<std::uint8_t>(kAccessAtomic | extra_flags);
            const std::uint32_t read = on_access(desc, word, AccessKind::read, before, none, flags);
            const std::uint32_t sources[2] = {read, kNoSource};
            on_access(desc, word, AccessKind::write, before + value, sources, flags);
        }
        return before;
    }

private:
    // A warp exchange (shuffle or ballot) ends the thread's step and opens `next`. Every kind is tagged
    // StepOpening::shuffle: the opening decides which snapshots a step has (registers, no shared
    // memory), which is the same for all of them; the step's phase says what it does.
    __device__ void open_shuffle_step(StepTag next) {
        close_register(step_);
        ++step_;
        seq_ = 0;
        next.opening = StepOpening::shuffle;
        if ((threadIdx.x & 31u) == 0)
            write_tag(step_, next);
    }

    // The exchange's record: a read of the source thread's register; returns its reference.
    __device__ std::uint32_t record_shuffle_source(std::uint32_t source_thread, std::uint32_t bits) {
        const std::uint32_t none[2] = {kNoSource, kNoSource};
        return append_access(kShuffleSource, source_thread, AccessKind::read, bits, none);
    }

    // Returns the access's reference (for reads to carry as their value's source).
    __device__ std::uint32_t append_access(std::uint8_t buffer, std::uint32_t word, AccessKind kind,
                                           std::uint32_t bits, const std::uint32_t (&sources)[2],
                                           std::uint8_t flags = 0) {
        if (seq_ > kMaxAccessSeq) {
            atomicOr(sink_.error_flags, kTraceTooManyAccesses);
            return kNoSource;
        }
        const std::uint32_t slot = atomicAdd(sink_.access_count, 1u);
        if (slot < sink_.access_capacity) {
            AccessRecord record;
            record.step = static_cast<std::uint16_t>(step_);
            record.thread = static_cast<std::uint16_t>(threadIdx.x);
            record.seq = static_cast<std::uint8_t>(seq_);
            record.buffer = buffer;
            record.kind = kind;
            record.flags = flags;
            record.word = word;
            record.value = bits;
            record.sources[0] = sources[0];
            record.sources[1] = sources[1];
            sink_.accesses[slot] = record;
        }
        return read_source(step_, seq_++);
    }

    __device__ void write_tag(std::uint32_t step, const StepTag& tag) {
        if (step < kMaxTraceSteps)
            sink_.steps[step] = tag;
        else
            atomicOr(sink_.error_flags, kTraceStepOverflow);
    }

    // Snapshots the watched register at the end of `step` with its provenance, then makes the
    // snapshot its provenance.
    __device__ void close_register(std::uint32_t step) {
        if (watched_value_ == nullptr || step >= kMaxTraceSteps)
            return;
        const std::size_t slot = std::size_t(step) * sink_.threads + threadIdx.x;
        sink_.registers[slot] = *watched_value_;
        sink_.registers_taken[slot] = 1;
        sink_.register_sources[2 * slot] = watched_sources_[0];
        sink_.register_sources[2 * slot + 1] = watched_sources_[1];
        watched_sources_[0] = register_source(step);
        watched_sources_[1] = kNoSource;
    }

    // Ends the current step at a block barrier: the block's step is the largest any thread reached;
    // shared memory is snapshotted there, each thread's register at its own step. Returns that step.
    __device__ std::uint32_t close_step_at_barrier() {
        std::uint32_t& block_step = traced_block_step();
        atomicMax(&block_step, step_);
        __syncthreads(); // every thread's writes of the step are done and its step counted
        const std::uint32_t closed = block_step;
        if (closed < kMaxTraceSteps) {
            const auto* words = reinterpret_cast<const std::uint32_t*>(this->shared_memory_);
            for (std::uint32_t w = threadIdx.x; w < sink_.shared_words; w += blockDim.x)
                sink_.shared[closed * sink_.shared_words + w] = words[w];
            if (threadIdx.x == 0)
                sink_.shared_taken[closed] = 1;
        }
        close_register(step_);
        __syncthreads(); // the snapshot and block_step are read before anyone writes again
        return closed;
    }

    DeviceTraceSink sink_;
    std::uint32_t step_ = 0;
    std::uint32_t seq_ = 0;
    const std::uint32_t* watched_value_ = nullptr;
    std::uint32_t* watched_sources_ = nullptr;
    std::uint32_t retained_value_ = 0; // a released register's last value and provenance
    std::uint32_t retained_sources_[2] = {kNoSource, kNoSource};
};

} // namespace prefixlab
