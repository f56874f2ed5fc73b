// The CPU emulator of one CUDA thread block: one fiber per thread, scheduled deterministically, with
// shared memory, block barriers and warp shuffles, recording the same RawTrace a traced GPU run
// records. The interleaving (docs/emulator.md), chosen by a WarpOrder (kernels/common/scan_types.hpp):
//   1. Warps run one at a time, each until all its lanes wait at a block-level sync: first warp first
//      (in_order, interleaved) or last warp first (reversed).
//   2. Within a warp, lanes advance in rounds: in each round, in lane order, each lane that has started
//      runs up to and including its next instrumented access (or up to a sync point); rounds repeat
//      until every lane waits. In lockstep (in_order, reversed) every lane starts in round 0; skewed
//      (interleaved) lane l starts in round l, counted from the warp's last sync point.
//   3. When every lane of a shuffle's mask waits at that shuffle, values are exchanged and the warp
//      goes on. A shuffle is one of the warp exchanges of WarpExchange: __shfl_up_sync,
//      __shfl_xor_sync or __ballot_sync, one mechanism with one set of checks.
//   4. When every warp waits, the barrier (or kernel end) completes if every thread waits at the same
//      one with the same step tag. Anything else is an EmulationError naming the step and threads:
//      the emulator reports a barrier that not every thread reaches; it never hangs.
//   5. In a grid (emulated_grid.hpp), a thread's global synchronisation operation parks the thread: an
//      atomic add or a release store after it takes effect, an acquire load before it reads; a
//      spin-wait parks it too; when no
//      thread of the block can run and some are parked so, the block yields to the grid, and its
//      parked threads go on when the grid resumes it. Alone, a block parks no thread, and a spin-wait,
//      which nothing could ever end, is an EmulationError.
#pragma once

#include "core/emulator/fiber.hpp"
#include "core/emulator/grid_link.hpp"
#include "kernels/common/cuda_limits.hpp"
#include "kernels/common/raw_trace.hpp"
#include "kernels/common/scan_types.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/common/step_tag.hpp"
#include "kernels/common/trace_records.hpp"

#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace prefixlab {

class EmulationError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The warp-wide operations a lane waits at until its whole warp arrives (rule 3).
enum class WarpExchange : std::uint8_t {
    up,     // __shfl_up_sync: lane l receives lane l - delta, or keeps its own when l < delta
    down,   // __shfl_down_sync: lane l receives lane l + delta, or keeps its own when l + delta > 31
    xor_of, // __shfl_xor_sync: lane l receives lane l ^ lane_mask
    ballot, // __ballot_sync: every lane receives the bits of the lanes whose predicate held
};

struct ShuffleResult {
    std::uint32_t bits;   // the value received
    std::uint32_t source; // the shuffle access's reference, the received value's provenance
};

class EmulatedBlock {
public:
    static constexpr std::uint32_t kMaxThreads = kMaxBlockThreads; // CUDA's limit per block

    EmulatedBlock(std::uint32_t threads, const SharedLayout& layout, bool records_registers,
                  WarpOrder order = WarpOrder::in_order);
    EmulatedBlock(const EmulatedBlock&) = delete;
    EmulatedBlock& operator=(const EmulatedBlock&) = delete;

    // Makes the block `block_index` of a grid of `grid_blocks`, which it yields to (rule 5). Its
    // threads' fibers use the pooled stacks from `first_stack` on, so that resident blocks do not share.
    void join_grid(GridLink& grid, std::uint32_t block_index, std::uint32_t grid_blocks, std::size_t first_stack);

    // Runs body(thread) on every thread to completion. body must call begin() first and finish() last.
    void run(const std::function<void(std::uint32_t thread)>& body);

    // The most steps the block may open (kMaxTraceSteps unless raised): a grid raises it for its blocks,
    // since a block of the two-level scan walks a whole run of tiles, each tile several steps
    // (docs/emulator.md, "Grids"); step numbers stay within the 16 bits the records hold.
    void set_max_steps(std::uint32_t steps) { max_steps_ = steps; }

    RawTrace& trace() { return trace_; }
    std::uint32_t threads() const { return static_cast<std::uint32_t>(threads_.size()); }
    std::uint32_t block_index() const { return block_index_; }
    std::uint32_t grid_blocks() const { return grid_blocks_; }

