#include "core/analysis/grid_narration.hpp"

#include "core/ground/kernel_names.hpp"
#include "kernels/grid/grid_driver.hpp"

#include <algorithm>
#include <cstdio>

namespace prefixlab {

namespace {

std::uint32_t tiles_in(const GridSteps& steps, std::size_t step) {
    return static_cast<std::uint32_t>(std::count(steps.tile_in_step[step].begin(), steps.tile_in_step[step].end(), 1));
}

std::string plural(std::uint64_t count, const char* one, const char* many) {
    return std::to_string(count) + " " + (count == 1 ? one : many);
}

std::string take_tile(const GridTrace& trace, const std::vector<TileLookBack>& look_backs) {
    if (!trace.config.tiles_from_counter)
        return "each block takes the tile of its block index (blockIdx.x), whenever it starts.";
    // the block that got tile 0: with a reversed or random start it is not block 0
    const auto first = std::find_if(look_backs.begin(), look_backs.end(), [](const TileLookBack& t) { return t.tile == 0; });
    std::string text = "each block takes the next tile from the atomic counter as it starts, so tiles are numbered in start order";
    if (first != look_backs.end())
        text += " (block " + std::to_string(first->block) + " started first and got tile 0)";
    return text + ".";
}

std::string look_back(const GridTrace& trace, const std::vector<TileLookBack>& look_backs) {
    if (look_backs.size() < 2)
        return "the only tile publishes its prefix: it has no predecessor.";
    const LookBackDepths depths = look_back_depths(look_backs);
    const auto longest = std::max_element(look_backs.begin(), look_backs.end(),
                                          [](const TileLookBack& a, const TileLookBack& b) { return a.waits < b.waits; });
    char numbers[160];
    std::string text;
    if (trace.config.driver == "chained") {
        text = "each tile waits for its predecessor's inclusive prefix, then publishes its own: a chain of " +
               std::to_string(look_backs.size() - 1) + " hand-overs";
    } else {
        std::snprintf(numbers, sizeof numbers, "%zu tiles published their aggregate and combined %.1f predecessors on average (at most %u)",
                      look_backs.size() - 1, depths.mean, depths.deepest);
        text = numbers;
    }
    const auto waited = std::find_if(longest->polls.begin(), longest->polls.end(),
                                     [](const LookBackPoll& p) { return p.seen == TileStatus::invalid; });
    if (waited != longest->polls.end())
        text += "; tile " + std::to_string(longest->tile) + " waited " + plural(longest->waits, "poll", "polls") +
                " on an unpublished status word (tile " + std::to_string(waited->predecessor) + "'s first)";
    else
        text += "; no tile had to wait";
    text += ".";
    // Where a look-back stops depends on timing on a GPU, and a float sum's rounding on the order it was
    // combined in (docs/tuned-scan.md, "Determinism"): say so where the trace shows float sums.
    if (trace.config.driver != "chained" && look_back_type(trace.config) == ElementType::float32 &&
        look_back_operator(trace.config) == ScanOperator::add) // a compaction's or a sort's counts are whole
        text += " Float sums: where each look-back stops depends on timing, so on a GPU the last bits can differ "
                "from run to run (reduce-then-scan gives the same bits every run).";
    return text;
}

std::uint64_t elements_written(const GridTrace& trace, const GridSteps& steps, std::size_t step) {
    std::uint64_t count = 0;
    for (std::size_t r = 0; r < trace.blocks.size() && r < steps.of_block_step.size(); ++r)
        for (const GridElementWrite& w : trace.blocks[r].writes)
            count += w.step < steps.of_block_step[r].size() && steps.of_block_step[r][w.step] == step ? 1 : 0;
    return count;
}

std::uint32_t tiles_of_array(const GridTrace& trace) {
    const std::uint64_t tile = std::max<std::uint32_t>(1, trace.config.tile);
    return static_cast<std::uint32_t>((trace.config.n + tile - 1) / tile);
}

// "8 blocks, one per tile", "4 blocks, one per run of 8 tiles", "one block".
std::string blocks_of(const GridTotals& totals, const GridLaunch& launch) {
    if (launch.blocks == 1)
        return "one block";
    std::string text = plural(launch.blocks, "block", "blocks");
    if (launch.blocks == totals.groups)
        text += totals.tiles_per_group == 1 ? ", one per tile" : ", one per run of " + std::to_string(totals.tiles_per_group) + " tiles";
    return text;
}

// What a multi-launch driver's step did with the tile totals, from their counts.
std::string totals_sentence(const GridTrace& trace, const GridSteps& steps, const GridTotals& totals, std::size_t step) {
    const GridLaunch& launch = trace.launches.at(steps.steps[step].launch);
    const TotalsStepCounts& c = totals.counts.at(step);
    const std::string who = blocks_of(totals, launch);
    const bool run = totals.tiles_per_group > 1; // two-level: a word per run of tiles
    std::string text;
    if (c.atomics > 0) {
        const std::uint64_t t = totals.groups;
        text = who + ": each combines its tile's total into the partial sum of every later tile, " +
               plural(c.atomics, trace.config.op == ScanOperator::add ? "atomicAdd" : "atomic combine",
                      trace.config.op == ScanOperator::add ? "atomicAdds" : "atomic combines") +
               " into " + plural(c.words_changed, "word", "words");
        if (c.atomics == t * (t - 1) / 2)
            text += " — T(T-1)/2 for T = " + std::to_string(t) + ", quadratic in the tiles";
        text += "; each partial now holds the total of the tiles before it";
    } else if (c.reads > 0 && c.writes > 0) {
        const bool all = c.words_read == totals.groups;
        if (launch.blocks > 1) { // a deeper spine level's launch: its blocks work on the totals as on an array
            text = who + " read " + plural(c.words_read, "word", "words") + " of the totals and write " +
                   plural(c.words_changed, "word", "words") + ": " + plural(c.reads, "read", "reads") + ", " +
                   plural(c.writes, "write", "writes");
        } else {
            text = who + " scans " + (all ? "the " : "") +
                   plural(c.words_read, all ? (run ? "run partial" : "tile total") : "total",
                          all ? (run ? "run partials" : "tile totals") : "totals") +
                   " in place: " + plural(c.reads, "read", "reads") + ", " + plural(c.writes, "write", "writes") +
                   " (P: each word now holds the total of its " + (run ? "run and every run" : "tile and every tile") +
                   " before it)";
        }
    } else if (c.writes > 0) {
        text = launch.blocks == totals.groups
                   ? who + ": each stores its " + (run ? "run's" : "tile's") + " total, " + plural(c.writes, "write", "writes") + " (Σ)"
                   : who + (launch.blocks == 1 ? " stores" : " store") + " the totals of " + plural(c.words_changed, "tile", "tiles") +
                         ": " + plural(c.writes, "write", "writes") + " (Σ)";
    } else if (c.reads > 0) {
        text = plural(c.words_read, "block reads", "blocks each read") + " one word of the totals, the total of every " +
               (run ? "run" : "tile") + " before " + (c.words_read == 1 ? "its own" : "theirs") + ": " + plural(c.reads, "read", "reads");
        if (c.words_read > 0 && c.reads > c.words_read)
            text += " (every thread reads the word: a broadcast)";
    } else {
        text = who + "; no tile totals read or written: each block works on its own tile" +
               (launch.blocks < tiles_of_array(trace) && launch.blocks == totals.groups ? "s" : "");
    }
    if (trace.config.element_detail)
        if (const std::uint64_t written = elements_written(trace, steps, step); written > 0)
            text += "; " + plural(written, "element", "elements") + " written";
    if (step + 1 == steps.steps.size())
        text += "; " + std::to_string(trace.wrong_outputs) + " of " + std::to_string(trace.config.n) + " outputs wrong";
    return text + ".";
}

// "launch 0 (reduce runs) · combine the warps into the run's partial" where the step's label names
// only the phase of its launch.
std::string full_label(const GridTrace& trace, const GridSteps& steps, std::size_t step) {
    const GridStep& s = steps.steps[step];
    const std::string& name = trace.launches.at(s.launch).name;
    const std::string prefix = "launch " + std::to_string(s.launch) + " · ";
    if (s.label == prefix + name || s.label.rfind(prefix, 0) != 0)
        return s.label;
    return "launch " + std::to_string(s.launch) + " (" + name + ") · " + s.label.substr(prefix.size());
}

std::string generic(const GridTrace& trace, const GridSteps& steps, std::size_t step) {
    std::uint64_t accesses = 0;
    for (std::size_t i = 0; i < trace.accesses.size(); ++i)
        accesses += steps.of_access[i] == step ? 1 : 0;
    return plural(tiles_in(steps, step), "tile", "tiles") + " at work; " +
           plural(accesses, "access", "accesses") + " to the arrays the blocks share.";
}

} // namespace

bool grid_has_look_backs(const GridTrace& trace) {
    const std::optional<GridDriver> driver = parse_grid_driver(trace.config.driver);
    return driver ? is_single_pass(*driver) : std::any_of(trace.accesses.begin(), trace.accesses.end(), [](const GridAccessRecord& a) {
        return a.buffer == BufferId::tile_status || a.buffer == BufferId::tile_counter;
    });
}

std::vector<std::string> narrate_grid_steps(const GridTrace& trace, const GridSteps& steps,
                                            const std::vector<TileLookBack>& look_backs, const GridTotals* totals) {
    std::vector<std::string> lines;
    if (!grid_has_look_backs(trace)) {
        GridTotals made;
        if (totals == nullptr)
            made = build_grid_totals(trace, steps, tiles_of_array(trace));
        const GridTotals& t = totals != nullptr ? *totals : made;
        for (std::size_t s = 0; s < steps.steps.size(); ++s)
            lines.push_back("Step " + std::to_string(s) + " — " + full_label(trace, steps, s) + ": " + totals_sentence(trace, steps, t, s));
        return lines;
    }
    for (std::size_t s = 0; s < steps.steps.size(); ++s) {
        const GridStep& step = steps.steps[s];
        std::string what;
        if (step.name == "take-tile")
            what = take_tile(trace, look_backs);
        else if (step.name == "reduce-tile")
            what = std::to_string(tiles_in(steps, s)) + " tiles each reduce their " + std::to_string(trace.config.tile) +
                   " elements to one aggregate: threads combine their shares, warps shuffle, thread 0 adds the warps' totals.";
        else if (step.name == "look-back" || step.name == "rows-look-back")
            what = look_back(trace, look_backs);
        else if (step.name == "load-quads")
            what = std::to_string(tiles_in(steps, s)) + " tiles each load their " + std::to_string(trace.config.tile) +
                   " elements into registers four at a time, scan each quad, and scan each row of quads across the "
                   "warp with shuffles.";
        else if (step.name == "store-quads")
            what = "each tile combines every element with its prefix, its row's and its lane's, and stores them four at "
                   "a time: " + std::to_string(trace.wrong_outputs) + " of " + std::to_string(trace.config.n) + " wrong.";
        else if (step.name == "scan-tile")
            what = "each tile scans its elements with its exclusive prefix combined in, so every output is written once: " +
                   std::to_string(trace.wrong_outputs) + " of " + std::to_string(trace.config.n) + " wrong.";
        else if (!trace.config.element_detail && look_backs.size() > 1)
            what = "(tile level: only the tiles' messages were kept) " + look_back(trace, look_backs);
        else
            what = generic(trace, steps, s);
        lines.push_back("Step " + std::to_string(s) + " — " + step.label + ": " + what);
    }
    return lines;
}

} // namespace prefixlab

namespace prefixlab {

std::string grid_counters_line(const GridTrace& trace, const GridSteps& steps, const GridTotals& totals,
                               const LookBackTimeline& timeline, std::size_t step) {
    if (grid_has_look_backs(trace) || step >= totals.counts.size() || step >= steps.steps.size())
        return timeline_summary(timeline);
    const TotalsStepCounts& c = totals.counts[step];
    std::uint64_t crossings = 0;
    for (const TotalsStepCounts& each : totals.counts)
        crossings += each.arrows;
    return "launch " + std::to_string(steps.steps[step].launch) + " of " + std::to_string(trace.launches.size()) +
           " · tile totals this step: " + plural(c.reads, "read", "reads") + ", " + plural(c.writes, "write", "writes") +
           ", " + plural(c.atomics, "atomic", "atomics") + " · " + plural(c.arrows, "crossing", "crossings") +
           " between blocks" + (c.thinned ? " (one arrow per reader drawn)" : "") + ", " + std::to_string(crossings) +
           " in all · " + std::to_string(trace.wrong_outputs) + " of " + std::to_string(trace.config.n) + " outputs wrong";
}

} // namespace prefixlab
