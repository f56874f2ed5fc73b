#include "core/analysis/step_narration.hpp"

#include "core/analysis/dataflow.hpp"
#include "core/ground/kernel_info.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/keep_names.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/ground/step_label.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <tuple>

namespace prefixlab {

namespace {

// One access of a thread, as the narration names it: a buffer and a logical index (padding removed,
// so padded Blelloch reads like the textbook), or for a shuffle the thread it read from.
struct Place {
    std::uint8_t buffer = 0;
    std::int64_t index = 0;
};

std::int64_t logical_index(const TraceConfig& config, const AccessRecord& a) {
    if (a.buffer == kShuffleSource || !is_shared(static_cast<BufferId>(a.buffer)))
        return a.word; // the source lane; for input and output, the element index
    return element_of_word(config, a.word);
}

std::string signed_term(std::int64_t b) {
    if (b == 0)
        return "";
    return (b > 0 ? "+" : "−") + std::to_string(b > 0 ? b : -b);
}

std::string affine_text(std::int64_t a, std::int64_t b, const char* variable) {
    if (a == 0)
        return std::to_string(b);
    const std::string slope = a == 1 ? variable : a == -1 ? std::string("−") + variable : std::to_string(a) + variable;
    return slope + signed_term(b);
}

// index = a·x + b for every (x, index), x being the thread (or its warp, `per_warp`): (a, b), or
// nothing where one line does not fit them all.
std::optional<std::pair<std::int64_t, std::int64_t>> affine_fit(const std::map<int, Place>& by_thread, bool per_warp) {
    const auto x_of = [&](int thread) -> std::int64_t { return per_warp ? warp_of(thread) : thread; };
    const auto first = by_thread.begin();
    const auto other = std::find_if(by_thread.begin(), by_thread.end(),
                                    [&](const auto& e) { return x_of(e.first) != x_of(first->first); });
    if (other == by_thread.end())
        return std::nullopt;
    const std::int64_t dx = x_of(other->first) - x_of(first->first);
    const std::int64_t di = other->second.index - first->second.index;
    if (di % dx != 0)
        return std::nullopt;
    const std::int64_t a = di / dx, b = first->second.index - a * x_of(first->first);
    for (const auto& [thread, place] : by_thread)
        if (place.index != a * x_of(thread) + b)
            return std::nullopt;
    return std::pair{a, b};
}

std::string place_text(BlockAlgorithm kernel, std::uint8_t buffer, const std::string& index) {
    if (buffer == kShuffleSource)
        return "the value of thread " + index;
    std::string text(buffer_name(kernel, static_cast<BufferId>(buffer)));
    text += "[";
    text += index;
    text += "]";
    return text;
}

// The k-th access of every thread that made one, as one phrase; `active` threads worked in the step.
std::string describe(BlockAlgorithm kernel, const std::map<int, Place>& by_thread, int active) {
    if (by_thread.empty())
        return "nothing";
    const auto first = by_thread.begin();
    const bool one_buffer = std::all_of(by_thread.begin(), by_thread.end(),
                                        [&](const auto& e) { return e.second.buffer == first->second.buffer; });
    if (by_thread.size() == 1) {
        const std::string place = place_text(kernel, first->second.buffer, std::to_string(first->second.index));
        return active > 1 ? place + " (thread " + std::to_string(first->first) + " only)" : place;
    }
    if (one_buffer) {
        if (const auto fit = affine_fit(by_thread, false))
            return place_text(kernel, first->second.buffer, affine_text(fit->first, fit->second, "t"));
        if (const auto fit = affine_fit(by_thread, true)) // e.g. warp_totals[w−1]: one word per warp
            return place_text(kernel, first->second.buffer, affine_text(fit->first, fit->second, "w")) +
                   " for each thread t of warp w";
    }
    // Not one expression: the first two as examples.
    std::string text;
    int shown = 0;
    for (const auto& [thread, place] : by_thread) {
        if (shown++ == 2) {
            text += ", …";
            break;
        }
        if (shown > 1)
            text += ", ";
        text += place_text(kernel, place.buffer, std::to_string(place.index)) + " (thread " + std::to_string(thread) + ")";
    }
    return text;
}

std::string count_of(int count, const char* one, const char* many) {
    return std::to_string(count) + " " + (count == 1 ? one : many);
}

std::string join(const std::vector<std::string>& parts) {
    std::string text;
    for (std::size_t i = 0; i < parts.size(); ++i)
        text += (i == 0 ? "" : " and ") + parts[i];
    return parts.empty() ? "nothing" : text;
}

// Sorted thread indices as ranges, "0–3, 8–11"; "" where more than three ranges would be needed.
std::string ranges_text(const std::vector<int>& threads) {
    std::vector<std::pair<int, int>> ranges;
    for (int t : threads) {
        if (!ranges.empty() && ranges.back().second + 1 == t)
            ranges.back().second = t;
        else
            ranges.push_back({t, t});
    }
    if (ranges.size() > 3)
        return "";
    std::string text;
    for (const auto& [lo, hi] : ranges) {
        if (!text.empty())
            text += ", ";
        text += lo == hi ? std::to_string(lo) : std::to_string(lo) + "–" + std::to_string(hi);
    }
    return text;
}

std::string who_text(const std::vector<bool>& active, int count) {
    const int block = static_cast<int>(active.size());
    if (count == 0)
        return "No thread touched an instrumented buffer.";
    if (count == block)
        return "All " + std::to_string(block) + (block == 1 ? " thread" : " threads") + " active.";
    std::vector<int> on, off;
    for (int t = 0; t < block; ++t)
        (active[t] ? on : off).push_back(t);
    const std::string of = std::to_string(count) + " of " + std::to_string(block);
    const std::string on_ranges = ranges_text(on), off_ranges = ranges_text(off);
    if (on_ranges.empty())
        return of + " threads active.";
    std::string text = (on.size() == 1 ? "Thread " : "Threads ") + on_ranges + " active (" + of + ")";
    if (!off_ranges.empty())
        text += std::string(off.size() == 1 ? "; thread " : "; threads ") + off_ranges + " idle";
    return text + ".";
}

struct StepPlaces {
    BlockAlgorithm kernel{}; // whose buffers' names the places take
    std::vector<std::map<int, Place>> reads, writes; // [k][thread]: each thread's k-th read (write)
    std::map<int, Place> shuffles;                   // each thread's shuffle from another lane
    std::vector<bool> active;
    int active_count = 0;
    int first = -1, last = -1;
};

// A combine operation, once however often its value is written or snapshotted: the thread and the
// two sources its value was made from (sources name one thread's own reads and register).
using Combine = std::tuple<int, std::uint32_t, std::uint32_t>;

void note_combine(std::set<Combine>& combines, int thread, const std::uint32_t (&sources)[2]) {
    if (is_combine(sources))
        combines.insert({thread, std::min(sources[0], sources[1]), std::max(sources[0], sources[1])});
}

void add_access(StepPlaces& s, const TraceConfig& config, const AccessRecord& a, std::map<int, int>& reads_of,
                std::map<int, int>& writes_of, std::set<Combine>& combines) {
    const int t = a.thread;
    if (t < static_cast<int>(s.active.size()) && !s.active[t]) {
        s.active[t] = true;
        ++s.active_count;
    }
    s.first = s.first < 0 ? t : std::min(s.first, t);
    s.last = std::max(s.last, t);
    const bool read = a.kind == AccessKind::read;
    if (read && a.buffer == kShuffleSource) {
        // A lane whose partner would lie before its warp's first lane gets its own value back: no
        // exchange to describe.
        if (a.word != a.thread)
            s.shuffles[t] = Place{a.buffer, logical_index(config, a)};
        return;
    }
    auto& lists = read ? s.reads : s.writes;
    const int k = (read ? reads_of : writes_of)[t]++;
    if (static_cast<int>(lists.size()) <= k)
        lists.resize(k + 1);
    lists[k][t] = Place{a.buffer, logical_index(config, a)};
    if (!read)
        note_combine(combines, t, a.sources);
}

std::optional<std::string> step_value(const StepTag& tag, const StepPlaces& s, std::string_view key) {
    const auto nth = [&](const std::vector<std::map<int, Place>>& lists, std::size_t k) -> std::string {
        return k < lists.size() ? describe(s.kernel, lists[k], s.active_count) : "nothing";
    };
    const auto all = [&](const std::vector<std::map<int, Place>>& lists) {
        std::vector<std::string> parts;
        for (const auto& list : lists)
            parts.push_back(describe(s.kernel, list, s.active_count));
        return join(parts);
    };
    if (key == "shuffle") {
        if (s.shuffles.empty())
            return "no lane has a partner " + std::to_string(tag.offset) +
                   " lanes away in its warp, so every lane keeps its value";
        // Up (a scan) reads to the left, down (a reduction's tree) to the right; a butterfly both ways.
        int lowest = 31, highest = 0;
        bool left = false, right = false;
        for (const auto& [thread, place] : s.shuffles) {
            lowest = std::min(lowest, static_cast<int>(lane_of(thread)));
            highest = std::max(highest, static_cast<int>(lane_of(thread)));
            (place.index < thread ? left : right) = true;
        }
        const std::string lanes = left && !right   ? "each lane ℓ ≥ " + std::to_string(lowest)
                                  : right && !left ? "each lane ℓ ≤ " + std::to_string(highest)
                                                   : "each lane";
        // what a lane does with it is the kernel's to say (adds it, keeps it, or only some lanes add)
        return lanes + " takes " + describe(s.kernel, s.shuffles, s.active_count);
    }
    if (key == "active_threads")
        return count_of(s.active_count, "thread", "threads");
    if (key == "reads")
        return all(s.reads);
    if (key == "writes")
        return all(s.writes);
    if (key == "read1" || key == "read2")
        return nth(s.reads, key.back() - '1');
    if (key == "write1" || key == "write2")
        return nth(s.writes, key.back() - '1');
    if (key == "first")
        return std::to_string(std::max(s.first, 0));
    if (key == "last")
        return std::to_string(std::max(s.last, 0));
    if (key == "active")
        return std::to_string(s.active_count);
    return tag_placeholder(tag, key);
}

// The combines a step's register snapshots show (a register snapshotted again unchanged at a later
// sync point, or written to memory, is the same combine: the set keeps it once).
void note_register_combines(const TraceStep& step, std::set<Combine>& combines) {
    for (std::size_t t = 0; t < step.registers_taken.size() && 2 * t + 1 < step.register_sources.size(); ++t)
        if (step.registers_taken[t]) {
            const std::uint32_t sources[2] = {step.register_sources[2 * t], step.register_sources[2 * t + 1]};
            note_combine(combines, static_cast<int>(t), sources);
        }
}

} // namespace

std::vector<std::uint64_t> in_register_combines(const Trace& trace) {
    std::set<std::pair<int, std::uint32_t>> named; // (thread, read reference) some value came from
    const auto name = [&](int thread, std::uint32_t a, std::uint32_t b) {
        for (std::uint32_t ref : {a, b})
            if (is_source(ref))
                named.insert({thread, ref});
    };
    for (const AccessRecord& a : trace.accesses)
        if (a.kind == AccessKind::write)
            name(a.thread, a.sources[0], a.sources[1]);
    for (const TraceStep& step : trace.steps)
        for (std::size_t t = 0; t < step.registers_taken.size() && 2 * t + 1 < step.register_sources.size(); ++t)
            if (step.registers_taken[t])
                name(static_cast<int>(t), step.register_sources[2 * t], step.register_sources[2 * t + 1]);
    std::vector<std::uint64_t> per_step(trace.steps.size(), 0);
    std::map<std::pair<std::size_t, int>, std::uint64_t> unnamed; // (step, thread) → reads of the input
    for (const AccessRecord& a : trace.accesses)
        if (a.kind == AccessKind::read && a.buffer == static_cast<std::uint8_t>(BufferId::input) &&
            a.step < per_step.size() && !named.contains({a.thread, read_source(a.step, a.seq)}))
            ++unnamed[{a.step, a.thread}];
    for (const auto& [where, reads] : unnamed)
        per_step[where.first] += reads - 1;
    return per_step;
}

bool is_combine(const std::uint32_t (&sources)[2]) {
    return sources[0] == kTooManySources || sources[1] == kTooManySources ||
           (is_source(sources[0]) && is_source(sources[1]));
}

std::vector<StepNarration> narrate_steps(const Trace& trace) {
    const TraceConfig& config = trace.config;
    std::vector<StepNarration> out(trace.steps.size());
    std::set<Combine> combines;
    const std::vector<std::uint64_t> in_registers = in_register_combines(trace);
    std::uint64_t register_work = 0;
    std::size_t next = 0; // accesses are in canonical order: by step first
    StepCounters running;
    running.block_threads = config.block_threads;
    running.serial_work = std::max(config.n - 1, 0);
    for (std::size_t i = 0; i < trace.steps.size(); ++i) {
        const TraceStep& step = trace.steps[i];
        StepPlaces s;
        s.kernel = config.algorithm;
        s.active.assign(std::max(config.block_threads, 0), false);
        std::map<int, int> reads_of, writes_of;
        for (; next < trace.accesses.size() && trace.accesses[next].step == i; ++next)
            add_access(s, config, trace.accesses[next], reads_of, writes_of, combines);
        note_register_combines(step, combines);
        register_work += in_registers[i];
        running.active_threads = s.active_count;
        running.work = combines.size() + register_work;
        running.steps = static_cast<int>(i) + 1;
        running.barriers += step.tag.opening == StepOpening::barrier ? 1 : 0;
        const PhaseSpec* spec = find_phase_spec(step.tag.phase);
        StepNarration& n = out[i];
        n.what = spec != nullptr && spec->narration != nullptr
                     ? fill_placeholders(spec->narration,
                                         [&](std::string_view key) -> std::optional<std::string> {
                                             if (key == "keep") // a compaction's predicate: "x ≠ 0"
                                                 return condition_of(config.keep);
                                             return step_value(step.tag, s, key);
                                         })
                     : step_label(step.tag) + ".";
        n.who = who_text(s.active, s.active_count);
        n.counters = running;
    }
    return out;
}

} // namespace prefixlab
