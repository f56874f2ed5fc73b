// `prefixlab grid-trace` as a user meets it (issue 13): a grid trace written by the real binary loads and
// equals, tile by tile, the capture the same settings make in this process; its summary is one line; every
// bad input (N out of the device's range, an unknown name, a tile the body cannot take, --device gpu
// without a GPU, an output target the policy refuses) is one line with exit code 2 and no file; a deadlock
// is the emulator's one line with exit code 1 and no file.
#include "core/capture/grid_capture.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/trace/grid_trace_json.hpp"
#include "kernels/gpu/gpu_block_scan.hpp"
#include "support/process.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

class GridTraceCommand : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_grid_cli_" + std::to_string(::getpid()) + "_" +
                                                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    ProcessResult grid_trace(const std::string& arguments) const {
        return run_process(shell_quote(PREFIXLAB_BINARY) + " grid-trace " + arguments);
    }
    std::string out_path() const { return (dir_ / "grid.json").string(); }
    std::string out() const { return " --out " + shell_quote(out_path()); }
    std::size_t files_in_dir() const {
        return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()));
    }

    // Exit code `code`, exactly one line on stderr containing `expected`, nothing on stdout, no file.
    void expect_refused(const std::string& arguments, const std::string& expected, int code = 2) const {
        const ProcessResult r = grid_trace(arguments);
        EXPECT_EQ(r.exit_code, code) << arguments << "\n" << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
        EXPECT_EQ(r.err.rfind("prefixlab: error: ", 0), 0u) << r.err;
        EXPECT_NE(r.err.find(expected), std::string::npos) << "expected '" << expected << "' in: " << r.err;
        EXPECT_EQ(r.out, "") << arguments;
        EXPECT_EQ(files_in_dir(), 0u) << "no file may be left behind by: " << arguments;
    }

    fs::path dir_;
};

struct RoundTrip {
    const char* arguments;
    GridCaptureRequest request; // what the arguments ask for
};

GridCaptureRequest request(GridDriver driver, std::uint64_t n, int threads, TileScanBody body, GridSchedule schedule) {
    GridCaptureRequest r;
    r.scan.driver = driver;
    r.n = n;
    r.scan.tile_threads = threads;
    r.scan.body = body;
    r.schedule = schedule;
    return r;
}

TEST_F(GridTraceCommand, TheFileLoadsAndEqualsTheCaptureTileByTile) {
    std::vector<RoundTrip> cases = {
        {"--driver decoupled-look-back --n 256 --tile-threads 32 --resident 4 --start-order random --order-seed 3",
         request(GridDriver::decoupled_look_back, 256, 32, TileScanBody::warp_shuffle,
                 {4, BlockStartOrder::seeded_random, 3})},
        {"--driver chained --n 300 --tile-threads 32 --body blelloch --start-order reversed --resident 8",
         request(GridDriver::chained, 300, 32, TileScanBody::blelloch, {8, BlockStartOrder::reversed, 1})},
        {"--driver two-level --n 8192 --tile-threads 64 --type float --op max --exclusive --input random --seed 9",
         request(GridDriver::two_level, 8192, 64, TileScanBody::warp_shuffle, {4, BlockStartOrder::in_order, 1})},
        {"--driver scan-then-propagate --n 5000 --tile-threads 64 --tiles block --type int32 --op min --input ones",
         request(GridDriver::scan_then_propagate, 5000, 64, TileScanBody::warp_shuffle, {4, BlockStartOrder::in_order, 1})},
        {"--driver decoupled-look-back --n 4096 --tile-threads 32 --body registers --resident 8 --start-order random "
         "--order-seed 5",
         request(GridDriver::decoupled_look_back, 4096, 32, TileScanBody::registers,
                 {8, BlockStartOrder::seeded_random, 5})},
    };
    cases[2].request.scan.type = ElementType::float32;
    cases[2].request.scan.op = ScanOperator::max;
    cases[2].request.scan.exclusive = true;
    cases[2].request.input = InputKind::random;
    cases[2].request.seed = 9;
    cases[3].request.scan.order = TileOrder::block_index;
    cases[3].request.scan.type = ElementType::int32;
    cases[3].request.scan.op = ScanOperator::min;
    cases[3].request.input = InputKind::ones;
    for (const RoundTrip& c : cases) {
        SCOPED_TRACE(c.arguments);
        fs::remove(out_path());
        const ProcessResult r = grid_trace(std::string(c.arguments) + out());
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(r.err, "");
        EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << "one summary line: " << r.out;
        EXPECT_EQ(r.out.rfind("wrote " + out_path() + ": ", 0), 0u) << r.out;
        const GridTrace loaded = load_grid_trace_file(out_path());
        const GridTrace captured = capture_grid_trace(c.request);
        EXPECT_TRUE(same_execution_by_tile(loaded, captured)) << first_grid_difference(loaded, captured);
        EXPECT_EQ(loaded.config.driver, captured.config.driver);
        EXPECT_EQ(loaded.config.n, captured.config.n);
        EXPECT_EQ(loaded.config.tile_body, captured.config.tile_body);
        EXPECT_EQ(loaded.config.start_order, captured.config.start_order);
        EXPECT_EQ(loaded.config.type, captured.config.type);
        EXPECT_EQ(loaded.config.exclusive, captured.config.exclusive);
        EXPECT_EQ(loaded.config.element_detail, captured.config.element_detail);
        EXPECT_EQ(loaded.wrong_outputs, 0u);
        EXPECT_NE(r.out.find(loaded.config.driver + ", N=" + std::to_string(loaded.config.n) + ", "), std::string::npos)
            << r.out;
        EXPECT_NE(r.out.find(std::to_string(loaded.launches.size()) + " launch"), std::string::npos) << r.out;
        EXPECT_NE(r.out.find(std::to_string(loaded.accesses.size()) + " accesses"), std::string::npos) << r.out;
        EXPECT_NE(r.out.find(loaded.config.element_detail ? "element detail" : "tile level"), std::string::npos) << r.out;
    }
}

