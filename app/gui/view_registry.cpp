#include "gui/view_registry.hpp"

#include "gui/views/bank_heatmap_view.hpp"
#include "gui/views/bench_view.hpp"
#include "gui/views/dataflow_view.hpp"
#include "gui/views/value_grid_view.hpp"

namespace prefixlab {

ViewRegistry make_views() {
    ViewRegistry views;
    views.tabs.push_back(std::make_unique<ValueGridView>());
    views.tabs.push_back(std::make_unique<DataflowView>());
    views.tabs.push_back(std::make_unique<BankHeatmapView>());
    views.tabs.push_back(std::make_unique<BenchView>());
    return views;
}

std::vector<std::string> tab_titles() {
    std::vector<std::string> titles;
    for (const auto& view : make_views().tabs)
        titles.emplace_back(view->title());
    return titles;
}

} // namespace prefixlab
