// The tuned scan's register tile with several quads per thread, in the emulator: the run-time choices
// (the GUI, grid-trace) trace it with one quad (4 elements per thread), but the GPU runs kTunedScanItems
// (32) and the tuning sweep 8 to 48, whose indexing (quad rows q > 0, warp 0 scanning more rows than it has lanes)
// only these runs reach on the CPU. Both of the tuned scan's drivers (decoupled look-back, and
// reduce-then-scan for the deterministic form), every operator and direction, partial and whole tiles,
// against the serial reference.
#include "core/emulator/emulator_launcher.hpp"
#include "core/ground/input_generator.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/ground/reference_scan.hpp"
#include "kernels/bench/gpu_tuned_scan.hpp" // kTunedScanItems
#include "kernels/block_dispatch.hpp"
#include "kernels/grid/register_tile.cuh"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace prefixlab::test {
namespace {

// `claims`, where given: the tile counter's value after the run (every claim a block made).
template <int kItems, class Op>
std::vector<std::uint32_t> emulate_register_tile(const std::vector<std::uint32_t>& bits, GridDriver driver,
                                                 int threads, bool exclusive,
                                                 GridSchedule schedule = {3, BlockStartOrder::seeded_random, 7},
                                                 bool loop_over_tiles = false, std::uint32_t* claims = nullptr) {
    using T = typename Op::value_type;
    const std::size_t n = bits.size();
    std::vector<T> input(n), output(n);
    for (std::size_t i = 0; i < n; ++i)
        input[i] = from_bits<T>(bits[i]);
    const GridDriverOptions options{driver, TileOrder::atomic_counter, threads, 4, loop_over_tiles};
    const int tile = threads * kItems;
    std::vector<T> totals(std::max<std::size_t>(grid_driver_totals(options, n, tile), 1));
    std::vector<std::uint64_t> status(std::max<std::size_t>(grid_driver_status_words(options, n, tile), 1));
    std::uint32_t counter = 0;
    const GridDriverWorkspace<T> workspace{
        {totals.data(), BufferId::tile_totals, static_cast<std::uint32_t>(totals.size())},
        {status.data(), BufferId::tile_status, static_cast<std::uint32_t>(status.size())},
        {&counter, BufferId::tile_counter, 1}};
    EmulatorLauncher launcher(schedule, nullptr);
    run_grid_driver<RegisterTile<kItems>, Op, EmulatorLauncher, false>(launcher, options, input.data(), output.data(),
                                                                      n, exclusive, workspace);
    if (claims != nullptr)
        *claims = counter;
    std::vector<std::uint32_t> out(n);
    for (std::size_t i = 0; i < n; ++i)
        out[i] = to_bits(output[i]);
    return out;
}

template <int kItems>
void expect_reference_scans(std::initializer_list<int> thread_counts) {
    for (GridDriver driver : {GridDriver::decoupled_look_back, GridDriver::reduce_then_scan})
        for (int threads : thread_counts)
            for (std::size_t n : {std::size_t(1), std::size_t(33), std::size_t(threads) * kItems - 3,
                                  std::size_t(threads) * kItems * 5 + 17})
                for (ScanOperator op : {ScanOperator::add, ScanOperator::max, ScanOperator::min})
                    for (bool exclusive : {false, true}) {
                        const std::vector<std::uint32_t> input =
                            generate_input(InputKind::random, ElementType::int32, op, static_cast<int>(n), n + threads);
                        const std::vector<std::uint32_t> output = dispatch_element(
                            ElementType::int32, op, [&]<class Op>() {
                                return emulate_register_tile<kItems, Op>(input, driver, threads, exclusive);
                            });
                        EXPECT_EQ(output, reference_scan(ElementType::int32, op, exclusive, input))
                            << name_of(driver) << " " << kItems << " elements × " << threads << " threads, n=" << n
                            << " " << name_of(op) << (exclusive ? " exclusive" : "");
                    }
}

// 8 elements (two quads) per thread: a partial warp's window of 4 lanes, a whole warp, and 256 threads,
// whose 8 warps × 2 quads = 16 rows warp 0 scans one per lane.
TEST(RegisterTileEmulated, TwoQuadsPerThreadGiveTheReferenceScan) { expect_reference_scans<8>({4, 32, 256}); }

// 24 elements (six quads), CUB's Hopper tile: at 256 threads warp 0 scans 8 × 6 = 48 rows, two per lane.
TEST(RegisterTileEmulated, SixQuadsPerThreadGiveTheReferenceScan) { expect_reference_scans<24>({16, 256}); }

// The benchmark's tile (kTunedScanItems elements a thread: eight quads), and the schedule test of issue
// 14: blocks started in reverse order or a seeded random one, with only 1, 2 or 3 resident at a time,
// complete the look-back and give the reference scan, both as traced runs take tiles (one a block) and
// as the GPU's untraced kernel does: as many blocks as are resident, each looping over tiles from the
// counter, holding the next one and publishing its aggregate a tile early (register_tile_scan.cuh).
// One tile a block claims each tile once; looping blocks end on a claim past the last tile.
TEST(RegisterTileEmulated, TheTunedTileCompletesUnderReversedAndRandomBlockOrders) {
    expect_reference_scans<kTunedScanItems>({64});
    const int threads = 64;
    const std::size_t tile = std::size_t(threads) * kTunedScanItems;
    const std::size_t n = tile * 7 + 5;
    const auto tiles = static_cast<std::uint32_t>(tiles_for(n, static_cast<int>(tile)));
    for (ScanOperator op : {ScanOperator::add, ScanOperator::max})
        for (bool exclusive : {false, true}) {
            const std::vector<std::uint32_t> input =
                generate_input(InputKind::random, ElementType::uint32, op, static_cast<int>(n), 3);
            const std::vector<std::uint32_t> expected = reference_scan(ElementType::uint32, op, exclusive, input);
            for (bool loop : {false, true})
                for (std::uint32_t resident : {1u, 2u, 3u})
                    for (BlockStartOrder order : {BlockStartOrder::reversed, BlockStartOrder::seeded_random}) {
                        std::uint32_t claims = 0;
                        const std::vector<std::uint32_t> output =
                            dispatch_element(ElementType::uint32, op, [&]<class Op>() {
                                return emulate_register_tile<kTunedScanItems, Op>(
                                    input, GridDriver::decoupled_look_back, threads, exclusive,
                                    GridSchedule{resident, order, 11 + resident}, loop, &claims);
                            });
                        const std::string run = std::string(loop ? "looping" : "one tile a block") + ", " +
                                                std::to_string(resident) + " resident, order " +
                                                std::to_string(int(order)) + ", " + std::string(name_of(op)) +
                                                (exclusive ? " exclusive" : "");
                        EXPECT_EQ(output, expected) << run;
                        if (loop)
                            EXPECT_GT(claims, tiles) << run << ": no block asked for a tile past the last";
                        else
                            EXPECT_EQ(claims, tiles) << run;
                    }
        }
}

} // namespace
} // namespace prefixlab::test