// Every driver's element-detail file loads back: each launch body's phases are in the kernel
// catalogue's GridKernels, so no step is written with an unknown phase.
TEST_F(GridTraceCommand, EveryDriverRoundTripsWithElementDetail) {
    for (const GridDriver driver : {GridDriver::scan_then_propagate, GridDriver::reduce_then_scan, GridDriver::two_level,
                                    GridDriver::atomic_global, GridDriver::chained, GridDriver::decoupled_look_back}) {
        const std::string name(name_of(driver));
        SCOPED_TRACE(name);
        fs::remove(out_path());
        const ProcessResult r = grid_trace("--driver " + name + " --n 1000 --tile-threads 32" + out());
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const GridTrace loaded = load_grid_trace_file(out_path());
        const GridTrace captured = capture_grid_trace(request(driver, 1000, 32, TileScanBody::warp_shuffle,
                                                              {4, BlockStartOrder::in_order, 1}));
        EXPECT_TRUE(same_execution_by_tile(loaded, captured)) << first_grid_difference(loaded, captured);
    }
}

TEST_F(GridTraceCommand, TheSummaryNamesTilesAndTheLookBackVerdict) {
    const ProcessResult look_back = grid_trace("--n 256 --tile-threads 32 --resident 4 --start-order random --order-seed 3" + out());
    ASSERT_EQ(look_back.exit_code, 0) << look_back.err;
    EXPECT_NE(look_back.out.find("N=256, 8 tiles of 32 (warp-shuffle, 32 threads), uint32 add, 1 launch, "),
              std::string::npos) << look_back.out;
    EXPECT_NE(look_back.out.find("look-backs consistent (deepest 2)"), std::string::npos) << look_back.out;
    EXPECT_NE(look_back.out.find("random (seed 3)"), std::string::npos) << look_back.out;
    const ProcessResult two_level = grid_trace("--driver two-level --n 65536" + out());
    ASSERT_EQ(two_level.exit_code, 0) << two_level.err;
    EXPECT_NE(two_level.out.find("2048 tiles of 32"), std::string::npos) << two_level.out;
    EXPECT_NE(two_level.out.find("tile level; no look-back"), std::string::npos) << two_level.out;
    // Its blocks walk runs of 512 tiles, a step each: more steps than a block trace has, and the file
    // loads back (its step numbers once stopped the reader at 127).
    const GridTrace loaded = load_grid_trace_file(out_path());
    std::uint16_t deepest_step = 0;
    for (const GridAccessRecord& a : loaded.accesses)
        deepest_step = std::max(deepest_step, a.step);
    EXPECT_GT(deepest_step, 128u);
    const ProcessResult detailed = grid_trace("--driver two-level --n 4096 --tile-threads 4" + out());
    ASSERT_EQ(detailed.exit_code, 0) << detailed.err;
    std::size_t longest_block = 0;
    for (const GridBlockRun& run : load_grid_trace_file(out_path()).blocks)
        longest_block = std::max(longest_block, run.steps.size());
    EXPECT_GT(longest_block, 128u) << "element detail with blocks of more steps than a block trace has";
}

