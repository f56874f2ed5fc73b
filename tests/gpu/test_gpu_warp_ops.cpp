// On an NVIDIA GPU: ballot, shfl_xor and shfl_down mean in every GPU context what they mean in the
// emulator. The warp-exchange probe (tests/support/warp_ops_probe.hpp: a ballot, a down shuffle in whole
// warps, a butterfly of xor shuffles, a plain value across one more) traced on the GPU gives the emulator's trace (steps, register
// snapshots, shuffle records with their source threads, provenance, output); untraced and in a traced
// grid it computes the output worked out lane by lane; and the grid context counts one step per
// exchange, as the emulator does. Skipped, with the reason, without a GPU.
#include "core/trace/trace.hpp"
#include "support/gpu_skip.hpp"
#include "support/warp_ops_probe_runs.hpp"

#if PREFIXLAB_HAVE_CUDA
#include "gpu/warp_ops_on_gpu.hpp"
#endif

#include <gtest/gtest.h>

namespace prefixlab::test {
namespace {

TEST(GpuWarpOps, BallotXorAndDownShufflesMeanTheEmulatorsInEveryGpuContext) {
    PL_REQUIRE_GPU();
#if !PREFIXLAB_HAVE_CUDA
    GTEST_SKIP() << "built without CUDA";
#else
    for (int threads : {4, 8, 16, 32, 64, 96, 1024}) {
        const std::vector<std::uint32_t> input = warp_ops_probe_input(threads);
        const std::vector<std::uint32_t> expected = warp_ops_probe_expected(input);
        const RawTrace emulated_raw = emulate_warp_ops_probe(input, WarpOrder::in_order);
        const WarpOpsGpuRuns gpu = run_warp_ops_probe_on_gpu(input);

        const Trace emulated = assemble_warp_ops_probe(input, emulated_raw);
        const Trace traced = assemble_warp_ops_probe(input, gpu.traced);
        EXPECT_EQ(first_difference(traced, emulated), "") << threads << " threads";
        EXPECT_EQ(gpu.traced.output, expected) << threads << " threads, traced";
        EXPECT_EQ(gpu.untraced, expected) << threads << " threads, untraced";
        EXPECT_EQ(gpu.grid_output, expected) << threads << " threads, grid context";

        // No barrier in the probe: every thread ends at the emulator's last step.
        ASSERT_EQ(gpu.grid_records.size(), static_cast<std::size_t>(threads));
        for (const GridAccessRecord& r : gpu.grid_records)
            EXPECT_EQ(r.step, emulated_raw.step_count - 1) << threads << " threads, thread " << r.thread;
    }
#endif
}

} // namespace
} // namespace prefixlab::test
