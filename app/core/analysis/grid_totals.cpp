#include "core/analysis/grid_totals.hpp"

#include "core/ground/reference_scan.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>
#include <unordered_set>

namespace prefixlab {

namespace {

struct Home {
    TileSpan span;
    std::uint32_t depth = 0;
};

// The tiles a block's reads of the totals stood under, so far in its launch: what a word it then
// writes for the first time (a spine level's own total) stands under.
struct ReadExtent {
    std::uint32_t first = UINT32_MAX, end = 0, depth = 0;
    void add(const Home& home) {
        first = std::min(first, home.span.first);
        end = std::max(end, home.span.first + home.span.count);
        depth = std::max(depth, home.depth);
    }
    std::optional<Home> home() const {
        if (first >= end)
            return std::nullopt;
        return Home{{first, end - first}, depth + 1};
    }
};

// What one block's last arrow was, to merge its threads' reads of one word into it.
struct LastArrow {
    std::uint32_t step = 0, index = 0;
    bool atomic = false;
    std::optional<std::uint64_t> writer;
    std::size_t position = 0; // in the step's unthinned arrows
};

using ReaderKey = std::tuple<std::uint32_t, std::uint32_t, bool>; // the reader's span, atomic

class TotalsBuilder {
public:
    TotalsBuilder(const GridTrace& trace, const GridSteps& steps, std::uint32_t tiles) : trace_(trace), steps_(steps) {
        totals_.groups = trace.launches.empty() ? 0 : std::max<std::uint32_t>(1, trace.launches.back().blocks);
        tiles_ = std::max<std::uint32_t>(tiles, totals_.groups);
        totals_.tiles_per_group = (tiles_ + totals_.groups - 1) / std::max<std::uint32_t>(1, totals_.groups);
        totals_.counts.resize(steps.steps.size());
        boxes_.resize(steps.steps.size());
        raw_.resize(steps.steps.size());
        thinned_.resize(steps.steps.size());
        limit_ = std::max<std::uint64_t>(kMostTotalsArrowsPerStep, 2 * std::uint64_t(totals_.groups));
    }

    GridTotals build() {
        assign_deeper_homes();
        for (std::size_t i = 0; i < trace_.accesses.size(); ++i)
            if (trace_.accesses[i].buffer == BufferId::tile_totals && i < steps_.of_access.size())
                add(i);
        for (std::size_t s = 0; s < boxes_.size(); ++s)
            for (auto& [index, underway] : boxes_[s]) {
                GridTotalsBox& box = underway.box;
                if (box.kind == TotalsWordKind::partial) // the last atomic's word before, combined with what it added
                    box.bits = after_atomic(trace_.accesses[underway.last]);
                totals_.boxes.push_back(box);
                totals_.depth = std::max(totals_.depth, box.depth);
            }
        for (std::size_t s = 0; s < raw_.size(); ++s) {
            std::vector<GridTotalsArrow> step_arrows = raw_[s];
            for (const auto& [key, arrow] : thinned_[s])
                step_arrows.push_back(arrow);
            std::sort(step_arrows.begin(), step_arrows.end(),
                      [](const GridTotalsArrow& x, const GridTotalsArrow& y) { return x.first_order < y.first_order; });
            totals_.arrows.insert(totals_.arrows.end(), step_arrows.begin(), step_arrows.end());
        }
        return std::move(totals_);
    }

private:
    TileSpan group_span(std::uint32_t group) const {
        const std::uint32_t first = std::min(tiles_, group * totals_.tiles_per_group);
        return {first, std::min(tiles_, first + totals_.tiles_per_group) - first};
    }

    std::optional<Home> home_of(std::uint32_t index) const {
        if (index < totals_.groups)
            return Home{group_span(index), 0};
        const auto found = homes_.find(index);
        return found == homes_.end() ? std::nullopt : std::optional<Home>(found->second);
    }

    // Where a block stands: at its group in a launch of G blocks; else (a spine) at the word it works on.
    TileSpan place_of(const GridAccessRecord& a, const TileSpan& word_home) const {
        return trace_.launches.at(a.launch).blocks == totals_.groups ? group_span(a.block) : word_home;
    }

