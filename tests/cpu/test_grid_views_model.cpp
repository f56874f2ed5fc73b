// The grid views' models against the trace's own records: the grid steps (the single-pass scan's four
// phases, every access in one of them), the grid view's cells (at the last step every value is the
// reference scan; before a tile writes, its input) and arrows (each one recorded polls), and the
// look-back timeline's marks (exactly the tile-counter and status-word accesses).
#include "core/analysis/loaded_grid_trace.hpp"
#include "core/capture/grid_capture.hpp"
#include "core/ground/reference_scan.hpp"

#include "core/ground/kernel_names.hpp"

#include <gtest/gtest.h>
#include <map>

namespace prefixlab::test {
namespace {

std::size_t model_values_wrong(const GridViewModel& model, const GridTrace& trace) {
    const std::vector<std::uint32_t> reference = reference_scan(trace.config.type, trace.config.op, trace.config.exclusive, trace.input);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < reference.size(); ++i)
        wrong += model.values.back().at(i) != reference[i] ? 1 : 0;
    return wrong;
}

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

// The tuned scan's register tile, traced: its four phases, its look-back's accesses all in the third, the
// narration of each (float sums: the note that a GPU's last bits can differ from run to run).
TEST(GridSteps, TheRegisterTileScanHasItsFourPhasesAndSaysFloatSumsMayDiffer) {
    GridCaptureRequest request =
        grid_request(GridDriver::decoupled_look_back, 256, 8, GridSchedule{3, BlockStartOrder::seeded_random, 7});
    request.scan.body = TileScanBody::registers;
    request.scan.type = ElementType::float32;
    const auto grid = prepare_grid_for_display(capture_grid_trace(request));
    ASSERT_EQ(grid->steps.steps.size(), 4u);
    const char* names[] = {"take-tile", "load-quads", "rows-look-back", "store-quads"};
    for (std::size_t s = 0; s < 4; ++s)
        EXPECT_EQ(grid->steps.steps[s].name, names[s]);
    for (std::size_t i = 0; i < grid->trace.accesses.size(); ++i)
        EXPECT_EQ(grid->steps.of_access[i], grid->trace.accesses[i].buffer == BufferId::tile_counter ? 0u : 2u)
            << "access " << i;
    ASSERT_EQ(grid->narration.size(), 4u);
    EXPECT_NE(grid->narration[1].find("8 tiles each load their 32 elements into registers"), std::string::npos)
        << grid->narration[1];
    EXPECT_NE(grid->narration[2].find("7 tiles published their aggregate and combined"), std::string::npos)
        << grid->narration[2];
    EXPECT_NE(grid->narration[2].find("Float sums:"), std::string::npos) << grid->narration[2];
    EXPECT_NE(grid->narration[3].find(": 0 of 256 wrong."), std::string::npos) << grid->narration[3];
    EXPECT_EQ(check_look_backs(grid->trace, look_backs_of(grid->trace)), "");
    // The window's reads past each tile's nearest prefix are marked as left, the others as combined.
    const std::vector<TileLookBack> tiles = look_backs_of(grid->trace);
    std::size_t left = 0;
    for (const GridPollArrow& arrow : grid->model.arrows) {
        const TileLookBack& tile = tiles.at(arrow.to_tile);
        const bool within = arrow.from_tile + tile.depth >= arrow.to_tile;
        EXPECT_EQ(arrow.combined, within)
            << "tile " << arrow.to_tile << " read tile " << arrow.from_tile;
        left += arrow.combined ? 0 : 1;
    }
    EXPECT_GT(left, 0u) << "a window of 8 lanes reads past the nearest prefix";
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

// Issue 33, point 7: past kBoldLookBackDepth predecessors a look-back's arcs are faint, so a deep look-back
// does not tangle into one band. 128 tiles of 8, 4 resident, started in a random order, look back up to 4.
TEST(GridViewModel, ArcsPastTheBoldDepthAreFaint) {
    const auto grid = prepare_grid_for_display(capture_grid_trace(
        grid_request(GridDriver::decoupled_look_back, 1024, 8, GridSchedule{4, BlockStartOrder::seeded_random, 3})));
    int bold = 0, faint_by_depth = 0;
    for (const GridPollArrow& arrow : grid->model.arrows) {
        const std::uint32_t depth = arrow.to_tile - arrow.from_tile;
        EXPECT_EQ(faint_arrow(arrow), !arrow.combined || depth > kBoldLookBackDepth) << depth;
        bold += faint_arrow(arrow) ? 0 : 1;
        faint_by_depth += arrow.combined && depth > kBoldLookBackDepth ? 1 : 0;
    }
    EXPECT_GT(bold, 0) << "the near predecessors' arcs stay bold";
    EXPECT_GT(faint_by_depth, 0) << "this schedule looks back past the bold depth, or the test shows nothing";
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

// The multi-launch drivers: every tile_totals read is in exactly one arrow, from the home of the word
// its last writer (in global order) left, and every atomic in one arrow into the word's home.
std::unique_ptr<LoadedGridTrace> multi_launch(GridDriver driver, std::uint64_t n) {
    return prepare_grid_for_display(
        capture_grid_trace(grid_request(driver, n, 32, GridSchedule{3, BlockStartOrder::seeded_random, 4})));
}

TEST(GridTotals, EveryTotalsReadHasOneArrowFromItsLastWriter) {
    for (const GridDriver driver : {GridDriver::scan_then_propagate, GridDriver::reduce_then_scan, GridDriver::two_level,
                                    GridDriver::atomic_global}) {
        const auto grid = multi_launch(driver, 256);
        const GridTrace& trace = grid->trace;
        const GridTotals& totals = grid->model.totals;
        ASSERT_FALSE(totals.arrows.empty()) << name_of(driver);
        std::uint64_t reads = 0, atomics = 0, in_arrows = 0, atomics_in_arrows = 0;
        std::map<std::uint32_t, std::uint64_t> last_writer; // word -> order
        std::map<std::uint64_t, std::uint64_t> writer_of_read; // read order -> writer order
        for (const GridAccessRecord& a : trace.accesses) {
            if (a.buffer != BufferId::tile_totals)
                continue;
            if (a.kind == GridAccessKind::read) {
                ++reads;
                ASSERT_TRUE(last_writer.count(a.index)) << name_of(driver) << ": a read of a word never written";
                writer_of_read[a.order] = last_writer[a.index];
            } else {
                atomics += a.kind == GridAccessKind::atomic ? 1 : 0;
                last_writer[a.index] = a.order;
            }
        }
        for (const GridTotalsArrow& arrow : totals.arrows) {
            EXPECT_EQ(arrow.sources, 1u) << name_of(driver); // small N: nothing thinned
            const GridAccessRecord& first = trace.accesses.at(arrow.first_order);
            EXPECT_EQ(first.index, arrow.index);
            if (arrow.atomic) {
                atomics_in_arrows += arrow.accesses;
                EXPECT_EQ(first.kind, GridAccessKind::atomic);
                EXPECT_LT(arrow.from.first, arrow.to.first) << "an atomic adds into a later tile";
                EXPECT_EQ(arrow.to.first, arrow.index) << "word k is tile k's partial";
            } else {
                in_arrows += arrow.accesses;
                ASSERT_TRUE(arrow.writer.has_value());
                EXPECT_EQ(*arrow.writer, writer_of_read.at(first.order)) << name_of(driver);
                EXPECT_LT(arrow.writer_step, arrow.step + 1);
            }
        }
        EXPECT_EQ(in_arrows, reads) << name_of(driver);
        EXPECT_EQ(atomics_in_arrows, atomics) << name_of(driver);
        std::uint64_t counted = 0;
        for (const TotalsStepCounts& c : totals.counts)
            counted += c.reads;
        EXPECT_EQ(counted, reads);
    }
}

TEST(GridTotals, ScanThenPropagateShowsTotalsThenScannedTotalsThenArrowsToTheNextTile) {
    const auto grid = multi_launch(GridDriver::scan_then_propagate, 256); // 8 tiles of 32
    const GridTotals& totals = grid->model.totals;
    ASSERT_EQ(grid->steps.steps.size(), 3u);
    EXPECT_EQ(grid->steps.steps[0].label, "launch 0 · scan tiles");
    EXPECT_EQ(grid->steps.steps[1].label, "launch 1 · scan the totals");
    EXPECT_EQ(totals.groups, 8u);
    const std::vector<std::uint32_t> reference = reference_scan(ElementType::int32, ScanOperator::add, false, grid->trace.input);
    int sigma = 0, scanned = 0;
    for (const GridTotalsBox& box : totals.boxes) {
        ASSERT_EQ(box.home.count, 1u);
        const std::uint32_t t = box.home.first;
        if (box.step == 0) { // the tile's own total: Σ of its 32 inputs
            ++sigma;
            EXPECT_EQ(box.kind, TotalsWordKind::total);
            EXPECT_EQ(box.bits, reference[32 * t + 31] - (t == 0 ? 0 : reference[32 * t - 1]));
        } else {
            ++scanned;
            EXPECT_EQ(box.step, 1u);
            EXPECT_EQ(box.kind, TotalsWordKind::scanned);
            EXPECT_EQ(box.bits, reference[32 * t + 31]); // the inclusive prefix up to the tile's end
        }
    }
    EXPECT_EQ(sigma, 8);
    EXPECT_EQ(scanned, 8);
    // the spine reads straight down; propagate reads from tile t - 1 into tile t
    for (const GridTotalsArrow& arrow : totals.arrows) {
        if (arrow.step == 1)
            EXPECT_EQ(arrow.from, arrow.to);
        else
            EXPECT_EQ(arrow.from.first + 1, arrow.to.first);
    }
    EXPECT_EQ(totals.counts[2].arrows, 7u);
    EXPECT_EQ(totals.counts[2].reads, 7u * 32u); // every thread reads the prefix
    EXPECT_NE(grid->narration[1].find("one block scans the 8 tile totals in place: 8 reads, 8 writes"), std::string::npos)
        << grid->narration[1];
    const std::string counters = grid_counters_line(grid->trace, grid->steps, totals, grid->timeline, 1);
    EXPECT_NE(counters.find("launch 1 of 3"), std::string::npos) << counters;
    EXPECT_EQ(counters.find("look-back"), std::string::npos) << counters;
    EXPECT_NE(grid_report(*grid).find("totals=232/16/0 crossings=15"), std::string::npos) << grid_report(*grid);
}

TEST(GridTotals, AtomicGlobalMakesTTimesTMinusOneHalfArrowsAndThinsThemWhenThereAreMany) {
    const auto small = multi_launch(GridDriver::atomic_global, 256); // T = 8
    EXPECT_EQ(small->model.totals.counts[1].atomics, 28u);
    EXPECT_EQ(small->model.totals.counts[1].arrows, 28u);
    EXPECT_FALSE(small->model.totals.counts[1].thinned);
    EXPECT_NE(small->narration[1].find("28 atomicAdds into 7 words — T(T-1)/2 for T = 8"), std::string::npos) << small->narration[1];
    // each partial after the atomics: the total of the tiles before it
    const std::vector<std::uint32_t> reference = reference_scan(ElementType::int32, ScanOperator::add, false, small->trace.input);
    for (const GridTotalsBox& box : small->model.totals.boxes) {
        EXPECT_EQ(box.kind, TotalsWordKind::partial);
        EXPECT_EQ(box.changes, box.index); // tile k gets one atomic from each tile before it
        EXPECT_EQ(box.bits, reference[32 * box.index - 1]);
    }
    const auto large = multi_launch(GridDriver::atomic_global, 1024); // T = 32: 496 atomics
    const TotalsStepCounts& c = large->model.totals.counts[1];
    EXPECT_EQ(c.arrows, 32u * 31u / 2u);
    EXPECT_TRUE(c.thinned);
    std::uint32_t drawn = 0, sources = 0;
    for (const GridTotalsArrow& arrow : large->model.totals.arrows)
        if (arrow.step == 1) {
            ++drawn;
            sources += arrow.sources;
            EXPECT_EQ(arrow.from.first + 1, arrow.to.first) << "the nearest source kept";
        }
    EXPECT_EQ(drawn, 31u); // one per reader
    EXPECT_EQ(sources, 496u);
}

TEST(GridTotals, TwoLevelColumnsAreEveryTileAndItsWordsSpanTheirRuns) {
    const auto grid = multi_launch(GridDriver::two_level, 1000); // 32 tiles, 4 blocks of 8-tile runs
    const GridViewModel& model = grid->model;
    ASSERT_EQ(model.columns.size(), 32u);
    EXPECT_EQ(model.totals.groups, 4u);
    EXPECT_EQ(model.totals.tiles_per_group, 8u);
    EXPECT_EQ(model.columns[9].block, 1u);
    for (const GridTotalsBox& box : model.totals.boxes)
        EXPECT_EQ(box.home, (TileSpan{box.index * 8, 8}));
    // the runs' writes land on their own tiles: the last step holds the reference scan
    EXPECT_EQ(model.values.back(), reference_scan(ElementType::int32, ScanOperator::add, false, grid->trace.input));
    EXPECT_NE(grid_report(*grid).find("tiles=32 "), std::string::npos);
    for (const std::string& line : grid->narration)
        EXPECT_EQ(line.find("look-back"), std::string::npos) << line;
    EXPECT_NE(grid->narration[2].find("one block scans the 4 run partials in place: 4 reads, 4 writes"), std::string::npos)
        << grid->narration[2];
}

TEST(GridTotals, DeeperSpineLevelsStandUnderTheTilesTheySum) {
    const auto grid = prepare_grid_for_display(capture_grid_trace(
        grid_request(GridDriver::scan_then_propagate, 4096, 32, GridSchedule{4, BlockStartOrder::in_order, 0})));
    const GridTotals& totals = grid->model.totals;
    EXPECT_EQ(totals.depth, 1u);
    int level_one = 0;
    for (const GridTotalsBox& box : totals.boxes)
        if (box.depth == 1) {
            ++level_one;
            EXPECT_EQ(box.home, (TileSpan{(box.index - 128) * 32, 32})) << box.index;
        }
    EXPECT_EQ(level_one, 8); // 4 stored by level 1, 4 scanned by level 2
    EXPECT_EQ(model_values_wrong(grid->model, grid->trace), 0u);
}

} // namespace
} // namespace prefixlab::test
