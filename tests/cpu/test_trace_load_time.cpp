// Large traces load in linear time (issue 9, defect 7: the dataflow scanned every write of a word for
// each read of it, so a 40 MB trace took 22 s and a 200 MB one never finished). Loading is what the
// GUI does on Open: read_trace_json, then prepare_for_display (trace index, dataflow, bank analysis).
// Times are the process's CPU time, the least of three runs, so that other work on a busy machine
// does not make the test flaky.
#include "core/analysis/loaded_grid_trace.hpp"
#include "core/analysis/loaded_trace.hpp"
#include "core/capture/grid_capture.hpp"
#include "core/trace/grid_trace_json.hpp"
#include "core/trace/trace_json.hpp"
#include "support/synthetic_trace.hpp"

#include <algorithm>
#include <ctime>
#include <gtest/gtest.h>
#include <iostream>
#include <sstream>

namespace prefixlab::test {
namespace {

struct LoadTimes {
    double parse = 1e9;   // seconds: read_trace_json
    double prepare = 1e9; // seconds: prepare_for_display
};

double cpu_seconds() {
    return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

LoadTimes time_loading(const SyntheticTraceShape& shape) {
    std::stringstream file;
    write_trace_json(make_synthetic_trace(shape), file);
    const std::string text = file.str();
    LoadTimes best;
    for (int run = 0; run < 3; ++run) {
        std::stringstream in(text);
        const double start = cpu_seconds();
        Trace trace = read_trace_json(in);
        const double parsed = cpu_seconds();
        const auto loaded = prepare_for_display(std::move(trace), "synthetic");
        const double prepared = cpu_seconds();
        best.parse = std::min(best.parse, parsed - start);
        best.prepare = std::min(best.prepare, prepared - parsed);
    }
    return best;
}

TEST(TraceLoadTime, FourTimesTheAccessesTakeLessThanSixTimesTheTime) {
    // Every thread of the block reads and writes the same word in every step, 1 and then 4 times: 4x
    // the accesses, and 4x the writers of each word, which a per-read scan of them would pay for
    // quadratically (16x). 2 MB and 8 MB of JSON.
    SyntheticTraceShape small;
    small.threads = 1024;
    small.steps = 24;
    small.pairs = 1;
    small.hot_words = 1;
    SyntheticTraceShape large = small;
    large.pairs = 4;
    const LoadTimes a = time_loading(small);
    const LoadTimes b = time_loading(large);
    // A floor of 5 ms keeps a very fast small run from making the ratio noise.
    EXPECT_LT(b.parse, 6 * std::max(a.parse, 0.005))
        << "parse: " << a.parse << " s, then " << b.parse << " s";
    EXPECT_LT(b.prepare, 6 * std::max(a.prepare, 0.005))
        << "index, dataflow, banks: " << a.prepare << " s, then " << b.prepare << " s";
    EXPECT_LT(b.parse + b.prepare, 5.0) << "an 8 MB trace must load in well under a second";
}

// The same for grid traces (issue 31: every reader linear): the atomic global scan, whose T tiles make
// T(T-1)/2 atomics on T words, in 256 and then 512 tiles of 32: 3.6 times the accesses (40,800, then
// 147,168), every partial's writers growing with them. Read, then prepared for the grid views.
TEST(TraceLoadTime, AGridTraceOfFourTimesTheAccessesTakesLessThanSixTimesTheTime) {
    const auto seconds_to_load = [](std::uint64_t n) {
        GridCaptureRequest request;
        request.scan.driver = GridDriver::atomic_global;
        request.scan.tile_threads = 32;
        request.n = n;
        std::stringstream file;
        write_grid_trace_json(capture_grid_trace(request), file);
        const std::string text = file.str();
        double best = 1e9;
        for (int run = 0; run < 3; ++run) {
            const double start = cpu_seconds();
            const auto loaded = prepare_grid_for_display(grid_trace_from_json_text(text));
            best = std::min(best, cpu_seconds() - start);
        }
        return best;
    };
    const double small = seconds_to_load(8192), large = seconds_to_load(16384);
    std::cout << "grid trace load, 40,800 then 147,168 accesses: " << small << " s, then " << large << " s\n";
    EXPECT_LT(large, 6 * std::max(small, 0.005)) << small << " s, then " << large << " s";
}

} // namespace
} // namespace prefixlab::test
