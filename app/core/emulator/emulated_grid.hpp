// The CPU emulator of a grid of thread blocks: many EmulatedBlocks sharing global memory, at most R of
// them resident at once, as on a GPU whose SMs hold R blocks. The schedule (docs/emulator.md, "Grids"):
//   1. Blocks become resident in the start order (in order, reversed, or a shuffle from a seed), up to R
//      at a time; when a resident block finishes, the next block in start order takes its place.
//   2. Resident blocks take turns: round robin in the order they became resident, or, with the
//      seeded random order, a resident block drawn from a second generator of the same seed for each
//      turn (round robin keeps the blocks in step; random turns let one tile fall behind its
//      successors, so that they look back past its aggregate). A block runs (its
//      threads scheduled as EmulatedBlock schedules them) until one of its threads makes a global
//      synchronisation operation — atomic add, release store (after it), acquire load (before it) —
//      or spin-waits; then the next resident block runs. Each block runs on a fiber of its own, whose
//      threads' fibers nest in it.
//   3. When every resident block has spin-waited since the last write of a status word or the counter,
//      none can ever go on (each can only poll the same unchanged word again): if no block can start either
//      (R are resident, or none is left), the run ends with an EmulationError naming the tiles that wait and
//      what for. A run never hangs on a deadlock.
// Every schedule is deterministic: the same grid, order and seed always interleave the same way.
#pragma once

#include "core/emulator/emulated_block.hpp"
#include "core/emulator/fiber.hpp"
#include "core/emulator/grid_link.hpp"
#include "core/emulator/grid_recording.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/grid/tile_status.hpp"

#include <cstdint>
#include <string_view>
#include <optional>
#include <exception>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace prefixlab {

// The order in which blocks become resident (rule 1).
enum class BlockStartOrder : std::uint8_t { in_order, reversed, seeded_random };

struct GridSchedule {
    std::uint32_t resident = 4; // R: blocks resident at once, at least 1 (more than the blocks act as the blocks)
    BlockStartOrder order = BlockStartOrder::in_order;
    std::uint64_t seed = 0; // seeded_random only
};

// The fiber stacks a grid of `blocks` blocks of `threads` threads takes with `resident` resident
// blocks: one per thread and one per block of every block that can be resident at once. A grid that
// needs more than kMaxFiberStacks is refused (EmulationError) before it starts.
std::size_t grid_fiber_stacks(std::uint32_t blocks, std::uint32_t threads, std::uint32_t resident);

// The most resident blocks of `threads` threads the emulator can run at once (at least 1).
std::uint32_t most_resident_blocks(std::uint32_t threads);

// The block indices in start order. seeded_random is a Fisher–Yates shuffle driven by std::mt19937_64
// (whose output the standard fixes), so a seed gives the same order with every compiler and library.
std::vector<std::uint32_t> block_start_order(std::uint32_t blocks, const GridSchedule& schedule);

// The name of a start order in messages and docs: "in order", "reversed", "random (seed 7)".
std::string describe_start_order(const GridSchedule& schedule);

// The start orders' names in commands and scripts: "in-order", "reversed", "random".
std::string_view name_of(BlockStartOrder order);
std::optional<BlockStartOrder> parse_block_start_order(std::string_view name);
const std::vector<BlockStartOrder>& all_block_start_orders();

class EmulatedGrid final : private GridLink {
public:
    using ThreadBody = std::function<void(EmulatedBlock& block, std::uint32_t thread)>;

    // `blocks` blocks of `threads` threads each, with the shared memory `layout`.
    EmulatedGrid(std::uint32_t blocks, std::uint32_t threads, const SharedLayout& layout,
                 GridSchedule schedule);
    EmulatedGrid(const EmulatedGrid&) = delete;
    EmulatedGrid& operator=(const EmulatedGrid&) = delete;

    // Runs body(block, thread) on every thread of every block to completion; body must call begin()
    // first and finish() last, as for one block. Throws EmulationError on a kernel error or a deadlock.
    // With a recording, every access to the grid's shared arrays is appended to it (and each finished
    // block's trace, if it keeps them).
    void run(const ThreadBody& body, GridRecording* recording = nullptr);

private:
    enum class State : std::uint8_t { fresh, yielded, done, failed };

    struct Resident {
        EmulatedGrid* grid = nullptr;
        std::uint32_t block = 0;
        std::size_t region = 0; // which set of pooled stacks it runs on
        std::unique_ptr<EmulatedBlock> emulated;
        std::unique_ptr<Fiber> fiber;
        State state = State::fresh;
        bool spun = false;           // it has spin-waited at least once
        TileWait wait{};             // what it waited for the last time it spun ...
        std::uint64_t polled_at = 0; // ... and the count of global writes then
        std::exception_ptr error;
    };

    static void block_entry(void* resident);
    void on_global_write() override;
    void record(GridAccessRecord access) override;
    void yield_block(const TileWait* wait) override;
    void start(std::uint32_t block, std::size_t region);
    bool deadlocked(bool can_start) const;
    std::string describe_deadlock() const;

    std::uint32_t blocks_;
    std::uint32_t threads_;
    std::uint32_t slots_; // blocks resident at once: R, or every block where there are fewer
    SharedLayout layout_;
    GridSchedule schedule_;
    const ThreadBody* body_ = nullptr;
    GridRecording* recording_ = nullptr;
    std::vector<std::unique_ptr<Resident>> resident_; // in the order they became resident
    Resident* running_ = nullptr;
    std::mt19937_64 turns_;    // who runs next, with the seeded random order (rule 2)
    std::uint64_t writes_ = 0; // global writes so far: a spinning block can go on only after one
};

} // namespace prefixlab
