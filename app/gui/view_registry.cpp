#include "gui/view_registry.hpp"

#include "gui/views/bank_heatmap_view.hpp"
#include "gui/views/bench_view.hpp"
#include "gui/views/coalescing_view.hpp"
#include "gui/views/dataflow_view.hpp"
#include "gui/views/divergence_view.hpp"
#include "gui/views/grid_view.hpp"
#include "gui/views/look_back_timeline_view.hpp"
#include "gui/views/quiz_view.hpp"
#include "gui/views/value_grid_view.hpp"

namespace prefixlab {

namespace {

template <class V>
void add_tab(ViewRegistry& views) {
    views.tabs.push_back(std::make_unique<V>());
    const bool compared = views.tabs.back()->shows_steps() && !views.tabs.back()->steps_grid();
    views.compared_tabs.push_back(compared ? std::make_unique<V>() : nullptr);
}

} // namespace

ViewRegistry make_views() {
    ViewRegistry views;
    add_tab<ValueGridView>(views);
    add_tab<DataflowView>(views);
    add_tab<BankHeatmapView>(views);
    add_tab<BenchView>(views);
    // After Benchmark, so that Ctrl+1…Ctrl+4 keep the tabs they had before grid traces existed.
    add_tab<GridView>(views);
    add_tab<LookBackTimelineView>(views);
    add_tab<DivergenceView>(views); // issue 15: after the tabs Ctrl+1… already named
    add_tab<CoalescingView>(views);
    add_tab<QuizView>(views); // issue 16
    return views;
}

std::vector<std::string> tab_titles() {
    std::vector<std::string> titles;
    for (const auto& view : make_views().tabs)
        titles.emplace_back(view->title());
    return titles;
}

} // namespace prefixlab
