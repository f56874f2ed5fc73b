// Where the GUI finds what ships with it and keeps what it makes.
#pragma once

#include <string>

namespace prefixlab {

// $PREFIXLAB_ASSETS_DIR, else the build's assets/ (shipped results and outcomes).
std::string assets_folder();
// $PREFIXLAB_DATA_DIR, else $XDG_DATA_HOME/prefixlab, else ~/.local/share/prefixlab (saved runs, tables).
std::string data_folder();

} // namespace prefixlab
