// The CPU baseline scans against a straightforward reference: awkward sizes around the parallel
// threshold and the thread count, thread counts that do not divide the size, and uint32 wrap-around;
// then every scan (element type × operator × inclusive/exclusive) against the project's reference.
#include "core/bench/bench_scan.hpp"
#include "core/bench/cpu_scans.hpp"
#include "core/ground/output_check.hpp"
#include "core/ground/reference_scan.hpp"
#include "kernels/common/value_bits.hpp"

#include <cstdint>
#include <gtest/gtest.h>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace prefixlab::test {
namespace {

const std::vector<std::size_t> kSizes = {
    0, 1, 2, 3, 31, 33, 1000, 65535, 65536, 65537, std::size_t(1) << 20, 1000003};
const std::vector<int> kThreadCounts = {1, 2, 3, 7, 16};

// Full-range random words: sums wrap past 2^32 within a few elements.
std::vector<std::uint32_t> random_words(std::size_t n, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::vector<std::uint32_t> words(n);
    for (std::uint32_t& w : words)
        w = static_cast<std::uint32_t>(random());
    return words;
}

// The reference: the scan's definition, summed in 64 bits and reduced mod 2^32 at each element.
std::vector<std::uint32_t> reference_scan(const std::vector<std::uint32_t>& in) {
    std::vector<std::uint32_t> out(in.size());
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < in.size(); ++i) {
        sum = (sum + in[i]) % (std::uint64_t(1) << 32);
        out[i] = static_cast<std::uint32_t>(sum);
    }
    return out;
}

// "" if equal, else where the first difference is (a whole 1M-element vector is no message).
std::string first_difference(const std::vector<std::uint32_t>& actual,
                             const std::vector<std::uint32_t>& expected) {
    if (actual.size() != expected.size())
        return "size " + std::to_string(actual.size()) + " != " + std::to_string(expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i)
        if (actual[i] != expected[i])
            return "out[" + std::to_string(i) + "] = " + std::to_string(actual[i]) + ", expected " +
                   std::to_string(expected[i]);
    return "";
}

void default_loop_scan(const std::uint32_t* in, std::uint32_t* out, std::size_t n) {
    cpu_loop_scan(kDefaultBenchScan, in, out, n);
}
void default_std_scan(const std::uint32_t* in, std::uint32_t* out, std::size_t n) {
    cpu_std_scan(kDefaultBenchScan, in, out, n);
}

// Scans into a buffer pre-filled with a marker, so an element left unwritten shows up.
template <class Scan>
std::vector<std::uint32_t> scanned(const std::vector<std::uint32_t>& in, Scan scan) {
    std::vector<std::uint32_t> out(in.size(), 0xDEADBEEFu);
    scan(in.data(), out.data(), in.size());
    return out;
}

TEST(CpuScans, LoopAndStdMatchReference) {
    for (std::size_t n : kSizes) {
        const auto in = random_words(n, n + 1);
        const auto expected = reference_scan(in);
        EXPECT_EQ(first_difference(scanned(in, default_loop_scan), expected), "") << "loop, n = " << n;
        EXPECT_EQ(first_difference(scanned(in, default_std_scan), expected), "") << "std, n = " << n;
    }
}

TEST(CpuScans, ParallelMatchesReferenceForEverySizeAndThreadCount) {
    for (int threads : kThreadCounts) {
        CpuParallelScan pool(threads); // one pool for every size: it must be reusable
        EXPECT_EQ(pool.threads(), threads);
        for (std::size_t n : kSizes) {
            const auto in = random_words(n, 1000 * n + static_cast<std::uint64_t>(threads));
            const auto out = scanned(in, [&](auto... args) { pool.scan(kDefaultBenchScan, args...); });
            EXPECT_EQ(first_difference(out, reference_scan(in)), "") << threads << " threads, n = " << n;
        }
    }
}

