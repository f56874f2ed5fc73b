// Every grid driver in the emulator (kernels/grid/grid_driver.hpp): the reference scan for every element
// type, operator and direction at awkward N up to 65536 with two tiles each, and, for the multi-launch
// drivers, the recording's structure: the launches (names, blocks, threads) and the tile totals (or
// partials) they store equal the reference reduction of each tile (or run).
#include "core/emulator/emulate_grid_scan.hpp"
#include "core/ground/kernel_names.hpp"
#include "kernels/block_dispatch.hpp"
#include "kernels/common/value_bits.hpp"
#include "kernels/grid/grid_driver_plan.hpp"
#include "support/grid_scan_support.hpp"
#include "support/sanitizer.hpp"
#include "support/test_names.hpp"

#include <chrono>
#include <cstdio>
#include <gtest/gtest.h>
#include <map>
#include <span>

namespace prefixlab::test {
namespace {

struct Tile {
    TileScanBody body;
    int threads;
};

// Three tiles each: 32 elements (warp shuffle, 32 threads), 128 (Blelloch, 64 threads, two elements
// each) and 32 (the register tile, 8 threads, four elements each); at N = 65536 larger ones (256, 1024
// and 256 elements), so that the atomic scan's quadratic count of atomics stays small and the
// emulator's time goes to the elements.
const Tile kSmallTiles[] = {{TileScanBody::warp_shuffle, 32}, {TileScanBody::blelloch, 64}, {TileScanBody::registers, 8}};
const Tile kLargeTiles[] = {{TileScanBody::warp_shuffle, 256}, {TileScanBody::blelloch, 512}, {TileScanBody::registers, 64}};

class GridDriverEmulated : public ::testing::TestWithParam<GridDriver> {};

// The large tiles run at N = 65536 in the release build. Under AddressSanitizer, whose job is memory
// errors on every path rather than many elements, they run at 4097: 5 to 17 tiles and a partial last one,
// the paths 65536 takes.
constexpr std::size_t kLargeTilesN = kUnderAddressSanitizer ? 4097 : 65536;

struct SizeTiles {
    std::size_t n;
    std::span<const Tile> tiles;
};
const SizeTiles kSizesAndTiles[] = {{1, kSmallTiles},    {7, kSmallTiles},    {64, kSmallTiles},
                                    {1000, kSmallTiles}, {4097, kSmallTiles}, {kLargeTilesN, kLargeTiles}};

TEST_P(GridDriverEmulated, EveryTypeOperatorDirectionAndSizeGivesTheReferenceScan) {
    const auto start = std::chrono::steady_clock::now();
    GridSchedule schedule;
    schedule.resident = 4;
    for (const auto& [n, tiles] : kSizesAndTiles)
        for (const Tile& tile : tiles)
            for (ElementType type : {ElementType::int32, ElementType::uint32, ElementType::float32})
                for (ScanOperator op : {ScanOperator::add, ScanOperator::max, ScanOperator::min})
                    for (bool exclusive : {false, true}) {
                        GridScanRequest request = make_grid_request(n, type, op, exclusive, GetParam(), 11 + n);
                        request.body = tile.body;
                        request.tile_threads = tile.threads;
                        EXPECT_EQ(wrong_outputs(request, emulate_grid_scan(request, schedule)), 0u)
                            << describe(request);
                    }
    // 6 sizes × 3 tiles × 3 types × 3 operators × 2 directions
    std::printf("%s: 324 emulated scans in %.2f s\n", std::string(name_of(GetParam())).c_str(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
}

// Tiles of less than a warp: 4, 8 and 16 threads, one partial warp whose shuffles name only the lanes
// present (kernels/warp/warp_lanes.hpp), with each body (4 to 16 elements with the warp shuffle, 8 to
// 32 with Blelloch, 16 and 64 with the register tile, whose look-back window is then 4 or 16 lanes). Up to N = 4097: 1025 tiles of 4, enough for three levels of spine.
const Tile kPartialWarpTiles[] = {{TileScanBody::warp_shuffle, 4}, {TileScanBody::warp_shuffle, 8},
                                  {TileScanBody::warp_shuffle, 16}, {TileScanBody::blelloch, 4},
                                  {TileScanBody::blelloch, 8},      {TileScanBody::blelloch, 16},
                                  {TileScanBody::registers, 4},     {TileScanBody::registers, 16}};

TEST_P(GridDriverEmulated, TilesOfLessThanAWarpGiveTheReferenceScan) {
    const auto start = std::chrono::steady_clock::now();
    GridSchedule schedule;
    schedule.resident = 4;
    int scans = 0;
    for (std::size_t n : {1, 7, 64, 1000, 4097})
        for (const Tile& tile : kPartialWarpTiles)
            for (ElementType type : {ElementType::int32, ElementType::uint32, ElementType::float32})
                for (ScanOperator op : {ScanOperator::add, ScanOperator::max, ScanOperator::min})
                    for (bool exclusive : {false, true}) {
                        GridScanRequest request = make_grid_request(n, type, op, exclusive, GetParam(), 23 + n);
                        request.body = tile.body;
                        request.tile_threads = tile.threads;
                        EXPECT_EQ(wrong_outputs(request, emulate_grid_scan(request, schedule)), 0u)
                            << describe(request);
                        ++scans;
                    }
    std::printf("%s: %d emulated scans with partial-warp tiles in %.2f s\n", std::string(name_of(GetParam())).c_str(),
                scans, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
}

INSTANTIATE_TEST_SUITE_P(Drivers, GridDriverEmulated,
                         ::testing::Values(GridDriver::scan_then_propagate, GridDriver::reduce_then_scan,
                                           GridDriver::two_level, GridDriver::atomic_global, GridDriver::chained,
                                           GridDriver::decoupled_look_back),
                         test_name_of<GridDriver>);

TEST(GridDrivers, NamesRoundTrip) {
    ASSERT_EQ(all_grid_drivers().size(), 6u);
    for (GridDriver driver : all_grid_drivers())
        EXPECT_EQ(parse_grid_driver(name_of(driver)), driver);
    EXPECT_EQ(name_of(GridDriver::decoupled_look_back), "decoupled-look-back");
    EXPECT_FALSE(parse_grid_driver("look-back").has_value());
}

// --- recordings ---

struct ExpectedLaunch {
    std::string name;
    std::uint32_t blocks;
    std::uint32_t threads;
};

GridRecording record(const GridScanRequest& request) {
    GridRecording recording;
    const std::vector<std::uint32_t> output = emulate_grid_scan(request, GridSchedule{4}, &recording);
    EXPECT_EQ(wrong_outputs(request, output), 0u) << describe(request);
    return recording;
}

void expect_launches(const GridRecording& recording, const std::vector<ExpectedLaunch>& expected,
                     const char* source_of_first) {
    ASSERT_EQ(recording.launches.size(), expected.size());
    for (std::size_t l = 0; l < expected.size(); ++l) {
        EXPECT_EQ(recording.launches[l].name, expected[l].name) << "launch " << l;
        EXPECT_EQ(recording.launches[l].blocks, expected[l].blocks) << expected[l].name;
        EXPECT_EQ(recording.launches[l].threads, expected[l].threads) << expected[l].name;
    }
    EXPECT_EQ(recording.launches.front().source_path, source_of_first);
    for (const GridAccessRecord& access : recording.accesses)
        EXPECT_LT(access.launch, recording.launches.size());
}

// The reference reduction of input[first, end) under + for int32 (exact, wrapping like the kernels).
std::uint32_t reduction(const std::vector<std::uint32_t>& input, std::size_t first, std::size_t end) {
    std::uint32_t sum = 0;
    for (std::size_t i = first; i < std::min(end, input.size()); ++i)
        sum += input[i];
    return sum;
}

// What the first launch stored into the tile totals, by index: plain writes, or (atomic) the operand
// each block combined in, by block.
std::map<std::uint32_t, std::uint32_t> stored_totals(const GridRecording& recording, GridAccessKind kind) {
    std::map<std::uint32_t, std::uint32_t> stored;
    for (const GridAccessRecord& a : recording.accesses)
        if (a.launch == 0 && a.buffer == BufferId::tile_totals && a.kind == kind)
            stored[kind == GridAccessKind::atomic ? a.block : a.index] =
                kind == GridAccessKind::atomic ? a.operand : static_cast<std::uint32_t>(a.value);
    return stored;
}

GridScanRequest int_request(GridDriver driver, std::size_t n, bool exclusive) {
    GridScanRequest request = make_grid_request(n, ElementType::int32, ScanOperator::add, exclusive, driver, 5);
    request.body = TileScanBody::warp_shuffle;
    request.tile_threads = 32;
    return request;
}

void expect_tile_totals(const GridRecording& recording, const GridScanRequest& request, std::size_t tiles,
                        std::size_t tile_elements, GridAccessKind kind) {
    const auto stored = stored_totals(recording, kind);
    ASSERT_EQ(stored.size(), tiles);
    for (std::size_t t = 0; t < tiles; ++t)
        EXPECT_EQ(stored.at(static_cast<std::uint32_t>(t)),
                  reduction(request.input, t * tile_elements, (t + 1) * tile_elements))
            << describe(request) << " tile " << t;
}

TEST(GridDriverRecording, ScanThenPropagateScansTilesThenTheTotalsThenPropagates) {
    for (bool exclusive : {false, true}) {
        const GridScanRequest request = int_request(GridDriver::scan_then_propagate, 1000, exclusive);
        const GridRecording recording = record(request);
        expect_launches(recording, {{"scan tiles", 32, 32}, {"scan the totals", 1, 32}, {"propagate", 32, 32}},
                        "kernels/grid/scan_then_propagate.cuh");
        expect_tile_totals(recording, request, 32, 32, GridAccessKind::write);
    }
}

TEST(GridDriverRecording, ScanThenPropagateRecursesWhileTheTotalsAreMoreThanATile) {
    const GridScanRequest request = int_request(GridDriver::scan_then_propagate, 4097, false);
    const GridRecording recording = record(request);
    // 129 tiles, their 129 totals in 5 tiles, those 5 totals in one.
    expect_launches(recording,
                    {{"scan tiles", 129, 32},
                     {"scan the totals (level 1): scan tiles", 5, 32},
                     {"scan the totals (level 2): scan the tile", 1, 32},
                     {"scan the totals (level 1): propagate", 5, 32},
                     {"propagate", 129, 32}},
                    "kernels/grid/scan_then_propagate.cuh");
    expect_tile_totals(recording, request, 129, 32, GridAccessKind::write);
    // Level 1's totals follow level 0's in the one array: indices 129..133, written by launch 1.
    std::size_t level1 = 0;
    for (const GridAccessRecord& a : recording.accesses)
        if (a.launch == 1 && a.kind == GridAccessKind::write && a.index >= 129 && a.index < 134)
            ++level1;
    EXPECT_EQ(level1, 5u);
}

TEST(GridDriverRecording, ReduceThenScanReducesTilesAWarpEachThenScansThemWithTheirPrefix) {
    const GridScanRequest request = int_request(GridDriver::reduce_then_scan, 1000, true);
    const GridRecording recording = record(request);
    expect_launches(recording,
                    {{"reduce tiles", 4, 256}, {"scan the totals", 1, 32}, {"scan tiles with their prefix", 32, 32}},
                    "kernels/grid/reduce_then_scan.cuh");
    expect_tile_totals(recording, request, 32, 32, GridAccessKind::write);
}

TEST(GridDriverRecording, TwoLevelHasAFixedNumberOfRunsAndOnePartialEach) {
    // Worked by hand, not by two_level_runs(): 1000 elements are 32 tiles of 32, 8 a run for the
    // emulator's 4 blocks; 4097 are 129 tiles, runs of 33 (the last run 30).
    for (const auto& [n, tiles_per_run] : {std::pair<std::size_t, std::size_t>{1000, 8}, {4097, 33}}) {
        const GridScanRequest request = int_request(GridDriver::two_level, n, false);
        const GridRecording recording = record(request);
        expect_launches(recording, {{"reduce runs", 4, 32}, {"scan the partials", 1, 32}, {"scan runs", 4, 32}},
                        "kernels/grid/two_level_scan.cuh");
        expect_tile_totals(recording, request, 4, tiles_per_run * 32, GridAccessKind::write);
    }
}

TEST(GridDriverRecording, AtomicGlobalScanAddsEveryTotalToEveryLaterTile) {
    const GridScanRequest request = int_request(GridDriver::atomic_global, 1000, false);
    const GridRecording recording = record(request);
    expect_launches(recording, {{"scan tiles, add each total to every later tile", 32, 32}, {"propagate", 32, 32}},
                    "kernels/grid/atomic_global_scan.cuh");
    expect_tile_totals(recording, request, 31, 32, GridAccessKind::atomic); // the last tile adds to none
    std::size_t atomics = 0;
    for (const GridAccessRecord& a : recording.accesses)
        atomics += a.kind == GridAccessKind::atomic;
    EXPECT_EQ(atomics, 32u * 31u / 2u) << "T(T-1)/2 atomics for T tiles";
}

TEST(GridDriverRecording, SinglePassDriversAreOneLaunch) {
    for (GridDriver driver : {GridDriver::chained, GridDriver::decoupled_look_back}) {
        const GridRecording recording = record(int_request(driver, 1000, false));
        expect_launches(recording,
                        {{driver == GridDriver::chained ? "chained scan" : "decoupled look-back", 32, 32}},
                        "kernels/grid/single_pass_scan.cuh");
    }
}

// The deterministic drivers give the same output under every start order (their blocks never wait for
// each other): int32, so that the atomic scan's atomics, which take the schedule's order, are exact.
TEST(GridDriverRecording, DeterministicDriversCompleteUnderEveryStartOrder) {
    for (GridDriver driver : all_grid_drivers()) {
        if (!is_deterministic(driver))
            continue;
        const GridScanRequest request = int_request(driver, 4097, true);
        const std::vector<std::uint32_t> in_order = emulate_grid_scan(request, GridSchedule{4});
        for (const GridSchedule& schedule :
             {GridSchedule{2, BlockStartOrder::reversed, 0}, GridSchedule{3, BlockStartOrder::seeded_random, 7}})
            EXPECT_EQ(emulate_grid_scan(request, schedule), in_order)
                << describe(request) << " started " << describe_start_order(schedule);
    }
}

} // namespace
} // namespace prefixlab::test
