// The GUI's side of the settings that persist (core/settings/, docs/settings.md): reading them before
// the window opens, applying them to the window, fonts, theme, panel and capture settings, and saving
// what the session ends with. What the command line says (--window, --ui-scale, --trace) wins over
// what is stored for that run. gui_main.cpp calls it in four places.
#pragma once

#include "core/entry/gui_options.hpp"
#include "core/scene/scene.hpp"
#include "core/settings/settings_file.hpp"
#include "gui/platform/platform_window.hpp"

#include <optional>
#include <string>

namespace prefixlab {

class AppState;
class ImGuiLayer;
class Presentation;
class Workspace;

class SettingsSession {
public:
    // Names the file for this run (none for a scripted run without PREFIXLAB_CONFIG_DIR), applies
    // --reset-settings, and reads it. Prints one line on stderr for a file that did not load or was
    // refused (not a regular file: then nothing is saved at the end) and on stdout for a reset.
    SettingsSession(const GuiOptions& options, bool scripted);

    // Whether the capture settings were restored (the script reader then assumes nothing about them).
    bool restores_capture() const { return started_.capture.has_value(); }
    // The stored window size, unless --window was given.
    void adjust(WindowOptions& window_options) const;
    // Once the window and Dear ImGui exist, before the first trace: the window's place, the scale
    // (unless --ui-scale), the theme, the panel, the capture settings, and the recent files.
    void apply(PlatformWindow& window, ImGuiLayer& imgui, AppState& state, Workspace& workspace);
    // Once a frame: at the first, notes the settings the session starts with (as applied, with the
    // window where the window system put it); the startup notice (a reset, or why the file was
    // ignored) goes to the status bar once the first trace is in, so the trace's message does not hide it.
    void frame(const PlatformWindow& window, const ImGuiLayer& imgui, AppState& state, const Workspace& workspace);
    // The scene the last session ended on (scene.json beside settings.json, docs/scene.md), read at start;
    // nullopt without one, or for a file that did not load (its one-line warning goes to the status
    // bar, and the file is left as it is until a scene is saved over it).
    const std::optional<Scene>& stored_scene() const { return scene_; }
    // At exit, after save(): the scene the window shows, written atomically beside the settings.
    void save_scene(const Scene& scene);
    // The recent files, kept here for FileOpening to update during the session.
    std::vector<RecentFile>& recent() { return current_.recent; }

    // At exit (Quit, the window's close button, a first Ctrl-C): leaves presentation mode, so what is
    // kept is the lecturer's own window, scale and panel, and writes the file if anything changed.
    void save(PlatformWindow& window, ImGuiLayer& imgui, AppState& state, Workspace& workspace, Presentation& presentation);

private:
    Settings now(const PlatformWindow& window, const ImGuiLayer& imgui, const AppState& state,
                 const Workspace& workspace) const;

    std::optional<std::string> path_;
    std::optional<std::string> scene_path_;
    std::optional<Scene> scene_;
    Settings started_;  // as the session started: the stored settings, or the defaults
    Settings current_;  // the recent files, as the session goes on
    std::optional<Settings> initial_; // as applied, at the first frame: saved only if something changed since
    bool unreadable_ = false;         // a regular file that did not load: moved aside if changes are saved
    bool refused_ = false;            // not a regular file: never written or moved this session
    bool window_given_ = false;
    bool scale_given_ = false;
    std::string trace_path_;
    std::string notice_;
    bool notice_is_warning_ = false;
};

} // namespace prefixlab