    // The words above the first level (a spine level's own totals): each block of a launch shares the
    // tiles under the words it read among the new words it wrote, in index order — a block that stores
    // one total has it stand under all it read; reduce-then-scan's, a warp per tile, eight side by side.
    // A launch's accesses all come before the next launch's, so a word's home is known before it is read.
    void assign_deeper_homes() {
        std::map<std::pair<std::uint16_t, std::uint32_t>, ReadExtent> extents;
        std::map<std::pair<std::uint16_t, std::uint32_t>, std::vector<std::uint32_t>> new_words;
        std::vector<std::uint8_t> written;
        std::uint16_t launch = 0;
        const auto finish_launch = [&] {
            for (const auto& [block, words] : new_words) {
                const std::optional<Home> whole = extents[block].home();
                if (!whole)
                    continue;
                const auto count = static_cast<std::uint32_t>(words.size());
                const std::uint32_t per = (whole->span.count + count - 1) / count;
                for (std::uint32_t k = 0; k < count; ++k) {
                    const std::uint32_t first = whole->span.first + k * per;
                    const std::uint32_t end = std::min(whole->span.first + whole->span.count, first + per);
                    if (first < end)
                        homes_[words[k]] = Home{{first, end - first}, whole->depth};
                }
            }
            extents.clear();
            new_words.clear();
        };
        for (const GridAccessRecord& a : trace_.accesses) {
            if (a.buffer != BufferId::tile_totals)
                continue;
            if (a.launch != launch) {
                finish_launch();
                launch = a.launch;
            }
            const std::pair<std::uint16_t, std::uint32_t> block{a.launch, a.block};
            if (a.kind == GridAccessKind::read) {
                if (const std::optional<Home> home = home_of(a.index))
                    extents[block].add(*home);
                continue;
            }
            if (a.index >= written.size())
                written.resize(std::size_t(a.index) + 1, 0);
            if (!written[a.index] && a.index >= totals_.groups) {
                std::vector<std::uint32_t>& words = new_words[block];
                words.insert(std::upper_bound(words.begin(), words.end(), a.index), a.index);
            }
            written[a.index] = 1;
        }
        finish_launch();
    }

    std::uint32_t after_atomic(const GridAccessRecord& a) const {
        const std::vector<std::uint32_t> both{static_cast<std::uint32_t>(a.value), a.operand};
        return reference_scan(trace_.config.type, trace_.config.op, false, both).back();
    }

    void add(std::size_t i) {
        const GridAccessRecord& a = trace_.accesses[i];
        const std::uint32_t step = steps_.of_access[i];
        if (step >= totals_.counts.size())
            return;
        TotalsStepCounts& counts = totals_.counts[step];
        const std::pair<std::uint16_t, std::uint32_t> block{a.launch, a.block};
        if (a.kind == GridAccessKind::read) {
            ++counts.reads;
            counts.words_read += read_words_.insert(step_word(step, a.index)).second ? 1 : 0;
            const std::optional<Home> home = home_of(a.index);
            if (!home)
                return;
            GridTotalsArrow arrow;
            arrow.step = step;
            arrow.from = home->span;
            arrow.to = place_of(a, home->span);
            arrow.index = a.index;
            arrow.bits = static_cast<std::uint32_t>(a.value);
            arrow.first_order = a.order;
            if (a.index < last_writer_.size() && last_writer_[a.index] != kNone) {
                arrow.seen = last_kind_[a.index];
                arrow.writer = trace_.accesses[last_writer_[a.index]].order;
                arrow.writer_step = steps_.of_access[last_writer_[a.index]];
            }
            add_arrow(block, arrow);
            return;
        }
        if (a.kind != GridAccessKind::write && a.kind != GridAccessKind::atomic)
            return;
        const bool atomic = a.kind == GridAccessKind::atomic;
        ++(atomic ? counts.atomics : counts.writes);
        counts.words_changed += changed_words_.insert(step_word(step, a.index)).second ? 1 : 0;
        const std::optional<Home> home = home_of(a.index);
        if (a.index >= last_writer_.size())
            last_writer_.resize(std::size_t(a.index) + 1, kNone);
        const bool written_before = last_writer_[a.index] != kNone;
        last_writer_[a.index] = i;
        last_kind_.resize(last_writer_.size());
        last_kind_[a.index] = atomic ? TotalsWordKind::partial : written_before ? TotalsWordKind::scanned : TotalsWordKind::total;
        if (!home)
            return;
        auto [underway, inserted] = boxes_[step].try_emplace(a.index);
        GridTotalsBox& box = underway->second.box;
        if (inserted) {
            box.step = step;
            box.index = a.index;
            box.home = home->span;
            box.depth = home->depth;
            box.kind = atomic ? TotalsWordKind::partial : written_before ? TotalsWordKind::scanned : TotalsWordKind::total;
        }
        underway->second.last = i; // an atomic's value after the step is made once, at the end
        if (!atomic)
            box.bits = static_cast<std::uint32_t>(a.value);
        ++box.changes;
        if (atomic) {
            GridTotalsArrow arrow;
            arrow.step = step;
            arrow.from = place_of(a, home->span);
            arrow.to = home->span;
            arrow.index = a.index;
            arrow.atomic = true;
            arrow.seen = TotalsWordKind::partial;
            arrow.bits = a.operand;
            arrow.first_order = a.order;
            add_arrow(block, arrow);
        }
    }

