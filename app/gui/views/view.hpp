// A view draws one part of the window from AppState. Views only read traces and result tables and
// ask AppState for actions; they never call CUDA or the emulator. Each view is one class in its own
// .hpp/.cpp pair; view_registry.cpp is the one place that creates them.
#pragma once

#include "core/scene/scene.hpp"

#include <cstdint>
#include <optional>
#include <span>

struct ImFont;

namespace prefixlab {

class AppState;
class SteppedSession;
struct LoadedTrace;
struct TraceComparison;

// The trace a step view draws and its step: the trace on screen at the current step, or, with two traces
// side by side, one side of their comparison at its paired step, with the differences to mark.
struct ShownTrace {
    const LoadedTrace* trace = nullptr;
    int step = 0;
    const TraceComparison* comparison = nullptr; // two sides only
    int side = 0;                                // 0: the trace on screen; 1: the other side
};

struct ViewContext {
    ImFont* mono_font = nullptr; // for values, so digits line up
    std::span<ImFont* const> smaller_mono; // mono_font's smaller sizes, largest first (ImGuiLayer)
    float ui_scale = 1;
    ShownTrace shown;
};

// The block trace a step view shows, or nullptr when there is none: then the view's place says why
// ("Tracing…" while one is being made, else how to make one).
const LoadedTrace* shown_trace_or_hint(const AppState& state, const ViewContext& context);

// What a view computes from the trace it shows (an analysis of its accesses): computed again only when
// another trace is shown.
template <class Result>
class PerTrace {
public:
    // compute()'s result for `loaded`: computed now, or kept from the last call for the same trace.
    template <class Compute>
    const Result& of(const LoadedTrace* loaded, Compute compute) {
        const std::uint64_t serial = loaded != nullptr ? loaded->serial : 0;
        if (serial != computed_for_) {
            result_ = compute();
            computed_for_ = serial;
        }
        return result_;
    }

private:
    std::uint64_t computed_for_ = 0; // LoadedTrace::serial (an address can be a new trace's)
    Result result_;
};

// Steps to `step` of the shown trace: on the other side, the first step of the trace on screen
// shown with it (clicking a row there moves both sides).
void go_to_shown_step(AppState& state, const ShownTrace& shown, int step);

class View {
public:
    virtual ~View() = default;
    virtual const char* title() const = 0;
    virtual void draw(AppState& state, const ViewContext& context) = 0;
    // Whether the view shows the trace's steps: the narration strip stands under those only.
    virtual bool shows_steps() const { return true; }
    // Whether, beside another trace, it frames what differs from the other side (Values, Dataflow, Banks):
    // the line over the two sides says "(framed)" only then.
    virtual bool marks_differences() const { return false; }
    // The session the step keys, playback and the narration act on while this tab is shown; nullptr for
    // the block trace (AppState::block). A tab with its own session is drawn once, also beside another trace.
    virtual SteppedSession* stepped_session() { return nullptr; }
    // Whether the settings panel's kernel and step settings concern it: where not (a tab of questions), the panel
    // stays closed beside it and the tab has the window's width.
    virtual bool uses_sidebar() const { return true; }
    // Where the view is looking (its zoom, fit, scroll anchors as fractions), kept in a scene; nullopt
    // for a view that keeps no place of its own.
    virtual std::optional<ViewPlace> view_place() const { return std::nullopt; }
    virtual void set_view_place(const ViewPlace& place) { (void)place; }
    // Where it looks when a scene does not name it.
    virtual ViewPlace default_view_place() const { return ViewPlace{}; }
};

} // namespace prefixlab
