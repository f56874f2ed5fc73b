#include "synthetic_trace.hpp"
#include "support/catalogue_ids.hpp"

#include "core/trace/trace_json.hpp"
#include "core/util/atomic_file.hpp"

#include <algorithm>
#include <filesystem>
#include <stdexcept>

namespace prefixlab::test {

namespace {

AccessRecord access(std::uint32_t step, std::uint32_t thread, std::uint32_t seq, BufferId buffer,
                    std::uint32_t word, AccessKind kind, std::uint32_t value, std::uint32_t source) {
    AccessRecord a{};
    a.step = static_cast<std::uint16_t>(step);
    a.thread = static_cast<std::uint16_t>(thread);
    a.seq = static_cast<std::uint8_t>(seq);
    a.buffer = static_cast<std::uint8_t>(buffer);
    a.kind = kind;
    a.word = word;
    a.value = value;
    a.sources[0] = source;
    a.sources[1] = kNoSource;
    return a;
}

// The word thread t reads and writes in pair p of a middle step.
std::uint32_t hot_word(const SyntheticTraceShape& shape, std::uint32_t thread, int pair) {
    return (thread + static_cast<std::uint32_t>(pair)) % static_cast<std::uint32_t>(shape.hot_words);
}

// Rough sizes of the app's JSON: a row of the access table, and a snapshot value (numbers of up to
// seven digits). Only used to choose a shape; the tool reports the real size.
constexpr std::uint64_t kBytesPerAccess = 38;
constexpr std::uint64_t kBytesPerSnapshotWord = 8;

std::uint64_t estimated_bytes(int threads, int steps, int pairs) {
    const std::uint64_t t = static_cast<std::uint64_t>(threads);
    const std::uint64_t accesses = 4 * t + static_cast<std::uint64_t>(steps - 2) * 2 * t * pairs;
    return static_cast<std::uint64_t>(steps) * t * kBytesPerSnapshotWord + accesses * kBytesPerAccess;
}

} // namespace

Trace make_synthetic_trace(const SyntheticTraceShape& shape) {
    if (shape.threads < 1 || shape.threads > 1024 || shape.steps < 2 ||
        shape.steps > static_cast<int>(kMaxTraceSteps) || shape.pairs < 1 || 2 * shape.pairs > 254 ||
        shape.hot_words < 1 || shape.hot_words > shape.threads)
        throw std::invalid_argument("synthetic trace: shape out of range");
    const auto threads = static_cast<std::uint32_t>(shape.threads);
    const auto steps = static_cast<std::uint32_t>(shape.steps);

    Trace trace;
    TraceConfig& c = trace.config;
    c.algorithm = kernel_id("hillis-steele"); // no companion trace: the GUI loads exactly this one
    c.n = shape.threads;
    c.block_threads = shape.threads;
    c.device_name = "synthetic (tests/support/synthetic_trace.cpp)";
    c.emulated = true;
    c.kernel_source = std::string(kernel_file_path(kernel_file_id("hillis-steele")));
    c.shared_words = threads;
    c.buffers = {SharedBufferDesc{BufferId::data, 0, threads, 0}};
    for (std::uint32_t i = 0; i < threads; ++i)
        trace.input.push_back(i);

    // The kernel runs in canonical order (step, warp, seq, lane); `shared` is shared memory as it goes.
    Snapshot shared{std::vector<std::uint32_t>(threads, kUnwrittenPattern),
                    std::vector<std::uint8_t>(threads, 0)};
    trace.output.assign(threads, 0);
    const std::uint32_t warps = (threads + 31) / 32;
    for (std::uint32_t k = 0; k < steps; ++k) {
        const bool load = k == 0, store = k == steps - 1;
        const std::uint32_t accesses_per_thread =
            load || store ? 2 : 2 * static_cast<std::uint32_t>(shape.pairs);
        for (std::uint32_t warp = 0; warp < warps; ++warp)
            for (std::uint32_t seq = 0; seq < accesses_per_thread; ++seq)
                for (std::uint32_t t = warp * 32; t < std::min(threads, warp * 32 + 32); ++t) {
                    const bool read = seq % 2 == 0;
                    const std::uint32_t source = read ? kNoSource : read_source(k, seq - 1);
                    if (load) {
                        trace.accesses.push_back(read ? access(k, t, seq, BufferId::input, t,
                                                               AccessKind::read, trace.input[t], source)
                                                      : access(k, t, seq, BufferId::data, t,
                                                               AccessKind::write, trace.input[t], source));
                        if (!read) {
                            shared.bits[t] = trace.input[t];
                            shared.defined[t] = 1;
                        }
                    } else if (store) {
                        trace.accesses.push_back(read ? access(k, t, seq, BufferId::data, t, AccessKind::read,
                                                               shared.bits[t], source)
                                                      : access(k, t, seq, BufferId::output, t,
                                                               AccessKind::write, shared.bits[t], source));
                        if (!read)
                            trace.output[t] = shared.bits[t];
                    } else {
                        const std::uint32_t w = hot_word(shape, t, static_cast<int>(seq / 2));
                        // a write stores one more than the value its read saw, which the trace recorded
                        const std::uint32_t value = read ? shared.bits[w] : trace.accesses.back().value + 1;
                        trace.accesses.push_back(access(k, t, seq, BufferId::data, w,
                                                        read ? AccessKind::read : AccessKind::write, value,
                                                        source));
                        if (!read)
                            shared.bits[w] = value;
                    }
                }
        TraceStep step;
        step.tag = step_tag(kernel_file_id("hillis-steele"),
                            load    ? phase_id("load")
                            : store ? phase_id("store")
                                    : phase_id("scan-write"),
                            30 + k % 8, static_cast<std::uint16_t>(k), 1u << (k % 16));
        step.tag.opening = k == 0 ? StepOpening::kernel_start : StepOpening::barrier;
        step.shared_taken = true;
        step.shared = shared;
        trace.steps.push_back(std::move(step));
    }
    trace.check = check_output(c.type, c.op, c.exclusive, trace.input, trace.output);
    return trace;
}

SyntheticTraceShape synthetic_shape_for_bytes(std::uint64_t bytes, int hot_words) {
    SyntheticTraceShape shape;
    shape.hot_words = hot_words;
    const int max_steps = static_cast<int>(kMaxTraceSteps);
    while (shape.pairs < 127 && estimated_bytes(shape.threads, max_steps, shape.pairs) < bytes)
        ++shape.pairs;
    shape.steps = 2;
    while (shape.steps < max_steps && estimated_bytes(shape.threads, shape.steps, shape.pairs) < bytes)
        ++shape.steps;
    return shape;
}

std::uint64_t write_synthetic_trace(const SyntheticTraceShape& shape, const std::string& path) {
    save_trace_file(make_synthetic_trace(shape), path);
    return std::filesystem::file_size(path);
}

} // namespace prefixlab::test
