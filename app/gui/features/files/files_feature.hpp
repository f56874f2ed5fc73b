// The Files feature's script commands (docs/gui-script.md): `drop FILE` hands the path to the window's
// drop callback, the very function GLFW calls for a drop (a synthetic XDND drop under Xvfb would need a
// drag source; xdotool has none), `open-browser` and `browser-enter` drive the file browser, and
// `report-settings` prints what would be saved.
#pragma once

#include "gui/shell/feature.hpp"

namespace prefixlab {

class FilesFeature final : public Feature {
public:
    void add_commands(ScriptTable& table) override;
};

} // namespace prefixlab
