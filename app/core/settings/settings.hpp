// The GUI's settings that outlive a session (issue 10): the window's size and place, the UI scale, the
// theme, whether the settings panel is shown, the last capture settings and the recent files. This is
// the model and its JSON, with no window or ImGui; settings_file.hpp says where it is stored, and
// app/gui/settings_glue.* applies it to the running GUI. The format is docs/settings.md's.
//
// Reading is strict, like the trace and results readers: the document must be an object with
// "format": "prefixlab-settings" and "version": 1; every field is optional (an absent one keeps its
// default, so a file from an older version still loads), but a field that is present must have the
// right type and a value in range, and an unknown field is an error (a misspelt one would otherwise be
// ignored without a word). Any problem is a SettingsFormatError whose one-line message names the field.
#pragma once

#include "core/ground/scan_setup.hpp"
#include "core/settings/window_limits.hpp"

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace prefixlab {

class SettingsFormatError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

inline constexpr int kSettingsFormatVersion = 1;
// At most this many recent files are kept, newest first.
inline constexpr std::size_t kMaxRecentFiles = 10;
// The largest settings file read: ten recent paths of PATH_MAX (4096 bytes) each, escaped, are under
// 100 KB; anything near 1 MiB is not a file PrefixLab wrote.
inline constexpr std::uint64_t kMaxSettingsFileBytes = 1ull << 20;

// The window's place on the desktop and its size, in screen coordinates (as the window system gives
// them; x and y may be negative on a monitor left of or above the primary one).
struct WindowPlacement {
    int x = 0, y = 0;
    int width = 0, height = 0;
    friend bool operator==(const WindowPlacement&, const WindowPlacement&) = default;
};

enum class RecentKind { trace, results, lesson };
std::string_view name_of(RecentKind kind); // "trace", "results", "lesson"

struct RecentFile {
    std::string path; // absolute
    RecentKind kind = RecentKind::trace;
    friend bool operator==(const RecentFile&, const RecentFile&) = default;
};

// The themes the GUI has (app/gui/theme.hpp names the same two); stored by name.
inline constexpr std::string_view kSettingsThemes[] = {"dark", "projector"};

struct Settings {
    std::optional<WindowPlacement> window; // none: the window opens at the default size
    std::optional<float> ui_scale;         // none: from the monitor
    std::string theme = "dark";
    bool sidebar_visible = true;
    std::optional<ScanSetup> capture; // none: ScanSetup's defaults
    std::vector<RecentFile> recent;        // newest first, at most kMaxRecentFiles

    friend bool operator==(const Settings&, const Settings&);
};

// The UI scales and window sizes a settings file may hold (the command line's --ui-scale and
// --window ranges, command_line.hpp).
bool valid_ui_scale(double scale);

// JSON text of `settings` (ends with a newline), and the strict inverse. `settings_from_json_text`
// throws SettingsFormatError and nothing else.
std::string settings_to_json_text(const Settings& settings);
Settings settings_from_json_text(std::string_view text);

// Puts `file` first among the recent files (dropping an older entry of the same path) and keeps at most
// kMaxRecentFiles.
void remember_recent(std::vector<RecentFile>& recent, RecentFile file);
// Drops the entries whose file no longer exists as a regular file.
void drop_missing_recent(std::vector<RecentFile>& recent);

} // namespace prefixlab
