// PrefixLab's command line: `prefixlab` opens the GUI, `prefixlab --trace FILE` opens it on a
// recorded trace, `prefixlab trace …` records one. Bad input gets one line on stderr naming the
// problem and exit code 2; a failure while running (CUDA error, emulator error) exit code 1.
#pragma once

#include "../trace/trace.hpp"

#include <optional>
#include <string>

namespace prefixlab {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitBadInput = 2;

// The UI scales the GUI can draw at (--ui-scale and the script's `scale`).
inline constexpr float kMinUiScale = 0.5f;
inline constexpr float kMaxUiScale = 4.0f;
inline constexpr int kMinWindowWidth = 320;
inline constexpr int kMaxWindowWidth = 8192;

struct GuiOptions {
    std::optional<Trace> trace;      // opened at start-up (from --trace FILE, already validated)
    std::string trace_path;
    std::string script_path;         // scripted mode: commands run frame by frame, then exit
    float ui_scale = 0;              // 0: pick from the monitor
    int window_width = 1600;
    int window_height = 900;
    bool window_given = false;       // --window: it wins over the stored window size
    bool reset_settings = false;     // --reset-settings: remove the stored settings, start on the defaults
};

// The GUI's entry point, handed in by main(); null in a build without the GUI.
using GuiEntry = int (*)(const GuiOptions&);

int run_command_line(int argc, char** argv, GuiEntry gui);

} // namespace prefixlab