TEST(CpuScans, ParallelPathAtTinySizes) {
    // serial_below = 0: even n = 0, 1, 2 and n < threads go through the pool, where some threads
    // get empty chunks.
    for (int threads : kThreadCounts) {
        CpuParallelScan pool(threads, 0);
        for (std::size_t n : kSizes) {
            const auto in = random_words(n, 7 * n + static_cast<std::uint64_t>(threads));
            const auto out = scanned(in, [&](auto... args) { pool.scan(kDefaultBenchScan, args...); });
            EXPECT_EQ(first_difference(out, reference_scan(in)), "") << threads << " threads, n = " << n;
        }
        for (std::size_t n = 0; n <= 40; ++n) { // every size around the thread counts
            const auto in = random_words(n, n);
            const auto out = scanned(in, [&](auto... args) { pool.scan(kDefaultBenchScan, args...); });
            EXPECT_EQ(first_difference(out, reference_scan(in)), "") << threads << " threads, n = " << n;
        }
    }
}

TEST(CpuScans, WrapsAroundAtTwoToThe32) {
    // All ones-bits: element i of the scan is (i + 1) * (2^32 - 1) mod 2^32 = 2^32 - (i + 1).
    const std::size_t n = 100000;
    const std::vector<std::uint32_t> in(n, 0xFFFFFFFFu);
    std::vector<std::uint32_t> expected(n);
    for (std::size_t i = 0; i < n; ++i)
        expected[i] = static_cast<std::uint32_t>((std::uint64_t(1) << 32) - (i + 1));
    CpuParallelScan pool(3, 0);
    EXPECT_EQ(first_difference(scanned(in, default_loop_scan), expected), "");
    EXPECT_EQ(first_difference(scanned(in, default_std_scan), expected), "");
    EXPECT_EQ(first_difference(scanned(in, [&](auto... args) { pool.scan(kDefaultBenchScan, args...); }), expected), "");
}

TEST(CpuScans, InPlaceScanIsAllowed) {
    const std::size_t n = 300001;
    const auto in = random_words(n, 11);
    const auto expected = reference_scan(in);
    for (int threads : {1, 4}) {
        CpuParallelScan pool(threads, 0);
        std::vector<std::uint32_t> data = in;
        pool.scan(kDefaultBenchScan, data.data(), data.data(), n);
        EXPECT_EQ(first_difference(data, expected), "") << threads << " threads";
    }
    std::vector<std::uint32_t> data = in;
    cpu_loop_scan(kDefaultBenchScan, data.data(), data.data(), n);
    EXPECT_EQ(first_difference(data, expected), "");
    data = in;
    cpu_std_scan(kDefaultBenchScan, data.data(), data.data(), n);
    EXPECT_EQ(first_difference(data, expected), "");
}

TEST(CpuScans, ManyRepetitionsOnOnePool) {
    // The benchmark scans the same N many times: every repetition must give the same right answer.
    CpuParallelScan pool(4, 0);
    const auto in = random_words(5000, 5);
    const auto expected = reference_scan(in);
    for (int repetition = 0; repetition < 500; ++repetition) {
        const auto out = scanned(in, [&](auto... args) { pool.scan(kDefaultBenchScan, args...); });
        ASSERT_EQ(first_difference(out, expected), "") << "repetition " << repetition;
    }
}

TEST(CpuScans, RejectsFewerThanOneThread) {
    EXPECT_THROW(CpuParallelScan(0), std::invalid_argument);
    EXPECT_THROW(CpuParallelScan(-3), std::invalid_argument);
}

// ---------------------------------------------------------------- every scan

// Every scan `prefixlab bench --scans` accepts.
std::vector<BenchScan> every_scan() {
    std::vector<BenchScan> scans;
    for (ElementType type : {ElementType::int32, ElementType::uint32, ElementType::float32})
        for (ScanOperator op : {ScanOperator::add, ScanOperator::max, ScanOperator::min})
            for (bool exclusive : {false, true})
                scans.push_back({type, op, exclusive});
    return scans;
}

// Integers: full-range words (negative int32, wrapping sums). Floats: values in [-1, 1) with 24-bit
// mantissas, so sums round and max/min meet negative numbers.
std::vector<std::uint32_t> scan_input(ElementType type, std::size_t n, std::uint64_t seed) {
    std::vector<std::uint32_t> input = random_words(n, seed);
    if (type == ElementType::float32)
        for (std::uint32_t& bits : input)
            bits = to_bits(static_cast<float>(static_cast<std::int32_t>(bits) >> 7) * 0x1p-24f);
    return input;
}

