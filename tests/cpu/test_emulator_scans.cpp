// Every scan algorithm, run in the emulator, computes the scan: for inclusive and exclusive, +, max
// and min, int32, uint32 and float, at awkward sizes up to the algorithm's per-block maximum. The
// expected values come from std::inclusive_scan / std::exclusive_scan (and, for float sums, a
// double-precision scan with the documented error bound), computed here, independently of PrefixLab.
#include "support/scan_test_support.hpp"
#include "support/catalogue_ids.hpp"

#include "kernels/common/value_bits.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

namespace prefixlab::test {
namespace {

template <class T>
std::vector<T> values_of(const std::vector<std::uint32_t>& bits) {
    std::vector<T> values(bits.size());
    for (std::size_t i = 0; i < bits.size(); ++i)
        values[i] = from_bits<T>(bits[i]);
    return values;
}

// std's scan with the operator, in T.
template <class T>
std::vector<T> std_scan(const std::vector<T>& x, ScanOperator op, bool exclusive) {
    const auto combine = [op](T a, T b) {
        if (op == ScanOperator::add)
            return static_cast<T>(a + b);
        if (op == ScanOperator::max)
            return a < b ? b : a;
        return b < a ? b : a;
    };
    T identity = T(0);
    if (op == ScanOperator::max)
        identity = std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::lowest();
    if (op == ScanOperator::min)
        identity = std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity() : std::numeric_limits<T>::max();
    std::vector<T> out(x.size());
    if (exclusive)
        std::exclusive_scan(x.begin(), x.end(), out.begin(), identity, combine);
    else
        std::inclusive_scan(x.begin(), x.end(), out.begin(), combine);
    return out;
}

// Float sums: within n * 2^-24 * sum |x_j| of the double-precision scan (docs/trace-format.md).
void expect_float_sum_close(const std::vector<std::uint32_t>& input, const std::vector<std::uint32_t>& output,
                            bool exclusive, const std::string& what) {
    const std::vector<float> x = values_of<float>(input), y = values_of<float>(output);
    const double u = std::ldexp(1.0, -24) * static_cast<double>(x.size());
    double exact = 0, magnitude = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (!exclusive) {
            exact += x[i];
            magnitude += std::fabs(x[i]);
        }
        ASSERT_LE(std::fabs(y[i] - exact), u * magnitude * 1.0000001) << what << " element " << i;
        if (exclusive) {
            exact += x[i];
            magnitude += std::fabs(x[i]);
        }
    }
}

class EmulatedScan : public ::testing::TestWithParam<AlgorithmSize> {};

TEST_P(EmulatedScan, EveryTypeOperatorAndDirectionGivesTheScan) {
    const auto [algorithm, n] = GetParam();
    for (ElementType type : all_element_types())
        for (ScanOperator op : all_scan_operators())
            for (bool exclusive : {false, true}) {
                const std::string what = std::string(name_of(type)) + " " + std::string(name_of(op)) +
                                         (exclusive ? " exclusive" : " inclusive");
                const BlockRequest request =
                    make_request(algorithm, n, InputKind::random, 17 + n, type, op, exclusive);
                const RawTrace raw = emulate_block_scan(request);
                ASSERT_EQ(raw.output.size(), static_cast<std::size_t>(n)) << what;
                switch (type) {
                case ElementType::int32:
                    EXPECT_EQ(values_of<std::int32_t>(raw.output),
                              std_scan(values_of<std::int32_t>(request.input), op, exclusive))
                        << what;
                    break;
                case ElementType::uint32:
                    EXPECT_EQ(values_of<std::uint32_t>(raw.output),
                              std_scan(values_of<std::uint32_t>(request.input), op, exclusive))
                        << what;
                    break;
                case ElementType::float32:
                    if (op == ScanOperator::add)
                        expect_float_sum_close(request.input, raw.output, exclusive, what);
                    else // max and min never round: exact in any order
                        EXPECT_EQ(raw.output,
                                  [&] {
                                      const auto r = std_scan(values_of<float>(request.input), op, exclusive);
                                      std::vector<std::uint32_t> bits;
                                      for (float v : r)
                                          bits.push_back(to_bits(v));
                                      return bits;
                                  }())
                            << what;
                    break;
                }
            }
}

INSTANTIATE_TEST_SUITE_P(Algorithms, EmulatedScan, ::testing::ValuesIn(algorithm_sizes(correct_scans())),
                         [](const ::testing::TestParamInfo<AlgorithmSize>& info) { return case_name(info.param); });

TEST(EmulatedScan, SizesOutsideEachAlgorithmsRangeAreRejected) {
    for (BlockAlgorithm algorithm : all_block_algorithms())
        for (int n : {0, block_max_n(algorithm) + 1}) {
            BlockRequest request = make_request(algorithm, 1, InputKind::ones, 0);
            request.input.assign(n, 1);
            EXPECT_THROW(emulate_block_scan(request), std::invalid_argument) << name_of(algorithm) << " n = " << n;
        }
}

} // namespace
} // namespace prefixlab::test

namespace prefixlab::test {
namespace {

// A larger block than the algorithm needs: the extra threads only take part in barriers, so the
// output is the same scan and the extra warps make no access.
TEST(EmulatedScan, LargerBlocksGiveTheSameScan) {
    for (BlockAlgorithm algorithm : correct_scans())
        for (int n : {1, 33, 100, 1000})
            for (bool exclusive : {false, true}) {
                BlockRequest request = make_request(algorithm, n, InputKind::random, 9, ElementType::int32,
                                                    ScanOperator::add, exclusive);
                const RawTrace minimal = emulate_block_scan(request);
                request.block_threads = 1024;
                const RawTrace large = emulate_block_scan(request);
                EXPECT_EQ(large.threads, 1024u);
                EXPECT_EQ(large.output, minimal.output) << name_of(algorithm) << " n=" << n;
                EXPECT_EQ(large.output, reference_scan(request.type, request.op, exclusive, request.input));
                const std::uint32_t needed = static_cast<std::uint32_t>(block_min_threads(algorithm, n));
                for (const AccessRecord& a : large.accesses)
                    ASSERT_LT(warp_of(a.thread), (std::max(needed, 1u) + 31) / 32)
                        << name_of(algorithm) << " n=" << n << ": a warp beyond the algorithm's threads accessed";
            }
}

TEST(EmulatedScan, BlockSizesOutsideTheRangeAreRejected) {
    BlockRequest request = make_request(kernel_id("blelloch"), 1000, InputKind::ones, 0);
    request.block_threads = 100;
    EXPECT_THROW(emulate_block_scan(request), std::invalid_argument);
    request.block_threads = 1025;
    EXPECT_THROW(emulate_block_scan(request), std::invalid_argument);
}

} // namespace
} // namespace prefixlab::test
