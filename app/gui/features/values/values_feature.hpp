// The Values feature: the tab of every element's value at every step (the lecture's table of the scan),
// and its script command `report-values`, which says where the cells were drawn.
#pragma once

#include "gui/shell/feature.hpp"

namespace prefixlab {

class ValuesFeature final : public Feature {
public:
    void add_tabs(std::vector<TabMaker>& tabs) override;
    void add_commands(ScriptTable& table) override;
};

} // namespace prefixlab