// "" when `output` is the scan: bit for bit, or float sums within the reference check's bound.
std::string scan_difference(const BenchScan& scan, const std::vector<std::uint32_t>& input,
                            const std::vector<std::uint32_t>& output, bool may_round) {
    if (may_round && scan.type == ElementType::float32 && scan.op == ScanOperator::add) {
        const OutputCheck check = check_output(scan.type, scan.op, scan.exclusive, input, output);
        return check.wrong_count == 0 ? "" : std::to_string(check.wrong_count) + " outside the rounding bound";
    }
    return first_difference(output, reference_scan(scan.type, scan.op, scan.exclusive, input));
}

const std::vector<std::size_t> kAwkwardScanSizes = {1, 31, 33, 4097};

TEST(CpuScans, LoopAndStdComputeEveryScanAsTheReferenceDoes) {
    for (const BenchScan& scan : every_scan())
        for (std::size_t n : kAwkwardScanSizes) {
            const auto in = scan_input(scan.type, n, n + 17);
            std::vector<std::uint32_t> loop(n, 0xDEADBEEFu), standard(n, 0xDEADBEEFu);
            cpu_loop_scan(scan, in.data(), loop.data(), n);
            cpu_std_scan(scan, in.data(), standard.data(), n);
            // Serial and left to right like the reference: equal bit for bit, float sums included.
            EXPECT_EQ(scan_difference(scan, in, loop, false), "") << "loop " << bench_scan_name(scan) << ", n = " << n;
            EXPECT_EQ(scan_difference(scan, in, standard, false), "")
                << "std " << bench_scan_name(scan) << ", n = " << n;
        }
}

TEST(CpuScans, ParallelComputesEveryScan) {
    // serial_below = 0: every size goes through the pool's three phases, 3 threads not dividing n.
    CpuParallelScan pool(3, 0);
    for (const BenchScan& scan : every_scan())
        for (std::size_t n : {std::size_t(1), std::size_t(2), std::size_t(31), std::size_t(33), std::size_t(4097),
                              std::size_t(65537)}) {
            const auto in = scan_input(scan.type, n, 3 * n + 5);
            std::vector<std::uint32_t> out(n, 0xDEADBEEFu);
            pool.scan(scan, in.data(), out.data(), n);
            // Float sums are added in another order (chunk by chunk): within the bound, not bit for bit.
            EXPECT_EQ(scan_difference(scan, in, out, true), "") << bench_scan_name(scan) << ", n = " << n;
        }
}

TEST(CpuScans, ExclusiveScansStartFromTheIdentityInPlace) {
    // In place, every scan: element 0 of an exclusive scan is the operator's identity (0, the lowest
    // or the highest value), and each later one combines the elements before it.
    CpuParallelScan pool(4, 0);
    for (const BenchScan& scan : every_scan()) {
        if (!scan.exclusive)
            continue;
        const std::size_t n = 4097;
        const auto in = scan_input(scan.type, n, 99);
        const auto expected = reference_scan(scan.type, scan.op, true, in);
        std::vector<std::uint32_t> data = in;
        cpu_loop_scan(scan, data.data(), data.data(), n);
        EXPECT_EQ(first_difference(data, expected), "") << bench_scan_name(scan);
        data = in;
        cpu_std_scan(scan, data.data(), data.data(), n);
        EXPECT_EQ(first_difference(data, expected), "") << bench_scan_name(scan);
        data = in;
        pool.scan(scan, data.data(), data.data(), n);
        EXPECT_EQ(scan_difference(scan, in, data, true), "") << bench_scan_name(scan);
    }
    const BenchScan int_max{ElementType::int32, ScanOperator::max, true};
    std::vector<std::uint32_t> one = {to_bits(std::int32_t(-5))};
    cpu_loop_scan(int_max, one.data(), one.data(), 1);
    EXPECT_EQ(from_bits<std::int32_t>(one[0]), std::int32_t(-2147483647 - 1));
}

} // namespace
} // namespace prefixlab::test
