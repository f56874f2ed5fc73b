// The Compare feature (F3): a second trace beside the first, stepping with it, differences marked. Its
// key, its menu item, and its script commands (`compare`, `compare-file`, `compare-off`,
// `report-compare`; docs/gui-script.md).
#pragma once

#include "gui/shell/feature.hpp"

namespace prefixlab {

class CompareFeature final : public Feature {
public:
    void add_commands(ScriptTable& table) override;
    void add_shortcuts(ShortcutTable& table) override;
    void add_menus(MenuTable& menus) override;
};

} // namespace prefixlab
