// The scan setup's one check, validate_scan_setup(): every refusal is a ScanSetupError naming the
// problem and carrying the setting and its range (the command line words it with its option), and the
// launch request takes the setup's kernel part unchanged.
#include "core/ground/block_limits.hpp"
#include "core/ground/input_generator.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/scan_setup.hpp"
#include "support/catalogue_ids.hpp"

#include <gtest/gtest.h>
#include <string>

namespace prefixlab::test {
namespace {

ScanSetup setup_of(BlockAlgorithm algorithm, int n, int block_threads = 0) {
    ScanSetup s;
    s.algorithm = algorithm;
    s.type = fixed_element_type(algorithm).value_or(s.type); // a segmented scan's uint32
    s.n = n;
    s.block_threads = block_threads;
    return s;
}

// The refusal of `s` (a test failure when validate_scan_setup accepts it).
ScanSetupError refusal_of(const ScanSetup& s) {
    try {
        validate_scan_setup(s);
    } catch (const ScanSetupError& e) {
        return e;
    }
    ADD_FAILURE() << "accepted N = " << s.n << ", block " << s.block_threads;
    return ScanSetupError(ScanSetting::device, {}, "");
}

TEST(ScanSetup, AcceptsEveryNOfTheAlgorithmsRangeAndTheMinimumBlock) {
    for (BlockAlgorithm algorithm : all_block_algorithms())
        for (int n : {1, 33, block_max_n(algorithm)}) {
            EXPECT_NO_THROW(validate_scan_setup(setup_of(algorithm, n))) << name_of(algorithm) << " " << n;
            EXPECT_NO_THROW(validate_scan_setup(setup_of(algorithm, n, block_min_threads(algorithm, n))));
            EXPECT_NO_THROW(validate_scan_setup(setup_of(algorithm, n, 1024)));
        }
}

TEST(ScanSetup, NOutOfRangeNamesTheAlgorithmAndItsRange) {
    for (int n : {-5, 0, 1025}) {
        const ScanSetupError e = refusal_of(setup_of(kernel_id("hillis-steele"), n));
        EXPECT_EQ(e.setting(), ScanSetting::n);
        EXPECT_EQ(e.allowed().min, 1);
        EXPECT_EQ(e.allowed().max, 1024);
        EXPECT_EQ(std::string(e.what()),
                  "N = " + std::to_string(n) + " is out of range for hillis-steele (1..1024)");
    }
    EXPECT_EQ(refusal_of(setup_of(kernel_id("blelloch"), 2049)).allowed().max, 2048);
}

TEST(ScanSetup, BlockTooSmallOrTooLargeIsRefusedWithItsRange) {
    ScanSetupError small = refusal_of(setup_of(kernel_id("blelloch"), 1000, 100));
    EXPECT_EQ(small.setting(), ScanSetting::block_threads);
    EXPECT_EQ(small.allowed().min, 512);
    EXPECT_EQ(small.allowed().max, 1024);
    EXPECT_EQ(std::string(small.what()), "a block of 100 threads is too small for blelloch with N = 1000 (it needs 512)");
    ScanSetupError large = refusal_of(setup_of(kernel_id("blelloch"), 1000, 1025));
    EXPECT_EQ(std::string(large.what()), "a block of 1025 threads is too large (CUDA allows 1..1024)");
    EXPECT_EQ(refusal_of(setup_of(kernel_id("hillis-steele"), 16, -1)).setting(), ScanSetting::block_threads);
}

TEST(ScanSetup, NIsCheckedBeforeTheBlock) {
    EXPECT_EQ(refusal_of(setup_of(kernel_id("hillis-steele"), 5000, 1)).setting(), ScanSetting::n);
}

TEST(ScanSetup, TheLaunchRequestIsTheKernelPartAndTheGeneratedInput) {
    ScanSetup s = setup_of(kernel_id("warp-shuffle"), 77, 128);
    s.type = ElementType::float32;
    s.op = ScanOperator::max;
    s.exclusive = true;
    s.input = InputKind::random;
    s.seed = 42;
    const BlockRequest request = block_request(s);
    EXPECT_EQ(static_cast<const KernelSetup&>(request), static_cast<const KernelSetup&>(s));
    EXPECT_EQ(request.input, generate_input(InputKind::random, ElementType::float32, ScanOperator::max, 77, 42));
}

TEST(ScanSetup, DeviceChoiceNamesReadBack) {
    for (DeviceChoice c : {DeviceChoice::automatic, DeviceChoice::gpu, DeviceChoice::cpu})
        EXPECT_EQ(parse_device_choice(name_of(c)), c);
    EXPECT_EQ(parse_device_choice("tpu"), std::nullopt);
}

} // namespace
} // namespace prefixlab::test
