// What the command line hands the GUI: the GUI is an entry point beside the command line, and
// neither includes the other (main() passes run_gui to run_command_line).
#pragma once

#include "core/scene/scene.hpp"
#include "core/trace/grid_trace.hpp"
#include "core/trace/trace.hpp"

#include <optional>
#include <string>

namespace prefixlab {

struct GuiOptions {
    std::optional<Trace> trace;      // opened at start-up (from --trace FILE, already validated)
    // Or this, when --trace FILE is another kind of trace (a grid trace: the Grid tab opens, and its feature
    // reads the file again).
    std::optional<GridTrace> other_trace;
    std::string trace_path;
    std::string script_path;         // scripted mode: commands run frame by frame, then exit
    std::string scene_path;          // --scene FILE: the window opens on this scene (already read: `scene`)
    std::optional<Scene> scene;
    std::string lesson_path;         // --lesson FILE: the window opens on its first scene, presenting (checked)
    // `prefixlab lesson-handout`: the lesson at lesson_path is drawn into this PDF (and PNGs in the folder, if
    // named) by the lesson-handout script command, and the window closes.
    std::string handout_pdf;
    std::string handout_png;
    float ui_scale = 0;              // 0: pick from the monitor
    int window_width = 1600;
    int window_height = 900;
    bool window_given = false;       // --window: it wins over the stored window size
    bool reset_settings = false;     // --reset-settings: remove the stored settings, start on the defaults
    // --script-help[=markdown]: print scripted mode's commands (the command table) and exit; markdown is
    // the table of docs/gui-script.md.
    bool script_help = false;
    bool script_help_markdown = false;
};

// The GUI's entry point, handed in by main(); null in a build without the GUI.
using GuiEntry = int (*)(const GuiOptions&);

} // namespace prefixlab
