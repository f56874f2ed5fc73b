// The window's own script commands: frames, tabs, scale, theme, keys, the mouse, screenshots, the layout
// check, frame times and the window's report. Features add theirs (Feature::add_commands).
#pragma once

#include <string>
#include <vector>

namespace prefixlab {

class ScriptTable;

void add_window_commands(ScriptTable& table, const std::vector<std::string>& tab_titles);
// `quit`, added last so that the help ends with it.
void add_quit_command(ScriptTable& table);

} // namespace prefixlab
