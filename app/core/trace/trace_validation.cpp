#include "core/trace/trace_validation.hpp"

#include "core/ground/kernel_facts.hpp"
#include "core/trace/trace_assembly.hpp"

#include <algorithm>
#include <tuple>

namespace prefixlab {

namespace {

std::string number(std::uint64_t value) {
    return std::to_string(value);
}

// A source reference as the trace file writes it: "3:1", "3:reg".
std::string source_text(std::uint32_t ref) {
    const std::string step = number(source_step(ref));
    return "\"" + step + ":" + (is_register_source(ref) ? std::string("reg") : number(source_seq(ref))) +
           "\"";
}

std::string access_place(const AccessRecord& a) {
    return "accesses: step " + number(a.step) + ", thread " + number(a.thread) + ", seq " + number(a.seq) +
           ": ";
}

std::string register_place(std::size_t step, std::size_t thread) {
    return "steps[" + number(step) + "].register_sources[" + number(thread) + "]: ";
}

// A source field is empty, "many", or exactly what read_source()/register_source() make.
bool well_formed(std::uint32_t ref) {
    return !is_source(ref) || ref == read_source(source_step(ref), source_seq(ref));
}

class TraceValidator {
public:
    explicit TraceValidator(const Trace& trace) : trace_(trace), config_(trace.config) {}

    std::optional<std::string> run() {
        if (auto problem = check_config())
            return problem;
        if (auto problem = check_steps())
            return problem;
        if (auto problem = check_accesses())
            return problem;
        if (auto problem = check_register_provenance())
            return problem;
        return std::nullopt;
    }

private:
    std::optional<std::string> check_config() const {
        if (config_.n < 1 || config_.n > kMaxTraceElements)
            return "config.n: " + number(config_.n) + " is outside 1.." + number(kMaxTraceElements);
        if (config_.block_threads < 1 || config_.block_threads > kMaxTraceThreads)
            return "config.block_threads: " + number(config_.block_threads) + " is outside 1.." +
                   number(kMaxTraceThreads);
        if (config_.shared_words > kMaxTraceSharedWords)
            return "config.shared_memory.words: " + number(config_.shared_words) + " is more than " +
                   number(kMaxTraceSharedWords);
        const auto& buffers = config_.buffers;
        if (buffers.empty() || buffers.size() > static_cast<std::size_t>(SharedLayout::kMaxBuffers))
            return "config.shared_memory.buffers: expected 1.." + number(SharedLayout::kMaxBuffers) +
                   " buffers";
        for (std::size_t b = 0; b < buffers.size(); ++b) {
            const SharedBufferDesc& d = buffers[b];
            const std::string place = "config.shared_memory.buffers[" + number(b) + "]: ";
            if (!is_shared(d.id))
                return place + "'" + std::string(name_of(d.id)) + "' is not a shared-memory buffer";
            if (std::uint64_t(d.base_word) + d.words > config_.shared_words)
                return place + "words " + number(d.base_word) + ".." +
                       number(std::uint64_t(d.base_word) + d.words) + " run past the " +
                       number(config_.shared_words) + " words of shared memory";
            if (d.padding > kMaxTracePadding)
                return place + "padding " + number(d.padding) + " is more than " + number(kMaxTracePadding);
            for (std::size_t o = 0; o < b; ++o) {
                const SharedBufferDesc& other = buffers[o];
                if (other.id == d.id)
                    return place + "buffer '" + std::string(name_of(d.id)) + "' is listed twice";
                if (d.base_word < other.base_word + other.words && other.base_word < d.base_word + d.words)
                    return place + "buffer '" + std::string(name_of(d.id)) + "' overlaps buffer '" +
                           std::string(name_of(other.id)) + "'";
            }
        }
        const auto n = static_cast<std::size_t>(config_.n);
        if (trace_.input.size() != n || trace_.output.size() != n || trace_.check.wrong.size() != n)
            return "input and output: expected " + number(n) + " values each";
        return std::nullopt;
    }

