// What a grid trace costs, known before it runs (issue 31): the accesses grid_trace_cost() counts are
// a lower bound of every driver's recorded runs and exact for the atomic global scan, whose tiles² runaway
// is refused at once; the largest trace each driver accepts is written and reads back; the emulator's
// resident blocks are clamped to the tiles and its fibers bounded; the recording stops at the limit;
// the writer refuses a file its reader would refuse.
#include "core/capture/grid_capture.hpp"
#include "core/capture/grid_trace_cost.hpp"
#include "core/emulator/emulate_grid_scan.hpp"
#include "core/ground/input_generator.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/trace/grid_trace_json.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <limits>
#include <regex>
#include <sstream>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

GridCaptureRequest emulated(GridDriver driver, std::uint64_t n, int threads, TileScanBody body = TileScanBody::warp_shuffle) {
    GridCaptureRequest request;
    request.scan.driver = driver;
    request.scan.body = body;
    request.scan.tile_threads = threads;
    request.n = n;
    request.input = InputKind::random;
    request.seed = 3;
    request.device = DeviceChoice::cpu;
    return request;
}

std::string describe(const GridCaptureRequest& r) {
    return std::string(name_of(r.scan.driver)) + " N=" + std::to_string(r.n) + " threads=" +
           std::to_string(r.scan.tile_threads) + " body=" + std::to_string(int(r.scan.body));
}

// The N that check_grid_trace_cost()'s refusal names: "N up to 4096 fits".
std::uint64_t n_that_fits(const GridTraceTooLarge& e) {
    std::smatch match;
    const std::string message = e.what();
    if (!std::regex_search(message, match, std::regex("N up to ([0-9]+) fits")))
        ADD_FAILURE() << "no size that fits in: " << message;
    return match.empty() ? 0 : std::stoull(match[1]);
}

TEST(GridTraceCost, CountsALowerBoundOfEveryDriversAccessesAndTheAtomicGlobalScansExactly) {
    std::size_t runs = 0;
    for (GridDriver driver : all_grid_drivers())
        for (TileScanBody body : {TileScanBody::warp_shuffle, TileScanBody::blelloch, TileScanBody::registers})
            for (int threads : {4, 8, 32, 64})
                for (std::uint64_t n : {1, 5, 64, 1000, 4097, 9000}) {
                    if (body == TileScanBody::registers && threads < 32)
                        continue; // the register tile takes whole warps
                    const GridCaptureRequest request = emulated(driver, n, threads, body);
                    const GridTraceCost cost = grid_trace_cost(request);
                    if (cost.fewest_accesses > kMaxGridTraceAccesses)
                        continue; // refused: the next test
                    const GridTrace trace = capture_grid_trace(request);
                    ++runs;
                    EXPECT_EQ(trace.wrong_outputs, 0u) << describe(request);
                    EXPECT_EQ(cost.tile, trace.config.tile) << describe(request);
                    if (driver == GridDriver::atomic_global)
                        EXPECT_EQ(trace.accesses.size(), cost.fewest_accesses) << describe(request);
                    else
                        EXPECT_GE(trace.accesses.size(), cost.fewest_accesses) << describe(request);
                    for (const GridLaunch& launch : trace.launches)
                        EXPECT_GE(cost.most_fibers, grid_fiber_stacks(launch.blocks, launch.threads, request.schedule.resident))
                            << describe(request) << " " << launch.name;
                }
    EXPECT_GT(runs, 300u);
}

// Before issue 31 this request grew past 17 GB in two minutes; now it is refused before it runs.
TEST(GridTraceCost, TheAtomicGlobalScanPastTheLimitIsRefusedAtOnceWithASizeThatFits) {
    for (int threads : {4, 32}) {
        const GridCaptureRequest request = emulated(GridDriver::atomic_global, 65536, threads);
        const auto start = std::chrono::steady_clock::now();
        try {
            capture_grid_trace(request);
            ADD_FAILURE() << "accepted: " << describe(request);
        } catch (const GridTraceTooLarge& e) {
            EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1)) << "refused before it runs";
            EXPECT_NE(std::string(e.what()).find("more than the 524288 a grid trace holds"), std::string::npos) << e.what();
            const std::uint64_t fits = n_that_fits(e);
            const GridTrace largest = capture_grid_trace(emulated(GridDriver::atomic_global, fits, threads));
            EXPECT_LE(largest.accesses.size(), kMaxGridTraceAccesses);
            EXPECT_EQ(largest.wrong_outputs, 0u);
            EXPECT_THROW(check_grid_trace_cost(emulated(GridDriver::atomic_global, fits + 1, threads)), GridTraceTooLarge)
                << "the size named is the largest that fits";
        }
    }
}

