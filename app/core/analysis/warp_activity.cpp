#include "core/analysis/warp_activity.hpp"

#include <algorithm>

namespace prefixlab {

std::uint32_t WarpActivity::lanes_of(std::uint32_t warp) const {
    const std::uint32_t first = warp * 32u;
    return first >= lanes ? 0 : std::min(32u, lanes - first);
}

double WarpActivity::issued_efficiency(std::size_t step) const {
    const WarpActivityStep& s = steps[step];
    std::uint32_t issued = 0;
    for (std::uint32_t w = 0; w < warps; ++w)
        if (s.lanes[w] > 0)
            issued += lanes_of(w);
    return issued == 0 ? 0.0 : double(s.active) / double(issued);
}

WarpActivity analyse_warp_activity(const Trace& trace) {
    WarpActivity activity;
    activity.lanes = static_cast<std::uint32_t>(std::max(trace.config.block_threads, 0));
    activity.warps = (activity.lanes + 31u) / 32u;
    activity.steps.resize(trace.steps.size());
    // one bit a thread a step: a lane counts once however many accesses it makes
    std::vector<std::vector<bool>> seen(trace.steps.size(), std::vector<bool>(activity.lanes, false));
    for (WarpActivityStep& step : activity.steps)
        step.lanes.assign(activity.warps, 0);
    for (const AccessRecord& a : trace.accesses) {
        if (a.step >= seen.size() || a.thread >= activity.lanes || seen[a.step][a.thread])
            continue;
        seen[a.step][a.thread] = true;
        ++activity.steps[a.step].lanes[warp_of(a.thread)];
        ++activity.steps[a.step].active;
    }
    for (WarpActivityStep& step : activity.steps)
        for (std::uint32_t w = 0; w < activity.warps; ++w) {
            step.busy += step.lanes[w] > 0;
            step.divergent += step.lanes[w] > 0 && step.lanes[w] < activity.lanes_of(w);
        }
    return activity;
}

} // namespace prefixlab
