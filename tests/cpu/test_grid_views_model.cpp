// The grid views' models against the trace's own records: the grid steps (the single-pass scan's four
// phases, every access in one of them), the grid view's cells (at the last step every value is the
// reference scan; before a tile writes, its input) and arrows (each one recorded polls), and the
// look-back timeline's marks (exactly the tile-counter and status-word accesses).
#include "core/analysis/loaded_grid_trace.hpp"
#include "core/capture/grid_capture.hpp"
#include "core/ground/reference_scan.hpp"

#include <gtest/gtest.h>

namespace prefixlab::test {
namespace {

GridCaptureRequest grid_request(GridDriver driver, std::uint64_t n, int threads, GridSchedule schedule) {
    GridCaptureRequest request;
    request.scan.driver = driver;
    request.scan.type = ElementType::int32;
    request.scan.body = TileScanBody::warp_shuffle;
    request.scan.tile_threads = threads;
    request.n = n;
    request.input = InputKind::random;
    request.seed = 3;
    request.schedule = schedule;
    return request;
}

std::unique_ptr<LoadedGridTrace> small_look_back() {
    return prepare_grid_for_display(capture_grid_trace(
        grid_request(GridDriver::decoupled_look_back, 256, 32, GridSchedule{3, BlockStartOrder::seeded_random, 7})));
}

TEST(GridSteps, ASinglePassScanHasItsFourPhasesAndEveryAccessIsInOne) {
    const auto grid = small_look_back();
    ASSERT_EQ(grid->steps.steps.size(), 4u);
    const char* names[] = {"take-tile", "reduce-tile", "look-back", "scan-tile"};
    for (std::size_t s = 0; s < 4; ++s)
        EXPECT_EQ(grid->steps.steps[s].name, names[s]);
    ASSERT_EQ(grid->steps.of_access.size(), grid->trace.accesses.size());
    for (std::size_t i = 0; i < grid->trace.accesses.size(); ++i) {
        const GridAccessRecord& a = grid->trace.accesses[i];
        const std::uint32_t expected = a.buffer == BufferId::tile_counter ? 0u : 2u; // taken, or look-back
        EXPECT_EQ(grid->steps.of_access[i], expected) << "access " << i;
    }
    // every tile takes part in every phase
    for (const auto& step : grid->steps.tile_in_step)
        for (std::uint8_t in : step)
            EXPECT_EQ(in, 1);
    EXPECT_EQ(grid->narration.size(), 4u);
    EXPECT_NE(grid->narration[2].find("Step 2 — publish and look back: 7 tiles"), std::string::npos) << grid->narration[2];
}

TEST(GridSteps, ATileLevelTraceHasOneStepPerLaunch) {
    const auto grid = prepare_grid_for_display(capture_grid_trace(
        grid_request(GridDriver::decoupled_look_back, 8000, 64, GridSchedule{4, BlockStartOrder::in_order, 0})));
    ASSERT_FALSE(grid->trace.config.element_detail);
    EXPECT_EQ(grid->steps.steps.size(), grid->trace.launches.size());
    EXPECT_FALSE(grid->model.element_detail);
    EXPECT_TRUE(grid->model.values.empty());
    EXPECT_EQ(grid->model.columns.size(), (8000u + 63) / 64);
}

TEST(GridViewModel, TheLastStepHoldsTheReferenceScanAndTilesShowTheirInputBeforeTheyWrite) {
    const auto grid = small_look_back();
    const GridViewModel& model = grid->model;
    ASSERT_TRUE(model.element_detail);
    ASSERT_EQ(model.values.size(), 4u);
    const std::vector<std::uint32_t> reference = reference_scan(ElementType::int32, ScanOperator::add, false, grid->trace.input);
    EXPECT_EQ(model.values.back(), reference);
    EXPECT_EQ(model.values.back(), grid->trace.output);
    for (std::size_t s = 0; s + 1 < model.values.size(); ++s)
        EXPECT_EQ(model.values[s], grid->trace.input) << "step " << s; // only the tile scan writes
    // each tile's published prefix is the reference at its last element
    for (const GridTileColumn& column : model.columns) {
        ASSERT_TRUE(column.prefix.has_value());
        EXPECT_EQ(column.prefix->bits, reference[column.first_element + column.elements - 1]);
        EXPECT_EQ(column.prefix->step, 2u);
        EXPECT_EQ(column.aggregate.has_value(), column.tile > 0);
    }
}

TEST(GridViewModel, EveryArrowIsRecordedPollsAndEveryPollIsInAnArrow) {
    const auto grid = prepare_grid_for_display(capture_grid_trace(
        grid_request(GridDriver::decoupled_look_back, 1000, 32, GridSchedule{4, BlockStartOrder::reversed, 0})));
    std::uint32_t polls = 0;
    for (const GridAccessRecord& a : grid->trace.accesses)
        polls += a.buffer == BufferId::tile_status && a.kind == GridAccessKind::acquire ? 1 : 0;
    std::uint32_t in_arrows = 0;
    const std::vector<std::uint32_t> tile_of = tiles_of_blocks(grid->trace, 0);
    for (const GridPollArrow& arrow : grid->model.arrows) {
        in_arrows += arrow.polls;
        EXPECT_LT(arrow.from_tile, arrow.to_tile);
        // the first poll it stands for, found in the trace at its order
        const GridAccessRecord& a = grid->trace.accesses.at(arrow.first_order);
        EXPECT_EQ(a.kind, GridAccessKind::acquire);
        EXPECT_EQ(a.index, arrow.from_tile);
        EXPECT_EQ(tile_of.at(a.block), arrow.to_tile);
        EXPECT_EQ(status_of(a.value), arrow.seen);
    }
    EXPECT_EQ(in_arrows, polls);
    EXPECT_GT(polls, 0u);
}

TEST(LookBackTimeline, ItsMarksAreTheCounterAndStatusWordAccesses) {
    for (const std::uint64_t n : {64u, 4096u, 20000u}) {
        const auto grid = prepare_grid_for_display(capture_grid_trace(
            grid_request(GridDriver::decoupled_look_back, n, 64, GridSchedule{4, BlockStartOrder::seeded_random, 5})));
        std::size_t recorded = 0;
        for (const GridAccessRecord& a : grid->trace.accesses)
            recorded += a.buffer == BufferId::tile_counter || a.buffer == BufferId::tile_status ? 1 : 0;
        const LookBackTimeline& timeline = grid->timeline;
        EXPECT_EQ(timeline.marks.size(), recorded) << n;
        EXPECT_EQ(timeline.tiles, (n + 63) / 64);
        EXPECT_EQ(timeline.verdict, "") << n;
        std::size_t in_rows = 0;
        for (const auto& row : timeline.by_tile)
            in_rows += row.size();
        EXPECT_EQ(in_rows, timeline.marks.size());
        EXPECT_NE(timeline_summary(timeline).find("every look-back consistent"), std::string::npos);
        EXPECT_NE(grid_report(*grid).find("verdict=consistent"), std::string::npos);
    }
}

TEST(LookBackTimeline, TheChainedScanPollsOnlyItsPredecessor) {
    const auto grid = prepare_grid_for_display(capture_grid_trace(
        grid_request(GridDriver::chained, 640, 32, GridSchedule{3, BlockStartOrder::seeded_random, 2})));
    for (const TimelineMark& mark : grid->timeline.marks)
        if (mark.kind == TimelineMarkKind::poll)
            EXPECT_EQ(mark.predecessor + 1, mark.tile);
    EXPECT_EQ(grid->timeline.depths.deepest, 1u);
    EXPECT_EQ(grid->timeline.verdict, "");
}

} // namespace
} // namespace prefixlab::test
