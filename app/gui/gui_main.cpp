#include "gui/gui_main.hpp"

#include "core/entry/exit_status.hpp"
#include "core/util/interrupts.hpp"
#include "core/util/terminal_output.hpp"
#include "gui/app_state.hpp"
#include "gui/export/view_export.hpp"
#include "gui/file_opening.hpp"
#include "gui/script/script_reader.hpp"
#include "gui/script/script_runner.hpp"
#include "gui/shell/feature.hpp"
#include "gui/shell/gui_tables.hpp"
#include "gui/shell/scene_glue.hpp"
#include "gui/imgui_layer.hpp"
#include "gui/layout/layout_check.hpp"
#include "gui/layout/settling.hpp"
#include "gui/platform/platform_window.hpp"
#include "gui/presentation.hpp"
#include "gui/screenshot.hpp"
#include "gui/settings_glue.hpp"
#include "gui/shortcuts.hpp"
#include "gui/theme.hpp"
#include "gui/view_registry.hpp"
#include "gui/workspace.hpp"

#include <chrono>
#include <cstdio>
#include <imgui.h>
#include <utility>
#include <vector>

namespace prefixlab {

namespace {

using Clock = std::chrono::steady_clock;

constexpr double kHeldFrameSeconds = 0.2; // frame interval while a feature holds the cores
constexpr double kReadingFrameSeconds = 1.0 / 30; // while files are read in the background
// Idle (nothing playing, tracing or scripted): the window sleeps until input arrives, drawing at
// most once a second. Dear ImGui settles hover, focus and a released button over the frames after
// an input, so a few more are drawn before it sleeps again.
constexpr double kIdleFrameSeconds = 1.0;
constexpr int kSettleFrames = 3;

double milliseconds_since(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

int run_window(const GuiOptions& options, ScriptRunner& script, SettingsSession& settings, FeatureSet& features,
               const GuiTables& tables) {
    // A first Ctrl-C (or SIGTERM, SIGHUP) closes the window as Quit does, so the settings are saved;
    // a second one stops at once (interrupts.hpp).
    const InterruptibleWork closes_cleanly;
    WindowOptions window_options;
    window_options.width = options.window_width;
    window_options.height = options.window_height;
    window_options.vsync = !script.active(); // scripted frames measure our work, not the display's refresh
    settings.adjust(window_options);
    PlatformWindow window(window_options);
    ImGuiLayer imgui(window, options.ui_scale > 0 ? options.ui_scale : window.content_scale());

    if (script.active())
        imgui.script_mouse(-1e6f, -1e6f, false); // off the window: no tooltip where Xvfb left the pointer
    AppState state;
    features.start(state);
    ViewRegistry views = make_views(tables.tabs);
    views.sidebar.features = &features;
    Workspace workspace(views, tables.menus, tables.shortcuts);
    settings.apply(window, imgui, state, workspace);
    FileOpening files(settings.recent());
    if (options.trace)
        state.block.show_trace_file(prepare_for_display(*options.trace, options.trace_path));
    else if (!script.active())
        state.block.capture_now(); // open on a trace, not on an empty window

    ViewExport exports;
    GuiHost host{state, features, workspace, imgui, window, files, exports};
    // --trace FILE named another kind of trace (such as a multi-block run's): the feature that shows it
    // reads it again, in the background, and selects its tab (the command line has checked it).
    if (options.other_trace)
        files.open_by_content(options.trace_path, host);
    // The screen the last session ended on (or --scene's), unless a trace file was named: the scene
    // would trace over it. --ui-scale still wins over the scene's scale.
    if (const std::optional<Scene>& scene = options.scene ? options.scene : settings.stored_scene();
        scene && options.trace_path.empty()) {
        apply_scene(*scene, host);
        if (options.ui_scale > 0)
            imgui.set_ui_scale(options.ui_scale);
    }
    Presentation presentation;
    // --lesson FILE: the lesson feature opens it (by its content, as a drop or File ▸ Open lesson does) on its
    // first scene, and asks for presentation mode.
    if (!options.lesson_path.empty())
        files.open_by_content(options.lesson_path, host);

    auto last = Clock::now();
    int settle_frames = kSettleFrames;
    while (!window.should_close() && !workspace.requests.quit && !script.wants_quit() && !interrupt_requested()) {
        // While long work runs (timing the CPU, a GPU child: BackgroundWork::holds_cores), the window draws five
        // frames a second (and at once on input, so Cancel answers): at full rate its rendering would take
        // CPU time from the CPU baselines being timed. Under Mesa's llvmpipe on 2 cores a CPU sweep's
        // process used 6.7 s of user time at full rate and 3.4 s throttled (3.9 s instead of 5.0 s wall).
        if (state.holds_cores()) {
            window.wait_events(kHeldFrameSeconds);
        } else if (script.active() || state.playing() || state.tracing() || exports.active() || settle_frames > 0) {
            window.poll_events();
            settle_frames = settle_frames > 0 ? settle_frames - 1 : 0;
        } else if (state.reading_files()) {
            // Files read in the background: the progress moves at 30 frames a second and input is answered
            // at once, while the cores go to the reading (a scripted run draws at full rate: there the
            // reading of a 34.5 MB table took 1.5 s under llvmpipe on the 2-core machine, 0.3 s alone).
            window.wait_events(kReadingFrameSeconds);
        } else {
            // The window used ~80% of a core when idle, redrawing continuously (issue 10).
            const auto sleep_start = Clock::now();
            window.wait_events(kIdleFrameSeconds);
            const double slept = std::chrono::duration<double>(Clock::now() - sleep_start).count();
            if (slept < 0.9 * kIdleFrameSeconds)
                settle_frames = kSettleFrames; // woken by an event, not by the timeout
        }
        const auto frame_start = Clock::now();
        const double dt = std::chrono::duration<double>(frame_start - last).count();
        last = frame_start;
        state.poll_background_work();
        state.advance_time(dt);
        settings.frame(window, imgui, state, workspace);
        script.before_frame(host);
        exports.before_frame(state, workspace, imgui, window); // may bind an offscreen target, set the step

        const bool check_layout = script.checks_layout_this_frame();
        if (check_layout)
            layout::begin_checked_frame();
        layout::new_frame();
        imgui.begin_frame();
        std::vector<KeyPress> presses = window.take_key_presses();
        for (const KeyPress& press : script.take_key_presses())
            presses.push_back(press);
        if (script.active())
            script.note_key_presses(presses.size());
        files.filter_keys(presses);
        exports.filter_keys(presses, state, imgui);
        handle_shortcuts(presses, host, tables.shortcuts);
        if (std::exchange(workspace.requests.toggle_presentation, false))
            presentation.toggle(state, workspace, imgui, window);
        if (std::exchange(workspace.requests.toggle_theme, false))
            imgui.set_theme(theme::current() == theme::Name::dark ? theme::Name::projector : theme::Name::dark);
        workspace.presenting = presentation.active();
        ViewContext context{imgui.mono_font(), imgui.smaller_mono_fonts(), imgui.ui_scale(), {}};
        workspace.draw(host, context);
        files.frame(host);
        features.after_frame(host);
        exports.draw_progress();
        if (views.sidebar.requested_scale > 0)
            imgui.set_ui_scale(views.sidebar.requested_scale);
        if (!imgui.font_warning().empty() && state.message().empty())
            state.inform(imgui.font_warning());

        window.clear(theme::colours().background.r / 255.0f, theme::colours().background.g / 255.0f, theme::colours().background.b / 255.0f);
        imgui.render();
        // Drawn on while the layout moves (a view follows its step a frame late), at most kMostSettlingFrames
        // in a row: what the window shows when it idles is the settled layout.
        if (layout::note_frame_moved() && layout::frames_moving() <= layout::kMostSettlingFrames)
            settle_frames = std::max(settle_frames, 1);
        if (check_layout) {
            layout::end_checked_frame();
            const layout::LayoutReport report = layout::check_layout(*ImGui::GetDrawData(), 40,
                                                                     theme::packed(theme::colours().background));
            script.report_layout(report.texts, report.problems);
        }
        if (const std::string path = script.take_screenshot_request(); !path.empty()) {
            try {
                save_png(window.read_framebuffer(), path);
                printf_to_terminal(stdout, "screenshot %s\n", path.c_str());
            } catch (const std::exception& e) {
                printf_to_terminal(stderr, "prefixlab: error: %s\n", e.what());
                return kExitFailure;
            }
        }
        exports.after_render(state, imgui, window);
        features.after_render(host); // a feature's own window (the presenter view) after the main frame
        if (script.measuring())
            window.finish();
        if (!exports.hides_frame()) // an export's own frame, read back, is not shown
            window.swap_buffers();
        script.after_frame(milliseconds_since(frame_start));
    }
    features.stop(host); // before the window and Dear ImGui go: a feature's own window (the presenter view)
    settings.save(window, imgui, state, workspace, presentation);
    settings.save_scene(current_scene(host));
    if (interrupt_requested())
        return kExitInterrupted; // the settings were saved
    if (!script.failure().empty())
        return report_error(script.failure(), kExitFailure);
    return kExitOk;
}

// `prefixlab lesson-handout`: the script a user could run (the lesson is open from --lesson's path), with the
// paths put in after it is read: a path may hold spaces, which a script's words cannot.
std::vector<ScriptCommand> handout_script(const GuiOptions& options, const ScriptTable& table) {
    std::vector<ScriptCommand> commands = parse_script_text(
        options.handout_png.empty() ? "lesson-wait\nlesson-handout handout.pdf\nquit\n"
                                    : "lesson-wait\nlesson-handout handout.pdf pictures\nquit\n",
        "lesson-handout", table);
    commands[1].args[0].text = options.handout_pdf;
    if (!options.handout_png.empty())
        commands[1].args[1].text = options.handout_png;
    return commands;
}

} // namespace

int run_gui(const GuiOptions& options) {
    FeatureSet features;
    const GuiTables tables(features);
    if (options.script_help) {
        printf_to_terminal(stdout, "%s", script_help(tables.script, options.script_help_markdown).c_str());
        return kExitOk;
    }
    ScriptRunner script;
    SettingsSession settings(options, !options.script_path.empty() || !options.handout_pdf.empty());
    try {
        if (!options.handout_pdf.empty())
            script = ScriptRunner(handout_script(options, tables.script));
        else if (!options.script_path.empty())
            script = ScriptRunner(parse_script_file(options.script_path, tables.script,
                                                    options.trace.has_value() || settings.restores_capture()));
    } catch (const ScriptError& e) {
        return report_error(e.what(), kExitBadInput);
    }
    try {
        return run_window(options, script, settings, features, tables);
    } catch (const PlatformError& e) {
        return report_error(e.what(), kExitFailure);
    }
}

} // namespace prefixlab