    // --- called from inside a thread's fiber, through EmulatorContext ---
    unsigned char* shared_memory() { return reinterpret_cast<unsigned char*>(shared_.data()); }
    void begin(std::uint32_t thread, StepTag tag);
    void barrier(std::uint32_t thread, StepTag next);
    void finish(std::uint32_t thread);
    ShuffleResult shuffle_up(std::uint32_t thread, std::uint32_t bits, int delta, std::uint32_t mask, StepTag next);
    ShuffleResult shuffle_down(std::uint32_t thread, std::uint32_t bits, int delta, std::uint32_t mask,
                               StepTag next);
    ShuffleResult shuffle_xor(std::uint32_t thread, std::uint32_t bits, int lane_mask, std::uint32_t mask,
                              StepTag next);
    // Returns the votes (bit l: lane l of the mask passed true); its source names the thread itself.
    ShuffleResult ballot(std::uint32_t thread, bool predicate, std::uint32_t mask, StepTag next);
    void watch_register(std::uint32_t thread, const void* value, std::uint32_t* sources);
    // The watched variable leaves its scope: keep its last value and provenance in the thread's own
    // storage (kernels/common/register_watch.hpp).
    void release_register(std::uint32_t thread, const void* value);
    void check_index(std::uint32_t thread, const SharedBufferDesc& desc, std::uint32_t word);
    // Records the access, then yields to the next lane (lockstep); returns the access's reference.
    std::uint32_t on_access(std::uint32_t thread, std::uint8_t buffer, std::uint32_t word, AccessKind kind,
                            std::uint32_t bits, const std::uint32_t (&sources)[2]);
    // atomicAdd on a word of the block's shared memory: the read and the write recorded with no other lane's
    // access between them, then the yield; returns the word before.
    std::uint32_t atomic_add_shared(std::uint32_t thread, std::uint8_t buffer, std::uint32_t word, std::uint32_t* address,
                                    std::uint32_t value, std::uint8_t extra_flags = 0);
    // Global synchronisation (rule 5).
    // *word = combine(*word, operand) in one go; returns the word before.
    std::uint32_t atomic_update(std::uint32_t thread, BufferId buffer, std::uint32_t index, std::uint32_t* word,
                                std::uint32_t operand, std::uint32_t (*combine)(std::uint32_t, std::uint32_t));
    void store_status(std::uint32_t thread, BufferId buffer, std::uint32_t index, std::uint64_t* word,
                       std::uint64_t value);
    std::uint64_t load_status(std::uint32_t thread, BufferId buffer, std::uint32_t index, const std::uint64_t* word);
    void spin_wait(std::uint32_t thread, const TileWait& wait);

private:
    // global: parked after a global synchronisation operation; spin: parked in a spin-wait (rule 5).
    enum class Wait : std::uint8_t { running, barrier, shuffle, finish, done, failed, global, spin };

    struct Thread {
        Wait wait = Wait::running;
        std::uint32_t step = 0;
        std::uint32_t seq = 0;
        const void* watched = nullptr;           // the watched register's value ...
        std::uint32_t* watched_sources = nullptr; // ... and its provenance
        std::uint32_t retained = 0;                // a released register's last value and provenance
        std::uint32_t retained_sources[2] = {0, 0};
        StepTag pending{};                // the tag of the step this thread's sync point opens
        WarpExchange exchange{};          // shuffle arguments while waiting at one
        int delta = 0;                    // up's delta, xor's lane mask, 0 for a ballot
        std::uint32_t mask = 0;
        std::uint32_t shuffle_in = 0;
        std::uint32_t shuffle_out = 0;
        std::uint32_t shuffle_source = 0;
        TileWait tile_wait{};             // what it spins on, while Wait::spin
        std::exception_ptr error;
        std::unique_ptr<Fiber> fiber;
    };

    struct EntryArg {
        EmulatedBlock* block;
        std::uint32_t thread;
    };

    static void thread_entry(void* arg);
    std::vector<std::uint32_t> warp_schedule() const;
    void run_warp(std::uint32_t warp);
    void run_lanes_to_sync_points(std::uint32_t warp);
    bool complete_shuffle(std::uint32_t warp);
    void check_shuffle_partners(std::uint32_t warp, const Thread& lead) const;
    // "waits at the barrier on line 88", "… on line 78 of warp_shuffle_scan.cuh" where not in `lead_file`
    std::string describe_wait(const Thread& thread, KernelFile lead_file) const;
    std::uint32_t source_lane(const Thread& lead, std::uint32_t lane) const;
    ShuffleResult wait_at_exchange(std::uint32_t thread, WarpExchange exchange, std::uint32_t bits, int delta,
                                   std::uint32_t mask, StepTag next);
    void complete_block_sync();
    bool warp_has_parked_lane(std::uint32_t warp) const;
    bool yield_parked_threads();
    void after_global_operation(std::uint32_t thread, bool wrote);
    void record_grid_access(std::uint32_t thread, BufferId buffer, std::uint32_t index, GridAccessKind kind,
                            std::uint64_t value, std::uint32_t operand);
    void park(std::uint32_t thread, Wait wait);
    void ensure_step(std::uint32_t step);
    void set_tag(std::uint32_t step, const StepTag& tag, std::uint32_t thread);
    void record_register(std::uint32_t thread);
    std::uint32_t append_access(std::uint32_t thread, std::uint8_t buffer, std::uint32_t word, AccessKind kind,
                                std::uint32_t bits, const std::uint32_t (&sources)[2], std::uint8_t flags = 0);
    [[noreturn]] void fail(const std::string& message) const;
    std::string describe_step(std::uint32_t step) const;

    WarpOrder order_;
    std::vector<std::uint32_t> schedule_; // rule 1's warp order (a member: a yielded block keeps no heap locals)
    GridLink* grid_ = nullptr;
    std::uint32_t block_index_ = 0;
    std::uint32_t grid_blocks_ = 1;
    std::size_t first_stack_ = 0;
    std::vector<Thread> threads_;
    std::vector<std::uint32_t> shared_;
    std::vector<std::uint8_t> tag_set_;
    RawTrace trace_;
    const std::function<void(std::uint32_t)>* body_ = nullptr;
    std::vector<EntryArg> entry_args_;
    std::uint32_t max_steps_ = kMaxTraceSteps;
};

} // namespace prefixlab
