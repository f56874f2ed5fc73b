#include "core/analysis/grid_view_model.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace prefixlab {

namespace {

// The launch whose blocks take the array's tiles: the one with element writes, else the one with
// status words, else the first.
std::uint16_t tile_launch(const GridTrace& trace) {
    for (const GridBlockRun& run : trace.blocks)
        if (!run.writes.empty())
            return run.launch;
    for (const GridAccessRecord& a : trace.accesses)
        if (a.buffer == BufferId::tile_status)
            return a.launch;
    return 0;
}

std::uint32_t tile_of(const GridTrace& trace) {
    return trace.config.tile > 0 ? trace.config.tile : trace.launches.empty() ? 1 : std::max(1u, trace.launches[0].tile);
}

// Every tile of the array, with the block of the last launch (the one that writes the output) that took
// it: a single-pass scan's from its counter, a launch of fewer blocks than tiles (two-level) a run each.
std::vector<GridTileColumn> tile_columns(const GridTrace& trace) {
    std::vector<GridTileColumn> columns;
    if (trace.launches.empty())
        return columns;
    const auto last = static_cast<std::uint16_t>(trace.launches.size() - 1);
    const std::vector<std::uint32_t> tile_of_block = tiles_of_blocks(trace, last);
    const std::uint32_t tile = tile_of(trace);
    const auto tiles = static_cast<std::uint32_t>(std::max<std::uint64_t>((trace.config.n + tile - 1) / tile, tile_of_block.size()));
    columns.resize(tiles);
    for (std::uint32_t t = 0; t < columns.size(); ++t) {
        columns[t].tile = t;
        columns[t].first_element = t * tile;
        const std::uint64_t end = std::min<std::uint64_t>(std::uint64_t(t + 1) * tile, trace.config.n);
        columns[t].elements = end > columns[t].first_element ? static_cast<std::uint32_t>(end - columns[t].first_element) : 0;
    }
    if (tile_of_block.size() == columns.size()) {
        for (std::uint32_t b = 0; b < tile_of_block.size(); ++b)
            if (tile_of_block[b] < columns.size())
                columns[tile_of_block[b]].block = b;
    } else if (!tile_of_block.empty()) {
        const auto per = static_cast<std::uint32_t>((columns.size() + tile_of_block.size() - 1) / tile_of_block.size());
        for (GridTileColumn& column : columns)
            column.block = column.tile / per;
    }
    return columns;
}

void add_published(const GridTrace& trace, const GridSteps& steps, std::uint16_t launch,
                   std::vector<GridTileColumn>& columns) {
    const std::vector<std::uint32_t> tile_of = tiles_of_blocks(trace, launch);
    for (std::size_t i = 0; i < trace.accesses.size(); ++i) {
        const GridAccessRecord& a = trace.accesses[i];
        if (a.launch != launch || a.buffer != BufferId::tile_status || a.kind != GridAccessKind::release ||
            a.block >= tile_of.size() || tile_of[a.block] >= columns.size())
            continue;
        const PublishedValue value{value_bits_of(a.value), steps.of_access[i]};
        GridTileColumn& column = columns[tile_of[a.block]];
        (status_of(a.value) == TileStatus::prefix ? column.prefix : column.aggregate) = value;
    }
}

// The launches with status words, in order: a single-pass scan's one, Onesweep's a digit pass.
std::set<std::uint16_t> status_launches(const GridTrace& trace) {
    std::set<std::uint16_t> launches;
    for (const GridAccessRecord& a : trace.accesses)
        if (a.buffer == BufferId::tile_status)
            launches.insert(a.launch);
    return launches;
}

// Every launch's status words, each with its launch's steps (Onesweep's passes each publish theirs).
void add_words_of_every_launch(const GridTrace& trace, const GridSteps& steps, std::vector<GridTileColumn>& columns) {
    for (const std::uint16_t launch : status_launches(trace)) {
        std::vector<GridTileColumn> of_launch = columns;
        for (GridTileColumn& column : of_launch)
            column.aggregate = column.prefix = std::nullopt;
        add_published(trace, steps, launch, of_launch);
        std::uint32_t first = 0, last = 0;
        bool seen = false;
        for (std::uint32_t s = 0; s < steps.steps.size(); ++s)
            if (steps.steps[s].launch == launch) {
                first = seen ? first : s;
                last = s;
                seen = true;
            }
        for (std::size_t t = 0; t < columns.size(); ++t)
            columns[t].words.push_back(LaunchWords{first, last, of_launch[t].aggregate, of_launch[t].prefix});
    }
}

std::vector<GridPollArrow> poll_arrows(const GridTrace& trace, const GridSteps& steps, std::uint16_t launch) {
    const std::vector<std::uint32_t> tile_of = tiles_of_blocks(trace, launch);
    std::vector<GridPollArrow> arrows;
    // the newest arrow of each (reading tile, polled word), to merge repeated polls of one word into it
    // (a window's lanes interleave their polls, so the reading tile's newest arrow may be another word's)
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::size_t> last;
    for (std::size_t i = 0; i < trace.accesses.size(); ++i) {
        const GridAccessRecord& a = trace.accesses[i];
        if (a.launch != launch || a.buffer != BufferId::tile_status || a.kind != GridAccessKind::acquire ||
            a.block >= tile_of.size())
            continue;
        const std::uint32_t to = tile_of[a.block];
        const std::uint32_t from = status_word_tile(trace.config, a.index); // Onesweep: 256 words a tile
        GridPollArrow arrow{from, to, steps.of_access[i], status_of(a.value), value_bits_of(a.value), 1, a.order};
        const auto key = std::pair{to, from};
        if (const auto found = last.find(key); found != last.end()) {
            GridPollArrow& previous = arrows[found->second];
            if (previous.step == arrow.step && previous.seen == arrow.seen) {
                ++previous.polls;
                previous.value_bits = arrow.value_bits;
                continue;
            }
        }
        last[key] = arrows.size();
        arrows.push_back(arrow);
    }
    // A window reads predecessors past the nearest prefix too: those reads were not combined.
    std::vector<std::uint32_t> nearest_prefix(tile_of.size(), 0);
    for (const GridPollArrow& arrow : arrows)
        if (arrow.seen == TileStatus::prefix && arrow.to_tile < nearest_prefix.size())
            nearest_prefix[arrow.to_tile] = std::max(nearest_prefix[arrow.to_tile], arrow.from_tile);
    for (GridPollArrow& arrow : arrows)
        arrow.combined = arrow.to_tile >= nearest_prefix.size() || arrow.from_tile >= nearest_prefix[arrow.to_tile];
    std::stable_sort(arrows.begin(), arrows.end(),
                     [](const GridPollArrow& x, const GridPollArrow& y) { return x.step < y.step; });
    return arrows;
}

// The tile a block's write at its own step `at` went to: a block's writes count from the start of the
// tile it works on, which is its own tile, or in a launch of fewer blocks than tiles (two-level's
// runs) the tile of its run that its launch's kernel has stepped to (the level of its last step tag).
std::vector<std::uint32_t> tiles_of_block_steps(const GridTrace& trace, const GridBlockRun& run, std::uint32_t tiles) {
    const GridLaunch& launch = trace.launches.at(run.launch);
    const KernelFile file = kernel_file_at(launch.source_path.c_str());
    const bool runs = launch.blocks > 0 && launch.blocks < tiles && &launch == &trace.launches.back();
    const std::uint32_t per = runs ? (tiles + launch.blocks - 1) / launch.blocks : 1;
    const std::uint32_t first = runs ? run.block * per : run.tile;
    std::vector<std::uint32_t> of_step;
    std::uint32_t level = 0;
    for (const StepTag& tag : run.steps) {
        if (runs && tag.file == file)
            level = tag.level;
        of_step.push_back(first + level);
    }
    return of_step;
}

// Element detail: the array after each step, each block's writes laid over the input in step order.
void add_values(const GridTrace& trace, const GridSteps& steps, GridViewModel& model) {
    const std::size_t n = trace.input.size();
    model.input = trace.input;
    std::vector<std::uint32_t> current = trace.input;
    model.values.assign(steps.steps.size(), {});
    model.written.assign(steps.steps.size(), std::vector<std::uint8_t>(n, 0));
    // writes by grid step: (step, element, value), each block's in its own order
    std::vector<std::vector<std::pair<std::size_t, std::uint32_t>>> by_step(steps.steps.size());
    for (std::size_t r = 0; r < trace.blocks.size(); ++r) {
        const GridBlockRun& run = trace.blocks[r];
        const std::uint32_t tile = trace.config.tile;
        const std::vector<std::uint32_t> tile_at = tiles_of_block_steps(trace, run, static_cast<std::uint32_t>(model.columns.size()));
        for (const GridElementWrite& w : run.writes) {
            if (w.step >= tile_at.size())
                continue;
            const std::size_t element = std::size_t(tile_at[w.step]) * tile + w.element;
            if (w.step < steps.of_block_step[r].size() && element < n)
                by_step[steps.of_block_step[r][w.step]].push_back({element, w.value});
        }
    }
    for (std::size_t s = 0; s < steps.steps.size(); ++s) {
        for (const auto& [element, value] : by_step[s]) {
            current[element] = value;
            model.written[s][element] = 1;
        }
        model.values[s] = current;
    }
}

} // namespace

