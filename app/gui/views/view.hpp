// A view draws one part of the window from AppState. Views only read traces and result tables and
// ask AppState for actions; they never call CUDA or the emulator. Each view is one class in its own
// .hpp/.cpp pair; view_registry.cpp is the one place that creates them.
#pragma once

struct ImFont;

namespace prefixlab {

class AppState;

struct ViewContext {
    ImFont* mono_font = nullptr; // for values, so digits line up
    float ui_scale = 1;
};

class View {
public:
    virtual ~View() = default;
    virtual const char* title() const = 0;
    virtual void draw(AppState& state, const ViewContext& context) = 0;
    // Whether the view shows the trace's steps: the narration strip stands under those only.
    virtual bool shows_steps() const { return true; }
};

} // namespace prefixlab
