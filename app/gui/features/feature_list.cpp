// The features of the GUI, in the order of their tabs (Ctrl+1, Ctrl+2, … follow it): one line each.
// Adding a tab is its folder under features/ and one line here; the menus, keys, script commands and
// sessions need no edit. tests/layers/check_layers.py lets only this file include several features.
#include "gui/features/banks/bank_heatmap_view.hpp"
#include "gui/features/benchmark/benchmark_feature.hpp"
#include "gui/features/compare/compare_feature.hpp"
#include "gui/features/dataflow/dataflow_view.hpp"
#include "gui/features/files/files_feature.hpp"
#include "gui/features/global/coalescing_view.hpp"
#include "gui/features/grid/grid_feature.hpp"
#include "gui/features/lesson/lesson_feature.hpp"
#include "gui/features/quiz/quiz_feature.hpp"
#include "gui/features/values/values_feature.hpp"
#include "gui/features/warps/divergence_view.hpp"

namespace prefixlab {

std::vector<std::unique_ptr<Feature>> make_features() {
    std::vector<std::unique_ptr<Feature>> features;
    features.push_back(std::make_unique<ValuesFeature>());
    features.push_back(std::make_unique<TabFeature<DataflowView>>());
    features.push_back(std::make_unique<TabFeature<BankHeatmapView>>());
    features.push_back(std::make_unique<BenchmarkFeature>());
    features.push_back(std::make_unique<GridFeature>()); // the Grid and Timeline tabs
    features.push_back(std::make_unique<TabFeature<DivergenceView>>()); // Warps
    features.push_back(std::make_unique<TabFeature<CoalescingView>>()); // Global
    features.push_back(std::make_unique<QuizFeature>());
    features.push_back(std::make_unique<CompareFeature>());
    features.push_back(std::make_unique<FilesFeature>());
    features.push_back(std::make_unique<LessonFeature>()); // a lecture from one file: its scenes and notes
    return features;
}

} // namespace prefixlab
