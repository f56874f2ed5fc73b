// On an NVIDIA GPU: grid traces recorded by the GPU itself (kernels/gpu/cuda_grid_context.cuh). The
// deterministic drivers' traces equal the emulator's tile by tile (every access each tile made to the
// arrays the blocks share: array, index, kind, value, thread, step; an atomic's old value aside); every
// look-back the chained and decoupled look-back scans made on the hardware adds up, from N = 1 to
// 123123123. Skipped, with the reason, without a GPU.
#include "core/analysis/look_back.hpp"
#include "core/capture/grid_capture.hpp"
#include "core/capture/grid_trace_cost.hpp"
#include "core/emulator/emulate_grid_scan.hpp"
#include "kernels/gpu/gpu_grid_trace.hpp"
#include "support/gpu_skip.hpp"
#include "support/grid_scan_support.hpp"

#include <gtest/gtest.h>

#include <iostream>
#include <tuple>

namespace prefixlab::test {
namespace {

GridCaptureRequest grid_request(GridDriver driver, std::uint64_t n, ElementType type, ScanOperator op, bool exclusive,
                                TileScanBody body, int threads, DeviceChoice device) {
    GridCaptureRequest request;
    request.scan.driver = driver;
    request.scan.type = type;
    request.scan.op = op;
    request.scan.exclusive = exclusive;
    request.scan.body = body;
    request.scan.tile_threads = threads;
    request.n = n;
    request.input = InputKind::random;
    request.seed = 11 + n;
    request.device = device;
    return request;
}

std::string describe_capture(const GridCaptureRequest& r) {
    GridScanRequest scan = r.scan;
    scan.input.resize(r.n);
    return test::describe(scan);
}

// The emulator's trace as the GPU records it: tile level (the GPU keeps no element detail).
GridTrace at_tile_level(GridTrace trace) {
    trace.config.element_detail = false;
    trace.blocks.clear();
    trace.input.clear();
    trace.output.clear();
    return trace;
}

TEST(GpuGridTrace, DeterministicDriversEqualTheEmulatorTileByTile) {
    PL_REQUIRE_GPU();
    // Exact in any order (integers, max/min): a float sum's atomics would add in the hardware's order.
    const std::tuple<ElementType, ScanOperator, bool> kinds[] = {{ElementType::int32, ScanOperator::add, false},
                                                                 {ElementType::int32, ScanOperator::add, true},
                                                                 {ElementType::uint32, ScanOperator::max, true},
                                                                 {ElementType::float32, ScanOperator::min, false}};
    std::size_t compared = 0, refused = 0;
    for (GridDriver driver : {GridDriver::scan_then_propagate, GridDriver::reduce_then_scan, GridDriver::two_level,
                              GridDriver::atomic_global})
        for (TileScanBody body : {TileScanBody::warp_shuffle, TileScanBody::blelloch, TileScanBody::registers})
            for (int threads : {32, 128})
                for (std::uint64_t n : {1, 7, 64, 1000, 4097, 65536})
                    for (const auto& [type, op, exclusive] : kinds) {
                        if (n == 65536 && (type != ElementType::int32 || exclusive))
                            continue; // the emulator takes about a second at this size: one kind is enough
                        GridCaptureRequest request =
                            grid_request(driver, n, type, op, exclusive, body, threads, DeviceChoice::gpu);
                        try {
                            check_grid_trace_cost(request);
                        } catch (const GridTraceTooLarge&) {
                            ++refused; // atomic-global in 2048 or 1024 tiles: 2.2 million or 589,248 accesses, past what a trace holds
                            continue;
                        }
                        const GridTrace gpu = capture_grid_trace(request);
                        request.device = DeviceChoice::cpu;
                        const GridTrace emulated = at_tile_level(capture_grid_trace(request));
                        EXPECT_EQ(gpu.wrong_outputs, 0u) << describe_capture(request);
                        EXPECT_EQ(first_grid_difference(emulated, gpu), "") << describe_capture(request);
                        EXPECT_FALSE(gpu.config.emulated);
                        ++compared;
                    }
    std::cout << "grid traces compared tile by tile, GPU against emulator: " << compared << " (" << refused
              << " refused before they ran: more accesses than a trace holds)\n";
    EXPECT_EQ(refused, 2u) << "atomic-global at N = 65536 in 32 warp-shuffle and 64 Blelloch elements a tile";
}

void expect_consistent_look_backs(const GridTrace& trace, const std::string& what) {
    const std::vector<TileLookBack> tiles = look_backs_of(trace);
    const std::uint64_t tile_count = (trace.config.n + trace.config.tile - 1) / trace.config.tile;
    EXPECT_EQ(tiles.size(), tile_count) << what;
    EXPECT_EQ(trace.wrong_outputs, 0u) << what;
    EXPECT_EQ(check_look_backs(trace, tiles), "") << what;
    const LookBackDepths depths = look_back_depths(tiles);
    std::uint64_t polls = 0, waits = 0;
    for (const TileLookBack& tile : tiles) {
        polls += tile.polls.size();
        waits += tile.waits;
    }
    std::cout << "look-backs on the GPU: " << what << ": " << tiles.size() << " tiles, " << trace.accesses.size()
              << " accesses, deepest " << depths.deepest << ", mean " << depths.mean << ", " << polls << " polls, "
              << waits << " found an invalid word\n";
}

// Traced on the GPU without a file's limit on accesses (a chained scan's polls pass it at 2^22).
GridTrace traced_in_memory(const GridCaptureRequest& request) {
    GridScanRequest scan = request.scan;
    scan.input = generate_input(request.input, scan.type, scan.op, static_cast<int>(request.n), request.seed);
    GpuGridRun run = gpu_trace_grid_scan(scan, kEmulatedTwoLevelBlocks);
    return grid_trace_of_gpu_run(request, scan.input, std::move(run));
}

TEST(GpuGridTrace, EveryLookBackOnTheHardwareAddsUp) {
    PL_REQUIRE_GPU();
    for (GridDriver driver : {GridDriver::chained, GridDriver::decoupled_look_back})
        for (TileScanBody body : {TileScanBody::warp_shuffle, TileScanBody::registers})
            for (std::uint64_t n : {1, 7, 64, 1000, 4097, 65536, 1 << 20, 1 << 22})
                for (const auto& [type, op, exclusive] : {std::tuple{ElementType::int32, ScanOperator::add, false},
                                                          std::tuple{ElementType::float32, ScanOperator::add, true},
                                                          std::tuple{ElementType::uint32, ScanOperator::max, false}}) {
                    // Small tiles where N is small, so that there are many tiles to look back over.
                    const int threads = n <= 65536 ? 32 : 256;
                    const GridCaptureRequest request =
                        grid_request(driver, n, type, op, exclusive, body, threads, DeviceChoice::gpu);
                    expect_consistent_look_backs(traced_in_memory(request), describe_capture(request));
                }
}

// Beyond what a trace file holds: traced in memory with 2048-element tiles (131072 tiles at 2^28).
TEST(GpuGridTrace, LookBacksAddUpAtTheLargestSizes) {
    PL_REQUIRE_GPU();
    for (GridDriver driver : {GridDriver::chained, GridDriver::decoupled_look_back})
        for (std::uint64_t n : {std::uint64_t(1) << 28, std::uint64_t(123123123)}) {
            const GridCaptureRequest request = grid_request(driver, n, ElementType::uint32, ScanOperator::add, false,
                                                            TileScanBody::blelloch, 1024, DeviceChoice::gpu);
            expect_consistent_look_backs(traced_in_memory(request), describe_capture(request));
        }
}

// The subset tools/gpu_check.sh runs under compute-sanitizer: every driver traced at two small sizes.
TEST(GpuSanitized, TracedGridRuns) {
    PL_REQUIRE_GPU();
    for (GridDriver driver : all_grid_drivers())
        for (std::uint64_t n : {1000, 4097})
            for (TileScanBody body : {TileScanBody::warp_shuffle, TileScanBody::registers}) {
                const GridCaptureRequest request = grid_request(driver, n, ElementType::int32, ScanOperator::add,
                                                                true, body, 32, DeviceChoice::gpu);
                EXPECT_EQ(capture_grid_trace(request).wrong_outputs, 0u) << describe_capture(request);
            }
}

} // namespace
} // namespace prefixlab::test
