// Where the settings file lives, and reading, writing and resetting it (docs/settings.md).
//
// - The folder: $PREFIXLAB_CONFIG_DIR if set, else $XDG_CONFIG_HOME/prefixlab (an absolute
//   XDG_CONFIG_HOME only, as the XDG spec says), else $HOME/.config/prefixlab. The file: settings.json.
// - A scripted run (--script) uses settings only when PREFIXLAB_CONFIG_DIR is set: tests and
//   screenshot scripts must not depend on, or change, the settings of whoever runs them. XDG_CONFIG_HOME
//   alone is not enough, because desktop sessions export it for every program.
// - Reading goes through the bounded reader (kMaxSettingsFileBytes) and the strict parser. A missing
//   file gives the defaults silently.
// - Something that is not a regular file (nor a link to one) in its place — a directory, a FIFO, a
//   device, a dangling link, a link in a loop — is refused: the defaults, a one-line warning, and it is
//   left exactly as it is for the whole session: never read, renamed or written through. Whoever put it
//   there meant something by it (a link to a dotfiles folder, a FIFO fed by a tool), and moving it aside
//   would break that silently.
// - A regular file that does not load (malformed, hostile, oversized) gives the defaults and a one-line
//   warning, and is left as it is. It is replaced only when a setting is to be saved that differs from
//   what the session started with, and then it is first moved aside to settings.json.bad, so nothing
//   the user had is lost without a trace. (Moving it aside at once would lose a newer PrefixLab's
//   settings whenever an older one is merely started and closed; writing over it would lose them
//   silently.)
// - Writing goes through the output policy (atomic_file.hpp): the new file appears whole or not at all,
//   and a target the policy refuses (any link, a directory, a FIFO, a device) is neither replaced nor
//   moved aside.
#pragma once

#include "core/settings/settings.hpp"

#include <optional>
#include <string>

namespace prefixlab {

// The environment variables the location depends on (null: unset), so tests can pass their own.
struct SettingsEnvironment {
    const char* prefixlab_config_dir = nullptr;
    const char* xdg_config_home = nullptr;
    const char* home = nullptr;
};
SettingsEnvironment process_environment();

inline constexpr const char* kSettingsFileName = "settings.json";

// The settings file's path, or nullopt when this run uses no settings (a scripted run without
// PREFIXLAB_CONFIG_DIR, or no folder can be named: neither XDG_CONFIG_HOME nor HOME is usable).
std::optional<std::string> settings_file_path(const SettingsEnvironment& env, bool scripted);

struct LoadedSettings {
    Settings settings;       // the defaults unless the file loaded
    std::string warning;     // one line when something is there that did not load; "" otherwise
    bool unreadable = false; // a regular file is there that did not load: moved aside when saving
    bool refused = false;    // not a regular file: left alone, and nothing is saved this session
};
LoadedSettings load_settings_file(const std::string& path);

// Writes `settings` atomically, creating the folder if needed; when `set_aside_unreadable`, first
// renames the regular file at `path` to PATH.bad (replacing an older .bad). A target the output policy
// refuses is left untouched: FileError (one line), before anything is renamed or written.
void save_settings_file(const std::string& path, const Settings& settings, bool set_aside_unreadable);

// --reset-settings: removes the file (a link is removed, not its target; a directory is left alone).
// Returns the one line to show: what was done.
std::string reset_settings_file(const std::string& path);

} // namespace prefixlab
