// The emulator's ballot, xor shuffle (issue 14's look-back window) and down shuffle (issue 15's
// reductions): __ballot_sync's, __shfl_xor_sync's and __shfl_down_sync's results over full warps,
// partial warps of 4, 8 and 16 lanes and several warps, checked against values worked out here lane by
// lane; each opens one shuffle step, as shfl_up does; and the errors shfl_up gives — a lane not taking
// part, a mask naming a missing lane, lanes at different lines — each in one line.
#include "core/emulator/emulated_block.hpp"
#include "core/emulator/emulator_context.hpp"
#include "kernels/warp/warp_lanes.hpp"
#include "support/catalogue_ids.hpp"
#include "support/emulator_runs.hpp"
#include "support/warp_ops_probe_runs.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

namespace prefixlab {
namespace {

SharedLayout one_word() {
    SharedLayout layout;
    layout.add(BufferId::data, 1);
    return layout;
}

using test::run_and_catch;

StepTag at_line(std::uint32_t line, std::uint32_t offset = 0) {
    return step_tag(kernel_file_id("warp-shuffle"), phase_id("warp-shuffle"), line, 1, offset);
}

void begin(EmulatorContext& ctx) {
    ctx.begin(step_tag(kernel_file_id("warp-shuffle"), phase_id("load-registers"), 10));
}

// The mask of the calling thread's warp: its present lanes.
std::uint32_t own_warp_mask(const EmulatorContext& ctx) {
    return present_lane_mask(ctx.block_threads(), ctx.thread_index() / kWarpLanes);
}

// An irregular predicate, so that no two warps vote alike.
bool votes_yes(int thread) {
    return (thread * 7 + thread / 5) % 3 == 0;
}

// Bit l of warp w's votes: votes_yes of its lane l, for the lanes present.
std::uint32_t expected_votes(int threads, int warp) {
    std::uint32_t votes = 0;
    for (int lane = 0; lane < lanes_present(threads, warp); ++lane)
        if (votes_yes(warp * kWarpLanes + lane))
            votes |= 1u << lane;
    return votes;
}

const std::vector<int> kBlockSizes = {4, 8, 16, 32, 40, 96, 100}; // partial warps, one, several, mixed

TEST(EmulatorBallot, EveryLaneGetsItsWarpsVotes) {
    for (int threads : kBlockSizes) {
        EmulatedBlock block(threads, one_word(), true);
        std::vector<std::uint32_t> votes(threads, 0xdeadu);
        const std::string error = run_and_catch(block, [&](EmulatorContext& ctx) {
            begin(ctx);
            Traced<std::uint32_t> reg = 7;
            const auto watching = ctx.watch_register(reg);
            votes[ctx.thread_index()] =
                ctx.ballot(votes_yes(ctx.thread_index()), own_warp_mask(ctx), at_line(11));
        });
        ASSERT_EQ(error, "") << threads << " threads";
        for (int t = 0; t < threads; ++t)
            EXPECT_EQ(votes[t], expected_votes(threads, t / kWarpLanes))
                << threads << " threads, thread " << t;

        // One step opened at the ballot, as a shuffle; its record names the thread itself.
        const RawTrace& trace = block.trace();
        ASSERT_EQ(trace.step_count, 2u) << threads;
        EXPECT_EQ(trace.steps[1].opening, StepOpening::shuffle);
        EXPECT_EQ(trace.shared_taken[0], 0) << "step 0 ended at a ballot: no block-wide snapshot";
        ASSERT_EQ(trace.accesses.size(), static_cast<std::size_t>(threads));
        for (const AccessRecord& a : trace.accesses) {
            EXPECT_EQ(a.buffer, kShuffleSource);
            EXPECT_EQ(a.step, 1u);
            EXPECT_EQ(a.word, a.thread);
            EXPECT_EQ(a.value, expected_votes(threads, a.thread / kWarpLanes));
        }
    }
}

TEST(EmulatorShflXor, EveryLaneReceivesItsXorPartnersValueWithItsProvenance) {
    for (int threads : kBlockSizes) {
        const int smallest_warp = lanes_present(threads, warps_in(threads) - 1);
        for (int lane_mask = 0; lane_mask < smallest_warp; ++lane_mask) {
            EmulatedBlock block(threads, one_word(), true);
            std::vector<Traced<std::int32_t>> received(threads);
            const std::string error = run_and_catch(block, [&](EmulatorContext& ctx) {
                begin(ctx);
                Traced<std::int32_t> value = 1000 + 3 * ctx.thread_index();
                const auto watching = ctx.watch_register(value);
                received[ctx.thread_index()] =
                    ctx.shfl_xor(value, lane_mask, own_warp_mask(ctx), at_line(11, lane_mask));
            });
            ASSERT_EQ(error, "") << threads << " threads, lane mask " << lane_mask;
            const RawTrace& trace = block.trace();
            ASSERT_EQ(trace.step_count, 2u);
            EXPECT_EQ(trace.steps[1].opening, StepOpening::shuffle);
            for (int t = 0; t < threads; ++t) {
                const int partner = t / kWarpLanes * kWarpLanes + (t % kWarpLanes ^ lane_mask);
                EXPECT_EQ(received[t].value, 1000 + 3 * partner) << threads << " threads, thread " << t;
                // the provenance names the thread's first read of step 1: the shuffle from its partner
                EXPECT_EQ(received[t].sources[0], read_source(1, 0)) << t;
                EXPECT_EQ(received[t].sources[1], kNoSource) << t;
            }
            for (const AccessRecord& a : trace.accesses) {
                EXPECT_EQ(a.buffer, kShuffleSource);
                EXPECT_EQ(a.word, a.thread ^ static_cast<std::uint32_t>(lane_mask));
                EXPECT_EQ(static_cast<std::int32_t>(a.value), 1000 + 3 * static_cast<std::int32_t>(a.word));
            }
        }
    }
}

// __shfl_down_sync, the reduction's exchange (issue 15): lane l receives lane l + delta, or keeps its
// own value where l + delta passes lane 31. Whole warps only: a partial warp's last lanes would read
// lanes that do not exist (an error, below).
TEST(EmulatorShflDown, EveryLaneReceivesTheLaneDeltaToItsRightOrKeepsItsOwn) {
    for (int threads : {32, 64, 96}) {
        for (int delta : {0, 1, 2, 4, 8, 16, 31}) {
            EmulatedBlock block(threads, one_word(), true);
            std::vector<Traced<std::int32_t>> received(threads);
            const std::string error = run_and_catch(block, [&](EmulatorContext& ctx) {
                begin(ctx);
                Traced<std::int32_t> value = 1000 + 3 * ctx.thread_index();
                const auto watching = ctx.watch_register(value);
                received[ctx.thread_index()] =
                    ctx.shfl_down(value, delta, own_warp_mask(ctx), at_line(11, delta));
            });
            ASSERT_EQ(error, "") << threads << " threads, delta " << delta;
            const RawTrace& trace = block.trace();
            ASSERT_EQ(trace.step_count, 2u);
            EXPECT_EQ(trace.steps[1].opening, StepOpening::shuffle);
            for (int t = 0; t < threads; ++t) {
                const int source = t % kWarpLanes + delta < kWarpLanes ? t + delta : t;
                EXPECT_EQ(received[t].value, 1000 + 3 * source)
                    << threads << " threads, delta " << delta << ", thread " << t;
                EXPECT_EQ(received[t].sources[0], read_source(1, 0)) << t;
            }
            ASSERT_EQ(trace.accesses.size(), std::size_t(threads));
            for (const AccessRecord& a : trace.accesses) {
                EXPECT_EQ(a.buffer, kShuffleSource);
                EXPECT_EQ(a.word, a.thread % kWarpLanes + delta < kWarpLanes ? a.thread + delta : a.thread);
            }
        }
    }
}

// A tree reduction by shfl_down (the warp reduction of issue 15): after rounds of 16, 8, 4, 2, 1, lane 0
// holds its warp's sum; a plain value takes the same path.
TEST(EmulatorShflDown, FiveRoundsLeaveTheWarpsSumInLaneZero) {
    EmulatedBlock block(64, one_word(), true);
    std::vector<std::int32_t> traced_sum(64), plain_sum(64);
    const std::string error = run_and_catch(block, [&](EmulatorContext& ctx) {
        begin(ctx);
        Traced<std::int32_t> x = 7 * ctx.thread_index() % 13;
        std::int32_t y = x.value;
        const auto watching = ctx.watch_register(x);
        for (int delta = 16; delta > 0; delta /= 2) {
            const Traced<std::int32_t> partner =
                ctx.shfl_down(x, delta, own_warp_mask(ctx), at_line(11, delta));
            x = Traced<std::int32_t>(x.value + partner.value);
            y += ctx.shfl_down(y, delta, own_warp_mask(ctx), at_line(12, delta));
        }
        traced_sum[ctx.thread_index()] = x.value;
        plain_sum[ctx.thread_index()] = y;
    });
    ASSERT_EQ(error, "");
    EXPECT_EQ(block.trace().step_count, 11u); // the start and ten shuffles
    for (int warp : {0, 1}) {
        std::int32_t sum = 0;
        for (int t = warp * 32; t < warp * 32 + 32; ++t)
            sum += 7 * t % 13;
        EXPECT_EQ(traced_sum[warp * 32], sum) << "warp " << warp;
        EXPECT_EQ(plain_sum[warp * 32], sum) << "warp " << warp;
    }
}

TEST(EmulatorShflXor, APlainValueCrossesWithNoProvenance) {
    EmulatedBlock block(16, one_word(), true);
    std::vector<float> received(16);
    const std::string error = run_and_catch(block, [&](EmulatorContext& ctx) {
        begin(ctx);
        const float mine = 0.5f + static_cast<float>(ctx.thread_index());
        received[ctx.thread_index()] = ctx.shfl_xor(mine, 5, own_warp_mask(ctx), at_line(11, 5));
    });
    ASSERT_EQ(error, "");
    for (int t = 0; t < 16; ++t)
        EXPECT_EQ(received[t], 0.5f + static_cast<float>(t ^ 5)) << t;
}

// shfl_up, ballot and shfl_xor each open one step for each lane, as the GPU contexts count them
// (CudaContext<true> writes a tag per shuffle, CudaGridContext counts ++step per shuffle); a barrier
// opens the step after the largest.
TEST(EmulatorWarpExchanges, EachOpensOneShuffleStep) {
    EmulatedBlock block(64, one_word(), true);
    const std::string error = run_and_catch(block, [&](EmulatorContext& ctx) {
        begin(ctx);
        Traced<std::int32_t> x = ctx.thread_index();
        const auto watching = ctx.watch_register(x);
        const std::uint32_t mask = own_warp_mask(ctx);
        x = ctx.shfl_up(x, 1, mask, at_line(11, 1));
        x = x.value + static_cast<std::int32_t>(ctx.ballot(x.value % 2 == 0, mask, at_line(12)) % 7);
        x = ctx.shfl_xor(x, 2, mask, at_line(13, 2));
        ctx.sync(step_tag(kernel_file_id("warp-shuffle"), phase_id("fan-out"), 14));
    });
    ASSERT_EQ(error, "");
    const RawTrace& trace = block.trace();
    ASSERT_EQ(trace.step_count, 5u);
    const std::uint32_t lines[] = {10, 11, 12, 13, 14};
    const StepOpening openings[] = {StepOpening::kernel_start, StepOpening::shuffle, StepOpening::shuffle,
                                    StepOpening::shuffle, StepOpening::barrier};
    for (std::uint32_t k = 0; k < 5; ++k) {
        EXPECT_EQ(trace.steps[k].line, lines[k]) << "step " << k;
        EXPECT_EQ(trace.steps[k].opening, openings[k]) << "step " << k;
        EXPECT_EQ(trace.shared_taken[k], k >= 3 ? 1 : 0) << "step " << k; // ended at the barrier, the end
        for (std::uint32_t t = 0; t < 64; ++t)
            EXPECT_EQ(trace.registers_taken[k * 64 + t], 1) << "step " << k << " thread " << t;
    }
    for (const AccessRecord& a : trace.accesses)
        EXPECT_EQ(a.seq, 0u) << "one exchange per step: each opens a step";
    EXPECT_EQ(trace.accesses.size(), 3u * 64u);
}

// The look-back's shape: a ballot, a butterfly of xor shuffles combining in lane order, a plain value
// across one more, under every warp order (a race-free body's results do not depend on it). The
// assembled trace passes validation. Block sizes of a grid tile (tile_threads.hpp): the butterfly's
// rounds depend on the lanes present, and every warp of a block must open the same steps, so a block
// whose last warp is partial (40 threads) is refused ("threads disagree on step 5").
TEST(EmulatorWarpExchanges, TheProbeBodyComputesWhatIsWorkedOutLaneByLane) {
    for (int threads : {4, 8, 16, 32, 64, 96}) {
        const std::vector<std::uint32_t> input = test::warp_ops_probe_input(threads);
        for (WarpOrder order : {WarpOrder::in_order, WarpOrder::reversed, WarpOrder::interleaved}) {
            const RawTrace raw = test::emulate_warp_ops_probe(input, order);
            EXPECT_EQ(raw.output, test::warp_ops_probe_expected(input)) << threads << " threads";
            EXPECT_NO_THROW(test::assemble_warp_ops_probe(input, raw)) << threads << " threads";
        }
    }
}

std::string first_line_only(const std::string& message) {
    return message.find('\n') == std::string::npos ? "" : "more than one line: " + message;
}

TEST(EmulatorWarpExchangeErrors, ALaneNotTakingPartIsNamed) {
    const auto skipping_lane_5 = [](bool ballot) {
        EmulatedBlock block(32, one_word(), false);
        return run_and_catch(block, [&](EmulatorContext& ctx) {
            begin(ctx);
            if (ctx.thread_index() == 5)
                return;
            if (ballot)
                ctx.ballot(true, 0xffffffffu, at_line(11));
            else
                ctx.shfl_xor(Traced<std::int32_t>(1), 1, 0xffffffffu, at_line(11, 1));
        });
    };
    const std::string ballot = skipping_lane_5(true);
    EXPECT_NE(ballot.find("warp 0 diverges at the ballot on line 11"), std::string::npos) << ballot;
    EXPECT_NE(ballot.find("its mask names lane 5, which does not take part in it"), std::string::npos) << ballot;
    EXPECT_NE(ballot.find("(lane 5 is at kernel end)"), std::string::npos) << ballot; // where the lane is instead
    EXPECT_EQ(first_line_only(ballot), "");
    const std::string xor_shuffle = skipping_lane_5(false);
    EXPECT_NE(xor_shuffle.find("warp 0 diverges at the xor shuffle on line 11"), std::string::npos)
        << xor_shuffle;
    EXPECT_NE(xor_shuffle.find("its mask names lane 5, which does not take part in it"), std::string::npos) << xor_shuffle;
    EXPECT_EQ(first_line_only(xor_shuffle), "");
}

TEST(EmulatorWarpExchangeErrors, AMaskLeavingOutLanesOfItsWarpIsNamed) {
    EmulatedBlock block(32, one_word(), false);
    const std::string error = run_and_catch(block, [](EmulatorContext& ctx) {
        begin(ctx);
        if (ctx.thread_index() < 8)
            ctx.ballot(true, 0xffu, at_line(11));
        ctx.sync(step_tag(kernel_file_id("warp-shuffle"), phase_id("fan-out"), 12));
    });
    EXPECT_NE(error.find("ballot on line 11 in warp 0: lane 8 exists but is not in the mask"),
              std::string::npos)
        << error;
    EXPECT_EQ(first_line_only(error), "");
}

// A block of 8 threads is one warp of 8 lanes: a mask naming all 32 names lanes that do not exist.
TEST(EmulatorWarpExchangeErrors, AMaskNamingAMissingLaneIsNamed) {
    const auto full_mask_on_8_threads = [](bool ballot) {
        EmulatedBlock block(8, one_word(), false);
        return run_and_catch(block, [&](EmulatorContext& ctx) {
            begin(ctx);
            if (ballot)
                ctx.ballot(true, 0xffffffffu, at_line(11));
            else
                ctx.shfl_xor(Traced<std::int32_t>(1), 1, 0xffffffffu, at_line(11, 1));
        });
    };
    const std::string ballot = full_mask_on_8_threads(true);
    EXPECT_NE(ballot.find("ballot on line 11 in warp 0: its mask names lane 8, which does not exist"),
              std::string::npos)
        << ballot;
    EXPECT_EQ(first_line_only(ballot), "");
    const std::string xor_shuffle = full_mask_on_8_threads(false);
    EXPECT_NE(
        xor_shuffle.find("xor shuffle on line 11 in warp 0: its mask names lane 8, which does not exist"),
        std::string::npos)
        << xor_shuffle;
    EXPECT_EQ(first_line_only(xor_shuffle), "");
}

// Lanes 0-15 ballot on line 11, lanes 16-31 on line 12 (or xor-shuffle on line 11): the warp diverges.
TEST(EmulatorWarpExchangeErrors, LanesAtDifferentExchangesAreNamed) {
    const auto split_warp = [](bool same_line_other_kind) {
        EmulatedBlock block(32, one_word(), false);
        return run_and_catch(block, [&](EmulatorContext& ctx) {
            begin(ctx);
            if (ctx.thread_index() < 16)
                ctx.ballot(true, 0xffffffffu, at_line(11));
            else if (same_line_other_kind)
                ctx.shfl_xor(Traced<std::int32_t>(1), 1, 0xffffffffu, at_line(11, 1));
            else
                ctx.ballot(true, 0xffffffffu, at_line(12));
        });
    };
    for (bool other_kind : {false, true}) {
        const std::string error = split_warp(other_kind);
        EXPECT_NE(error.find("warp 0 diverges at the ballot on line 11 after step 0"), std::string::npos)
            << error;
        EXPECT_NE(error.find("its mask names lanes 16-31, which do not take part in it"), std::string::npos) << error;
        EXPECT_NE(error.find(other_kind ? "(lane 16 waits at the xor shuffle on line 11, delta 1)"
                                        : "(lane 16 waits at the ballot on line 12)"),
                  std::string::npos)
            << error;
        EXPECT_EQ(first_line_only(error), "");
    }
}

// The partner lane l ^ m must be one of the mask's: on the GPU reading a lane outside it is undefined.
TEST(EmulatorWarpExchangeErrors, AnXorPartnerOutsideTheMaskOrALaneMaskBeyondTheWarpIsNamed) {
    const auto xor_on_8_threads = [](int lane_mask) {
        EmulatedBlock block(8, one_word(), false);
        return run_and_catch(block, [&](EmulatorContext& ctx) {
            begin(ctx);
            ctx.shfl_xor(Traced<std::int32_t>(1), lane_mask, 0xffu, at_line(11, 8));
        });
    };
    const std::string outside = xor_on_8_threads(8);
    EXPECT_NE(outside.find("xor shuffle on line 11: lane 0 reads lane 8, which is not in the mask"),
              std::string::npos)
        << outside;
    EXPECT_EQ(first_line_only(outside), "");
    const std::string beyond = xor_on_8_threads(32);
    EXPECT_NE(beyond.find("xor shuffle on line 11 in warp 0: lane mask 32 is outside 0..31"),
              std::string::npos)
        << beyond;
    EXPECT_EQ(first_line_only(beyond), "");
}

// In a partial warp, shfl_down's last lanes read lanes that do not exist; a delta past the warp is refused.
TEST(EmulatorWarpExchangeErrors, ADownPartnerOutsideTheMaskOrADeltaBeyondTheWarpIsNamed) {
    const auto down_on_8_threads = [](int delta) {
        EmulatedBlock block(8, one_word(), false);
        return run_and_catch(block, [&](EmulatorContext& ctx) {
            begin(ctx);
            ctx.shfl_down(Traced<std::int32_t>(1), delta, 0xffu, at_line(11, delta));
        });
    };
    const std::string outside = down_on_8_threads(1);
    EXPECT_NE(outside.find("down shuffle on line 11: lane 7 reads lane 8, which is not in the mask"),
              std::string::npos)
        << outside;
    EXPECT_EQ(first_line_only(outside), "");
    const std::string beyond = down_on_8_threads(32);
    EXPECT_NE(beyond.find("down shuffle on line 11 in warp 0: delta 32 is outside 0..31"), std::string::npos)
        << beyond;
    EXPECT_EQ(first_line_only(beyond), "");
}

} // namespace
} // namespace prefixlab
