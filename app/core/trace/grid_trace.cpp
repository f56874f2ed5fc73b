#include "core/trace/grid_trace.hpp"

#include "core/ground/kernel_names.hpp"
#include "kernels/grid/grid_sort_plan.hpp"
#include "kernels/grid/onesweep_sort_plan.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace prefixlab {

std::uint32_t grid_sort_tile(GridSortForm form, int threads, bool on_gpu) {
    switch (form) {
    case GridSortForm::textbook:
        return static_cast<std::uint32_t>(sort_tile(threads));
    case GridSortForm::onesweep:
        return static_cast<std::uint32_t>(onesweep_tile(on_gpu ? kOnesweepGpuTracedItems : kOnesweepTracedItems));
    case GridSortForm::none:
        break;
    }
    return 0;
}

std::uint64_t grid_access_index_bound(const GridTraceConfig& config) {
    if (config.sort == GridSortForm::none)
        return config.n;
    const std::uint64_t tiles = (config.n + std::max<std::uint32_t>(config.tile, 1) - 1) / std::max<std::uint32_t>(config.tile, 1);
    return std::max({config.n, tiles * kOnesweepDigits, std::uint64_t(kOnesweepMaxPasses) * kOnesweepDigits});
}

std::uint32_t status_word_tile(const GridTraceConfig& config, std::uint32_t index) {
    return config.sort == GridSortForm::onesweep ? index / kOnesweepDigits : index;
}

ElementType look_back_type(const GridTraceConfig& config) {
    return config.compaction || config.sort != GridSortForm::none ? ElementType::uint32 : config.type;
}
ScanOperator look_back_operator(const GridTraceConfig& config) {
    return config.compaction || config.sort != GridSortForm::none ? ScanOperator::add : config.op;
}

std::vector<std::uint32_t> tiles_of_blocks(const GridTrace& trace, std::uint16_t launch) {
    std::vector<std::uint32_t> tiles;
    if (launch >= trace.launches.size())
        return tiles;
    tiles.resize(trace.launches[launch].blocks);
    for (std::uint32_t b = 0; b < tiles.size(); ++b)
        tiles[b] = b;
    for (const GridAccessRecord& a : trace.accesses)
        if (a.launch == launch && a.buffer == BufferId::tile_counter && a.kind == GridAccessKind::atomic &&
            a.block < tiles.size())
            tiles[a.block] = static_cast<std::uint32_t>(a.value);
    return tiles;
}

