// The GUI's entry point, called by main() through the command line.
#pragma once

#include "core/entry/gui_options.hpp"

namespace prefixlab {

int run_gui(const GuiOptions& options);

} // namespace prefixlab
