// Warp divergence from a trace (core/analysis/warp_activity.hpp): Harris's kernel 1 keeps, in
// iteration k, the threads whose index is a multiple of 2^k, so every warp has 32 / 2^k lanes active
// while 2^k ≤ 32; kernel 3 keeps threads below N / 2^(k+1), whole warps, the rest idle. Both are
// checked against those rules, counted here from thread indices, never from the analysis; and the
// counts are the lanes that accessed anything, each lane once.
#include "core/analysis/warp_activity.hpp"
#include "core/capture/trace_capture.hpp"
#include "support/catalogue_ids.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

namespace prefixlab::test {
namespace {

// Lanes of warp w among threads [0, threads) for which `active(thread)` holds.
template <class Active>
std::uint32_t lanes_where(std::uint32_t warp, int threads, Active active) {
    std::uint32_t count = 0;
    for (int t = int(warp) * 32; t < std::min(threads, int(warp) * 32 + 32); ++t)
        count += active(t);
    return count;
}

TEST(WarpActivity, KernelOneSplitsEveryWarpAndKernelThreeIdlesWholeWarps) {
    const int n = 256;
    const WarpActivity one = analyse_warp_activity(emulated_trace(kernel_id("reduce-interleaved"), n));
    const WarpActivity three = analyse_warp_activity(emulated_trace(kernel_id("reduce-sequential"), n));
    ASSERT_EQ(one.warps, 8u);
    ASSERT_EQ(three.warps, 8u);
    // step 0: every thread loads its element
    for (std::uint32_t w = 0; w < 8; ++w) {
        EXPECT_EQ(one.steps[0].lanes[w], 32u);
        EXPECT_EQ(three.steps[0].lanes[w], 32u);
    }
    // iteration k (step k): kernel 1's threads at multiples of 2^k, kernel 3's below n / 2^k
    for (int k = 1; k <= 8; ++k) {
        const int stride_one = 1 << (k - 1), stride_three = n >> k;
        for (std::uint32_t w = 0; w < 8; ++w) {
            EXPECT_EQ(one.steps[k].lanes[w], lanes_where(w, n, [&](int t) { return t % (2 * stride_one) == 0; }))
                << "kernel 1, iteration " << k << ", warp " << w;
            EXPECT_EQ(three.steps[k].lanes[w], lanes_where(w, n, [&](int t) { return t < stride_three; }))
                << "kernel 3, iteration " << k << ", warp " << w;
        }
    }
    // kernel 1 issues every warp for 16, 8, 4, 2, 1 lanes; kernel 3's issued lanes all work while its
    // active threads fill whole warps
    for (int k = 1; k <= 5; ++k) {
        EXPECT_EQ(one.steps[k].divergent, 8u) << k;
        EXPECT_DOUBLE_EQ(one.issued_efficiency(k), 1.0 / (1 << k)) << k;
    }
    for (int k = 1; k <= 3; ++k) {
        EXPECT_EQ(three.steps[k].divergent, 0u) << k;
        EXPECT_EQ(three.steps[k].busy, 8u >> k) << k;
        EXPECT_DOUBLE_EQ(three.issued_efficiency(k), 1.0) << k;
    }
}

TEST(WarpActivity, ALaneCountsOnceWhateverItAccessesAndAPartialWarpHasItsOwnLanes) {
    const Trace trace =
        emulated_trace(kernel_id("reduce-sequential"), 40); // 64 threads, a tree over 40 elements
    const WarpActivity activity = analyse_warp_activity(trace);
    EXPECT_EQ(activity.lanes, static_cast<std::uint32_t>(trace.config.block_threads));
    for (std::size_t s = 0; s < activity.steps.size(); ++s) {
        std::uint32_t sum = 0;
        for (std::uint32_t w = 0; w < activity.warps; ++w) {
            EXPECT_LE(activity.steps[s].lanes[w], activity.lanes_of(w));
            sum += activity.steps[s].lanes[w];
        }
        EXPECT_EQ(sum, activity.steps[s].active) << s;
    }
    // the sum step (iteration 1: i < stride) reads two words and writes one a thread, counted once
    EXPECT_EQ(activity.steps[1].active, static_cast<std::uint32_t>(trace.config.block_threads / 2));
}

} // namespace
} // namespace prefixlab::test
