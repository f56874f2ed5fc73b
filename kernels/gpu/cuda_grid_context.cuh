// The execution context of a traced GRID run on the GPU: the grid trace's view of a kernel, and
// nothing of the block trace's. Every access to the arrays the blocks share (tile totals, status
// words, the tile counter: is_grid_shared) becomes a GridAccessRecord in device memory, with its
// block, thread, step and launch, its value, the time from %globaltimer, and its place in the grid's
// global order from an atomic ticket; shared memory, shuffles and the scan's own input and output run
// as in the untraced kernel, only the steps are counted (with the emulator's rule: a shuffle opens
// the next step for its thread, a barrier the step after the largest any thread of the block reached),
// so that a record's step names the same phase as the emulator's record of the same access.
//
// The ticket is what makes the order of the status words causal: a release takes its ticket BEFORE it
// stores, an acquire AFTER it loads; the release orders the ticket's atomic before the store, the
// acquire orders the reader's ticket after the load, and atomics on one address are totally ordered,
// so a tile that saw a status word always holds a later ticket than the tile that published it. Not
// causal: the order among atomics on one word (the ticket comes before a relaxed atomic: the tile
// counter's values, not the tickets, say which tile came first; the atomic scan's sums are commutative
// combinations, whatever their order) and plain accesses (their ticket comes after; the tile totals
// they touch cross launches only, which the stream orders).
#pragma once

#include "kernels/common/grid_words.hpp"
#include "kernels/common/instrumented_array.hpp"
#include "kernels/common/register_watch.hpp"
#include "kernels/common/scan_types.hpp"
#include "kernels/common/step_tag.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/common/value_bits.hpp"
#include "kernels/gpu/cuda_context.cuh" // device_atomic_combine, CudaBlockMemory
#include "kernels/grid/grid_access.hpp"
#include "kernels/grid/tile_status.hpp"

#include <cstdint>
#include <type_traits>

namespace prefixlab {

// Error bits of a traced grid launch (DeviceGridSink::errors).
inline constexpr std::uint32_t kGridTraceIndexOutOfBounds = 1u;
inline constexpr std::uint32_t kGridTraceStepOverflow = 2u; // a block opened more than kMaxGridBlockSteps

// Where the launches of one traced grid run write their records (device pointers). The record of
// ticket k goes to records[k] when k < capacity; the ticket's final value counts every access, so a
// run whose records did not fit says how many places it needed.
struct DeviceGridSink {
    GridAccessRecord* records = nullptr;
    unsigned long long capacity = 0;
    unsigned long long* ticket = nullptr;
    std::uint32_t* errors = nullptr;
    std::uint16_t launch = 0; // which launch of the driver, from 0
};

// The block's step, as the largest step any of its threads reached at the last barrier.
__device__ inline std::uint32_t& grid_traced_block_step() {
    __shared__ std::uint32_t block_step;
    return block_step;
}

__device__ inline std::uint64_t global_timer_ns() {
    std::uint64_t ns;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(ns));
    return ns;
}

class CudaGridContext : public CudaBlockMemory<CudaGridContext> {
public:
    // Bodies see a traced context: their instrumented arrays report every access (to on_access, which
    // keeps only the grid's), and they take their element-by-element paths, as in the emulator.
    static constexpr bool traced = true;

    template <class T>
    using value = Traced<T>;

    __device__ CudaGridContext(unsigned char* shared_memory, const DeviceGridSink& sink)
        : CudaBlockMemory(shared_memory), sink_(sink) {}

    __device__ int thread_index() const { return static_cast<int>(threadIdx.x); }
    __device__ int block_threads() const { return static_cast<int>(blockDim.x); }

    // As CudaContext's, recorded: the value before the atomic and the operand combined in.
    template <class Op>
    __device__ typename Op::value_type atomic_combine(GridWords<typename Op::value_type> words, std::uint32_t index,
                                                      typename Op::value_type value) {
        const unsigned long long ticket = take_ticket();
        const typename Op::value_type before = device_atomic_combine<Op>(words.data + index, value);
        record(ticket, words.id, index, GridAccessKind::atomic, to_bits(before), to_bits(value));
        return before;
    }

    __device__ void store_status(GridWords<std::uint64_t> words, std::uint32_t index, std::uint64_t value) {
        const unsigned long long ticket = take_ticket();
        asm volatile("st.release.gpu.b64 [%0], %1;" : : "l"(words.data + index), "l"(value) : "memory");
        record(ticket, words.id, index, GridAccessKind::release, value, 0);
    }
    __device__ std::uint64_t load_status(GridWords<std::uint64_t> words, std::uint32_t index) {
        std::uint64_t value;
        asm volatile("ld.acquire.gpu.b64 %0, [%1];" : "=l"(value) : "l"(words.data + index) : "memory");
        record(take_ticket(), words.id, index, GridAccessKind::acquire, value, 0);
        return value;
    }

