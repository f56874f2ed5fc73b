// On an NVIDIA GPU: the traced kernel's trace equals the emulator's (steps, snapshots, accesses,
// output), and the untraced kernel computes the reference scan. Skipped, with the reason, elsewhere.
#include "kernels/cuda/gpu_block_scan.hpp"
#include "support/scan_test_support.hpp"
#include "support/trace_checks.hpp"

#include <gtest/gtest.h>

namespace prefixlab::test {
namespace {

#define PL_REQUIRE_GPU()                                                                                      \
    do {                                                                                                      \
        if (!gpu_status().available)                                                                          \
            GTEST_SKIP() << "no CUDA GPU: " << gpu_status().reason;                                           \
    } while (0)

class HillisSteeleOnGpu : public ::testing::TestWithParam<int> {};

TEST_P(HillisSteeleOnGpu, TraceEqualsEmulatorTrace) {
    PL_REQUIRE_GPU();
    for (InputKind input : {InputKind::iota, InputKind::random}) {
        const CaptureRequest gpu = make_capture(BlockAlgorithm::hillis_steele, GetParam(), input, 11, DeviceChoice::gpu);
        CaptureRequest cpu = gpu;
        cpu.device = DeviceChoice::cpu;
        const Trace on_gpu = capture_trace(gpu).trace;
        const Trace emulated = capture_trace(cpu).trace;
        EXPECT_FALSE(on_gpu.config.emulated);
        EXPECT_TRUE(emulated.config.emulated);
        EXPECT_EQ(first_difference(on_gpu, emulated), "") << name_of(input);
        EXPECT_EQ(check_snapshots_follow_writes(on_gpu), "");
    }
}

TEST_P(HillisSteeleOnGpu, UntracedKernelEqualsReference) {
    PL_REQUIRE_GPU();
    for (bool exclusive : {false, true}) {
        const BlockScanRequest request = make_request(BlockAlgorithm::hillis_steele, GetParam(), InputKind::random, 3,
                                                      ElementType::int32, ScanOperator::add, exclusive);
        EXPECT_EQ(gpu_run_block_scan(request),
                  reference_scan(request.type, request.op, request.exclusive, request.input));
    }
}

INSTANTIATE_TEST_SUITE_P(Sizes, HillisSteeleOnGpu, ::testing::ValuesIn(kHillisSteeleSizes));

} // namespace
} // namespace prefixlab::test
