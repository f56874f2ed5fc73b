// Timing statistics and the derived rates: checked against definitions computed here, over orders,
// odd and even counts, and every kind of bad sample.
#include "core/bench/bench_results.hpp"
#include "core/bench/sample_stats.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>

namespace prefixlab::test {
namespace {

std::vector<double> random_times(std::size_t count, std::uint32_t seed) {
    std::mt19937 random(seed);
    std::lognormal_distribution<double> time(0.0, 0.5); // skewed, like real timings
    std::vector<double> samples(count);
    for (double& s : samples)
        s = time(random);
    return samples;
}

// The definitions, written the long way: median by counting how many samples lie below, mean and
// variance as sums.
SampleStats by_definition(const std::vector<double>& samples) {
    const std::size_t n = samples.size();
    SampleStats s;
    s.count = static_cast<int>(n);
    s.min = *std::min_element(samples.begin(), samples.end());
    s.max = *std::max_element(samples.begin(), samples.end());
    std::vector<double> middle; // the sample(s) with (n-1)/2 resp. n/2 others below them
    for (std::size_t rank : {(n - 1) / 2, n / 2}) {
        for (double candidate : samples) {
            const auto below =
                std::count_if(samples.begin(), samples.end(), [&](double x) { return x < candidate; });
            const auto equal = std::count(samples.begin(), samples.end(), candidate);
            if (static_cast<std::size_t>(below) <= rank && rank < static_cast<std::size_t>(below + equal)) {
                middle.push_back(candidate);
                break;
            }
        }
    }
    s.median = (middle[0] + middle[1]) / 2;
    s.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / static_cast<double>(n);
    double squares = 0;
    for (double x : samples)
        squares += (x - s.mean) * (x - s.mean);
    s.stddev = n > 1 ? std::sqrt(squares / static_cast<double>(n - 1)) : 0.0;
    return s;
}

void expect_near_stats(const SampleStats& actual, const SampleStats& expected) {
    EXPECT_EQ(actual.count, expected.count);
    EXPECT_DOUBLE_EQ(actual.median, expected.median);
    EXPECT_DOUBLE_EQ(actual.mean, expected.mean);
    EXPECT_NEAR(actual.stddev, expected.stddev, 1e-12 * std::max(1.0, expected.stddev));
    EXPECT_EQ(actual.min, expected.min);
    EXPECT_EQ(actual.max, expected.max);
}

std::string stats_rejection(const std::vector<double>& samples) {
    try {
        sample_stats(samples);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "";
}

TEST(SampleStats, MatchesDefinitionsForOddAndEvenCounts) {
    for (std::size_t count : {1u, 2u, 3u, 4u, 5u, 20u, 21u, 101u}) {
        SCOPED_TRACE("count " + std::to_string(count));
        const std::vector<double> samples = random_times(count, static_cast<std::uint32_t>(count));
        expect_near_stats(sample_stats(samples), by_definition(samples));
    }
}

TEST(SampleStats, SmallCasesWorkedByHand) {
    // {1, 2, 3, 4}: median (2 + 3) / 2, mean 10/4, variance (2.25 + 0.25 + 0.25 + 2.25) / 3.
    const SampleStats four = sample_stats({4, 1, 3, 2});
    EXPECT_EQ(four.count, 4);
    EXPECT_DOUBLE_EQ(four.median, 2.5);
    EXPECT_DOUBLE_EQ(four.mean, 2.5);
    EXPECT_DOUBLE_EQ(four.stddev, std::sqrt(5.0 / 3.0));
    EXPECT_EQ(four.min, 1);
    EXPECT_EQ(four.max, 4);
    // One slow outlier moves the mean but not the median: why plots show the median.
    const SampleStats outlier = sample_stats({1, 1, 1, 1, 100});
    EXPECT_EQ(outlier.median, 1);
    EXPECT_DOUBLE_EQ(outlier.mean, 104.0 / 5.0);
}

TEST(SampleStats, SingleSampleHasNoSpread) {
    const SampleStats one = sample_stats({0.125});
    EXPECT_EQ(one.count, 1);
    EXPECT_EQ(one.median, 0.125);
    EXPECT_EQ(one.mean, 0.125);
    EXPECT_EQ(one.stddev, 0);
    EXPECT_EQ(one.min, 0.125);
    EXPECT_EQ(one.max, 0.125);
}

TEST(SampleStats, IndependentOfOrder) {
    std::vector<double> samples = random_times(30, 7);
    const SampleStats first = sample_stats(samples);
    std::mt19937 random(3);
    for (int shuffle = 0; shuffle < 5; ++shuffle) {
        std::shuffle(samples.begin(), samples.end(), random);
        const SampleStats again = sample_stats(samples);
        EXPECT_EQ(again.median, first.median);
        EXPECT_EQ(again.min, first.min);
        EXPECT_EQ(again.max, first.max);
        EXPECT_DOUBLE_EQ(again.mean, first.mean);
        EXPECT_DOUBLE_EQ(again.stddev, first.stddev);
    }
}

TEST(SampleStats, MeanOfEqualSamplesStaysWithinMinAndMax) {
    // 0.1 added ten times is not exactly 1.0: the mean must still not leave [min, max].
    const SampleStats s = sample_stats(std::vector<double>(10, 0.1));
    EXPECT_GE(s.mean, s.min);
    EXPECT_LE(s.mean, s.max);
    EXPECT_NEAR(s.stddev, 0, 1e-15);
}

TEST(SampleStats, RejectsEmptyAndBadSamplesNamingThem) {
    EXPECT_NE(stats_rejection({}).find("no samples"), std::string::npos) << stats_rejection({});
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    for (double bad : {nan, inf, -inf, -0.5}) {
        const std::string message = stats_rejection({1.0, 2.0, bad, 3.0});
        EXPECT_NE(message.find("sample 2"), std::string::npos) << message;
        EXPECT_NE(message.find("finite time >= 0"), std::string::npos) << message;
    }
    EXPECT_EQ(stats_rejection({0.0}), ""); // zero is a valid (if suspicious) time
}

TEST(BenchResults, BytesAndRatesFollowTheirDefinitions) {
    for (std::uint64_t n :
         {std::uint64_t(1), std::uint64_t(1000), std::uint64_t(1) << 24, std::uint64_t(1) << 31}) {
        const double bytes = 2.0 * 4.0 * static_cast<double>(n); // read n uint32 + write n uint32
        EXPECT_EQ(bytes_moved(n), bytes);
        for (double ms : {0.001, 0.5, 3.0, 250.0}) {
            const double seconds = ms / 1000;
            EXPECT_DOUBLE_EQ(effective_gbps(n, ms), bytes / seconds / 1e9);
            EXPECT_DOUBLE_EQ(gelements_per_second(n, ms), static_cast<double>(n) / seconds / 1e9);
        }
    }
    // 2^20 elements in 1 ms: 8 MiB per ms = 8.388608 GB/s, 1.048576 Gelem/s.
    EXPECT_DOUBLE_EQ(effective_gbps(1 << 20, 1.0), 8.388608);
    EXPECT_DOUBLE_EQ(gelements_per_second(1 << 20, 1.0), 1.048576);
}

TEST(BenchResults, NoRateForANonPositiveTime) {
    EXPECT_EQ(effective_gbps(1000, 0.0), 0.0);
    EXPECT_EQ(gelements_per_second(1000, -1.0), 0.0);
    EXPECT_EQ(effective_gbps(1000, std::numeric_limits<double>::quiet_NaN()), 0.0);
}

} // namespace
} // namespace prefixlab::test
