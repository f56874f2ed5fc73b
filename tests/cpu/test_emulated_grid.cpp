// The single-pass grid scans in the emulator (their outputs at every type, operator, direction and size
// are in test_grid_drivers.cpp, with the other drivers'): the tile-counter variants complete under every start order with few resident blocks; the chained scan
// with tile = blockIdx, reversed and two resident blocks, ends in a named deadlock, fast.
#include "core/emulator/emulate_grid_scan.hpp"
#include "core/emulator/emulated_block.hpp"
#include "core/emulator/emulator_context.hpp"
#include "kernels/common/scan_operators.hpp"
#include "kernels/grid/decoupled_look_back.cuh"
#include "support/grid_scan_support.hpp"

#include <chrono>
#include <cstdio>
#include <gtest/gtest.h>

namespace prefixlab::test {
namespace {

class GridScanEmulated : public ::testing::TestWithParam<GridDriver> {};

TEST_P(GridScanEmulated, TileCounterCompletesUnderEveryStartOrder) {
    std::vector<GridSchedule> schedules;
    for (BlockStartOrder order : {BlockStartOrder::in_order, BlockStartOrder::reversed})
        schedules.push_back(GridSchedule{2, order, 0});
    for (std::uint64_t seed = 1; seed <= 20; ++seed)
        schedules.push_back(GridSchedule{3, BlockStartOrder::seeded_random, seed});
    // The warp-shuffle tile (32 tiles of 32 of 1000 elements), and the register tile (the tuned scan's,
    // traced) with a window of 8 lanes (32 tiles of 32) and of 32 lanes (40 tiles of 128 of 5000
    // elements, so that a look-back may need a second window).
    for (auto [body, threads, n] : {std::tuple{TileScanBody::warp_shuffle, 32, 1000},
                                    std::tuple{TileScanBody::registers, 8, 1000},
                                    std::tuple{TileScanBody::registers, 32, 5000}})
        for (const GridSchedule& schedule : schedules) {
            GridScanRequest request =
                make_grid_request(n, ElementType::int32, ScanOperator::add, false, GetParam(), schedule.seed);
            request.body = body;
            request.tile_threads = threads;
            EXPECT_EQ(wrong_outputs(request, emulate_grid_scan(request, schedule)), 0u)
                << describe(request) << " started " << describe_start_order(schedule);
        }
}

// Block index as tile works too when nothing forces a wait on a block that cannot start: in order,
// tile t's predecessors are always resident or done.
TEST_P(GridScanEmulated, BlockIndexTilesInOrderComplete) {
    GridScanRequest request =
        make_grid_request(1000, ElementType::uint32, ScanOperator::add, true, GetParam(), 5);
    request.order = TileOrder::block_index;
    request.tile_threads = 32;
    EXPECT_EQ(
        wrong_outputs(request, emulate_grid_scan(request, GridSchedule{2, BlockStartOrder::in_order, 0})),
        0u);
}

INSTANTIATE_TEST_SUITE_P(Protocols, GridScanEmulated,
                         ::testing::Values(GridDriver::chained, GridDriver::decoupled_look_back),
                         [](const ::testing::TestParamInfo<GridDriver>& info) {
                             return std::string(info.param == GridDriver::chained ? "Chained" : "LookBack");
                         });

// The protocol alone, one thread per block (a window of one lane: one predecessor at a time), every
// aggregate 1: each tile's exclusive prefix is its index.
// Under random turns some tiles publish their aggregate while a predecessor has not yet published its
// prefix, so they must look back past aggregates: the schedule exercises the protocol, not only its
// fast path. (Round robin keeps the tiles in step: each then finds its predecessor's prefix at once.)
TEST(GridLookBack, PrefixesAreRightAndRandomTurnsMakeTilesLookBackPastAggregates) {
    constexpr std::uint32_t kTiles = 64;
    std::uint32_t deepest = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        std::vector<std::uint64_t> status(kTiles, 0);
        std::vector<std::uint32_t> prefix(kTiles, 0), depth(kTiles, 0);
        std::uint32_t counter = 0;
        const GridWords<std::uint64_t> words{status.data(), BufferId::tile_status, kTiles};
        const GridWords<std::uint32_t> counter_word{&counter, BufferId::tile_counter, 1};
        SharedLayout layout;
        layout.add(BufferId::data, 1);
        EmulatedGrid grid(kTiles, 1, layout, GridSchedule{4, BlockStartOrder::seeded_random, seed});
        GridRecording recording;
        grid.run(
            [&](EmulatedBlock& block, std::uint32_t thread) {
                EmulatorContext ctx(block, thread);
                ctx.begin(StepTag{});
                const std::uint32_t tile = ctx.atomic_combine<AddOp<std::uint32_t>>(counter_word, 0, 1u);
                prefix[tile] = decoupled_look_back<AddOp<std::uint32_t>>(ctx, words, tile, 1u, 0u, 1, Phase{});
                ctx.finish();
            },
            &recording);
        // How many predecessors each tile read (1 when it found its predecessor's prefix at once), from
        // the recorded polls: each block's tile is what its atomic returned.
        std::vector<std::uint32_t> tile_of(kTiles, 0);
        for (const GridAccessRecord& a : recording.accesses) {
            if (a.kind == GridAccessKind::atomic)
                tile_of[a.block] = static_cast<std::uint32_t>(a.value);
            else if (a.kind == GridAccessKind::acquire)
                depth[tile_of[a.block]] = std::max(depth[tile_of[a.block]], tile_of[a.block] - a.index);
        }
        for (std::uint32_t t = 0; t < kTiles; ++t) {
            EXPECT_EQ(prefix[t], t) << "tile " << t << " seed " << seed;
            EXPECT_EQ(status_of(status[t]), TileStatus::prefix);
            EXPECT_EQ(value_bits_of(status[t]), t + 1);
            deepest = std::max(deepest, depth[t]);
        }
    }
    EXPECT_GE(deepest, 3u) << "no tile looked back past two aggregates";
    std::printf("look-back: the deepest of 20 seeds' tiles read %u predecessors\n", deepest);
}

std::string deadlock_message(GridDriver protocol, std::size_t n, std::uint32_t resident) {
    GridScanRequest request = make_grid_request(n, ElementType::int32, ScanOperator::add, false, protocol, 3);
    request.order = TileOrder::block_index;
    request.tile_threads = 32;
    try {
        emulate_grid_scan(request, GridSchedule{resident, BlockStartOrder::reversed, 0});
    } catch (const EmulationError& e) {
        return e.what();
    }
    return "no error";
}

TEST(GridScanDeadlock, ChainedWithBlockIndexReversedAndTwoResidentIsNamedWithinASecond) {
    const auto start = std::chrono::steady_clock::now();
    const std::string message = deadlock_message(GridDriver::chained, 8 * 32, 2);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LE(seconds, 1.0);
    EXPECT_EQ(message,
              "emulator: deadlock: tile 7 waits for tile 6's prefix; tile 6 waits for tile 5's prefix; "
              "tile 5 is not resident; every resident block waits and none can start (2 of 8 blocks "
              "resident, started reversed)");
    EXPECT_EQ(message.find('\n'), std::string::npos);
}

TEST(GridScanDeadlock, LookBackWithBlockIndexReversedNamesTheTileAllWaitFor) {
    const std::string message = deadlock_message(GridDriver::decoupled_look_back, 8 * 32, 4);
    EXPECT_EQ(message,
              "emulator: deadlock: tiles 7, 6, 5, 4 wait for tile 3's aggregate or prefix; tile 3 is not "
              "resident; every resident block waits and none can start (4 of 8 blocks resident, started "
              "reversed)");
}

TEST(GridScanDeadlock, ALargeGridDeadlocksJustAsFast) {
    const auto start = std::chrono::steady_clock::now();
    EXPECT_NE(deadlock_message(GridDriver::chained, 4097, 2).find("deadlock"), std::string::npos);
    EXPECT_LE(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 1.0);
}

TEST(GridStartOrder, IsDeterministicAndAPermutation) {
    const GridSchedule random{3, BlockStartOrder::seeded_random, 42};
    const std::vector<std::uint32_t> order = block_start_order(100, random);
    EXPECT_EQ(order, block_start_order(100, random));
    std::vector<std::uint32_t> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    for (std::uint32_t b = 0; b < 100; ++b)
        EXPECT_EQ(sorted[b], b);
    EXPECT_NE(order, block_start_order(100, GridSchedule{3, BlockStartOrder::seeded_random, 43}));
    EXPECT_EQ(block_start_order(3, GridSchedule{1, BlockStartOrder::reversed, 0}),
              (std::vector<std::uint32_t>{2, 1, 0}));
}

TEST(GridScanRequests, BadInputIsRefused) {
    GridScanRequest request =
        make_grid_request(10, ElementType::int32, ScanOperator::add, false, GridDriver::chained, 1);
    request.tile_threads = 48;
    EXPECT_THROW(emulate_grid_scan(request, GridSchedule{}), std::invalid_argument);
    request.tile_threads = 32;
    request.input.clear();
    EXPECT_THROW(emulate_grid_scan(request, GridSchedule{}), std::invalid_argument);
    request.input.assign(10, 1);
    EXPECT_THROW(emulate_grid_scan(request, GridSchedule{0, BlockStartOrder::in_order, 0}), EmulationError);
}

} // namespace
} // namespace prefixlab::test