    void add_arrow(const std::pair<std::uint16_t, std::uint32_t>& block, const GridTotalsArrow& arrow) {
        const std::uint32_t step = arrow.step;
        auto last = last_.find(block);
        if (last != last_.end() && last->second.step == step && last->second.index == arrow.index &&
            last->second.atomic == arrow.atomic && last->second.writer == arrow.writer) {
            if (thinned_[step].empty())
                ++raw_[step][last->second.position].accesses;
            else
                ++thinned_[step][key_of(arrow)].accesses;
            return;
        }
        ++totals_.counts[step].arrows;
        last_[block] = LastArrow{step, arrow.index, arrow.atomic, arrow.writer, raw_[step].size()};
        if (thinned_[step].empty() && raw_[step].size() < limit_) {
            raw_[step].push_back(arrow);
            return;
        }
        // Too many to follow: one arrow into each reader, from its nearest source.
        totals_.counts[step].thinned = true;
        for (const GridTotalsArrow& earlier : raw_[step])
            merge(thinned_[step], earlier);
        raw_[step].clear();
        merge(thinned_[step], arrow);
    }

    static ReaderKey key_of(const GridTotalsArrow& arrow) { return {arrow.to.first, arrow.to.count, arrow.atomic}; }

    static void merge(std::map<ReaderKey, GridTotalsArrow>& into, const GridTotalsArrow& arrow) {
        auto [kept, inserted] = into.try_emplace(key_of(arrow), arrow);
        if (inserted)
            return;
        GridTotalsArrow& k = kept->second;
        const auto distance = [](const GridTotalsArrow& x) { return std::fabs(x.from.centre() - x.to.centre()); };
        const std::uint32_t sources = k.sources + arrow.sources, accesses = k.accesses + arrow.accesses;
        const std::uint64_t first = std::min(k.first_order, arrow.first_order);
        if (distance(arrow) < distance(k))
            k = arrow;
        k.sources = sources;
        k.accesses = accesses;
        k.first_order = first;
    }

    const GridTrace& trace_;
    const GridSteps& steps_;
    std::uint32_t tiles_ = 0;
    std::uint64_t limit_ = kMostTotalsArrowsPerStep;
    GridTotals totals_;
    std::map<std::uint32_t, Home> homes_; // words of deeper levels
    std::map<std::pair<std::uint16_t, std::uint32_t>, LastArrow> last_;
    static constexpr std::size_t kNone = SIZE_MAX;
    static std::uint64_t step_word(std::uint32_t step, std::uint32_t index) { return std::uint64_t(step) << 32 | index; }
    std::vector<std::size_t> last_writer_; // [word] -> its last write or atomic, in trace.accesses
    std::vector<TotalsWordKind> last_kind_; // [word] -> what its last change made it
    std::unordered_set<std::uint64_t> read_words_, changed_words_;
    struct BoxUnderway {
        GridTotalsBox box;
        std::size_t last = 0; // its last write or atomic
    };
    std::vector<std::map<std::uint32_t, BoxUnderway>> boxes_;
    std::vector<std::vector<GridTotalsArrow>> raw_;
    std::vector<std::map<ReaderKey, GridTotalsArrow>> thinned_;
};

} // namespace

GridTotals build_grid_totals(const GridTrace& trace, const GridSteps& steps, std::uint32_t tiles) {
    return TotalsBuilder(trace, steps, tiles).build();
}

} // namespace prefixlab
