// The status line along the bottom: which device traces run on (the GPU's name, or "CPU emulation —
// no CUDA GPU found"), where the trace on screen came from, and the latest message or error.
#pragma once

#include "gui/views/view.hpp"

namespace prefixlab {

class StatusBarView : public View {
public:
    const char* title() const override { return "Status"; }
    void draw(AppState& state, const ViewContext& context) override;
};

} // namespace prefixlab
