#include "core/trace/trace_assembly.hpp"

#include "core/ground/kernel_facts.hpp"
#include "core/trace/trace_validation.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace prefixlab {

namespace {

void require(bool condition, const std::string& message) {
    if (!condition)
        throw std::runtime_error("inconsistent raw trace: " + message);
}

void check_raw_sizes(const RawTrace& raw) {
    const std::size_t steps = raw.step_count;
    require(steps >= 1, "no steps recorded");
    require(raw.steps.size() >= steps, "missing step tags");
    require(raw.shared.size() >= steps * raw.shared_words, "missing shared snapshots");
    require(raw.shared_taken.size() >= steps, "missing shared snapshot flags");
    if (raw.records_registers) {
        require(raw.registers.size() >= steps * raw.threads, "missing register snapshots");
        require(raw.registers_taken.size() >= steps * raw.threads, "missing register snapshot flags");
        require(raw.register_sources.size() >= 2 * steps * raw.threads, "missing register provenance");
    }
    for (const AccessRecord& a : raw.accesses)
        require(a.step < steps && a.thread < raw.threads, "access outside the recorded steps or threads");
}

} // namespace

Trace assemble_trace(const TraceConfig& config, const std::vector<std::uint32_t>& input, const RawTrace& raw) {
    check_raw_sizes(raw);
    Trace trace;
    trace.config = config;
    trace.config.block_threads = static_cast<int>(raw.threads);
    trace.config.shared_words = raw.shared_words;
    trace.config.records_registers = raw.records_registers;
    trace.input = input;
    trace.output = raw.output;
    trace.accesses = raw.accesses;
    std::sort(trace.accesses.begin(), trace.accesses.end(), canonical_access_order);

    const std::size_t words = raw.shared_words;
    const std::size_t threads = raw.threads;
    Snapshot shared{std::vector<std::uint32_t>(words, kUnwrittenPattern), std::vector<std::uint8_t>(words, 0)};
    Snapshot registers;
    if (raw.records_registers)
        registers = Snapshot{std::vector<std::uint32_t>(threads, 0), std::vector<std::uint8_t>(threads, 0)};

    auto access = trace.accesses.begin();
    for (std::uint32_t k = 0; k < raw.step_count; ++k) {
        TraceStep step;
        step.tag = raw.steps[k];
        // A word becomes defined when the step that writes it ends.
        for (; access != trace.accesses.end() && access->step == k; ++access)
            if (access->kind == AccessKind::write && access->buffer != kShuffleSource &&
                is_shared(static_cast<BufferId>(access->buffer)) && access->word < words)
                shared.defined[access->word] = 1;
        step.shared_taken = raw.shared_taken[k] != 0;
        if (step.shared_taken)
            std::copy_n(raw.shared.begin() + k * words, words, shared.bits.begin());
        step.shared = shared;
        if (raw.records_registers) {
            step.registers_taken.assign(threads, 0);
            step.register_sources.assign(2 * threads, kNoSource);
            for (std::size_t t = 0; t < threads; ++t) {
                const std::size_t slot = k * threads + t;
                if (!raw.registers_taken[slot])
                    continue;
                registers.bits[t] = raw.registers[slot];
                registers.defined[t] = 1;
                step.registers_taken[t] = 1;
                step.register_sources[2 * t] = raw.register_sources[2 * slot];
                step.register_sources[2 * t + 1] = raw.register_sources[2 * slot + 1];
            }
            step.registers = registers;
        }
        trace.steps.push_back(std::move(step));
    }
    trace.check = check_kernel_output(kind_of(config.algorithm), config.type, config.op, config.exclusive, trace.input,
                                      trace.output, config.keep);
    // What a kernel recorded must satisfy what the views rely on, like a loaded file.
    if (const auto problem = find_trace_violation(trace))
        throw std::runtime_error("inconsistent raw trace: " + *problem);
    return trace;
}

} // namespace prefixlab
