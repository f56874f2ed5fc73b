// PrefixLab's command line: `prefixlab` opens the GUI, `prefixlab --trace FILE` opens it on a
// recorded trace (a block or a grid trace), `prefixlab trace …` records a block trace and
// `prefixlab grid-trace …` a grid trace. Bad input gets one line on stderr naming the
// problem and exit code 2; a failure while running (CUDA error, emulator error) exit code 1.
#pragma once

#include "core/entry/exit_status.hpp"
#include "core/entry/gui_options.hpp"

namespace prefixlab {

int run_command_line(int argc, char** argv, GuiEntry gui);

} // namespace prefixlab
