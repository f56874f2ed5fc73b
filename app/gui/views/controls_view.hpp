// The sidebar: what to trace (algorithm, N, input, type, operator, device), stepping and playback,
// opening and saving trace files, and the UI scale. Every control has a keyboard shortcut too
// (see shortcuts.cpp and the Help menu).
#pragma once

#include "core/ground/scan_setup.hpp"
#include "gui/views/view.hpp"

#include <string>

namespace prefixlab {

class FeatureSet;

class ControlsView : public View {
public:
    const char* title() const override { return "Controls"; }
    void draw(AppState& state, const ViewContext& context) override;

    // The panel's width at the current font: room for the longest algorithm name in its combo with
    // the labels beside it, and for the "Run on" row.
    float preferred_width() const;

    // The UI scale the user asked for this frame (0: unchanged); read by the main loop.
    float requested_scale = 0;
    // The features whose sections the panel draws after the kernel's settings.
    const FeatureSet* features = nullptr;

private:
    void draw_kernel_settings(AppState& state);
    void draw_file_mark(const AppState& state); // "from file NAME" under the kernel settings
    // The input's kind, its seed or its list of values (which sets N); the compaction's predicate; a list
    // the setup refuses (one line, in the error colour).
    static bool draw_input_choice(ScanSetup& setup);
    static void draw_values_problem(const ScanSetup& setup);
    void draw_stepping(AppState& state, const ViewContext& context);
    void draw_files(AppState& state);
    void draw_display(const ViewContext& context);

    char path_[512] = "trace.json";
};

} // namespace prefixlab
