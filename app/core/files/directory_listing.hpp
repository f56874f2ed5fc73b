// What the GUI's file browser shows of a folder: its sub-folders and files, folders first, each group
// sorted by name as a person reads it (case-insensitive), hidden entries (".name") left out. No ImGui.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace prefixlab {

struct DirectoryEntry {
    std::string name;
    bool folder = false;
    std::uintmax_t bytes = 0; // files only
};

struct DirectoryListing {
    std::string folder; // absolute, normalised
    std::vector<DirectoryEntry> entries;
    std::string error;  // one line when the folder cannot be read (entries then empty)
    bool truncated = false; // more than kMaxListedEntries
};

// A folder with a million files must not stall the window: the listing stops here (and says so).
inline constexpr std::size_t kMaxListedEntries = 5000;

// Lists `folder`; with an `extension` (".json", ".md"), files are listed only if their name ends in it
// (any case); with "", every file. Never throws.
DirectoryListing list_directory(const std::string& folder, std::string_view extension);

// The folder above `folder` ("/" stays "/").
std::string parent_folder(const std::string& folder);

// `name` as the browser's path field means it: an absolute path as it is, "~/x" under $HOME, anything
// else relative to `folder`. Normalised ("a/../b" is "b"), not resolved (links stay as named).
std::string resolve_in_folder(const std::string& folder, const std::string& name);

// A name to save a trace under: ".json" added when it has no extension.
std::string with_json_extension(const std::string& path);

// "12 KB", "3.4 MB": a file's size in the browser's column.
std::string size_text(std::uintmax_t bytes);

} // namespace prefixlab
