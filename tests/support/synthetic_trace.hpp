// Valid traces of any size, for load-time measurements and tests. No kernel makes traces larger than
// a few MB, but the file format allows up to 128 steps of 1024 threads with 255 accesses each, and a
// trace file of that shape must load as fast as a real one. The synthetic kernel: step 0 loads the
// input into shared memory, each middle step has every thread read and write `pairs` words among
// `hot_words` words (few hot words: many threads write one word in one step, the case that made
// the dataflow quadratic), and the last step stores shared memory into the output. Every write
// records the read it came from, as a traced kernel does, so the trace passes the loader's checks.
#pragma once

#include "core/trace/trace.hpp"

#include <cstdint>
#include <string>

namespace prefixlab::test {

struct SyntheticTraceShape {
    int threads = 1024; // also N
    int steps = 128;    // load, steps - 2 middle steps, store
    int pairs = 1;      // read-write pairs per thread in each middle step (1..127)
    int hot_words = 1;  // the middle steps' reads and writes hit words 0..hot_words-1
};

Trace make_synthetic_trace(const SyntheticTraceShape& shape);

// A shape whose trace file is about `bytes` long (within ~10%): 1024 threads, as few steps and
// pairs as that needs.
SyntheticTraceShape synthetic_shape_for_bytes(std::uint64_t bytes, int hot_words = 1);

// Writes make_synthetic_trace(shape) to `path` with the app's own writer; returns the file's size.
std::uint64_t write_synthetic_trace(const SyntheticTraceShape& shape, const std::string& path);

} // namespace prefixlab::test
