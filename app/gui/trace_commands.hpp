// The script commands of the trace on screen (the block trace session): open a trace file, trace with
// new settings, step, play, and report what the Values view and the narration show.
#pragma once

namespace prefixlab {

class ScriptTable;
class ScriptExpectations;
class ScriptRun;

void add_trace_commands(ScriptTable& table);

// For a command that takes the capture settings from a file or the mouse (open, drop, browser-enter):
// a script's later `trace` is checked against them only once it sets both kernel and N again.
void forget_capture_settings(ScriptExpectations& expected);

// The script waits for the trace work in the background, whatever it was; an error it ends with (the
// status bar's) fails the script.
void wait_for_capture(ScriptRun& run);

} // namespace prefixlab