    __device__ void begin(StepTag) {
        if (threadIdx.x == 0)
            grid_traced_block_step() = 0;
        __syncthreads();
    }

    // __syncwarp (CudaContext::sync_warp says why it opens no step).
    __device__ void sync_warp(std::uint32_t mask) { __syncwarp(mask); }

    // A barrier: the block's step becomes one past the largest any thread reached.
    __device__ void sync(StepTag) {
        std::uint32_t& block_step = grid_traced_block_step();
        atomicMax(&block_step, step_);
        __syncthreads();
        const std::uint32_t closed = block_step;
        __syncthreads(); // every thread has read it before the next barrier raises it
        step_ = closed + 1;
    }

    __device__ void finish() {}

    // Each shuffle opens a step; V is a traced value (its provenance dropped: the grid trace keeps none)
    // or a plain one.
    template <class V>
    __device__ V shfl_up(const V& v, int delta, std::uint32_t mask, StepTag) {
        return shuffled(v, [&](auto x) { return __shfl_up_sync(mask, x, delta); });
    }
    template <class V>
    __device__ V shfl_down(const V& v, int delta, std::uint32_t mask, StepTag) {
        return shuffled(v, [&](auto x) { return __shfl_down_sync(mask, x, delta); });
    }
    template <class V>
    __device__ V shfl_xor(const V& v, int lane_mask, std::uint32_t mask, StepTag) {
        return shuffled(v, [&](auto x) { return __shfl_xor_sync(mask, x, lane_mask); });
    }
    // Opens a step, as a shuffle does (the emulator counts it so too).
    __device__ std::uint32_t ballot(bool predicate, std::uint32_t mask, StepTag) {
        ++step_;
        return __ballot_sync(mask, predicate);
    }
    __device__ std::uint32_t ballot_agree(std::uint32_t value, std::uint32_t bit, std::uint32_t mask, StepTag) {
        ++step_;
        return ballot_agree_plain(value, bit, mask);
    }

    template <class V>
    __device__ RegisterWatch<CudaGridContext> watch_register(V& reg) {
        return RegisterWatch<CudaGridContext>(this, &reg.value);
    }
    __device__ void release_register(const void*) {}

    // --- called by InstrumentedArray ---
    __device__ bool check_index(const SharedBufferDesc& desc, std::uint32_t word) {
        if (word < desc.words)
            return true;
        atomicOr(sink_.errors, kGridTraceIndexOutOfBounds);
        return false;
    }

    // atomicAdd on a shared-memory word (InstrumentedArray::atomic_add): the block's own memory, not recorded.
    __device__ std::uint32_t atomic_add_shared(const SharedBufferDesc&, std::uint32_t, std::uint32_t* address,
                                               std::uint32_t value, std::uint8_t = 0) {
        return atomicAdd(address, value);
    }

    // Plain reads and writes of the grid's arrays are recorded (a write's ticket after it: the
    // instrumented array has already stored; a plain total is read only by a later launch).
    __device__ std::uint32_t on_access(const SharedBufferDesc& desc, std::uint32_t word, AccessKind kind,
                                       std::uint32_t bits, const std::uint32_t (&)[2]) {
        if (is_grid_shared(desc.id))
            record(take_ticket(), desc.id, desc.base_word + word,
                   kind == AccessKind::read ? GridAccessKind::read : GridAccessKind::write, bits, 0);
        return kNoSource;
    }

private:
    template <class V, class Shuffle>
    __device__ V shuffled(const V& v, Shuffle shuffle) {
        ++step_;
        if constexpr (IsTraced<V>::value)
            return V(shuffle(v.value));
        else
            return shuffle(v);
    }

    __device__ unsigned long long take_ticket() { return atomicAdd(sink_.ticket, 1ull); }

    __device__ void record(unsigned long long ticket, BufferId buffer, std::uint32_t index, GridAccessKind kind,
                           std::uint64_t value, std::uint32_t operand) {
        if (step_ >= kMaxGridBlockSteps) {
            atomicOr(sink_.errors, kGridTraceStepOverflow); // a record's step holds no more
            return;
        }
        if (ticket >= sink_.capacity)
            return; // counted by the ticket: the host sizes the next run from it
        GridAccessRecord r;
        r.order = ticket;
        r.time_ns = global_timer_ns();
        r.value = value;
        r.operand = operand;
        r.index = index;
        r.block = blockIdx.x;
        r.thread = static_cast<std::uint16_t>(threadIdx.x);
        r.step = static_cast<std::uint16_t>(step_);
        r.launch = sink_.launch;
        r.buffer = buffer;
        r.kind = kind;
        sink_.records[ticket] = r;
    }

    DeviceGridSink sink_;
    std::uint32_t step_ = 0;
};

} // namespace prefixlab
