// Benchmark points made by hand, for the tests of results files, series, plots and tuning.
#pragma once

#include "core/bench/bench_results.hpp"
#include "core/bench/sample_stats.hpp"
#include "core/plot/plot.hpp"

#include <cstdint>
#include <string>

namespace prefixlab::test {

// A verified point of `algorithm` at N, `block` threads a block and `items` per thread (0: not said),
// whose median is `ms`: three samples ms × (1 − spread), ms and ms × (1 + spread), or ms alone where the
// spread is 0.
inline BenchPoint verified_point(const std::string& algorithm, std::uint64_t n, double ms, int block = 0,
                                 double spread = 0.1, int items = 0) {
    BenchPoint p;
    p.algorithm = algorithm;
    p.n = n;
    p.block_threads = block;
    p.items = items;
    p.samples_ms = spread == 0 ? std::vector<double>{ms} : std::vector<double>{ms * (1 - spread), ms, ms * (1 + spread)};
    p.ms = sample_stats(p.samples_ms);
    p.verified = true;
    return p;
}

// The plot's series of that name, or nullptr.
inline const PlotSeries* series_named(const Plot& plot, const std::string& name) {
    for (const PlotSeries& s : plot.series)
        if (s.name == name)
            return &s;
    return nullptr;
}

} // namespace prefixlab::test
