// Summary statistics of repeated timings (sample_stats.hpp). Every plot, table and results file gets
// its median and spread from here, so they cannot disagree.
#include "core/bench/sample_stats.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace prefixlab {

SampleStats sample_stats(const std::vector<double>& samples) {
    if (samples.empty())
        throw std::invalid_argument("sample_stats: no samples (a point needs at least one timed repetition)");
    for (std::size_t i = 0; i < samples.size(); ++i) {
        if (!std::isfinite(samples[i]) || samples[i] < 0) {
            std::ostringstream problem;
            problem << "sample_stats: sample " << i << " is " << samples[i]
                    << ", expected a finite time >= 0";
            throw std::invalid_argument(problem.str());
        }
    }

    std::vector<double> sorted = samples;
    std::sort(sorted.begin(), sorted.end());
    const std::size_t n = sorted.size();

    SampleStats stats;
    stats.count = static_cast<int>(n);
    stats.min = sorted.front();
    stats.max = sorted.back();
    stats.median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;

    // Two passes (mean, then squared deviations from it): no cancellation between large sums of
    // squares, which a one-pass formula suffers when the spread is tiny next to the times.
    double sum = 0;
    for (double x : sorted)
        sum += x;
    stats.mean = sum / static_cast<double>(n);
    if (n > 1) {
        double squares = 0;
        for (double x : sorted)
            squares += (x - stats.mean) * (x - stats.mean);
        stats.stddev = std::sqrt(squares / static_cast<double>(n - 1));
    }
    // Rounding can put the mean of near-equal samples a last bit outside [min, max]; keep the
    // invariant min <= mean <= max that readers of results files check.
    stats.mean = std::clamp(stats.mean, stats.min, stats.max);
    return stats;
}

} // namespace prefixlab
