#include "trace_checks.hpp"

#include "core/trace/trace_json.hpp"

#include <set>
#include <sstream>

namespace prefixlab::test {

bool is_shared_access(const AccessRecord& a) {
    return a.buffer != kShuffleSource && is_shared(static_cast<BufferId>(a.buffer));
}

std::string check_snapshots_follow_writes(const Trace& trace) {
    const std::size_t words = trace.config.shared_words;
    std::vector<std::uint32_t> expected(words, kUnwrittenPattern);
    std::vector<std::uint8_t> defined(words, 0);
    std::size_t a = 0;
    for (std::size_t k = 0; k < trace.steps.size(); ++k) {
        for (; a < trace.accesses.size() && trace.accesses[a].step == k; ++a) {
            const AccessRecord& access = trace.accesses[a];
            if (access.kind != AccessKind::write || !is_shared_access(access))
                continue;
            expected[access.word] = access.value;
            defined[access.word] = 1;
        }
        const TraceStep& step = trace.steps[k];
        if (!step.shared_taken)
            continue;
        for (std::size_t w = 0; w < words; ++w) {
            if (step.shared.defined[w] != defined[w])
                return "step " + std::to_string(k) + ", word " + std::to_string(w) + ": defined flag is " +
                       std::to_string(step.shared.defined[w]) + " but writes say " + std::to_string(defined[w]);
            if (defined[w] && step.shared.bits[w] != expected[w])
                return "step " + std::to_string(k) + ", word " + std::to_string(w) + ": snapshot holds " +
                       std::to_string(step.shared.bits[w]) + " but the last write stored " +
                       std::to_string(expected[w]);
        }
    }
    return "";
}

std::string check_reads_see_snapshots(const Trace& trace) {
    for (std::size_t k = 1; k < trace.steps.size(); ++k) {
        std::set<std::uint32_t> written;
        for (const AccessRecord& a : trace.accesses)
            if (a.step == k && a.kind == AccessKind::write && is_shared_access(a))
                written.insert(a.word);
        const Snapshot& before = trace.steps[k - 1].shared;
        for (const AccessRecord& a : trace.accesses) {
            if (a.step != k || a.kind != AccessKind::read || !is_shared_access(a) || written.count(a.word))
                continue;
            if (!before.defined[a.word])
                return "step " + std::to_string(k) + ": thread " + std::to_string(a.thread) +
                       " reads word " + std::to_string(a.word) + ", which nothing has written";
            if (before.bits[a.word] != a.value)
                return "step " + std::to_string(k) + ": thread " + std::to_string(a.thread) + " read " +
                       std::to_string(a.value) + " from word " + std::to_string(a.word) + " but it held " +
                       std::to_string(before.bits[a.word]);
        }
    }
    return "";
}

nlohmann::json trace_as_json(const Trace& trace) {
    std::stringstream text;
    write_trace_json(trace, text);
    return nlohmann::json::parse(text);
}

std::string rejection(const nlohmann::json& document) {
    std::stringstream text(document.dump());
    try {
        read_trace_json(text);
    } catch (const TraceFormatError& e) {
        return e.what();
    }
    return "";
}

} // namespace prefixlab::test
