// On an NVIDIA GPU: grid traces of the radix sorts recorded by the GPU itself (gpu_trace_grid_scan with
// GridScanRequest::sort). The textbook sort is deterministic: its GPU trace equals the emulator's tile by tile.
// Onesweep's tiles take their order from the hardware: every look-back of every pass and digit adds up
// (check_look_backs), and the sorted keys are right, up to 2^22 keys, the largest a trace file holds.
// Skipped, with the reason, without a GPU.
#include "core/analysis/digit_look_back.hpp"
#include "core/analysis/look_back.hpp"
#include "core/capture/grid_capture.hpp"
#include "core/capture/grid_trace_cost.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/trace/grid_trace.hpp"
#include "support/gpu_skip.hpp"

#include <gtest/gtest.h>

#include <iostream>
#include <string>

namespace prefixlab::test {
namespace {

GridCaptureRequest sort_request(GridSortForm form, std::uint64_t n, ElementType type, ScanOperator op, int threads,
                                DeviceChoice device) {
    GridCaptureRequest request;
    request.scan.type = type;
    request.scan.op = op; // the input's range: uint32 + keys are 0..9 (one pass), max 0..99
    make_grid_sort(request.scan, form);
    if (form == GridSortForm::textbook)
        request.scan.tile_threads = threads;
    request.n = n;
    request.input = InputKind::random;
    request.seed = 5 + n;
    request.device = device;
    return request;
}

std::string describe_sort(const GridCaptureRequest& r) {
    return std::string(name_of(r.scan.sort)) + " " + std::string(name_of(r.scan.type)) + " " +
           std::string(name_of(r.scan.op)) + "-range keys, N = " + std::to_string(r.n) + ", " +
           std::to_string(r.scan.tile_threads) + " threads";
}

TEST(GpuSortGridTrace, TheTextbookSortEqualsTheEmulatorTileByTile) {
    PL_REQUIRE_GPU();
    std::size_t compared = 0;
    for (const auto& [type, op] : {std::pair{ElementType::uint32, ScanOperator::add},
                                   std::pair{ElementType::uint32, ScanOperator::max},
                                   std::pair{ElementType::int32, ScanOperator::max},
                                   std::pair{ElementType::float32, ScanOperator::add}})
        for (int threads : {32, 256})
            for (std::uint64_t n : {1, 2, 33, 1000, 4097, 65536}) {
                if (n == 65536 && type != ElementType::uint32)
                    continue; // the emulator's slowest size: one kind is enough
                GridCaptureRequest request = sort_request(GridSortForm::textbook, n, type, op, threads, DeviceChoice::gpu);
                const GridTrace gpu = capture_grid_trace(request);
                request.device = DeviceChoice::cpu;
                const GridTrace emulated = capture_grid_trace(request);
                EXPECT_FALSE(gpu.config.emulated);
                EXPECT_EQ(gpu.wrong_outputs, 0u) << describe_sort(request);
                EXPECT_EQ(emulated.wrong_outputs, 0u) << describe_sort(request);
                EXPECT_EQ(first_grid_difference(emulated, gpu), "") << describe_sort(request);
                ++compared;
            }
    std::cout << "textbook sort grid traces compared tile by tile, GPU against emulator: " << compared << "\n";
}

TEST(GpuSortGridTrace, OnesweepsLookBacksOnTheHardwareAddUp) {
    PL_REQUIRE_GPU();
    const std::uint32_t tile = grid_sort_tile(GridSortForm::onesweep, 256, true);
    for (const auto& [type, op] : {std::pair{ElementType::uint32, ScanOperator::add},
                                   std::pair{ElementType::float32, ScanOperator::add}})
        for (std::uint64_t n : {1, 33, 8193, 65536, 1 << 20, 1 << 22}) {
            if (type == ElementType::float32 && n > 65536)
                continue; // 4 passes with every digit: 846,127 accesses at 2^20 on the H200, more than a trace holds
            const GridCaptureRequest request = sort_request(GridSortForm::onesweep, n, type, op, 256, DeviceChoice::gpu);
            const GridTrace trace = capture_grid_trace(request);
            const std::string what = describe_sort(request);
            EXPECT_FALSE(trace.config.emulated) << what;
            EXPECT_EQ(trace.config.tile, tile) << what;
            EXPECT_EQ(trace.wrong_outputs, 0u) << what;
            const std::vector<TileLookBack> tiles = look_backs_of(trace);
            EXPECT_EQ(tiles.size(), (n + tile - 1) / tile) << what;
            EXPECT_EQ(check_look_backs(trace, tiles), "") << what;
            const LookBackDepths depths = look_back_depths(tiles);
            std::uint64_t polls = 0, waits = 0;
            for (const TileLookBack& t : tiles) {
                polls += t.polls.size();
                waits += t.waits;
            }
            std::cout << "Onesweep on the GPU: " << what << ": " << tiles.size() << " tiles, "
                      << trace.accesses.size() << " accesses, first pass deepest " << depths.deepest << ", mean "
                      << depths.mean << ", " << polls << " polls, " << waits << " found an invalid word\n";
        }
}

} // namespace
} // namespace prefixlab::test