StatusWord status_after(const GridTileColumn& column, std::uint32_t step) {
    for (const LaunchWords& words : column.words) {
        if (step < words.first_step || step > words.last_step)
            continue;
        if (words.prefix && words.prefix->step <= step)
            return {TileStatus::prefix, words.prefix->bits};
        if (words.aggregate && words.aggregate->step <= step)
            return {TileStatus::aggregate, words.aggregate->bits};
    }
    return {};
}

bool faint_arrow(const GridPollArrow& arrow) {
    return !arrow.combined || arrow.to_tile - arrow.from_tile > kBoldLookBackDepth;
}

GridViewModel build_grid_view_model(const GridTrace& trace, const GridSteps& steps) {
    GridViewModel model;
    const std::uint16_t launch = tile_launch(trace);
    model.element_detail = trace.config.element_detail && !trace.input.empty();
    model.tile = trace.config.tile;
    model.columns = tile_columns(trace);
    add_published(trace, steps, launch, model.columns);
    add_words_of_every_launch(trace, steps, model.columns);
    // every launch's polls (Onesweep's passes each look back), by step
    for (const std::uint16_t polled : status_launches(trace)) {
        const std::vector<GridPollArrow> arrows = poll_arrows(trace, steps, polled);
        model.arrows.insert(model.arrows.end(), arrows.begin(), arrows.end());
    }
    std::stable_sort(model.arrows.begin(), model.arrows.end(),
                     [](const GridPollArrow& a, const GridPollArrow& b) { return a.step < b.step; });
    model.status_words = std::any_of(trace.accesses.begin(), trace.accesses.end(),
                                     [](const GridAccessRecord& a) { return a.buffer == BufferId::tile_status; });
    model.totals = build_grid_totals(trace, steps, static_cast<std::uint32_t>(model.columns.size()));
    if (model.element_detail)
        add_values(trace, steps, model);
    return model;
}

} // namespace prefixlab
