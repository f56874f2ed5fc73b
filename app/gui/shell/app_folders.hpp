// Where the GUI finds what ships with it and keeps what it makes.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace prefixlab {

// What ships with the app (shipped results and outcomes, lessons): core/files/assets_folder.hpp finds it.
std::string assets_folder();
// $PREFIXLAB_DATA_DIR, else $XDG_DATA_HOME/prefixlab, else ~/.local/share/prefixlab (saved runs, tables).
std::string data_folder();

// The files directly in `folder` with `extension` (".json") whose names hold `tag` (empty: any), by name
// (saved files' names carry their date); none when it cannot be listed. Error codes throughout,
// increments included: a folder that vanishes or turns unreadable while it is listed must not stop the
// app from starting.
std::vector<std::filesystem::path> files_in(const std::filesystem::path& folder, const std::string& extension,
                                            const std::string& tag = "");

} // namespace prefixlab
