#include "core/analysis/grid_narration.hpp"

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
        std::snprintf(numbers, sizeof numbers, "%zu tiles published their aggregate and read %.1f predecessors on average (at most %u)",
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
    return text + ".";
}

std::string generic(const GridTrace& trace, const GridSteps& steps, std::size_t step) {
    std::uint64_t accesses = 0;
    for (std::size_t i = 0; i < trace.accesses.size(); ++i)
        accesses += steps.of_access[i] == step ? 1 : 0;
    return plural(tiles_in(steps, step), "tile", "tiles") + " at work; " +
           plural(accesses, "access", "accesses") + " to the arrays the blocks share.";
}

} // namespace

std::vector<std::string> narrate_grid_steps(const GridTrace& trace, const GridSteps& steps,
                                            const std::vector<TileLookBack>& look_backs) {
    std::vector<std::string> lines;
    for (std::size_t s = 0; s < steps.steps.size(); ++s) {
        const GridStep& step = steps.steps[s];
        std::string what;
        if (step.name == "take-tile")
            what = take_tile(trace, look_backs);
        else if (step.name == "reduce-tile")
            what = std::to_string(tiles_in(steps, s)) + " tiles each reduce their " + std::to_string(trace.config.tile) +
                   " elements to one aggregate: threads combine their shares, warps shuffle, thread 0 adds the warps' totals.";
        else if (step.name == "look-back")
            what = look_back(trace, look_backs);
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
