#include "core/analysis/atomic_contention.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

namespace prefixlab {

std::vector<AtomicWord> atomic_words(const Trace& trace, std::size_t step, bool shared) {
    struct Meeting {
        std::uint32_t lanes = 0;
        std::set<std::uint32_t> warps;
        bool result_unused = true;
    };
    std::map<std::pair<std::uint8_t, std::uint32_t>, Meeting> meetings;
    // the step's accesses only (a trace keeps them in step order): the views ask every frame
    auto a_it = std::lower_bound(trace.accesses.begin(), trace.accesses.end(), step,
                                 [](const AccessRecord& a, std::size_t s) { return a.step < s; });
    for (; a_it != trace.accesses.end() && a_it->step == step; ++a_it) {
        const AccessRecord& a = *a_it;
        // an atomic counted once, by its read
        if ((a.flags & kAccessAtomic) == 0 || a.kind != AccessKind::read || a.buffer == kShuffleSource)
            continue;
        const auto id = static_cast<BufferId>(a.buffer);
        if (is_shared(id) != shared)
            continue;
        std::uint32_t word = a.word;
        if (shared)
            for (const SharedBufferDesc& d : trace.config.buffers)
                if (d.id == id)
                    word -= d.base_word;
        Meeting& m = meetings[{a.buffer, word}];
        ++m.lanes;
        m.warps.insert(a.thread / 32u);
        m.result_unused = m.result_unused && (a.flags & kAccessResultUnused) != 0;
    }
    std::vector<AtomicWord> words;
    for (const auto& [at, m] : meetings)
        words.push_back({static_cast<BufferId>(at.first), at.second, m.lanes, static_cast<std::uint32_t>(m.warps.size()),
                         m.result_unused});
    return words;
}

std::string atomic_word_name(const std::string& buffer, std::uint32_t word) {
    return buffer + "[" + std::to_string(word) + "]";
}

} // namespace prefixlab
