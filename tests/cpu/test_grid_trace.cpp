// Grid traces from the emulator: what a single-pass scan's trace holds (launches, every block's writes,
// the accesses to the shared arrays in global order), each tile's look-back read back from it and proved
// against what it read and the reference, tampering caught, and tile-level traces above element detail.
#include "core/analysis/look_back.hpp"
#include "core/capture/grid_capture.hpp"
#include "core/ground/reference_scan.hpp"
#include "core/trace/grid_trace_json.hpp"

#include <sstream>

#include <gtest/gtest.h>

namespace prefixlab::test {
namespace {

GridCaptureRequest single_pass(GridDriver protocol, std::uint64_t n, GridSchedule schedule = {4, {}, 0}) {
    GridCaptureRequest request;
    request.scan.driver = protocol;
    request.scan.type = ElementType::int32;
    request.scan.body = TileScanBody::warp_shuffle;
    request.scan.tile_threads = 64;
    request.n = n;
    request.input = InputKind::random;
    request.seed = 5;
    request.schedule = schedule;
    return request;
}

TEST(GridTrace, LookBackTraceHoldsEveryTilesWritesAndItsAccessesInOrder) {
    const GridTrace trace = capture_grid_trace(single_pass(GridDriver::decoupled_look_back, 4000));
    EXPECT_EQ(trace.wrong_outputs, 0u);
    ASSERT_TRUE(trace.config.element_detail);
    ASSERT_EQ(trace.launches.size(), 1u);
    const std::uint32_t tiles = (4000 + 63) / 64;
    EXPECT_EQ(trace.launches[0].blocks, tiles);
    EXPECT_EQ(trace.config.tile, 64u);
    ASSERT_EQ(trace.blocks.size(), tiles);
    const std::vector<std::uint32_t> reference =
        reference_scan(ElementType::int32, ScanOperator::add, false, trace.input);
    for (const GridBlockRun& run : trace.blocks) {
        const std::uint32_t count = std::min<std::uint32_t>(64, 4000 - run.tile * 64);
        ASSERT_EQ(run.writes.size(), count) << "tile " << run.tile;
        for (const GridElementWrite& w : run.writes)
            EXPECT_EQ(w.value, reference[run.tile * 64 + w.element]) << "tile " << run.tile;
        EXPECT_FALSE(run.steps.empty());
    }
    for (std::size_t i = 0; i < trace.accesses.size(); ++i)
        ASSERT_EQ(trace.accesses[i].order, i);
}

// The example, the GUI's default: N = 64 in 8 tiles of 8 threads, one partial warp each.
TEST(GridTrace, SixtyFourElementsInTilesOfEightThreadsAreEightTiles) {
    for (GridDriver driver : {GridDriver::decoupled_look_back, GridDriver::scan_then_propagate}) {
        GridCaptureRequest request =
            single_pass(driver, 64, GridSchedule{4, BlockStartOrder::seeded_random, 3});
        request.scan.tile_threads = 8;
        const GridTrace trace = capture_grid_trace(request);
        SCOPED_TRACE(trace.config.driver);
        EXPECT_EQ(trace.wrong_outputs, 0u);
        EXPECT_EQ(trace.config.tile, 8u);
        EXPECT_EQ(trace.config.tile_threads, 8u);
        ASSERT_FALSE(trace.launches.empty());
        EXPECT_EQ(trace.launches[0].blocks, 8u);
        EXPECT_EQ(trace.launches[0].threads, 8u);
        const std::vector<std::uint32_t> reference =
            reference_scan(ElementType::int32, ScanOperator::add, false, trace.input);
        std::vector<int> runs_of_tile(8, 0);
        for (const GridBlockRun& run : trace.blocks) {
            if (run.launch != 0)
                continue;
            ASSERT_LT(run.tile, 8u);
            ++runs_of_tile[run.tile];
            if (driver == GridDriver::scan_then_propagate)
                continue; // its first launch scans each tile alone; the prefix comes in "propagate"
            ASSERT_EQ(run.writes.size(), 8u) << "tile " << run.tile;
            for (const GridElementWrite& w : run.writes)
                EXPECT_EQ(w.value, reference[run.tile * 8 + w.element]) << "tile " << run.tile;
        }
        EXPECT_EQ(runs_of_tile, std::vector<int>(8, 1));
        if (driver == GridDriver::decoupled_look_back)
            EXPECT_EQ(check_look_backs(trace, look_backs_of(trace)), "");
    }
}

TEST(GridTrace, EveryTilesLookBackIsConsistentUnderEveryStartOrder) {
    for (GridDriver protocol : {GridDriver::chained, GridDriver::decoupled_look_back})
        for (BlockStartOrder order : {BlockStartOrder::in_order, BlockStartOrder::reversed, BlockStartOrder::seeded_random}) {
            const GridTrace trace = capture_grid_trace(single_pass(protocol, 3000, GridSchedule{3, order, 9}));
            const std::vector<TileLookBack> tiles = look_backs_of(trace);
            ASSERT_EQ(tiles.size(), trace.launches.at(0).blocks);
            EXPECT_EQ(check_look_backs(trace, tiles), "") << trace.config.driver << " " << trace.config.start_order;
            for (const TileLookBack& tile : tiles) {
                EXPECT_TRUE(tile.taken.has_value());
                // chained: exactly its predecessor; look-back: at least one predecessor, at most all
                if (tile.tile == 0)
                    EXPECT_EQ(tile.depth, 0u);
                else if (protocol == GridDriver::chained)
                    EXPECT_EQ(tile.depth, 1u);
                else
                    EXPECT_TRUE(tile.depth >= 1 && tile.depth <= tile.tile) << "tile " << tile.tile;
            }
        }
}

// Float sums: the kernel combines a window's values as a butterfly, the check one after another; the
// two round differently (a review found "tile 13: its prefix 109.077400 is not what it read" on a
// correct run), so the check holds them to the sum's rounding bound, every body and window width.
TEST(GridTrace, FloatSumLookBacksAreConsistentWithinTheRoundingBound) {
    for (auto [body, threads] : {std::pair{TileScanBody::warp_shuffle, 32}, std::pair{TileScanBody::registers, 8},
                                 std::pair{TileScanBody::registers, 32}}) {
        GridCaptureRequest request =
            single_pass(GridDriver::decoupled_look_back, 20000, GridSchedule{4, BlockStartOrder::seeded_random, 2});
        request.scan.type = ElementType::float32;
        request.scan.body = body;
        request.scan.tile_threads = threads;
        const GridTrace trace = capture_grid_trace(request);
        EXPECT_EQ(trace.wrong_outputs, 0u);
        EXPECT_EQ(check_look_backs(trace, look_backs_of(trace)), "") << name_of(body) << " " << threads;
    }
}

TEST(GridTrace, ReversedStartHandsTheFirstTileToTheLastBlock) {
    const GridTrace trace = capture_grid_trace(
        single_pass(GridDriver::decoupled_look_back, 640, GridSchedule{2, BlockStartOrder::reversed, 0}));
    const std::vector<std::uint32_t> tiles = tiles_of_blocks(trace, 0);
    ASSERT_EQ(tiles.size(), 10u);
    for (std::uint32_t b = 0; b < 10; ++b)
        EXPECT_EQ(tiles[b], 9 - b);
}

TEST(GridTrace, ATamperedPollIsCaughtNamingTheTile) {
    GridTrace trace = capture_grid_trace(
        single_pass(GridDriver::decoupled_look_back, 2000, GridSchedule{4, BlockStartOrder::seeded_random, 3}));
    std::vector<TileLookBack> tiles = look_backs_of(trace);
    ASSERT_EQ(check_look_backs(trace, tiles), "");
    // the last tile's last poll of its predecessor (always combined; a window's lanes past the nearest
    // prefix read words the look-back left) reads one more than was there
    TileLookBack& last = tiles.back();
    const auto predecessor = std::find_if(last.polls.rbegin(), last.polls.rend(),
                                          [&](const LookBackPoll& p) { return p.predecessor + 1 == last.tile; });
    ASSERT_NE(predecessor, last.polls.rend());
    predecessor->value_bits += 1;
    const std::string problem = check_look_backs(trace, tiles);
    EXPECT_NE(problem.find("tile " + std::to_string(last.tile) + ":"), std::string::npos) << problem;
}

TEST(GridTrace, AboveElementDetailOnlyTheSharedArraysAreKept) {
    const GridTrace trace = capture_grid_trace(single_pass(GridDriver::decoupled_look_back, 20000));
    EXPECT_FALSE(trace.config.element_detail);
    EXPECT_TRUE(trace.blocks.empty());
    EXPECT_TRUE(trace.input.empty());
    EXPECT_EQ(trace.wrong_outputs, 0u);
    const std::vector<TileLookBack> tiles = look_backs_of(trace);
    EXPECT_EQ(tiles.size(), (20000u + 63) / 64);
    EXPECT_EQ(check_look_backs(trace, tiles), ""); // the input regenerated from the configuration
}

TEST(GridTrace, SameRunIsTheSameExecutionAndAnotherScheduleIsNot) {
    const GridCaptureRequest request =
        single_pass(GridDriver::decoupled_look_back, 1000, GridSchedule{4, BlockStartOrder::seeded_random, 1});
    const GridTrace a = capture_grid_trace(request), b = capture_grid_trace(request);
    EXPECT_EQ(first_grid_difference(a, b), "");
    GridCaptureRequest other = request;
    other.schedule.seed = 2;
    const GridTrace c = capture_grid_trace(other);
    // the same tiles, scanned to the same output, but looked back differently
    EXPECT_EQ(a.output, c.output);
    EXPECT_NE(first_grid_difference(a, c), "");
}

TEST(GridTrace, NOutOfRangeIsRefusedInOneLine) {
    EXPECT_THROW(capture_grid_trace(single_pass(GridDriver::chained, 0)), std::invalid_argument);
    try {
        capture_grid_trace(single_pass(GridDriver::chained, kMaxEmulatedGridN + 1));
        FAIL();
    } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
        EXPECT_NE(std::string(e.what()).find("65537"), std::string::npos);
    }
}

std::string written(const GridTrace& trace) {
    std::ostringstream out;
    write_grid_trace_json(trace, out);
    return out.str();
}

TEST(GridTraceFile, RoundTripKeepsEveryExecutionDetail) {
    for (std::uint64_t n : {std::uint64_t(200), std::uint64_t(20000)}) {
        GridCaptureRequest request = single_pass(GridDriver::decoupled_look_back, n,
                                                 GridSchedule{3, BlockStartOrder::seeded_random, 4});
        request.scan.type = ElementType::float32;
        const GridTrace trace = capture_grid_trace(request);
        const std::string text = written(trace);
        EXPECT_TRUE(is_grid_trace_text(text));
        const GridTrace back = grid_trace_from_json_text(text);
        EXPECT_EQ(first_grid_difference(trace, back), "") << "N = " << n;
        ASSERT_EQ(back.accesses.size(), trace.accesses.size());
        for (std::size_t i = 0; i < back.accesses.size(); ++i)
            ASSERT_EQ(back.accesses[i].value, trace.accesses[i].value);
        EXPECT_EQ(written(back), text);
    }
}

// Each line breaks one field; the error names it, in one line, and nothing else escapes.
// `good` with the first `from` replaced by `to`.
std::string broken_copy(const std::string& good, const std::string& from, const std::string& to) {
    std::string text = good;
    const std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

// Each text is refused in one line that names its field.
template <std::size_t kCases>
void expect_refused_naming(const std::pair<std::string, std::string> (&cases)[kCases]) {
    for (const auto& [text, field] : cases) {
        try {
            grid_trace_from_json_text(text);
            ADD_FAILURE() << "accepted a file broken at " << field;
        } catch (const TraceFormatError& e) {
            const std::string message = e.what();
            EXPECT_NE(message.find(field), std::string::npos) << message;
            EXPECT_EQ(message.find('\n'), std::string::npos) << message;
        }
    }
}

TEST(GridTraceFile, MalformedFieldsAreNamed) {
    const std::string good = written(capture_grid_trace(single_pass(GridDriver::chained, 100)));
    const auto broken = [&](const std::string& from, const std::string& to) { return broken_copy(good, from, to); };
    const std::pair<std::string, std::string> cases[] = {
        {broken("\"n\":100", "\"n\":0"), "config.n"},
        {broken("\"n\":100", "\"n\":99999999999"), "config.n"},
        {broken("\"blocks\":2,", "\"blocks\":1,"), "accesses.rows"}, // a row's block outside its launch
        {broken("\"tile_status\"", "\"output\""), "accesses.rows"},
        {broken("\"acquire\"", "\"steal\""), "accesses.rows"},
        {broken("\"element_detail\":true", "\"element_detail\":false"), "blocks"},
        {broken("\"version\":1", "\"version\":7"), "version"},
        {good.substr(0, good.size() / 2), "not valid JSON"},
        {"{\"format\":\"prefixlab-trace\"}", "not a PrefixLab grid trace"},
    };
    expect_refused_naming(cases);
}

// Issue 31: the reader took an unknown driver, body or start order, a tile that is not its threads
// times the body's elements (a 40 KB file with N = 2^22 in tiles of 1 took 1.19 GB and 16.6 s to open)
// and resident up to 2^32 - 1. Each is refused naming its field; the values the writers write pass.
TEST(GridTraceFile, ConfigValuesNoWriterWritesAreRefused) {
    const std::string good = written(capture_grid_trace(single_pass(GridDriver::chained, 100)));
    EXPECT_NO_THROW(grid_trace_from_json_text(good));
    const auto broken = [&](const std::string& from, const std::string& to) { return broken_copy(good, from, to); };
    const std::pair<std::string, std::string> cases[] = {
        {broken("\"driver\":\"chained\"", "\"driver\":\"warp-drive\""), "config.driver"},
        {broken("\"tile_body\":\"warp-shuffle\"", "\"tile_body\":\"lasers\""), "config.tile_body"},
        {broken("\"start_order\":\"in order\"", "\"start_order\":\"whenever\""), "config.device.start_order"},
        {broken("\"start_order\":\"in order\"", "\"start_order\":\"random (seed x)\""), "config.device.start_order"},
        {broken("\"start_order\":\"in order\"", "\"start_order\":\"\""), "config.device.start_order"},
        {broken("\"resident\":2,", "\"resident\":0,"), "config.device.resident"},
        {broken("\"resident\":2,", "\"resident\":4097,"), "config.device.resident"},
        {broken("\"resident\":2,", "\"resident\":4294967295,"), "config.device.resident"},
        {broken("\"tile\":64,", "\"tile\":1,"), "config.tile"},
        {broken("\"tile_threads\":64", "\"tile_threads\":7"), "config.tile_threads"},
        {broken("\"emulated\":true", "\"emulated\":false"), "config.device.resident"}, // a GPU trace says 0
    };
    expect_refused_naming(cases);
    // What describe_start_order() writes reads back.
    for (const char* order : {"reversed", "random (seed 0)", "random (seed 18446744073709551615)"})
        EXPECT_NO_THROW(grid_trace_from_json_text(broken("\"start_order\":\"in order\"", std::string("\"start_order\":\"") + order + "\"")))
            << order;
}

} // namespace
} // namespace prefixlab::test
