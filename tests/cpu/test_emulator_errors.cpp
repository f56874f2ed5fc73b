// The emulator turns kernel bugs into errors that name the step and the threads, never a hang:
// a barrier some threads skip, an index outside a buffer, a divergent shuffle. And its shuffle has
// __shfl_up_sync's exact semantics.
#include "core/emulator/emulated_block.hpp"
#include "support/catalogue_ids.hpp"
#include "support/emulator_runs.hpp"
#include "core/emulator/emulator_context.hpp"
#include "kernels/warp/warp_lanes.hpp"

#include <gtest/gtest.h>

#include <string>

namespace prefixlab {
namespace {

SharedLayout one_buffer(std::uint32_t words) {
    SharedLayout layout;
    layout.add(BufferId::data, words);
    return layout;
}

using test::run_and_catch;

TEST(EmulatorErrors, BarrierSkippedByHalfTheBlockNamesStepAndThreads) {
    EmulatedBlock block(64, one_buffer(64), false);
    const std::string error = run_and_catch(block, [](EmulatorContext& ctx) {
        ctx.begin(step_tag(kernel_file_id("hillis-steele"), phase_id("load"), 10));
        if (ctx.thread_index() < 32)
            ctx.sync(step_tag(kernel_file_id("hillis-steele"), phase_id("scan-read"), 12, 1, 1));
    });
    EXPECT_NE(error.find("barrier not reached by every thread"), std::string::npos) << error;
    EXPECT_NE(error.find("step 0 ('load input into shared memory')"), std::string::npos) << error;
    EXPECT_NE(error.find("threads 0-31 wait at the barrier on line 12"), std::string::npos) << error;
    EXPECT_NE(error.find("threads 32-63 are at kernel end"), std::string::npos) << error;
}

TEST(EmulatorErrors, DifferentBarriersInOneBlockAreReported) {
    EmulatedBlock block(40, one_buffer(40), false);
    const std::string error = run_and_catch(block, [](EmulatorContext& ctx) {
        ctx.begin(step_tag(kernel_file_id("hillis-steele"), phase_id("load"), 10));
        if (ctx.thread_index() % 2 == 0)
            ctx.sync(step_tag(kernel_file_id("hillis-steele"), phase_id("scan-read"), 20, 1, 1));
        else
            ctx.sync(step_tag(kernel_file_id("hillis-steele"), phase_id("scan-read"), 30, 1, 1));
    });
    EXPECT_NE(error.find("line 20"), std::string::npos) << error;
    EXPECT_NE(error.find("line 30"), std::string::npos) << error;
}

TEST(EmulatorErrors, IndexOutsideBufferNamesThreadAndIndex) {
    EmulatedBlock block(8, one_buffer(8), false);
    const std::string error = run_and_catch(block, [](EmulatorContext& ctx) {
        ctx.begin(step_tag(kernel_file_id("hillis-steele"), phase_id("load"), 10));
        auto s = ctx.shared<std::int32_t>(SharedBufferDesc{BufferId::data, 0, 8});
        s[ctx.thread_index() + 1] = 1; // thread 7 writes s[8]
    });
    EXPECT_NE(error.find("thread 7"), std::string::npos) << error;
    EXPECT_NE(error.find("word 8 is outside its buffer 'data' of 8 words"), std::string::npos) << error;
}

TEST(EmulatorShuffle, ShflUpHasExactSemantics) {
    // 40 threads: warp 0 full, warp 1 with 8 lanes and a matching mask.
    EmulatedBlock block(40, one_buffer(1), true);
    std::vector<std::int32_t> received(40, -1);
    const std::string error = run_and_catch(block, [&](EmulatorContext& ctx) {
        ctx.begin(step_tag(kernel_file_id("hillis-steele"), phase_id("load"), 10));
        const int t = ctx.thread_index();
        const std::uint32_t mask = t < 32 ? 0xffffffffu : 0xffu;
        Traced<std::int32_t> value = 100 + t;
        const auto watching = ctx.watch_register(value);
        received[t] = ctx.shfl_up(value, 3, mask,
                                  step_tag(kernel_file_id("hillis-steele"), phase_id("scan-read"), 11, 1, 3))
                          .value;
    });
    ASSERT_EQ(error, "");
    for (int t = 0; t < 40; ++t) {
        const int lane = t % 32;
        const int expected = lane >= 3 ? 100 + t - 3 : 100 + t; // lanes below delta keep their own value
        EXPECT_EQ(received[t], expected) << "thread " << t;
    }
    const RawTrace& trace = block.trace();
    ASSERT_EQ(trace.step_count, 2u);
    EXPECT_EQ(trace.steps[1].opening, StepOpening::shuffle);
    EXPECT_EQ(trace.shared_taken[0], 0) << "step 0 ended at a shuffle: no block-wide snapshot";
    EXPECT_EQ(trace.shared_taken[1], 1);
    // the register snapshot at the end of step 0 holds each thread's value before the shuffle
    for (int t = 0; t < 40; ++t)
        EXPECT_EQ(static_cast<std::int32_t>(trace.registers[t]), 100 + t);
}

// Issue 9: the warp-shuffle scan watched a register declared inside an `if` block that ended before
// the barrier whose snapshot read it (stack use after scope under ASan). A watch now ends with its
// variable's scope and the snapshot shows the register's last value, read from the context's copy.
TEST(EmulatorRegisters, AWatchedRegisterLeavingItsScopeIsSnapshotFromAKeptCopy) {
    EmulatedBlock block(32, one_buffer(1), true);
    const std::string error = run_and_catch(block, [](EmulatorContext& ctx) {
        ctx.begin(step_tag(kernel_file_id("warp-shuffle"), phase_id("load-registers"), 10));
        Traced<std::int32_t> outer = 7;
        const auto watching_outer = ctx.watch_register(outer);
        {
            Traced<std::int32_t> inner = 1000 + ctx.thread_index();
            const auto watching_inner = ctx.watch_register(inner);
            inner = 2000 + ctx.thread_index(); // the last value before the scope ends
        }
        {
            // whatever reuses the dead variable's stack slot must not show in the snapshot
            volatile std::int32_t scribble[16];
            for (auto& word : scribble)
                word = -1;
        }
        ctx.sync(step_tag(kernel_file_id("warp-shuffle"), phase_id("fan-out"), 20));
        outer = 8; // no longer watched: the kept copy stays until another register is watched
    });
    ASSERT_EQ(error, "");
    const RawTrace& trace = block.trace();
    ASSERT_EQ(trace.step_count, 2u);
    for (std::uint32_t t = 0; t < 32; ++t) {
        EXPECT_EQ(static_cast<std::int32_t>(trace.registers[t]), 2000 + static_cast<std::int32_t>(t)) << t;
        EXPECT_EQ(static_cast<std::int32_t>(trace.registers[32 + t]), 2000 + static_cast<std::int32_t>(t)) << t;
    }
}

TEST(EmulatorRegisters, TheKernelEndSnapshotsTheLastValueOfARegisterWhoseBodyReturned) {
    EmulatedBlock block(32, one_buffer(1), true);
    const std::string error = run_and_catch(block, [](EmulatorContext& ctx) {
        ctx.begin(step_tag(kernel_file_id("warp-shuffle"), phase_id("load-registers"), 10));
        Traced<std::int32_t> x = 5;
        const auto watching_x = ctx.watch_register(x);
        x = 40 + ctx.thread_index();
    }); // ctx.finish() runs after the body's locals are gone
    ASSERT_EQ(error, "");
    for (std::uint32_t t = 0; t < 32; ++t)
        EXPECT_EQ(static_cast<std::int32_t>(block.trace().registers[t]), 40 + static_cast<std::int32_t>(t)) << t;
}

TEST(EmulatorRegisters, AWatchNotReleasedWhenTheBodyReturnsIsAnError) {
    EmulatedBlock block(32, one_buffer(1), true);
    std::string error;
    try {
        block.run([&](std::uint32_t thread) {
            EmulatorContext ctx(block, thread);
            ctx.begin(step_tag(kernel_file_id("warp-shuffle"), phase_id("load-registers"), 10));
            Traced<std::int32_t> x = 5;
            block.watch_register(thread, &x.value, x.sources); // the raw call, with no RegisterWatch
            ctx.finish();
        });
    } catch (const EmulationError& e) {
        error = e.what();
    }
    EXPECT_NE(error.find("returned while a register of its kernel body was still watched"), std::string::npos)
        << error;
}

TEST(EmulatorShuffle, LaneMissingFromItsShuffleIsReported) {
    EmulatedBlock block(32, one_buffer(1), false);
    const std::string error = run_and_catch(block, [](EmulatorContext& ctx) {
        ctx.begin(step_tag(kernel_file_id("hillis-steele"), phase_id("load"), 10));
        if (ctx.thread_index() != 5)
            ctx.shfl_up(Traced<std::int32_t>(1), 1, 0xffffffffu,
                        step_tag(kernel_file_id("hillis-steele"), phase_id("scan-read"), 11, 1, 1));
    });
    EXPECT_NE(error.find("warp 0 diverges at the shuffle on line 11"), std::string::npos) << error;
    EXPECT_NE(error.find("lane 5"), std::string::npos) << error;
}

TEST(EmulatorShuffle, AShuffleLeavingOutLanesOfItsWarpIsReported) {
    // Lanes 8..31 skip the shuffle and go to the barrier: legal CUDA, but this hung on an H100, so
    // the emulator insists that every thread of a warp takes part.
    EmulatedBlock block(32, one_buffer(1), false);
    const std::string error = run_and_catch(block, [](EmulatorContext& ctx) {
        ctx.begin(step_tag(kernel_file_id("hillis-steele"), phase_id("load"), 10));
        if (ctx.thread_index() < 8)
            ctx.shfl_up(Traced<std::int32_t>(1), 1, 0xffu,
                        step_tag(kernel_file_id("hillis-steele"), phase_id("scan-read"), 11, 1, 1));
        ctx.sync(step_tag(kernel_file_id("hillis-steele"), phase_id("store"), 12));
    });
    EXPECT_NE(error.find("lane 8 exists but is not in the mask"), std::string::npos) << error;
}

// A block of 8 threads (a grid scan's tile of 8) is one warp of 8 lanes: a shuffle names those 8
// (present_lane_mask), never all 32, and each of the 8 must take part.
TEST(EmulatorShuffle, APartialWarpShufflesOverItsPresentLanesOnly) {
    const auto shuffle_with = [](std::uint32_t mask, int skipping) {
        EmulatedBlock block(8, one_buffer(1), false);
        return run_and_catch(block, [&](EmulatorContext& ctx) {
            ctx.begin(step_tag(kernel_file_id("hillis-steele"), phase_id("load"), 10));
            if (ctx.thread_index() != skipping)
                ctx.shfl_up(Traced<std::int32_t>(1), 1, mask,
                            step_tag(kernel_file_id("hillis-steele"), phase_id("scan-read"), 11, 1, 1));
        });
    };
    EXPECT_EQ(shuffle_with(present_lane_mask(8, 0), -1), "");
    const std::string beyond = shuffle_with(0xffffffffu, -1);
    EXPECT_NE(beyond.find("its mask names lane 8, which does not exist"), std::string::npos) << beyond;
    const std::string missing = shuffle_with(present_lane_mask(8, 0), 5);
    EXPECT_NE(missing.find("warp 0 diverges at the shuffle on line 11"), std::string::npos) << missing;
    EXPECT_NE(missing.find("lane 5"), std::string::npos) << missing;
}

TEST(EmulatorSchedule, WarpsRunInLockstepAndInWarpOrder) {
    // Every thread writes its index then reads its left neighbour without a barrier: in lockstep,
    // lane l reads after lane l-1 of the same warp has written; a warp's first lane reads the
    // previous warp's last lane, which has run to completion before it.
    EmulatedBlock block(64, one_buffer(64), false);
    std::vector<std::int32_t> seen(64, -1);
    const std::string error = run_and_catch(block, [&](EmulatorContext& ctx) {
        ctx.begin(step_tag(kernel_file_id("hillis-steele"), phase_id("load"), 10));
        const int t = ctx.thread_index();
        auto s = ctx.shared<std::int32_t>(SharedBufferDesc{BufferId::data, 0, 64});
        s[t] = t;
        if (t > 0)
            seen[t] = static_cast<std::int32_t>(s[t - 1]);
    });
    ASSERT_EQ(error, "");
    for (int t = 1; t < 64; ++t)
        EXPECT_EQ(seen[t], t - 1) << "thread " << t;
}

} // namespace
} // namespace prefixlab
