#include "gui/file_opening.hpp"

#include "core/files/file_kind.hpp"
#include "gui/app_state.hpp"
#include "gui/shell/feature.hpp"
#include "gui/workspace.hpp"

#include <GLFW/glfw3.h>
#include <algorithm>
#include <filesystem>
#include <utility>

namespace prefixlab {

namespace fs = std::filesystem;

namespace {

std::string absolute_path(const std::string& path) {
    std::error_code ignored;
    const fs::path absolute = fs::absolute(path, ignored);
    return (absolute.empty() ? fs::path(path) : absolute).lexically_normal().string();
}

// Save saves the trace of the tab on screen: the grid trace on the Grid and Timeline tabs.
BrowseMode mode_of(FileRequest request, const AppState& state) {
    switch (request) {
    case FileRequest::open_results:
        return BrowseMode::open_results;
    case FileRequest::save_trace:
        return state.stepping_grid ? BrowseMode::save_grid_trace : BrowseMode::save_trace;
    default:
        return BrowseMode::open_trace;
    }
}

} // namespace

void FileOpening::filter_keys(std::vector<KeyPress>& presses) {
    if (!browser_.is_open())
        return;
    for (const KeyPress& press : presses)
        if (press.key == GLFW_KEY_ESCAPE && !press.repeat)
            browser_.close();
    std::erase_if(presses, [](const KeyPress& press) { return !press.ctrl; });
}

std::string FileOpening::start_folder() const {
    // Where the last file was: a lecturer's traces are usually kept together.
    if (!recent_.empty())
        return fs::path(recent_.front().path).parent_path().string();
    std::error_code ignored;
    const fs::path here = fs::current_path(ignored);
    return here.empty() ? "/" : here.string();
}

void FileOpening::open_browser(BrowseMode mode, const std::string& folder) {
    browser_.open(mode, folder.empty() ? start_folder() : absolute_path(folder));
}

bool FileOpening::open_by_content(const std::string& path, GuiHost& host) {
    const FileKindResult kind = file_kind_of(path);
    if (kind.kind == FileKind::trace || kind.kind == FileKind::grid_trace) {
        // In the background; it joins the recent files once it loaded (a grid trace on its tab).
        host.state.load_trace(path);
        return true;
    }
    // Other kinds (results) go to the feature that shows them.
    if (kind.kind != FileKind::other && host.features.open_file(path, kind.kind, host))
        return true;
    host.state.report_error(kind.kind == FileKind::other ? kind.problem : "nothing here opens " + path);
    return false;
}

void FileOpening::act_on_choice(const std::string& path, GuiHost& host) {
    AppState& state = host.state;
    if (browser_.mode() == BrowseMode::save_grid_trace) {
        state.save_grid_trace(path);
    } else if (browser_.mode() == BrowseMode::save_trace) {
        state.save_trace(path);
    } else if (const FileKindResult kind = file_kind_of(path); kind.kind == FileKind::other) {
        browser_.show_error(kind.problem); // the browser stays open to pick another
        return;
    } else {
        open_by_content(path, host);
    }
    if (state.message_is_error())
        browser_.show_error(state.message());
    else
        browser_.close();
}

void FileOpening::frame(GuiHost& host) {
    AppState& state = host.state;
    Workspace& workspace = host.workspace;
    for (const std::string& path : host.window.take_dropped_paths())
        open_by_content(path, host);
    if (const FileRequest request = std::exchange(workspace.requests.file, FileRequest::none); request != FileRequest::none)
        open_browser(mode_of(request, state));
    browser_.draw(recent_);
    if (const auto chosen = browser_.take_chosen())
        act_on_choice(*chosen, host);
    if (state.take_grid_tab_request())
        workspace.select_tab(std::string("Grid"));
    for (const std::string& path : state.take_trace_files_used())
        remember_recent(recent_, {absolute_path(path), RecentKind::trace});
    for (const RecentFile& file : host.features.take_files_used())
        remember_recent(recent_, {absolute_path(file.path), file.kind});
}

} // namespace prefixlab