TEST_F(GridTraceCommand, AnExistingFileIsReplacedWhole) {
    std::ofstream(out_path()) << "an older file";
    ASSERT_EQ(grid_trace("--n 64" + out()).exit_code, 0);
    EXPECT_EQ(load_grid_trace_file(out_path()).config.n, 64u);
    EXPECT_EQ(files_in_dir(), 1u) << "no temporary file beside it";
}

TEST_F(GridTraceCommand, NOutOfTheEmulatorsRangeIsRefused) {
    const std::string range = "': expected a whole number from 1 to 65536 in the emulator";
    expect_refused("--n 0" + out(), "--n '0" + range);
    expect_refused("--n 65537" + out(), "--n '65537" + range);
    expect_refused("--n -5" + out(), "--n '-5" + range);
    expect_refused("--n abc" + out(), "--n 'abc" + range);
    expect_refused("--n 0x10" + out(), "--n '0x10" + range);
}

TEST_F(GridTraceCommand, NOutOfTheGpusRangeIsRefusedBeforeAnythingElse) {
    const std::string range = "': expected a whole number from 1 to " + std::to_string(kMaxGpuGridN) + " on the GPU";
    expect_refused("--device gpu --n 0" + out(), "--n '0" + range);
    expect_refused("--device gpu --n " + std::to_string(kMaxGpuGridN + 1) + out(),
                   "--n '" + std::to_string(kMaxGpuGridN + 1) + range);
}

TEST_F(GridTraceCommand, GpuWithoutAGpuIsRefused) {
    if (gpu_status().available)
        GTEST_SKIP() << "this machine has a GPU (" << gpu_status().name << "): --device gpu is valid here";
    expect_refused("--device gpu --n 1000000" + out(), "--device gpu: no CUDA GPU available");
    // auto falls back to the emulator, and its range.
    expect_refused("--device auto --n 1000000" + out(), "--n '1000000': expected a whole number from 1 to 65536");
    ASSERT_EQ(grid_trace("--device auto --n 64" + out()).exit_code, 0);
    EXPECT_TRUE(load_grid_trace_file(out_path()).config.emulated);
}

TEST_F(GridTraceCommand, UnknownNamesAreRefusedWithTheChoices) {
    expect_refused("--driver bubble" + out(),
                   "--driver: unknown value 'bubble' (one of scan-then-propagate, reduce-then-scan, two-level, "
                   "atomic-global, chained, decoupled-look-back)");
    expect_refused("--body hillis-steele" + out(), "--body: unknown value 'hillis-steele' (one of warp-shuffle, blelloch, registers)");
    expect_refused("--type double" + out(), "--type: unknown value 'double' (one of int32, uint32, float)");
    expect_refused("--op mul" + out(), "--op: unknown value 'mul' (one of add, max, min)");
    expect_refused("--input squares" + out(), "--input: unknown value 'squares' (one of ones, iota, random)");
    expect_refused("--start-order shuffled" + out(),
                   "--start-order: unknown value 'shuffled' (one of in-order, reversed, random)");
    expect_refused("--tiles atomic" + out(), "--tiles: unknown value 'atomic' (one of counter, block)");
    expect_refused("--device tpu" + out(), "--device: unknown value 'tpu' (one of cpu, gpu, auto)");
    expect_refused("--resident 0" + out(), "--resident '0': expected a whole number from 1 to 4096");
    expect_refused("--order-seed -1" + out(), "--order-seed '-1'");
    expect_refused("--colour red" + out(), "--colour");
}

