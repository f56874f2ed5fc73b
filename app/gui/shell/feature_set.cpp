#include "gui/shell/feature.hpp"

namespace prefixlab {

FeatureSet::FeatureSet() : features_(make_features()) {}

void FeatureSet::start(AppState& state) {
    for (const auto& feature : features_)
        feature->start(state);
}

void FeatureSet::after_frame(GuiHost& host) {
    for (const auto& feature : features_)
        feature->after_frame(host);
}

void FeatureSet::after_render(GuiHost& host) {
    for (const auto& feature : features_)
        feature->after_render(host);
}

void FeatureSet::stop(GuiHost& host) {
    for (const auto& feature : features_)
        feature->stop(host);
}

bool FeatureSet::draw_tab(AppState& state, const ViewContext& context, View& first, View* second) {
    for (const auto& feature : features_)
        if (feature->draw_tab(state, context, first, second))
            return true;
    return false;
}

bool FeatureSet::open_file(const std::string& path, FileKind kind, GuiHost& host) {
    for (const auto& feature : features_)
        if (feature->open_file(path, kind, host))
            return true;
    return false;
}

std::vector<RecentFile> FeatureSet::take_files_used() {
    std::vector<RecentFile> used;
    for (const auto& feature : features_)
        for (RecentFile& file : feature->take_files_used())
            used.push_back(std::move(file));
    return used;
}

} // namespace prefixlab
