#include "core/analysis/race_notes.hpp"

#include "core/analysis/dataflow.hpp"
#include "core/analysis/read_origin.hpp"
#include "core/ground/kernel_info.hpp"
#include "core/ground/kernel_names.hpp"

#include <optional>

namespace prefixlab {

namespace {

std::optional<SharedBufferDesc> buffer_of(const TraceConfig& config, std::uint32_t word) {
    for (const SharedBufferDesc& b : config.buffers)
        if (is_shared(b.id) && word >= b.base_word && word < b.base_word + b.words)
            return b;
    return std::nullopt;
}

} // namespace

std::vector<RaceNote> race_notes(const Trace& trace) {
    std::vector<RaceNote> notes;
    StepWriteIndex writes; // read_origin.hpp decides which reads raced and what they got
    std::size_t first = 0;
    while (first < trace.accesses.size()) {
        const std::uint32_t step = trace.accesses[first].step;
        std::size_t end = first;
        while (end < trace.accesses.size() && trace.accesses[end].step == step)
            ++end;
        writes.index(trace, first, end);
        for (std::size_t i = first; i < end; ++i) {
            const AccessRecord& r = trace.accesses[i];
            // an atomic's read takes its turn at the word: it does not race with other atomics
            if (r.kind != AccessKind::read || !is_shared_word_access(r) || (r.flags & kAccessAtomic) != 0)
                continue;
            const ReadOrigin origin = writes.origin_of(r);
            const std::optional<SharedBufferDesc> buffer = buffer_of(trace.config, r.word);
            if (!origin.racy || !buffer)
                continue;
            RaceNote note;
            note.step = step;
            note.reader = r.thread;
            note.saw_new_value = origin.source == ReadSource::other_write;
            note.writer = origin.other_writer;
            note.element = element_of_word(trace.config, r.word);
            const std::string word =
                std::string(buffer_name(trace.config.algorithm, buffer->id)) + "[" + std::to_string(note.element) + "]";
            note.text = "thread " + std::to_string(note.reader) + " read " + word +
                        (note.saw_new_value ? " after" : " before") + " thread " +
                        std::to_string(note.writer) + " overwrote it in this step";
            notes.push_back(std::move(note));
        }
        first = end;
    }
    return notes;
}

} // namespace prefixlab
