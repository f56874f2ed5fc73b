// The GUI's entry point, called by main() through the command line.
#pragma once

#include "core/cli/command_line.hpp"

namespace prefixlab {

int run_gui(const GuiOptions& options);

} // namespace prefixlab