    std::optional<std::string> check_steps() const {
        if (trace_.steps.empty() || trace_.steps.size() > kMaxTraceSteps)
            return "steps: expected 1.." + number(kMaxTraceSteps) + " steps, found " +
                   number(trace_.steps.size());
        const auto threads = static_cast<std::size_t>(config_.block_threads);
        const std::size_t registers = config_.records_registers ? threads : 0;
        for (std::size_t k = 0; k < trace_.steps.size(); ++k) {
            const TraceStep& s = trace_.steps[k];
            const std::string place = "steps[" + number(k) + "]";
            if (s.shared.bits.size() != config_.shared_words ||
                s.shared.defined.size() != config_.shared_words)
                return place + ".shared: expected " + number(config_.shared_words) + " values";
            if (s.registers.bits.size() != registers || s.registers.defined.size() != registers ||
                s.registers_taken.size() != registers || s.register_sources.size() != 2 * registers)
                return place + ".registers: expected " + number(registers) + " values and sources";
            const auto flag = [](std::uint8_t f) { return f > 1; };
            if (std::any_of(s.shared.defined.begin(), s.shared.defined.end(), flag) ||
                std::any_of(s.registers.defined.begin(), s.registers.defined.end(), flag) ||
                std::any_of(s.registers_taken.begin(), s.registers_taken.end(), flag))
                return place + ": a defined or taken flag is neither 0 nor 1";
        }
        return std::nullopt;
    }

    // Where the access names a word it may not: nullopt if the buffer, word and kind fit.
    std::optional<std::string> check_target(const AccessRecord& a) const {
        const bool read = a.kind == AccessKind::read;
        if (a.buffer == kShuffleSource) {
            if (!read || !config_.records_registers)
                return access_place(a) + "a shuffle must be a read, in a trace that records registers";
            if (a.word >= static_cast<std::uint32_t>(config_.block_threads))
                return access_place(a) + "shuffle source thread " + number(a.word) +
                       " is outside the block of " + number(config_.block_threads);
            return std::nullopt;
        }
        if (a.buffer >= kBufferIdCount)
            return access_place(a) + "unknown buffer " + number(a.buffer);
        const auto id = static_cast<BufferId>(a.buffer);
        const std::string name(name_of(id));
        if (is_grid_shared(id))
            return access_place(a) + "buffer '" + name + "' belongs to a grid trace, not to one block's";
        if (!is_shared(id)) {
            // A histogram by global atomics counts in its output, and reads the counts back.
            const bool output_read = id == BufferId::output && read && kind_of(config_.algorithm) == KernelKind::histogram;
            if (id == BufferId::input ? !read : read && !output_read)
                return access_place(a) + (read ? "a read of the output" : "a write of the input");
            if (a.word >= static_cast<std::uint32_t>(config_.n))
                return access_place(a) + name + " element " + number(a.word) + " is outside the " +
                       number(config_.n) + " elements";
            return std::nullopt;
        }
        const auto buffer = std::find_if(config_.buffers.begin(), config_.buffers.end(),
                                         [id](const SharedBufferDesc& d) { return d.id == id; });
        if (buffer == config_.buffers.end())
            return access_place(a) + "buffer '" + name + "' is not in config.shared_memory.buffers";
        if (a.word < buffer->base_word || a.word - buffer->base_word >= buffer->words)
            return access_place(a) + "word " + number(a.word) + " is outside buffer '" + name + "' (words " +
                   number(buffer->base_word) + ".." +
                   number(std::uint64_t(buffer->base_word) + buffer->words) + ")";
        return std::nullopt;
    }

    // A reference to a read of `thread` in step `step` (at most `latest_step`), or to a register
    // snapshot before `latest_step`: nullopt if it names what exists. `same_step_seq`: for a write,
    // its own seq (a read of its own step must come before it); for a register snapshot, none.
    std::optional<std::string> check_reference(std::uint32_t ref, std::uint32_t thread,
                                               std::uint32_t latest_step,
                                               std::optional<std::uint32_t> same_step_seq) const {
        if (!well_formed(ref))
            return "source " + number(ref) + " is not a reference";
        if (!is_source(ref))
            return std::nullopt;
        const std::uint32_t s = source_step(ref);
        if (is_register_source(ref)) {
            if (!config_.records_registers)
                return "source " + source_text(ref) + " names a register, but the trace records none";
            if (s >= latest_step || !trace_.steps[s].registers_taken[thread])
                return "source " + source_text(ref) + " names no earlier register snapshot of thread " +
                       number(thread);
            return std::nullopt;
        }
        const std::uint32_t seq = source_seq(ref);
        const bool in_order =
            s < latest_step || (s == latest_step && (!same_step_seq || seq < *same_step_seq));
        const auto index = in_order ? find_access(trace_, s, thread, seq) : std::nullopt;
        if (!index || trace_.accesses[*index].kind != AccessKind::read)
            return "source " + source_text(ref) + " is not an earlier read of thread " + number(thread);
        return std::nullopt;
    }

