// The script commands of the trace on screen (the block trace session): open a trace file, trace with
// new settings, step, play, and report what the Values view and the narration show.
#pragma once

namespace prefixlab {

class ScriptTable;
class ScriptExpectations;

void add_trace_commands(ScriptTable& table);

// For a command that takes the capture settings from a file or the mouse (open, drop, browser-enter):
// a script's later `trace` is checked against them only once it sets both kernel and N again.
void forget_capture_settings(ScriptExpectations& expected);

} // namespace prefixlab
