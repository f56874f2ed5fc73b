#include "core/analysis/loaded_trace.hpp"

#include <atomic>

#include <utility>

namespace prefixlab {

std::uint64_t next_loaded_trace_serial() {
    static std::atomic<std::uint64_t> next{1};
    return next.fetch_add(1, std::memory_order_relaxed);
}

std::unique_ptr<LoadedTrace> prepare_for_display(Trace trace, std::string origin) {
    auto loaded = std::make_unique<LoadedTrace>();
    loaded->index = index_trace(trace);
    loaded->dataflow = build_dataflow(trace);
    loaded->banks = analyse_bank_conflicts(trace);
    loaded->narration = narrate_steps(trace);
    loaded->races = race_notes(trace);
    loaded->trace = std::move(trace);
    loaded->origin = std::move(origin);
    return loaded;
}

} // namespace prefixlab
