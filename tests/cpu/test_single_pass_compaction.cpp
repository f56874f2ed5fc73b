// The single-pass compaction and split (issue 35, kernels/grid/single_pass_compact.cuh) in the emulator:
// outputs equal std::copy_if's and std::stable_partition's for every type and predicate over awkward
// sizes, and the schedule test: blocks started in order, reversed and at random, one or two resident at
// once, taking one tile each or several (the GPU's looping blocks), complete, with every tile's look-back
// consistent — each status word ends as a prefix equal to the kept elements up to the tile's end.
#include "core/emulator/emulate_grid_compact.hpp"
#include "core/emulator/emulator_launcher.hpp"
#include "core/emulator/grid_recording.hpp"
#include "kernels/grid/single_pass_compact_plan.hpp"
#include "kernels/grid/tile_status.hpp"
#include "support/compaction_support.hpp"
#include "support/sanitizer.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <string>

namespace prefixlab::test {
namespace {

std::string describe_single_pass(const GridCompactRequest& request, const GridSchedule& schedule, bool loops) {
    return std::string(request.split ? "split " : "compact ") + std::string(name_of(request.type)) +
           " n=" + std::to_string(request.input.size()) + " threads=" + std::to_string(request.threads) + " " +
           describe_start_order(schedule) + " resident=" + std::to_string(schedule.resident) +
           (loops ? " looping" : "");
}

void expect_single_pass_std(const GridCompactRequest& request, const GridSchedule& schedule, bool loops) {
    const std::string what = describe_single_pass(request, schedule, loops);
    const GridCompactResult result = emulate_grid_compact(request, schedule, nullptr, loops);
    const auto keep = std_predicate(request.type, request.keep);
    std::vector<std::uint32_t> kept, rejected;
    for (std::uint32_t bits : request.input)
        (keep(bits) ? kept : rejected).push_back(bits);
    ASSERT_EQ(result.kept, kept.size()) << what;
    ASSERT_EQ(result.output.size(), request.input.size()) << what;
    EXPECT_TRUE(std::equal(kept.begin(), kept.end(), result.output.begin())) << what;
    if (request.split)
        EXPECT_TRUE(std::equal(rejected.begin(), rejected.end(), result.output.begin() + std::ptrdiff_t(kept.size())))
            << what << ": the rejected elements, in order, after the kept ones";
    else
        EXPECT_TRUE(std::all_of(result.output.begin() + std::ptrdiff_t(kept.size()), result.output.end(),
                                [](std::uint32_t bits) { return bits == kUnwrittenPattern; }))
            << what << ": a word past the kept ones was written";
}

GridCompactRequest single_pass_request(ElementType type, bool split, std::size_t n, int percent, int threads) {
    GridCompactRequest request;
    request.type = type;
    request.split = split;
    request.threads = threads;
    request.single_pass = true;
    request.input = input_with_kept_share(type, static_cast<int>(n), percent, static_cast<std::uint32_t>(n * 5 + percent));
    return request;
}

TEST(SinglePassCompaction, EveryTypeShareAndAwkwardSizeGivesCopyIfAndStablePartition) {
    for (bool split : {false, true})
        for (ElementType type : all_element_types())
            for (std::size_t n : {std::size_t(1), std::size_t(31), std::size_t(33), std::size_t(127), std::size_t(129),
                                  std::size_t(1000), std::size_t(4097)})
                for (int percent : {0, 37, 100})
                    expect_single_pass_std(single_pass_request(type, split, n, percent, 32), GridSchedule{4, BlockStartOrder::in_order, 0},
                                      false);
}

TEST(SinglePassCompaction, EveryPredicateKeepsWhatTheStandardLibraryKeeps) {
    for (ElementType type : all_element_types())
        for (const KeepPredicate& keep : every_predicate())
            for (bool split : {false, true}) {
                GridCompactRequest request = single_pass_request(type, split, 999, 50, 64);
                request.keep = keep;
                expect_single_pass_std(request, GridSchedule{3, BlockStartOrder::reversed, 0}, false);
            }
}

// The schedule test: every start order, one or two blocks resident (a tile whose predecessor's block is
// not resident waits, yielding, until it runs), blocks taking one tile each or looping over several as
// the GPU's do, and the tiles' status words consistent at the end.
TEST(SinglePassCompaction, ReversedAndRandomStartsWithFewResidentBlocksCompleteWithConsistentLookBacks) {
    for (bool loops : {false, true})
        for (BlockStartOrder order : {BlockStartOrder::in_order, BlockStartOrder::reversed, BlockStartOrder::seeded_random})
            for (std::uint32_t resident : {1u, 2u, 5u})
                for (bool split : {false, true}) {
                    const GridSchedule schedule{resident, order, 7};
                    expect_single_pass_std(single_pass_request(ElementType::int32, split, 3000, 37, 32), schedule, loops);
                }
}

// What the look-back timeline reads: each tile's status word published as an aggregate (its own kept
// count: tile 0 publishes its prefix at once) and then as a prefix (the kept elements up to its end),
// checked against the standard library's count tile by tile.
TEST(SinglePassCompaction, EveryTilesStatusWordsCarryItsKeptCountThenItsPrefix) {
    for (bool loops : {false, true}) {
        const GridCompactRequest request = single_pass_request(ElementType::uint32, false, 2000, 37, 32);
        GridRecording recording;
        emulate_grid_compact(request, GridSchedule{2, BlockStartOrder::seeded_random, 3}, &recording, loops);
        ASSERT_EQ(recording.launches.size(), 1u);
        const auto keep = std_predicate(request.type, request.keep);
        const std::uint32_t tile = 32 * kTracedRegisterItems;
        const std::size_t tiles = (request.input.size() + tile - 1) / tile;
        std::vector<std::uint32_t> own(tiles, 0), up_to(tiles, 0);
        for (std::size_t e = 0; e < request.input.size(); ++e)
            own[e / tile] += keep(request.input[e]) ? 1u : 0u;
        for (std::size_t t = 0; t < tiles; ++t)
            up_to[t] = own[t] + (t > 0 ? up_to[t - 1] : 0u);
        std::vector<std::vector<std::uint64_t>> stores(tiles);
        for (const GridAccessRecord& a : recording.accesses)
            if (a.buffer == BufferId::tile_status && a.kind == GridAccessKind::release)
                stores.at(a.index).push_back(a.value);
        for (std::size_t t = 0; t < tiles; ++t) {
            const std::vector<std::uint64_t> expected =
                t == 0 ? std::vector<std::uint64_t>{pack_tile_status(TileStatus::prefix, up_to[0])}
                       : std::vector<std::uint64_t>{pack_tile_status(TileStatus::aggregate, own[t]),
                                                    pack_tile_status(TileStatus::prefix, up_to[t])};
            EXPECT_EQ(stores[t], expected) << "tile " << t << (loops ? ", looping blocks" : "");
        }
    }
}

// The write path the tuned kernel does not take (kStagedWrites: staged in shared memory in the final
// order, then written as runs; or written from registers), which the table's sweep times: the same outputs.
TEST(SinglePassCompaction, StagedWritesGiveTheSameOutputs) {
    using Kernel = SinglePassCompact<kTracedRegisterItems, !kSinglePassCompactStaged>;
    for (bool split : {false, true})
        for (std::size_t n : {std::size_t(1), std::size_t(200), std::size_t(5000)})
            for (bool loops : {false, true}) {
                const GridCompactRequest request = single_pass_request(ElementType::uint32, split, n, 37, 64);
                std::vector<std::uint32_t> output(n, kUnwrittenPattern), rejected(split ? n : 0, kUnwrittenPattern);
                std::vector<std::uint64_t> status(n / 256 + 1, 0);
                std::uint32_t counter = 0, kept = 0;
                SinglePassCompactOptions options;
                options.threads = 64;
                options.loop_over_tiles = loops;
                EmulatorLauncher launcher(GridSchedule{3, BlockStartOrder::reversed, 0}, nullptr);
                run_single_pass_compact<Kernel, AddOp<std::uint32_t>>(
                    launcher, options, request.input.data(), output.data(), split ? rejected.data() : nullptr, n,
                    SinglePassCompactWords{{status.data(), BufferId::tile_status, static_cast<std::uint32_t>(status.size())},
                                           {&counter, BufferId::tile_counter, 1},
                                           {&kept, BufferId::tile_totals, 1}});
                const std::string what = std::string(split ? "split" : "compact") + " n=" + std::to_string(n) +
                                         (loops ? " looping" : "");
                std::vector<std::uint32_t> want_kept, want_rejected;
                for (std::uint32_t bits : request.input)
                    ((bits & 1u) != 0 ? want_kept : want_rejected).push_back(bits);
                EXPECT_EQ(kept, want_kept.size()) << what;
                EXPECT_TRUE(std::equal(want_kept.begin(), want_kept.end(), output.begin())) << what;
                if (split)
                    EXPECT_TRUE(std::equal(want_rejected.begin(), want_rejected.end(), rejected.begin())) << what;
            }
}

// Two sets of words alternating, as the GPU class runs them: a run's blocks clear the other set's status
// words of their tiles and its counter as they go (GridScanIo::next_status), so the next run, on that set,
// needs no fill (SinglePassCompactWords::cleared). The other set starts full of stale words (a finished
// run's prefixes and a counter past its tiles): after the first run they are zero where its tiles were,
// and a second and third run on cleared words, larger and smaller, give std's answers.
TEST(SinglePassCompaction, ARunClearsTheOtherSetOfWordsForTheNextRun) {
    using Kernel = SinglePassCompact<kTracedRegisterItems>;
    constexpr int kThreads = 64;
    const std::uint32_t tile = std::uint32_t(Kernel::tile_elements(kThreads));
    const std::size_t most = 9000;
    const std::uint32_t words = static_cast<std::uint32_t>(tiles_for(most, tile));
    const std::uint64_t stale = pack_tile_status(TileStatus::prefix, 4321);
    std::vector<std::uint64_t> status[2] = {std::vector<std::uint64_t>(words, stale),
                                            std::vector<std::uint64_t>(words, stale)};
    std::uint32_t counter[2] = {999, 999};
    int now = 0;
    bool cleared = false; // the first run fills its set
    for (std::size_t n : {std::size_t(5000), std::size_t(9000), std::size_t(700)}) {
        for (bool loops : {false, true}) {
            const GridCompactRequest request = single_pass_request(ElementType::uint32, false, n, 37, kThreads);
            const std::size_t tiles = tiles_for(n, tile);
            // a set is clean for this run where the run before on the other set covered as many tiles
            std::vector<std::uint32_t> output(n, kUnwrittenPattern);
            std::uint32_t kept = 0;
            SinglePassCompactOptions options;
            options.threads = kThreads;
            options.loop_over_tiles = loops;
            EmulatorLauncher launcher(GridSchedule{3, BlockStartOrder::seeded_random, 7}, nullptr);
            const int other = 1 - now;
            run_single_pass_compact<Kernel, AddOp<std::uint32_t>>(
                launcher, options, request.input.data(), output.data(), nullptr, n,
                SinglePassCompactWords{{status[now].data(), BufferId::tile_status, words},
                                       {&counter[now], BufferId::tile_counter, 1},
                                       {&kept, BufferId::tile_totals, 1},
                                       cleared,
                                       {status[other].data(), BufferId::tile_status, words},
                                       {&counter[other], BufferId::tile_counter, 1}});
            const std::string what = "n=" + std::to_string(n) + (loops ? " looping" : "") +
                                     (cleared ? " on cleared words" : " after a fill");
            std::vector<std::uint32_t> want;
            for (std::uint32_t bits : request.input)
                if ((bits & 1u) != 0)
                    want.push_back(bits);
            ASSERT_EQ(kept, want.size()) << what;
            EXPECT_TRUE(std::equal(want.begin(), want.end(), output.begin())) << what;
            // the other set: zero where this run's tiles were, and its counter
            for (std::size_t t = 0; t < tiles; ++t)
                ASSERT_EQ(status[other][t], 0u) << what << ": the next run's status word of tile " << t;
            EXPECT_EQ(counter[other], 0u) << what << ": the next run's tile counter";
            // the next run is on the other set; clean for it only if it has no more tiles than this one
            // cleared (the GPU class tracks this; here the sizes are chosen so): 5000 → 5000 → 9000 ...
            now = other;
            cleared = true;
        }
        // the next size may have more tiles than the last run cleared: fill again, as the GPU class would
        cleared = false;
    }
}

TEST(SinglePassCompaction, ThreadsTheRuleRefusesAreRefused) {
    GridCompactRequest request = single_pass_request(ElementType::uint32, false, 100, 50, 16);
    EXPECT_THROW(emulate_grid_compact(request, GridSchedule{}), std::invalid_argument);
}

} // namespace
} // namespace prefixlab::test
