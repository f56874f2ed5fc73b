// The tuned scan's register tile with several quads per thread, in the emulator: the run-time choices
// (the GUI, grid-trace) trace it with one quad (4 elements per thread), but the GPU runs 48 and the
// tuning sweep 8 to 48, whose indexing (quad rows q > 0, warp 0 scanning more rows than it has lanes)
// only these runs reach on the CPU. Both of the tuned scan's drivers (decoupled look-back, and
// reduce-then-scan for the deterministic form), every operator and direction, partial and whole tiles,
// against the serial reference.
#include "core/emulator/emulator_launcher.hpp"
#include "core/ground/input_generator.hpp"
#include "core/ground/reference_scan.hpp"
#include "core/ground/scan_names.hpp"
#include "kernels/block_scan_dispatch.hpp"
#include "kernels/gpu_bench/gpu_tuned_scan.hpp" // kTunedScanItems
#include "kernels/grid/register_tile.cuh"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace prefixlab::test {
namespace {

template <int kItems, class Op>
std::vector<std::uint32_t> emulate_register_tile(const std::vector<std::uint32_t>& bits, GridDriver driver,
                                                 int threads, bool exclusive,
                                                 GridSchedule schedule = {3, BlockStartOrder::seeded_random, 7}) {
    using T = typename Op::value_type;
    const std::size_t n = bits.size();
    std::vector<T> input(n), output(n);
    for (std::size_t i = 0; i < n; ++i)
        input[i] = from_bits<T>(bits[i]);
    const GridDriverOptions options{driver, TileOrder::atomic_counter, threads, 4};
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

// The benchmark's tile (kTunedScanItems elements a thread: twelve quads), and the schedule test of issue
// 14: blocks started in reverse order or a seeded random one, with only 1 or 2 resident at a time,
// complete the look-back (tiles come from the counter, so the first block to start takes tile 0) and
// give the reference scan.
TEST(RegisterTileEmulated, TheTunedTileCompletesUnderReversedAndRandomBlockOrders) {
    expect_reference_scans<kTunedScanItems>({64});
    const std::size_t n = std::size_t(64) * kTunedScanItems * 7 + 5;
    const std::vector<std::uint32_t> input =
        generate_input(InputKind::random, ElementType::uint32, ScanOperator::add, static_cast<int>(n), 3);
    for (std::uint32_t resident : {1u, 2u})
        for (BlockStartOrder order : {BlockStartOrder::reversed, BlockStartOrder::seeded_random}) {
            const std::vector<std::uint32_t> output = emulate_register_tile<kTunedScanItems, AddOp<std::uint32_t>>(
                input, GridDriver::decoupled_look_back, 64, false, GridSchedule{resident, order, 11});
            EXPECT_EQ(output, reference_scan(ElementType::uint32, ScanOperator::add, false, input))
                << resident << " resident, order " << int(order);
        }
}

} // namespace
} // namespace prefixlab::test
