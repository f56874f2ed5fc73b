// Opening and saving files from the window (issue 10): files dropped on it, the file browser that
// File ▸ Open trace…, Open results…, Save trace as… and Ctrl+O / Ctrl+S open, and the recent files.
// What a file is, is read from its content (core/files/file_kind.hpp), not its name: a trace opens as
// the trace on screen (the settings panel takes its settings) or as the trace of the tabs that step it,
// another kind in the feature that shows it (Feature::open_file), and anything else gets a one-line
// error in the status bar; the window carries on.
#pragma once

#include "core/settings/settings.hpp"
#include "gui/platform/platform_window.hpp"
#include "gui/views/file_browser_view.hpp"

#include <functional>
#include <string>
#include <vector>

namespace prefixlab {

class AppState;
class Workspace;
struct GuiHost;
class SteppedSession;

class FileOpening {
public:
    // `recent`: the recent files, kept in the settings (settings_glue); newest first.
    explicit FileOpening(std::vector<RecentFile>& recent) : recent_(recent) {}

    // While the browser is open it is modal: Esc closes it, and single keys (arrows, Space, B) are
    // held back from the shortcuts so they do not step the trace behind it; Ctrl shortcuts still act.
    void filter_keys(std::vector<KeyPress>& presses);

    // Once a frame, after the workspace drew: the dropped files, the workspace's requests (menu and
    // Ctrl+O / Ctrl+S), the browser and what was chosen in it, and the files AppState used.
    void frame(GuiHost& host);

    // Opens `path` by its content, as a drop does; false (and a one-line error) when it cannot.
    bool open_by_content(const std::string& path, GuiHost& host);
    void open_browser(BrowseMode mode, const std::string& folder = "");
    // Save: the browser saves `session`'s trace (the selected tab's when it was asked for).
    void open_save_browser(SteppedSession& session, const std::string& folder = "");
    // Save another kind of file (`noun`, such as "lesson"): `save` writes the path chosen, and reports a
    // failure in the status bar, which the browser then shows and stays open.
    void open_save_browser(std::string noun, std::function<void(const std::string&)> save,
                           const std::string& folder = "");

    FileBrowserView& browser() { return browser_; }
    const std::vector<RecentFile>& recent() const { return recent_; }

private:
    void act_on_choice(const std::string& path, GuiHost& host);
    std::string start_folder() const;

    std::vector<RecentFile>& recent_;
    FileBrowserView browser_;
    std::function<void(const std::string&)> save_; // what the save browser's choice is handed to
};

} // namespace prefixlab
