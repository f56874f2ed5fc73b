#include "core/trace/trace.hpp"

#include "core/ground/step_label.hpp"

#include <string>

namespace prefixlab {

bool operator==(const AccessRecord& a, const AccessRecord& b) {
    return a.step == b.step && a.thread == b.thread && a.seq == b.seq && a.buffer == b.buffer &&
           a.kind == b.kind && a.word == b.word && a.value == b.value && a.sources[0] == b.sources[0] &&
           a.sources[1] == b.sources[1];
}

namespace {

std::string describe_access(const AccessRecord& a) {
    return "{step " + std::to_string(a.step) + ", thread " + std::to_string(a.thread) + ", seq " +
           std::to_string(a.seq) + ", buffer " + std::to_string(a.buffer) + ", " +
           (a.kind == AccessKind::read ? "read" : "write") + " word " + std::to_string(a.word) + ", value bits " +
           std::to_string(a.value) + ", sources " + std::to_string(a.sources[0]) + "/" + std::to_string(a.sources[1]) +
           "}";
}

std::string compare_configs(const TraceConfig& a, const TraceConfig& b) {
    if (a.algorithm != b.algorithm || a.n != b.n || a.block_threads != b.block_threads || a.type != b.type ||
        a.op != b.op || a.exclusive != b.exclusive || a.keep != b.keep || a.shared_words != b.shared_words ||
        a.records_registers != b.records_registers)
        return "configurations differ";
    return "";
}

std::string compare_snapshots(const char* what, std::size_t step, const Snapshot& a, const Snapshot& b) {
    if (a.bits.size() != b.bits.size())
        return std::string(what) + " snapshot sizes differ at step " + std::to_string(step);
    for (std::size_t i = 0; i < a.bits.size(); ++i)
        if (a.defined[i] != b.defined[i] || (a.defined[i] && a.bits[i] != b.bits[i]))
            return std::string(what) + " snapshot of step " + std::to_string(step) + " differs at index " +
                   std::to_string(i) + ": " + std::to_string(a.bits[i]) + " vs " + std::to_string(b.bits[i]);
    return "";
}

} // namespace

std::string first_difference(const Trace& a, const Trace& b) {
    if (auto config = compare_configs(a.config, b.config); !config.empty())
        return config;
    if (a.input != b.input)
        return "inputs differ";
    if (a.steps.size() != b.steps.size())
        return "step counts differ: " + std::to_string(a.steps.size()) + " vs " + std::to_string(b.steps.size());
    for (std::size_t k = 0; k < a.steps.size(); ++k) {
        const TraceStep& sa = a.steps[k];
        const TraceStep& sb = b.steps[k];
        if (!(sa.tag == sb.tag))
            return "step " + std::to_string(k) + " differs: '" + step_label(sa.tag) + "' (line " +
                   std::to_string(sa.tag.line) + ") vs '" + step_label(sb.tag) + "' (line " +
                   std::to_string(sb.tag.line) + ")";
        if (sa.shared_taken != sb.shared_taken)
            return "step " + std::to_string(k) + ": one has a shared snapshot, the other not";
        if (auto d = compare_snapshots("shared", k, sa.shared, sb.shared); !d.empty())
            return d;
        if (auto d = compare_snapshots("register", k, sa.registers, sb.registers); !d.empty())
            return d;
        if (sa.registers_taken != sb.registers_taken || sa.register_sources != sb.register_sources)
            return "register snapshot points or provenance differ at step " + std::to_string(k);
    }
    if (a.accesses.size() != b.accesses.size())
        return "access counts differ: " + std::to_string(a.accesses.size()) + " vs " +
               std::to_string(b.accesses.size());
    for (std::size_t i = 0; i < a.accesses.size(); ++i)
        if (!(a.accesses[i] == b.accesses[i]))
            return "access " + std::to_string(i) + " differs: " + describe_access(a.accesses[i]) + " vs " +
                   describe_access(b.accesses[i]);
    if (a.output != b.output)
        return "outputs differ";
    return "";
}

bool same_execution(const Trace& a, const Trace& b) { return first_difference(a, b).empty(); }

} // namespace prefixlab
