#include "core/analysis/race_notes.hpp"

#include "core/analysis/dataflow.hpp"
#include "core/ground/scan_names.hpp"

#include <map>
#include <optional>
#include <set>

namespace prefixlab {

namespace {

constexpr std::uint32_t kNobody = ~0u;

// The first two distinct threads of a list, in order: enough to name "another thread than r".
struct TwoThreads {
    std::uint32_t first = kNobody, second = kNobody;
    void add(std::uint32_t thread) {
        if (first == kNobody)
            first = thread;
        else if (second == kNobody && thread != first)
            second = thread;
    }
    std::uint32_t other_than(std::uint32_t thread) const { return first != thread ? first : second; }
};

// One word's writes in a step, summed up so that each read is answered in O(log writes): a trace
// whose threads all write one word several times a step would otherwise cost reads × writes (the
// load-time test's synthetic trace does exactly that).
struct WordWrites {
    std::set<std::uint32_t> threads;
    TwoThreads writers;
    std::map<std::uint32_t, TwoThreads> writers_of_value;
};

std::optional<SharedBufferDesc> buffer_of(const TraceConfig& config, std::uint32_t word) {
    for (const SharedBufferDesc& b : config.buffers)
        if (is_shared(b.id) && word >= b.base_word && word < b.base_word + b.words)
            return b;
    return std::nullopt;
}

} // namespace

std::vector<RaceNote> race_notes(const Trace& trace) {
    std::vector<RaceNote> notes;
    std::size_t first = 0;
    while (first < trace.accesses.size()) {
        const std::uint32_t step = trace.accesses[first].step;
        std::size_t end = first;
        std::map<std::uint32_t, WordWrites> writes; // word → this step's writes
        for (; end < trace.accesses.size() && trace.accesses[end].step == step; ++end) {
            const AccessRecord& a = trace.accesses[end];
            if (a.kind == AccessKind::write && a.buffer != kShuffleSource &&
                is_shared(static_cast<BufferId>(a.buffer))) {
                WordWrites& w = writes[a.word];
                w.threads.insert(a.thread);
                w.writers.add(a.thread);
                w.writers_of_value[a.value].add(a.thread);
            }
        }
        for (std::size_t i = first; i < end; ++i) {
            const AccessRecord& r = trace.accesses[i];
            if (r.kind != AccessKind::read || r.buffer == kShuffleSource || !is_shared(static_cast<BufferId>(r.buffer)))
                continue;
            const auto it = writes.find(r.word);
            if (it == writes.end())
                continue;
            const WordWrites& w = it->second;
            const std::uint32_t other = w.writers.other_than(r.thread);
            if (w.threads.count(r.thread) != 0 || other == kNobody)
                continue; // its own word, or nobody else's: no race
            const auto same_value = w.writers_of_value.find(r.value);
            const std::uint32_t other_with_value =
                same_value == w.writers_of_value.end() ? kNobody : same_value->second.other_than(r.thread);
            const std::optional<SharedBufferDesc> buffer = buffer_of(trace.config, r.word);
            if (!buffer)
                continue;
            // The value from before the step: the last snapshot that holds the word.
            const bool defined_before = step > 0 && r.word < trace.steps[step - 1].shared.bits.size() &&
                                        trace.steps[step - 1].shared.defined[r.word] != 0;
            const std::uint32_t before = defined_before ? trace.steps[step - 1].shared.bits[r.word] : 0;
            RaceNote note;
            note.step = step;
            note.reader = r.thread;
            note.saw_new_value = other_with_value != kNobody && (!defined_before || before != r.value);
            note.writer = note.saw_new_value ? other_with_value : other;
            note.element = element_of_word(trace.config, r.word);
            const std::string word = std::string(name_of(buffer->id)) + "[" + std::to_string(note.element) + "]";
            note.text = "thread " + std::to_string(note.reader) + " read " + word +
                        (note.saw_new_value ? " after" : " before") + " thread " + std::to_string(note.writer) +
                        " overwrote it in this step";
            notes.push_back(std::move(note));
        }
        first = end;
    }
    return notes;
}

} // namespace prefixlab
