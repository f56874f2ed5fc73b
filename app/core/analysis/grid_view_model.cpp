#include "core/analysis/grid_view_model.hpp"

#include <algorithm>

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

std::vector<GridTileColumn> tile_columns(const GridTrace& trace, std::uint16_t launch) {
    std::vector<GridTileColumn> columns;
    if (launch >= trace.launches.size())
        return columns;
    const std::vector<std::uint32_t> tile_of = tiles_of_blocks(trace, launch);
    const std::uint32_t tile = trace.config.tile > 0 ? trace.config.tile : trace.launches[launch].tile;
    columns.resize(tile_of.size());
    for (std::uint32_t t = 0; t < columns.size(); ++t) {
        columns[t].tile = t;
        columns[t].first_element = t * tile;
        const std::uint64_t end = std::min<std::uint64_t>(std::uint64_t(t + 1) * tile, trace.config.n);
        columns[t].elements = end > columns[t].first_element ? static_cast<std::uint32_t>(end - columns[t].first_element) : 0;
    }
    for (std::uint32_t b = 0; b < tile_of.size(); ++b)
        if (tile_of[b] < columns.size())
            columns[tile_of[b]].block = b;
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

std::vector<GridPollArrow> poll_arrows(const GridTrace& trace, const GridSteps& steps, std::uint16_t launch) {
    const std::vector<std::uint32_t> tile_of = tiles_of_blocks(trace, launch);
    std::vector<GridPollArrow> arrows;
    // the newest arrow of each reading tile, to merge repeated polls of one word into it
    std::vector<std::size_t> last(tile_of.size(), SIZE_MAX);
    for (std::size_t i = 0; i < trace.accesses.size(); ++i) {
        const GridAccessRecord& a = trace.accesses[i];
        if (a.launch != launch || a.buffer != BufferId::tile_status || a.kind != GridAccessKind::acquire ||
            a.block >= tile_of.size())
            continue;
        const std::uint32_t to = tile_of[a.block];
        GridPollArrow arrow{a.index, to, steps.of_access[i], status_of(a.value), value_bits_of(a.value), 1, a.order};
        if (to < last.size() && last[to] != SIZE_MAX) {
            GridPollArrow& previous = arrows[last[to]];
            if (previous.from_tile == arrow.from_tile && previous.step == arrow.step && previous.seen == arrow.seen) {
                ++previous.polls;
                previous.value_bits = arrow.value_bits;
                continue;
            }
        }
        if (to < last.size())
            last[to] = arrows.size();
        arrows.push_back(arrow);
    }
    std::stable_sort(arrows.begin(), arrows.end(),
                     [](const GridPollArrow& x, const GridPollArrow& y) { return x.step < y.step; });
    return arrows;
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
        for (const GridElementWrite& w : run.writes) {
            const std::size_t element = std::size_t(run.tile) * tile + w.element;
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

GridViewModel build_grid_view_model(const GridTrace& trace, const GridSteps& steps) {
    GridViewModel model;
    const std::uint16_t launch = tile_launch(trace);
    model.element_detail = trace.config.element_detail && !trace.input.empty();
    model.tile = trace.config.tile;
    model.columns = tile_columns(trace, launch);
    add_published(trace, steps, launch, model.columns);
    model.arrows = poll_arrows(trace, steps, launch);
    if (model.element_detail)
        add_values(trace, steps, model);
    return model;
}

} // namespace prefixlab
