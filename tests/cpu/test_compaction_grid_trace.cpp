// The single-pass compaction as a grid trace (issue 35): captured in the emulator at tile level, its
// look-backs consistent with the kept counts the standard library finds, its output std::copy_if's, its
// file round-tripping with the predicate, a tampered count caught, and a file that asks a compaction of
// another driver refused.
#include "core/analysis/look_back.hpp"
#include "core/capture/grid_capture.hpp"
#include "core/trace/grid_trace_json.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace prefixlab::test {
namespace {

GridCaptureRequest compaction_request(std::uint64_t n, const KeepPredicate& keep) {
    GridCaptureRequest request;
    request.n = n;
    request.input = InputKind::random;
    request.seed = 3;
    request.scan.driver = GridDriver::decoupled_look_back;
    request.scan.body = TileScanBody::registers;
    request.scan.tile_threads = 32;
    request.scan.compaction = true;
    request.scan.keep = keep;
    request.schedule = GridSchedule{3, BlockStartOrder::seeded_random, 5};
    return request;
}

TEST(CompactionGridTrace, LookBacksCarryTheKeptCountsAndTheOutputIsCopyIfs) {
    for (const KeepPredicate& keep : {KeepPredicate{}, KeepPredicate{KeepRule::less_than, 1e9}}) {
        const GridTrace trace = capture_grid_trace(compaction_request(3000, keep));
        EXPECT_TRUE(trace.config.compaction);
        EXPECT_EQ(trace.config.keep, keep);
        EXPECT_FALSE(trace.config.element_detail) << "a compaction's trace is at tile level";
        EXPECT_EQ(trace.wrong_outputs, 0u);
        ASSERT_EQ(trace.launches.size(), 1u);
        EXPECT_EQ(trace.launches.front().source_path, "kernels/grid/single_pass_compact.cuh");
        const std::vector<TileLookBack> look_backs = look_backs_of(trace);
        EXPECT_EQ(look_backs.size(), (3000u + 127u) / 128u); // tiles of 32 threads × 4 elements
        EXPECT_EQ(check_look_backs(trace, look_backs), "");
    }
}

TEST(CompactionGridTrace, ATamperedCountIsCaught) {
    GridTrace trace = capture_grid_trace(compaction_request(1000, {}));
    bool tampered = false;
    for (GridAccessRecord& a : trace.accesses)
        if (!tampered && a.buffer == BufferId::tile_status && a.kind == GridAccessKind::release && a.index == 3 &&
            (a.value >> 32) == 2) { // tile 3's prefix: one kept element more
            a.value += 1;
            tampered = true;
        }
    ASSERT_TRUE(tampered);
    EXPECT_NE(check_look_backs(trace, look_backs_of(trace)), "");
}

TEST(CompactionGridTrace, TheFileKeepsThePredicateAndRefusesACompactionOfAnotherDriver) {
    const GridTrace trace = capture_grid_trace(compaction_request(600, {KeepRule::greater_than, 7.5}));
    std::ostringstream out;
    write_grid_trace_json(trace, out);
    EXPECT_NE(out.str().find("\"compaction\""), std::string::npos);
    const GridTrace read = grid_trace_from_json_text(out.str());
    EXPECT_TRUE(read.config.compaction);
    EXPECT_EQ(read.config.keep, (KeepPredicate{KeepRule::greater_than, 7.5}));
    EXPECT_EQ(check_look_backs(read, look_backs_of(read)), "");

    std::string chained = out.str();
    const std::string from = "\"driver\":\"decoupled-look-back\"";
    const std::size_t at = chained.find(from);
    ASSERT_NE(at, std::string::npos) << out.str().substr(0, 400);
    chained.replace(at, from.size(), "\"driver\":\"chained\"");
    EXPECT_THROW(grid_trace_from_json_text(chained), std::exception);

    // a scan's file has no compaction field
    GridCaptureRequest scan = compaction_request(600, {});
    scan.scan.compaction = false;
    std::ostringstream scan_out;
    write_grid_trace_json(capture_grid_trace(scan), scan_out);
    EXPECT_EQ(scan_out.str().find("\"compaction\""), std::string::npos);
}

TEST(CompactionGridTrace, ACompactionOfAnotherDriverBodyOrPartialWarpIsRefused) {
    GridCaptureRequest request = compaction_request(100, {});
    request.scan.driver = GridDriver::chained;
    EXPECT_THROW(capture_grid_trace(request), std::invalid_argument);
    request = compaction_request(100, {});
    request.scan.body = TileScanBody::warp_shuffle;
    EXPECT_THROW(capture_grid_trace(request), std::invalid_argument);
    request = compaction_request(100, {});
    request.scan.tile_threads = 16;
    EXPECT_THROW(capture_grid_trace(request), std::invalid_argument);
}

} // namespace
} // namespace prefixlab::test
