// Derived benchmark figures (bench_results.hpp): one function per fact, so a table, a plot and an
// export of the same point show the same GB/s.
#include "bench_results.hpp"

namespace prefixlab {

namespace {
constexpr double kBytesPerElement = 4; // uint32
} // namespace

double bytes_moved(std::uint64_t n) {
    // The least any scan can move: each element read once and its result written once.
    return 2.0 * kBytesPerElement * static_cast<double>(n);
}

// A time of zero or less (a clock too coarse for the point, or a bad sample) has no meaningful rate:
// report 0 rather than infinity, so tables and plot axes stay finite.
double effective_gbps(std::uint64_t n, double ms) {
    if (!(ms > 0))
        return 0;
    return bytes_moved(n) / 1e9 / (ms / 1e3);
}

double gelements_per_second(std::uint64_t n, double ms) {
    if (!(ms > 0))
        return 0;
    return static_cast<double>(n) / 1e9 / (ms / 1e3);
}

} // namespace prefixlab
