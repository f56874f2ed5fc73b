// Summary statistics of a benchmark's repeated timings. The median is what plots and tables show
// (robust to the odd slow repetition); mean ± standard deviation show the spread.
#pragma once

#include <vector>

namespace prefixlab {

struct SampleStats {
    int count = 0;
    double median = 0; // of an even count: the mean of the two middle samples
    double mean = 0;
    double stddev = 0; // sample standard deviation (n − 1); 0 for a single sample
    double min = 0;
    double max = 0;
};

// Throws std::invalid_argument for an empty list or a sample that is not a finite number >= 0.
SampleStats sample_stats(const std::vector<double>& samples);

} // namespace prefixlab
