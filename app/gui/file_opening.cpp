#include "gui/file_opening.hpp"

#include "core/files/file_kind.hpp"
#include "gui/app_state.hpp"
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

bool FileOpening::open_by_content(const std::string& path, AppState& state, Workspace& workspace) {
    const FileKindResult kind = file_kind_of(path);
    switch (kind.kind) {
    case FileKind::trace:
    case FileKind::grid_trace: // the Grid tab opens on it once it loaded
        state.load_trace(path); // in the background; it joins the recent files once it loaded
        return true;
    case FileKind::results:
        state.bench().open_results(path); // in the background; it joins the recent files once it is read
        workspace.select_tab("Benchmark");
        return true;
    case FileKind::other:
        break;
    }
    state.report_error(kind.problem);
    return false;
}

void FileOpening::act_on_choice(const std::string& path, AppState& state, Workspace& workspace) {
    if (browser_.mode() == BrowseMode::save_grid_trace) {
        state.save_grid_trace(path);
    } else if (browser_.mode() == BrowseMode::save_trace) {
        state.save_trace(path);
    } else if (const FileKindResult kind = file_kind_of(path); kind.kind == FileKind::other) {
        browser_.show_error(kind.problem); // the browser stays open to pick another
        return;
    } else {
        open_by_content(path, state, workspace);
    }
    if (state.message_is_error())
        browser_.show_error(state.message());
    else
        browser_.close();
}

void FileOpening::frame(PlatformWindow& window, AppState& state, Workspace& workspace) {
    for (const std::string& path : window.take_dropped_paths())
        open_by_content(path, state, workspace);
    if (const FileRequest request = std::exchange(workspace.requests.file, FileRequest::none); request != FileRequest::none)
        open_browser(mode_of(request, state));
    browser_.draw(recent_);
    if (const auto chosen = browser_.take_chosen())
        act_on_choice(*chosen, state, workspace);
    if (state.take_grid_tab_request())
        workspace.select_tab(std::string("Grid"));
    for (const std::string& path : state.take_trace_files_used())
        remember_recent(recent_, {absolute_path(path), RecentKind::trace});
    for (const std::string& path : state.bench().take_results_files_opened())
        remember_recent(recent_, {absolute_path(path), RecentKind::results});
}

} // namespace prefixlab
