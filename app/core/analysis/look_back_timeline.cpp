#include "core/analysis/look_back_timeline.hpp"

#include "core/util/enum_names.hpp"

#include <algorithm>
#include <cstdio>

namespace prefixlab {

namespace {

bool has_times(const GridTrace& trace) {
    return std::any_of(trace.accesses.begin(), trace.accesses.end(),
                       [](const GridAccessRecord& a) { return a.time_ns != 0; });
}

} // namespace

LookBackTimeline build_look_back_timeline(const GridTrace& trace, const GridSteps& steps,
                                          const std::vector<TileLookBack>& look_backs) {
    LookBackTimeline timeline;
    timeline.tiles = static_cast<std::uint32_t>(look_backs.size());
    timeline.by_tile.resize(look_backs.size());
    if (look_backs.empty())
        return timeline;
    timeline.uses_time = has_times(trace);
    std::uint64_t first_time = UINT64_MAX;
    for (const GridAccessRecord& a : trace.accesses)
        first_time = std::min(first_time, a.time_ns);
    // The launch and the tile of each block, as look_backs_of() read them.
    std::vector<std::uint32_t> tile_of_block;
    std::uint16_t launch = 0;
    for (const GridAccessRecord& a : trace.accesses)
        if (a.buffer == BufferId::tile_status) {
            launch = a.launch;
            break;
        }
    tile_of_block = tiles_of_blocks(trace, launch);

    for (std::size_t i = 0; i < trace.accesses.size(); ++i) {
        const GridAccessRecord& a = trace.accesses[i];
        if (a.launch != launch || a.block >= tile_of_block.size())
            continue;
        TimelineMark mark;
        mark.tile = tile_of_block[a.block];
        if (mark.tile >= timeline.tiles)
            continue;
        if (a.buffer == BufferId::tile_counter && a.kind == GridAccessKind::atomic) {
            mark.kind = TimelineMarkKind::taken;
            mark.value_bits = static_cast<std::uint32_t>(a.value);
        } else if (a.buffer == BufferId::tile_status && a.kind == GridAccessKind::release) {
            mark.kind = status_of(a.value) == TileStatus::prefix ? TimelineMarkKind::prefix : TimelineMarkKind::aggregate;
            mark.value_bits = value_bits_of(a.value);
        } else if (a.buffer == BufferId::tile_status && a.kind == GridAccessKind::acquire) {
            mark.kind = TimelineMarkKind::poll;
            mark.seen = status_of(a.value);
            mark.predecessor = status_word_tile(trace.config, a.index); // Onesweep: 256 words a tile
            mark.value_bits = value_bits_of(a.value);
            ++timeline.polls;
            timeline.waited += mark.seen == TileStatus::invalid ? 1 : 0;
        } else {
            continue;
        }
        mark.x = timeline.uses_time ? double(a.time_ns - first_time) : double(a.order);
        mark.step = i < steps.of_access.size() ? steps.of_access[i] : 0;
        timeline.by_tile[mark.tile].push_back(static_cast<std::uint32_t>(timeline.marks.size()));
        timeline.x_end = std::max(timeline.x_end, mark.x + 1);
        timeline.marks.push_back(mark);
    }
    for (std::vector<std::uint32_t>& row : timeline.by_tile) // GPU times need not follow the ticket order
        std::stable_sort(row.begin(), row.end(),
                         [&](std::uint32_t p, std::uint32_t q) { return timeline.marks[p].x < timeline.marks[q].x; });
    timeline.depths = look_back_depths(look_backs);
    timeline.verdict = check_look_backs(trace, look_backs);
    return timeline;
}

std::string timeline_summary(const LookBackTimeline& t) {
    char text[200];
    std::snprintf(text, sizeof text, "%u tiles · look-back deepest %u, mean %.2f · %u of %u polls waited · ", t.tiles,
                  t.depths.deepest, t.depths.mean, t.waited, t.polls);
    return text + (t.verdict.empty() ? std::string("every look-back consistent") : "inconsistent: " + t.verdict);
}

const char* mark_name(const TimelineMark& mark) {
    // A poll (nullptr by its kind) is named by the status it saw.
    static constexpr const char* kNames[] = {"tile taken", "aggregate published", nullptr,
                                             "inclusive prefix published"};
    static constexpr const char* kPolls[] = {"poll saw invalid (waits)", "poll saw aggregate",
                                             "poll saw prefix"};
    const char* name = name_in<TimelineMarkKind::prefix>(kNames, mark.kind, nullptr);
    return name != nullptr ? name : name_in<TileStatus::prefix>(kPolls, mark.seen);
}

} // namespace prefixlab