    std::optional<std::string> check_accesses() const {
        const auto& accesses = trace_.accesses;
        for (std::size_t i = 0; i < accesses.size(); ++i) {
            const AccessRecord& a = accesses[i];
            if (a.step >= trace_.steps.size() ||
                a.thread >= static_cast<std::uint32_t>(config_.block_threads) || a.seq > kMaxAccessSeq)
                return access_place(a) + "outside the trace's " + number(trace_.steps.size()) + " steps, " +
                       number(config_.block_threads) + " threads or seq 0.." + number(kMaxAccessSeq);
            if (a.kind != AccessKind::read && a.kind != AccessKind::write)
                return access_place(a) + "neither a read nor a write";
            if (i > 0 && !canonical_access_order(accesses[i - 1], a)) {
                const AccessRecord& p = accesses[i - 1];
                if (p.step == a.step && p.thread == a.thread && p.seq == a.seq)
                    return access_place(a) + "a second access of that thread with that seq";
                return access_place(a) + "accesses are not in order of step, warp, seq and lane";
            }
        }
        // Provenance needs the order above (references are looked up by binary search).
        for (const AccessRecord& a : accesses) {
            if (auto problem = check_target(a))
                return problem;
            if (a.kind == AccessKind::read) {
                if (a.sources[0] != kNoSource || a.sources[1] != kNoSource)
                    return access_place(a) + "a read has sources";
                continue;
            }
            for (std::uint32_t ref : a.sources)
                if (auto problem = check_reference(ref, a.thread, a.step, a.seq))
                    return access_place(a) + *problem;
        }
        return std::nullopt;
    }

    std::optional<std::string> check_register_provenance() const {
        if (!config_.records_registers)
            return std::nullopt;
        for (std::uint32_t k = 0; k < trace_.steps.size(); ++k) {
            const TraceStep& step = trace_.steps[k];
            for (std::uint32_t t = 0; t < static_cast<std::uint32_t>(config_.block_threads); ++t) {
                const std::uint32_t* sources = &step.register_sources[2 * t];
                if (!step.registers_taken[t] && (sources[0] != kNoSource || sources[1] != kNoSource))
                    return register_place(k, t) + "sources of a register that was not snapshotted";
                for (int i = 0; i < 2; ++i) {
                    // A register reference must name an earlier step; a read may be of this step.
                    const std::uint32_t latest = is_register_source(sources[i]) ? k : k + 1;
                    if (auto problem = check_reference(sources[i], t, latest, std::nullopt))
                        return register_place(k, t) + *problem;
                }
            }
        }
        return std::nullopt;
    }

    const Trace& trace_;
    const TraceConfig& config_;
};

} // namespace

std::optional<std::string> find_trace_violation(const Trace& trace) {
    return TraceValidator(trace).run();
}

std::optional<std::size_t> find_access(const Trace& trace, std::uint32_t step, std::uint32_t thread,
                                       std::uint32_t seq) {
    AccessRecord probe{};
    probe.step = static_cast<std::uint16_t>(step);
    probe.thread = static_cast<std::uint16_t>(thread);
    probe.seq = static_cast<std::uint8_t>(seq);
    if (probe.step != step || probe.thread != thread || probe.seq != seq)
        return std::nullopt;
    const auto it =
        std::lower_bound(trace.accesses.begin(), trace.accesses.end(), probe, canonical_access_order);
    if (it == trace.accesses.end() || it->step != step || it->thread != thread || it->seq != seq)
        return std::nullopt;
    return static_cast<std::size_t>(it - trace.accesses.begin());
}

} // namespace prefixlab
