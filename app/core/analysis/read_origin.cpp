#include "core/analysis/read_origin.hpp"

#include <algorithm>
#include <iterator>
#include <tuple>

namespace prefixlab {

namespace {

constexpr std::size_t kNone = static_cast<std::size_t>(-1);

// `sorted` holds runs of equal keys (same_run), canonical order within each run. For each run's first
// entry, marks where the run's first entry by another thread than that first one is, so that "the
// first write of this run not by thread t" is O(1) once the run is found.
template <class Write, class SameRun>
void mark_first_other_thread(const std::vector<Write>& sorted, SameRun same_run,
                             std::vector<std::size_t>& other) {
    other.assign(sorted.size(), kNone);
    for (std::size_t run = 0; run < sorted.size();) {
        std::size_t end = run + 1;
        for (; end < sorted.size() && same_run(sorted[run], sorted[end]); ++end)
            if (other[run] == kNone && sorted[end].thread != sorted[run].thread)
                other[run] = end;
        run = end;
    }
}

// The first write in canonical order of the run starting at `run` that `thread` did not make.
template <class Write>
const Write* first_not_by(const std::vector<Write>& sorted, const std::vector<std::size_t>& other,
                          std::size_t run, std::uint32_t thread) {
    if (sorted[run].thread != thread)
        return &sorted[run];
    return other[run] == kNone ? nullptr : &sorted[other[run]];
}

} // namespace

bool is_shared_word_access(const AccessRecord& access) {
    return access.buffer != kShuffleSource && access.buffer < kBufferIdCount &&
           is_shared(static_cast<BufferId>(access.buffer));
}

std::pair<std::size_t, std::size_t> accesses_of_step(const Trace& trace, std::uint32_t step) {
    const auto by_step = [](const AccessRecord& a, std::uint32_t s) { return a.step < s; };
    const auto first = std::lower_bound(trace.accesses.begin(), trace.accesses.end(), step, by_step);
    const auto end = std::lower_bound(first, trace.accesses.end(), step + 1, by_step);
    return {static_cast<std::size_t>(first - trace.accesses.begin()),
            static_cast<std::size_t>(end - trace.accesses.begin())};
}

void StepWriteIndex::index(const Trace& trace, std::size_t first, std::size_t end) {
    trace_ = &trace;
    step_ = first < end ? trace.accesses[first].step : 0;
    by_word_.clear();
    for (std::size_t i = first; i < end; ++i) {
        const AccessRecord& a = trace.accesses[i];
        if (a.kind == AccessKind::write && is_shared_word_access(a))
            by_word_.push_back({a.word, a.thread, a.seq, a.value, i}); // canonical order
    }
    by_thread_ = by_word_;
    by_value_ = by_word_;
    std::sort(by_thread_.begin(), by_thread_.end(), [](const Write& a, const Write& b) {
        return std::tie(a.word, a.thread, a.seq) < std::tie(b.word, b.thread, b.seq);
    });
    // Stable sorts keep canonical order within a word and within a (word, value).
    std::stable_sort(by_word_.begin(), by_word_.end(),
                     [](const Write& a, const Write& b) { return a.word < b.word; });
    std::stable_sort(by_value_.begin(), by_value_.end(), [](const Write& a, const Write& b) {
        return std::tie(a.word, a.value) < std::tie(b.word, b.value);
    });
    mark_first_other_thread(
        by_word_, [](const Write& a, const Write& b) { return a.word == b.word; }, word_other_);
    mark_first_other_thread(
        by_value_, [](const Write& a, const Write& b) { return a.word == b.word && a.value == b.value; },
        value_other_);
}

// The last shared snapshot before the step: what the word held when the step began. A step that ended
// at a shuffle carries the snapshot before it forward (trace.hpp), as the Values table shows it.
std::optional<std::uint32_t> StepWriteIndex::value_before_step(std::uint32_t word) const {
    if (step_ == 0)
        return std::nullopt;
    const Snapshot& shared = trace_->steps[step_ - 1].shared;
    if (word >= shared.bits.size() || word >= shared.defined.size() || shared.defined[word] == 0)
        return std::nullopt;
    return shared.bits[word];
}

ReadOrigin StepWriteIndex::origin_of(const AccessRecord& read) const {
    ReadOrigin origin;
    if (trace_ == nullptr || read.kind != AccessKind::read || !is_shared_word_access(read) ||
        read.step != step_)
        return origin;
    const std::uint32_t word = read.word, thread = read.thread, seq = read.seq;
    // The reader's own last write of the word before the read: program order makes it what it reads.
    const auto own = std::lower_bound(
        by_thread_.begin(), by_thread_.end(), std::tie(word, thread, seq),
        [](const Write& w, const auto& key) { return std::tie(w.word, w.thread, w.seq) < key; });
    if (own != by_thread_.begin() && std::prev(own)->word == word && std::prev(own)->thread == thread) {
        origin.source = ReadSource::own_write;
        origin.write = std::prev(own)->access;
        return origin;
    }
    // Another thread's write of the word in this step, with no barrier between it and the read.
    const auto run = std::lower_bound(by_word_.begin(), by_word_.end(), word,
                                      [](const Write& w, std::uint32_t key) { return w.word < key; });
    if (run == by_word_.end() || run->word != word)
        return origin;
    const Write* other = first_not_by(by_word_, word_other_, std::size_t(run - by_word_.begin()), thread);
    if (other == nullptr)
        return origin; // only the reader wrote it, after the read
    origin.racy = true;
    origin.other_writer = other->thread;
    const std::optional<std::uint32_t> before = value_before_step(word);
    if (before && *before == read.value)
        return origin; // the old value: this run the read came first
    const auto same_value =
        std::lower_bound(by_value_.begin(), by_value_.end(), std::tie(word, read.value),
                         [](const Write& w, const auto& key) { return std::tie(w.word, w.value) < key; });
    if (same_value == by_value_.end() || same_value->word != word || same_value->value != read.value)
        return origin;
    if (const Write* w =
            first_not_by(by_value_, value_other_, std::size_t(same_value - by_value_.begin()), thread)) {
        origin.source = ReadSource::other_write;
        origin.write = w->access;
        origin.other_writer = w->thread;
    }
    return origin;
}

} // namespace prefixlab