namespace {

// What one access did, as far as its own tile could tell: an atomic's old value depends on when the
// other tiles' atomics came (the atomic scan adds into later tiles' sums in any order), so it is left out.
struct TileAccess {
    BufferId buffer;
    GridAccessKind kind;
    std::uint32_t index;
    std::uint64_t value;
    std::uint32_t operand;
    std::uint16_t thread;
    std::uint16_t step;
    friend bool operator==(const TileAccess&, const TileAccess&) = default;
};

using TileKey = std::pair<std::uint16_t, std::uint32_t>; // launch, tile

std::map<TileKey, std::vector<TileAccess>> accesses_by_tile(const GridTrace& trace) {
    std::vector<std::vector<std::uint32_t>> tiles(trace.launches.size());
    for (std::uint16_t l = 0; l < trace.launches.size(); ++l)
        tiles[l] = tiles_of_blocks(trace, l);
    std::map<TileKey, std::vector<TileAccess>> by_tile;
    for (const GridAccessRecord& a : trace.accesses) {
        const std::uint32_t tile =
            a.launch < tiles.size() && a.block < tiles[a.launch].size() ? tiles[a.launch][a.block] : a.block;
        const bool atomic = a.kind == GridAccessKind::atomic;
        by_tile[{a.launch, tile}].push_back(
            TileAccess{a.buffer, a.kind, a.index, atomic ? 0 : a.value, a.operand, a.thread, a.step});
    }
    // Within a step a block's threads run concurrently: which warp's access came first is the
    // scheduler's (the H100's and the emulator's differ: propagate's 128 reads of one total came in
    // another order). Each thread's accesses in each step keep their program order.
    for (auto& [key, list] : by_tile)
        std::stable_sort(list.begin(), list.end(), [](const TileAccess& x, const TileAccess& y) {
            return std::tie(x.step, x.thread) < std::tie(y.step, y.thread);
        });
    return by_tile;
}

// "tile_totals[3] write 496 by thread 31 in step 6" (an atomic's old value is not compared: not shown).
std::string describe(const TileAccess& a) {
    static constexpr const char* kKinds[] = {"read", "write", "atomic", "release", "acquire"};
    std::string text = std::string(name_of(a.buffer)) + "[" + std::to_string(a.index) + "] " +
                       kKinds[static_cast<int>(a.kind)];
    text += a.kind == GridAccessKind::atomic ? " of " + std::to_string(a.operand) : " " + std::to_string(a.value);
    return text + " by thread " + std::to_string(a.thread) + " in step " + std::to_string(a.step);
}

std::map<TileKey, const GridBlockRun*> blocks_by_tile(const GridTrace& trace) {
    std::map<TileKey, const GridBlockRun*> by_tile;
    for (const GridBlockRun& run : trace.blocks)
        by_tile[{run.launch, run.tile}] = &run;
    return by_tile;
}

std::string tile_place(const TileKey& key) {
    return "launch " + std::to_string(key.first) + ", tile " + std::to_string(key.second);
}

std::string compare_configs(const GridTraceConfig& a, const GridTraceConfig& b) {
    const auto setup = [](const GridTraceConfig& c) {
        return std::tie(c.driver, c.n, c.tile_body, c.tile_threads, c.tile, c.type, c.op, c.exclusive, c.input_kind,
                        c.seed, c.tiles_from_counter, c.element_detail);
    };
    return setup(a) == setup(b) ? "" : "the configurations differ";
}

std::string compare_launches(const GridTrace& a, const GridTrace& b) {
    if (a.launches.size() != b.launches.size())
        return "launches: " + std::to_string(a.launches.size()) + " against " + std::to_string(b.launches.size());
    for (std::size_t l = 0; l < a.launches.size(); ++l) {
        const GridLaunch &x = a.launches[l], &y = b.launches[l];
        if (x.name != y.name || x.blocks != y.blocks || x.threads != y.threads || x.tile != y.tile)
            return "launch " + std::to_string(l) + ": \"" + x.name + "\" with " + std::to_string(x.blocks) +
                   " blocks against \"" + y.name + "\" with " + std::to_string(y.blocks);
    }
    return "";
}

std::string compare_tile_accesses(const GridTrace& a, const GridTrace& b) {
    const auto x = accesses_by_tile(a), y = accesses_by_tile(b);
    for (const auto& [key, list] : x) {
        const auto other = y.find(key);
        if (other == y.end())
            return tile_place(key) + ": no accesses on the second side";
        if (list.size() != other->second.size())
            return tile_place(key) + ": " + std::to_string(list.size()) + " accesses against " +
                   std::to_string(other->second.size());
        for (std::size_t i = 0; i < list.size(); ++i)
            if (!(list[i] == other->second[i]))
                return tile_place(key) + ": access " + std::to_string(i) + " differs: " + describe(list[i]) +
                       " against " + describe(other->second[i]);
    }
    if (x.size() != y.size())
        return "the second side has accesses of tiles the first has none of";
    return "";
}

std::string compare_block_writes(const GridTrace& a, const GridTrace& b) {
    const auto x = blocks_by_tile(a), y = blocks_by_tile(b);
    if (x.size() != y.size())
        return "blocks with element detail: " + std::to_string(x.size()) + " against " + std::to_string(y.size());
    for (const auto& [key, run] : x) {
        const auto other = y.find(key);
        if (other == y.end())
            return tile_place(key) + ": no block on the second side";
        if (run->writes != other->second->writes)
            return tile_place(key) + ": its element writes differ";
        if (run->steps.size() != other->second->steps.size())
            return tile_place(key) + ": " + std::to_string(run->steps.size()) + " steps against " +
                   std::to_string(other->second->steps.size());
    }
    return "";
}

} // namespace

std::string first_grid_difference(const GridTrace& a, const GridTrace& b) {
    for (const std::string& difference : {compare_configs(a.config, b.config), compare_launches(a, b),
                                          compare_tile_accesses(a, b), compare_block_writes(a, b)})
        if (!difference.empty())
            return difference;
    if (a.input != b.input)
        return "the inputs differ";
    if (a.output != b.output)
        return "the outputs differ";
    return "";
}

bool same_execution_by_tile(const GridTrace& a, const GridTrace& b) {
    return first_grid_difference(a, b).empty();
}

} // namespace prefixlab
