// Slides out of the GUI (issue 12): the view as a PNG at twice the window's size, as SVG with real
// text (view_svg.hpp), and every step of
// the trace in the current tab (Values, Dataflow, Banks) as an animated GIF or a numbered PNG sequence.
// From the File menu and Ctrl+E / Ctrl+Shift+E / Ctrl+G / Ctrl+P (into ./prefixlab-exports, the status
// bar names the file) and from scripts (export-view, export-svg, export-gif, export-steps;
// docs/gui-script.md).
//
// The main loop draws the export's frames itself, one at a time, so the window stays responsive:
// - a step animation takes two frames per step: one shown, with the progress over it, and one drawn
//   without the progress or the mouse, read back and never shown (no swap). Esc cancels; the trace's
//   step and playback return to where they were;
// - the 2× view is drawn into an offscreen framebuffer of twice the window's size with the UI scale
//   doubled, so the layout is the window's and every glyph is rasterised at the larger size rather
//   than scaled up. Three frames at 2× (the first rebuilds the fonts, the status bar and narration
//   take their heights from the frame before), then one at the window's scale again; none is shown.
//   Every view keeps the place it has on screen (scene_glue's view places, put back in each frame):
//   at the doubled font a view fitted and followed itself again and showed another part.
// Files are written atomically (gui/export/step_frames.hpp, screenshot.hpp); nothing is left behind
// by a cancelled or failed export.
#pragma once

#include "gui/export/step_frames.hpp"
#include "gui/export/view_svg.hpp"
#include "gui/layout/shown_range.hpp"
#include "gui/platform/platform_window.hpp"
#include "gui/render/offscreen_target.hpp"
#include "gui/workspace.hpp"
#include "core/plot/vector_picture.hpp"

#include <functional>

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace prefixlab {

class AppState;
class ImGuiLayer;
struct LoadedTrace;

class ViewExport {
public:
    // Starts an export to `path` (for steps_png a folder). Returns "" when it started, else the one
    // line that says why it cannot (nothing is written then).
    std::string start(ExportRequest kind, const std::string& path, AppState& state, const Workspace& workspace,
                      const PlatformWindow& window);
    bool active() const { return job_ != Job::none; }
    // The last finished export: the status bar's line, and whether it failed (a cancel is no failure).
    const std::string& outcome() const { return outcome_; }
    bool failed() const { return failed_; }

    // Where File ▸ Export … writes: ./prefixlab-exports/ALGO-nN-TAB.gif (-2x.png, .svg, -steps/), with -2,
    // -3, … added rather than replacing an earlier export.
    static std::string default_path(ExportRequest kind, const AppState& state, const Workspace& workspace);

    // Before Dear ImGui's frame: starts what the menu or a key asked for, and sets the step, the UI
    // scale and the render target of the frame about to be drawn.
    void before_frame(AppState& state, Workspace& workspace, ImGuiLayer& imgui, const PlatformWindow& window);
    // While an export runs, Esc cancels it and every other key is held back (it would step the trace
    // or change the scale under the export).
    void filter_keys(std::vector<KeyPress>& presses, AppState& state, ImGuiLayer& imgui);
    // Over the window, in the frames that are shown: what is being exported, a bar, "Esc cancels".
    void draw_progress() const;
    // After the frame rendered, before the swap: reads back the frame an export draws for itself.
    void after_render(AppState& state, ImGuiLayer& imgui, const PlatformWindow& window);
    // Whether the frame just drawn is an export's own, which the window must not show.
    bool hides_frame() const { return hidden_frame_; }

    // Draws a settled frame as vector shapes, as the SVG export does, and hands it to `take` instead of
    // writing a file (the lesson handout's key frames, in the frame after). Returns "" when it started,
    // else why not (another export runs).
    std::string start_picture(std::function<void(VectorPicture)> take);
    // What each step view showed in the last exported view (layout/shown_range.hpp).
    const std::vector<layout::ShownRange>& shown_ranges() const { return shown_; }

private:
    enum class Job { none, view_png, steps, view_svg };
    void after_step_frame(AppState& state, ImGuiLayer& imgui, const PlatformWindow& window);
    void after_view_frame(AppState& state, ImGuiLayer& imgui);
    void after_svg_frame(AppState& state, ImGuiLayer& imgui);
    void finish(AppState& state, ImGuiLayer& imgui, std::string outcome, bool failed);
    double seconds_since_start() const;

    Job job_ = Job::none;
    bool hidden_frame_ = false;
    std::string outcome_;
    bool failed_ = false;
    std::string path_;
    std::chrono::steady_clock::time_point started_;

    // steps
    std::unique_ptr<StepFrameSink> sink_;
    std::string what_; // "GIF", "PNG sequence", for the progress line
    const LoadedTrace* trace_ = nullptr;
    int steps_ = 0;
    int next_step_ = 0;
    bool capture_now_ = false; // the frame being drawn is the step's clean capture
    int restore_step_ = 0;
    bool restore_playing_ = false;

    // view_png, view_svg: where each view looked on screen, put back in every frame drawn at 2× (a view
    // fitted itself again at the larger font: Ctrl+E of Dataflow showed rows 0–4, the screen rows 7–12),
    // and what the exported frame showed (report-shown export)
    std::map<std::string, ViewPlace> places_;
    int settle_places_frames_ = 0; // frames after a 2× export in which the places are put back again
    std::vector<layout::ShownRange> shown_;

    // view_png
    OffscreenTarget offscreen_;
    int view_frame_ = 0;
    int target_width_ = 0, target_height_ = 0;
    float target_scale_ = 0;
    std::string view_outcome_;
    bool view_failed_ = false;

    // view_svg (view_svg.hpp): ordinary frames while the layout settles, then one hidden vector frame
    ViewSvgFrame svg_;
    int svg_frame_ = 0;
    std::function<void(VectorPicture)> take_picture_; // start_picture: the frame goes there, not to a file
};

} // namespace prefixlab