// The largest trace each driver accepts in the emulator (N = 65536 in 4-thread tiles, or the largest N
// that fits) is written within the file limit and reads back whole.
TEST(GridTraceCost, TheLargestTraceOfEveryDriverIsWrittenAndReadsBack) {
    const fs::path path = fs::path(::testing::TempDir()) / ("prefixlab_largest_grid_" + std::to_string(::getpid()) + ".json");
    for (GridDriver driver : all_grid_drivers()) {
        GridCaptureRequest request = emulated(driver, kMaxEmulatedGridN, 4);
        try {
            check_grid_trace_cost(request);
        } catch (const GridTraceTooLarge& e) {
            request.n = n_that_fits(e);
        }
        const GridTrace trace = capture_grid_trace(request);
        save_grid_trace_file(trace, path.string());
        EXPECT_LE(fs::file_size(path), kMaxGridTraceFileBytes) << describe(request);
        EXPECT_EQ(fs::file_size(path), grid_trace_json_bytes(trace)) << describe(request);
        const GridTrace loaded = load_grid_trace_file(path.string());
        EXPECT_EQ(loaded.accesses.size(), trace.accesses.size()) << describe(request);
        EXPECT_TRUE(same_execution_by_tile(loaded, trace)) << describe(request) << ": " << first_grid_difference(loaded, trace);
    }
    fs::remove(path);
}

TEST(GridTraceCost, ResidentBlocksAreClampedToTheTilesAndTooManyFibersAreRefused) {
    // Before: "emulator: cannot protect a fiber stack: Cannot allocate memory" (4096 × 33 stacks asked for).
    GridCaptureRequest one_tile = emulated(GridDriver::decoupled_look_back, 32, 32);
    one_tile.schedule.resident = 4096;
    const GridTrace trace = capture_grid_trace(one_tile);
    EXPECT_EQ(trace.config.resident, 1u);
    EXPECT_EQ(trace.wrong_outputs, 0u);
    GridCaptureRequest many = emulated(GridDriver::decoupled_look_back, 1024, 32);
    many.schedule.resident = 1000;
    EXPECT_EQ(capture_grid_trace(many).config.resident, 32u);

    // 1024-thread tiles (64 of them): 20 resident blocks need 20 × 1025 fibers, more than 20480.
    GridCaptureRequest wide = emulated(GridDriver::decoupled_look_back, kMaxEmulatedGridN, 1024);
    wide.schedule.resident = 20;
    try {
        check_grid_trace_cost(wide);
        ADD_FAILURE() << "20 resident blocks of 1024 threads accepted";
    } catch (const GridTraceTooLarge& e) {
        EXPECT_NE(std::string(e.what()).find("with 20 resident blocks this run needs 20500; at most 19 resident blocks fit"), std::string::npos) << e.what();
    }
    wide.schedule.resident = 19;
    EXPECT_NO_THROW(check_grid_trace_cost(wide));
    EXPECT_EQ(most_resident_blocks(1024), 19u);
    EXPECT_EQ(grid_fiber_stacks(16, 1024, 4096), 16u * 1025u);
}

TEST(GridTraceCost, ARecordingStopsAtItsMostAccesses) {
    GridScanRequest scan;
    scan.driver = GridDriver::chained;
    scan.tile_threads = 32;
    scan.input = generate_input(InputKind::iota, scan.type, scan.op, 4096, 1);
    GridRecording recording;
    recording.most_accesses = 50;
    EXPECT_THROW(emulate_grid_scan(scan, GridSchedule{}, &recording), GridRecordingFull);
    EXPECT_EQ(recording.accesses.size(), 50u);
    recording = GridRecording{};
    emulate_grid_scan(scan, GridSchedule{}, &recording);
    EXPECT_GT(recording.accesses.size(), 50u) << "the same run, unbounded";
}

GridAccessRecord longest_row() {
    GridAccessRecord a;
    a.launch = kMaxGridLaunches - 1;
    a.block = kMaxGridTraceN - 1;
    a.thread = 1023;
    a.step = 0xffff;
    a.buffer = BufferId::tile_counter;
    a.kind = GridAccessKind::acquire;
    a.index = kMaxGridTraceN - 1;
    a.value = std::numeric_limits<std::uint64_t>::max();
    a.operand = std::numeric_limits<std::uint32_t>::max();
    a.time_ns = std::numeric_limits<std::uint64_t>::max();
    return a;
}

// The writer's promise: whatever it writes, the reader takes. The longest row the reader accepts is
// kLongestGridAccessRowBytes with its comma, so the most accesses fit; one more megabyte of them does
// not, and is refused before a file is created.
TEST(GridTraceCost, TheWriterRefusesAFileItsReaderWouldRefuse) {
    GridTrace trace;
    trace.config.driver = "chained";
    trace.config.n = kMaxGridTraceN;
    trace.config.tile = 1;
    trace.launches.assign(kMaxGridLaunches, GridLaunch{"l", "s", kMaxGridTraceN, 1024, 1});
    trace.accesses.assign(1, longest_row());
    const std::uint64_t one_row = grid_trace_json_bytes(trace);
    trace.accesses.assign(2, longest_row());
    EXPECT_EQ(grid_trace_json_bytes(trace) - one_row, kLongestGridAccessRowBytes);
    trace.accesses.assign(kMaxGridTraceAccesses, longest_row());
    EXPECT_LE(grid_trace_json_bytes(trace), kMaxGridTraceFileBytes);

    trace.accesses.resize(kMaxGridTraceFileBytes / kLongestGridAccessRowBytes + 1, longest_row());
    const fs::path dir = fs::path(::testing::TempDir()) / ("prefixlab_too_large_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    EXPECT_THROW(save_grid_trace_file(trace, (dir / "t.json").string()), GridTraceTooLarge);
    EXPECT_TRUE(fs::is_empty(dir)) << "no file, no temporary file";
    fs::remove_all(dir);
}

} // namespace
} // namespace prefixlab::test
