#include "core/analysis/loaded_grid_trace.hpp"

#include <cstdio>

namespace prefixlab {

std::unique_ptr<LoadedGridTrace> prepare_grid_for_display(GridTrace trace) {
    auto loaded = std::make_unique<LoadedGridTrace>();
    loaded->trace = std::move(trace);
    loaded->steps = build_grid_steps(loaded->trace);
    loaded->look_backs = look_backs_of(loaded->trace);
    loaded->model = build_grid_view_model(loaded->trace, loaded->steps);
    loaded->timeline = build_look_back_timeline(loaded->trace, loaded->steps, loaded->look_backs);
    loaded->narration = narrate_grid_steps(loaded->trace, loaded->steps, loaded->look_backs, &loaded->model.totals);
    return loaded;
}

std::string grid_report(const LoadedGridTrace& grid) {
    const GridTrace& t = grid.trace;
    const LookBackTimeline& timeline = grid.timeline;
    TotalsStepCounts totals; // over every step
    for (const TotalsStepCounts& c : grid.model.totals.counts) {
        totals.reads += c.reads;
        totals.writes += c.writes;
        totals.atomics += c.atomics;
        totals.arrows += c.arrows;
    }
    char text[500];
    std::snprintf(text, sizeof text,
                  "grid: driver=%s n=%llu tiles=%zu launches=%zu accesses=%zu steps=%zu detail=%s totals=%llu/%llu/%llu "
                  "crossings=%llu look-back deepest=%u mean=%.2f polls=%u waited=%u verdict=",
                  t.config.driver.c_str(), static_cast<unsigned long long>(t.config.n), grid.model.columns.size(),
                  t.launches.size(), t.accesses.size(), grid.steps.steps.size(), t.config.element_detail ? "elements" : "tiles",
                  static_cast<unsigned long long>(totals.reads), static_cast<unsigned long long>(totals.writes),
                  static_cast<unsigned long long>(totals.atomics),
                  static_cast<unsigned long long>(totals.arrows + timeline.polls), timeline.depths.deepest,
                  timeline.depths.mean, timeline.polls, timeline.waited);
    // "none" for a trace with no look-back (a multi-launch driver): nothing to be consistent
    return text + (grid.look_backs.empty() ? std::string("none")
                   : timeline.verdict.empty() ? std::string("consistent")
                                              : timeline.verdict);
}

} // namespace prefixlab
