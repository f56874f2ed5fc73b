#include "core/trace/trace_index.hpp"

namespace prefixlab {

TraceIndex index_trace(const Trace& trace) {
    const std::size_t words = trace.config.shared_words;
    const std::size_t threads = static_cast<std::size_t>(trace.config.block_threads);
    TraceIndex index;
    index.steps.resize(trace.steps.size());
    for (StepAccesses& step : index.steps) {
        step.written.assign(words, 0);
        step.read.assign(words, 0);
        step.writer.assign(words, kNoThread);
        step.active_threads.assign(threads, 0);
    }
    std::size_t i = 0;
    for (std::size_t k = 0; k < trace.steps.size(); ++k) {
        StepAccesses& step = index.steps[k];
        step.first_access = i;
        for (; i < trace.accesses.size() && trace.accesses[i].step == k; ++i) {
            const AccessRecord& a = trace.accesses[i];
            step.active_threads[a.thread] = 1;
            // Shared words only: a read of input[i] is not a read of shared word i (the Values table
            // once outlined shared words as read when only the global input was).
            if (a.buffer == kShuffleSource || a.buffer >= kBufferIdCount || !is_shared(static_cast<BufferId>(a.buffer)) ||
                a.word >= words)
                continue;
            if (a.kind == AccessKind::write) {
                step.written[a.word] = 1;
                step.writer[a.word] = a.thread;
            } else {
                step.read[a.word] = 1;
            }
        }
        step.end_access = i;
    }
    return index;
}

} // namespace prefixlab
