// The radix sorts across blocks as grid traces (issue 36): captured in the emulator at tile level, their
// output the keys in order; Onesweep's look-backs, 256 a tile, consistent in every pass and a tampered
// count caught; the textbook's without look-back; the file round-tripping with the sort's form, and a file
// that asks a sort of the other driver or of a compaction refused.
#include "core/analysis/digit_look_back.hpp"
#include "core/analysis/grid_steps.hpp"
#include "core/analysis/grid_view_model.hpp"
#include "core/analysis/look_back_timeline.hpp"
#include "core/analysis/look_back.hpp"
#include "core/capture/grid_capture.hpp"
#include "core/trace/grid_trace_json.hpp"

#include <gtest/gtest.h>

#include <set>
#include <sstream>

namespace prefixlab::test {
namespace {

GridCaptureRequest sort_request(GridSortForm form, std::uint64_t n, ElementType type) {
    GridCaptureRequest request;
    request.n = n;
    request.input = InputKind::random;
    request.seed = 5;
    request.scan.sort = form;
    request.scan.type = type;
    request.scan.driver = form == GridSortForm::onesweep ? GridDriver::decoupled_look_back : GridDriver::reduce_then_scan;
    request.scan.tile_threads = form == GridSortForm::onesweep ? 256 : 64;
    request.schedule = GridSchedule{3, BlockStartOrder::seeded_random, 5};
    return request;
}

TEST(SortGridTrace, OnesweepsLookBacksAreConsistentInEveryPassAndItsOutputIsSorted) {
    for (ElementType type : {ElementType::uint32, ElementType::float32}) {
        const GridTrace trace = capture_grid_trace(sort_request(GridSortForm::onesweep, 3000, type));
        EXPECT_EQ(trace.config.sort, GridSortForm::onesweep);
        EXPECT_FALSE(trace.config.element_detail) << "a sort's trace is at tile level";
        EXPECT_EQ(trace.config.tile, 512u); // 256 threads × 2 keys in the emulator
        EXPECT_EQ(trace.wrong_outputs, 0u);
        ASSERT_GE(trace.launches.size(), 3u); // the histogram, the counts' scan, a launch a pass
        EXPECT_EQ(trace.launches.back().source_path, "kernels/grid/onesweep_sort.cuh");
        const std::vector<TileLookBack> look_backs = look_backs_of(trace);
        EXPECT_EQ(look_backs.size(), (3000u + 511u) / 512u);
        EXPECT_EQ(check_look_backs(trace, look_backs), "");
        const std::vector<DigitPassLookBacks> passes = digit_look_backs_of(trace.accesses, trace.config.n, trace.config.tile);
        EXPECT_EQ(passes.size(), trace.launches.size() - 2);
    }
}

// The views read Onesweep's 256 words a tile as its tile's: every poll arrow of the Grid view and every poll
// of the Timeline reads an earlier tile, never a word index past the tiles.
TEST(SortGridTrace, TheViewsReadAWordAsItsTiles) {
    const GridTrace trace = capture_grid_trace(sort_request(GridSortForm::onesweep, 5000, ElementType::uint32));
    const std::uint32_t tiles = (5000u + 511u) / 512u;
    const GridSteps steps = build_grid_steps(trace);
    const GridViewModel model = build_grid_view_model(trace, steps);
    ASSERT_FALSE(model.arrows.empty());
    for (const GridPollArrow& arrow : model.arrows) {
        EXPECT_LT(arrow.from_tile, arrow.to_tile);
        EXPECT_LT(arrow.to_tile, tiles);
    }
    const LookBackTimeline timeline = build_look_back_timeline(trace, steps, look_backs_of(trace));
    std::size_t polls = 0;
    for (const TimelineMark& mark : timeline.marks)
        if (mark.kind == TimelineMarkKind::poll) {
            ++polls;
            EXPECT_LT(mark.predecessor, mark.tile);
        }
    EXPECT_GT(polls, 0u);

    // each pass's row shows the words that pass published; a launch without status words shows none
    std::vector<std::uint32_t> last_step_of(trace.launches.size(), 0);
    for (std::uint32_t s = 0; s < steps.steps.size(); ++s)
        last_step_of[steps.steps[s].launch] = s;
    EXPECT_EQ(status_after(model.columns[1], last_step_of[0]).status, TileStatus::invalid) << "the histogram";
    const std::vector<DigitPassLookBacks> passes = digit_look_backs_of(trace.accesses, trace.config.n, trace.config.tile);
    ASSERT_EQ(passes.size(), 1u + (trace.launches.size() - 3)); // uint32 "random" input: its passes
    std::set<std::uint16_t> launches_with_arrows;
    for (const GridPollArrow& arrow : model.arrows)
        launches_with_arrows.insert(steps.steps[arrow.step].launch);
    EXPECT_EQ(launches_with_arrows.size(), passes.size()) << "every pass's look-backs are drawn";
    for (std::size_t p = 0; p < passes.size(); ++p)
        for (std::uint32_t t = 0; t < tiles; ++t) {
            const StatusWord word = status_after(model.columns[t], last_step_of[passes[p].launch]);
            EXPECT_EQ(word.status, TileStatus::prefix) << "pass " << p << " tile " << t;
            // the tile's last word published, in the emulator's order the highest thread's whose digit some key
            // has (a digit no key has is not published): that digit's prefix
            std::uint32_t last = 255;
            while (last > 0 && !passes[p].words[std::size_t(t) * 256 + last].prefix)
                --last;
            EXPECT_LT(last, 10u) << "uint32 \"random\" keys are 0..9: digits 10..255 are not published";
            EXPECT_EQ(word.bits, passes[p].words[std::size_t(t) * 256 + last].prefix_bits) << "pass " << p << " tile " << t;
        }
}

TEST(SortGridTrace, ATamperedDigitCountIsCaught) {
    GridTrace trace = capture_grid_trace(sort_request(GridSortForm::onesweep, 2000, ElementType::float32));
    bool tampered = false;
    for (GridAccessRecord& a : trace.accesses)
        if (!tampered && a.buffer == BufferId::tile_status && a.kind == GridAccessKind::release &&
            a.index == 2 * 256 + 7 && status_of(a.value) == TileStatus::aggregate) { // tile 2's count of digit 7
            a.value += 1;
            tampered = true;
        }
    ASSERT_TRUE(tampered);
    EXPECT_NE(check_look_backs(trace, look_backs_of(trace)).find("tile 2, digit 7"), std::string::npos);
}

TEST(SortGridTrace, TheTextbooksTraceHasItsPassesAndNoLookBack) {
    const GridTrace trace = capture_grid_trace(sort_request(GridSortForm::textbook, 3000, ElementType::int32));
    EXPECT_EQ(trace.wrong_outputs, 0u);
    EXPECT_EQ(trace.config.tile, 256u); // 64 threads × 4 keys
    ASSERT_GE(trace.launches.size(), 3u); // a pass: count, scan the counts, scatter
    EXPECT_EQ(trace.launches.back().source_path, "kernels/grid/radix_sort_tiles.cuh");
    EXPECT_TRUE(look_backs_of(trace).empty());
}

TEST(SortGridTrace, TheFileKeepsTheFormAndRefusesASortOfAnotherDriverOrACompaction) {
    const GridTrace trace = capture_grid_trace(sort_request(GridSortForm::onesweep, 700, ElementType::float32));
    std::ostringstream out;
    write_grid_trace_json(trace, out);
    EXPECT_NE(out.str().find("\"sort\":{\"form\":\"onesweep\"}"), std::string::npos);
    const GridTrace read = grid_trace_from_json_text(out.str());
    EXPECT_EQ(read.config.sort, GridSortForm::onesweep);
    EXPECT_EQ(read.config.tile, 512u);
    EXPECT_EQ(check_look_backs(read, look_backs_of(read)), "");

    const auto replaced = [&](const std::string& from, const std::string& to) {
        std::string text = out.str();
        const std::size_t at = text.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        return at == std::string::npos ? text : text.replace(at, from.size(), to);
    };
    EXPECT_THROW(grid_trace_from_json_text(replaced("\"driver\":\"decoupled-look-back\"", "\"driver\":\"chained\"")),
                 std::exception);
    EXPECT_THROW(grid_trace_from_json_text(replaced("\"form\":\"onesweep\"", "\"form\":\"quicksort\"")), std::exception);
    EXPECT_THROW(grid_trace_from_json_text(replaced("\"form\":\"onesweep\"", "\"form\":\"none\"")), std::exception);
    EXPECT_THROW(grid_trace_from_json_text(replaced("\"sort\":{", "\"compaction\":{\"keep\":\"odd\"},\"sort\":{")),
                 std::exception);
    EXPECT_THROW(grid_trace_from_json_text(replaced("\"tile\":512", "\"tile\":256")), std::exception);
}

TEST(SortGridTrace, ASortOfTheWrongDriverBlockOrDeviceIsRefused) {
    GridCaptureRequest request = sort_request(GridSortForm::onesweep, 100, ElementType::uint32);
    request.scan.tile_threads = 128;
    EXPECT_THROW(capture_grid_trace(request), std::invalid_argument);
    request = sort_request(GridSortForm::textbook, 100, ElementType::uint32);
    request.scan.driver = GridDriver::decoupled_look_back;
    EXPECT_THROW(capture_grid_trace(request), std::invalid_argument);
    request = sort_request(GridSortForm::textbook, 100, ElementType::uint32);
    request.scan.tile_threads = 48;
    EXPECT_THROW(capture_grid_trace(request), std::invalid_argument);
    request = sort_request(GridSortForm::onesweep, 100, ElementType::uint32);
    request.scan.compaction = true;
    EXPECT_THROW(capture_grid_trace(request), std::invalid_argument);
}

} // namespace
} // namespace prefixlab::test