TEST_F(GridTraceCommand, ATileTheBodyCannotTakeIsRefused) {
    expect_refused("--tile-threads 48" + out(), "--tile-threads '48': expected 4, 8, 16 or a multiple of 32");
    expect_refused("--tile-threads 0" + out(), "--tile-threads '0': expected 4, 8, 16 or a multiple of 32");
    expect_refused("--tile-threads 2048 --body blelloch" + out(), "--tile-threads '2048': the blelloch body cannot take it");
    expect_refused("--tile-threads 1056" + out(), "--tile-threads '1056': the warp-shuffle body cannot take it");
}

// Issue 35: the single-pass compaction traced at tile level, its summary naming it and its predicate,
// its file holding both, and what a compaction cannot be refused in one line.
TEST_F(GridTraceCommand, TheSinglePassCompactionIsTracedWithItsPredicate) {
    expect_refused("--compact banana" + out(), "--compact 'banana': unknown predicate");
    expect_refused("--compact odd --driver chained" + out(), "--compact: the single-pass compaction runs decoupled-look-back only");
    expect_refused("--compact odd --tile-threads 16" + out(), "--tile-threads '16': a compaction's tile has whole warps");
    const ProcessResult r =
        grid_trace("--compact less-than:500 --input random --n 5000 --resident 3 --start-order reversed" + out());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("compaction (keep less-than:500), decoupled-look-back, N=5000, 40 tiles of 128 (registers, "
                         "32 threads)"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("tile level; look-backs consistent"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("wrong outputs"), std::string::npos) << r.out;
    const GridTrace loaded = load_grid_trace_file(out_path());
    EXPECT_TRUE(loaded.config.compaction);
    EXPECT_EQ(loaded.config.keep, (KeepPredicate{KeepRule::less_than, 500}));
}

// Issue 36: the radix sorts traced at tile level in the emulator, the summary naming the form, Onesweep's
// look-backs over digit counts checked; what a sort cannot be refused in one line.
TEST_F(GridTraceCommand, TheRadixSortsAreTracedWithTheirForm) {
    expect_refused("--sort quicksort" + out(), "--sort: unknown value 'quicksort' (one of textbook, onesweep)");
    expect_refused("--sort onesweep --tile-threads 128" + out(),
                   "--tile-threads '128': Onesweep's blocks have 256 threads, a thread a digit");
    expect_refused("--sort textbook --tile-threads 16" + out(), "--tile-threads '16': the textbook sort's blocks");
    expect_refused("--sort onesweep --compact odd" + out(), "--sort and --compact: a grid trace is of a sort or of a "
                                                            "compaction, not both");
    if (!gpu_status().available) // on a GPU the sorts are traced there (tests/gpu/test_gpu_sort_grid_trace.cpp)
        expect_refused("--sort onesweep --device gpu" + out(), "--device gpu: no CUDA GPU available");
    const ProcessResult r = grid_trace("--sort onesweep --type float --input random --n 5000 --resident 3" + out());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("radix sort (onesweep), decoupled-look-back, N=5000, 10 tiles of 512"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("float keys"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("tile level; look-backs consistent"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("wrong outputs"), std::string::npos) << r.out;
    EXPECT_EQ(load_grid_trace_file(out_path()).config.sort, GridSortForm::onesweep);
    const ProcessResult textbook = grid_trace("--sort textbook --input random --n 3000 --tile-threads 128" + out());
    ASSERT_EQ(textbook.exit_code, 0) << textbook.err;
    EXPECT_NE(textbook.out.find("radix sort (textbook), reduce-then-scan, N=3000, 6 tiles of 512"), std::string::npos)
        << textbook.out;
    EXPECT_NE(textbook.out.find("no look-back"), std::string::npos) << textbook.out;
}

TEST_F(GridTraceCommand, ADeadlockIsTheEmulatorsOneLineAndNoFile) {
    expect_refused("--driver chained --tiles block --start-order reversed --resident 2" + out(),
                   "deadlock: tile 7 waits for tile 6's prefix", 1);
    // The same scan with its tiles from the counter cannot deadlock.
    const ProcessResult r = grid_trace("--driver chained --tiles counter --start-order reversed --resident 2" + out());
    EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST_F(GridTraceCommand, OutputTargetsThePolicyRefusesAreNamed) {
    expect_refused("--n 64", "--out FILE is required");
    expect_refused("--n 64 --out " + shell_quote((dir_ / "no-such-folder" / "grid.json").string()), "cannot write");
    fs::create_directory(dir_ / "folder");
    const ProcessResult r = grid_trace("--n 64 --out " + shell_quote((dir_ / "folder").string()));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("it is a directory (PrefixLab replaces only regular files)"), std::string::npos) << r.err;
    EXPECT_TRUE(fs::is_empty(dir_ / "folder"));
}

// Issue 31: `--driver atomic-global --n 65536 --tile-threads 4` grew past 17 GB in two minutes, and at
// --n 65536 wrote 130 MB that the reader refused; both are now refused at once, naming a size that fits.
TEST_F(GridTraceCommand, TheAtomicGlobalScanPastWhatATraceHoldsIsRefusedAtOnce) {
    const auto start = std::chrono::steady_clock::now();
    expect_refused("--driver atomic-global --n 65536 --tile-threads 4" + out(),
                   "atomic-global at N = 65536 in 16384 tiles of 4 makes 134275068 accesses to the shared arrays, "
                   "more than the 524288 a grid trace holds: N up to ");
    expect_refused("--driver atomic-global --n 65536" + out(), "more than the 524288 a grid trace holds");
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

// Issue 31: these documented values failed with "cannot protect a fiber stack" (the emulator asked for
// resident × threads stacks whatever the tiles); more resident blocks than tiles are now the tiles.
TEST_F(GridTraceCommand, ResidentBlocksUpToTheDocumentedBoundRunAndTooManyFibersAreRefused) {
    for (const char* arguments : {"--n 32 --resident 4096", "--n 1024 --resident 1000", "--n 65536 --resident 620"}) {
        const ProcessResult r = grid_trace(arguments + out());
        EXPECT_EQ(r.exit_code, 0) << arguments << ": " << r.err;
        EXPECT_EQ(r.err, "") << arguments;
    }
    const ProcessResult clamped = grid_trace("--n 32 --resident 4096" + out());
    EXPECT_NE(clamped.out.find("(1 resident, in order)"), std::string::npos) << clamped.out;
    fs::remove(out_path());
    expect_refused("--n 65536 --resident 4096" + out(), "with 4096 resident blocks this run needs 67584; at most 620 resident blocks fit");
    expect_refused("--n 65536 --tile-threads 1024 --resident 20" + out(),
                   "the emulator runs at most 20480 threads at once: with 20 resident blocks this run needs 20500; at most 19 resident blocks fit");
}

// The largest atomic global trace of 4-element tiles (523,766 accesses) is written in 300 MB of address space, and where
// memory runs out that is one line and exit code 1, never an abort, and no temporary file is left.
// Before issue 31 the writer built a JSON tree of every row: in 300 MB this trace failed with "error:
// std::bad_alloc", and under 3 GiB a larger one aborted (SIGABRT: the tree's destructor allocates while
// unwinding) and left x.json.tmp-PID-0. AddressSanitizer cannot start under `ulimit -v`.
TEST_F(GridTraceCommand, TheLargestTraceFitsInLittleMemoryAndRunningOutIsOneLineAndNoFile) {
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "AddressSanitizer reserves its shadow memory and cannot run under ulimit -v";
#else
    const auto limited = [&](const char* kilobytes) {
        return run_process(std::string("ulimit -v ") + kilobytes + "; " + shell_quote(PREFIXLAB_BINARY) +
                           " grid-trace --driver atomic-global --n 4080 --tile-threads 4" + out());
    };
    const ProcessResult fits = limited("300000");
    ASSERT_EQ(fits.exit_code, 0) << fits.err;
    EXPECT_EQ(load_grid_trace_file(out_path()).accesses.size(), 523766u); // 1020 tiles: 1020 × 1019 / 2 + 1019 × 4
    fs::remove(out_path());
    const ProcessResult out_of_memory = limited("80000");
    EXPECT_EQ(out_of_memory.exit_code, 1) << out_of_memory.err;
    EXPECT_EQ(out_of_memory.err, "prefixlab: error: out of memory (an allocation failed; a smaller N or fewer "
                                 "repetitions need less)\n");
    EXPECT_EQ(files_in_dir(), 0u);
#endif
}

} // namespace
} // namespace prefixlab::test
