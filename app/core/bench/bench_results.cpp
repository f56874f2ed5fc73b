// Derived benchmark figures (bench_results.hpp): one function per fact, so a table, a plot and an
// export of the same point show the same GB/s.
#include "bench_results.hpp"

namespace prefixlab {

namespace {
constexpr double kBytesPerElement = 4; // uint32
} // namespace

std::string default_run_label(const BenchRun& run) {
    const BenchEnvironment& e = run.environment;
    return (e.device.empty() ? e.cpu_model : e.device) + ", " + e.date.substr(0, 10);
}

std::string run_tag(const BenchRun& run) {
    if (!run.label.empty() && run.label != default_run_label(run))
        return run.label;
    std::string device = run.environment.device;
    if (device.empty())
        return "CPU";
    if (device.starts_with("NVIDIA "))
        device.erase(0, 7);
    return device.substr(0, device.find(' ')); // "H100 80GB HBM3" -> "H100"
}

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
