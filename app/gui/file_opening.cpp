#include "gui/file_opening.hpp"

#include "core/files/file_kind.hpp"
#include "core/util/printable.hpp"
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

void FileOpening::open_save_browser(SteppedSession& session, const std::string& folder) {
    // the trace of the tab on screen when Save was asked for
    open_save_browser(session.noun(), [&session](const std::string& path) { session.save(path); }, folder);
}

void FileOpening::open_save_browser(std::string noun, std::function<void(const std::string&)> save,
                                    const std::string& folder) {
    save_ = std::move(save);
    browser_.open_save(std::move(noun), folder.empty() ? start_folder() : absolute_path(folder));
}

bool FileOpening::open_by_content(const std::string& path, GuiHost& host) {
    const FileKindResult kind = file_kind_of(path);
    if (kind.kind == FileKind::trace) {
        host.state.block.load_trace(path); // in the background; it joins the recent files once it loaded
        return true;
    }
    // Other kinds (a multi-block run's trace, results) go to the feature that shows them.
    if (kind.kind != FileKind::other && host.features.open_file(path, kind.kind, host))
        return true;
    host.state.report_error(kind.kind == FileKind::other ? kind.problem : "nothing here opens " + printable_path(path));
    return false;
}

void FileOpening::act_on_choice(const std::string& path, GuiHost& host) {
    AppState& state = host.state;
    if (browser_.saving()) {
        save_(path);
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
    if (const FileRequest request = std::exchange(workspace.requests.file, FileRequest::none); request != FileRequest::none) {
        if (request == FileRequest::save_trace)
            open_save_browser(state.stepped());
        else
            open_browser(request == FileRequest::open_results  ? BrowseMode::open_results
                         : request == FileRequest::open_lesson ? BrowseMode::open_lesson
                                                               : BrowseMode::open_trace);
    }
    browser_.draw(recent_);
    if (const auto chosen = browser_.take_chosen())
        act_on_choice(*chosen, host);
    for (const std::string& path : state.block.take_trace_files_used())
        remember_recent(recent_, {absolute_path(path), RecentKind::trace});
    for (const RecentFile& file : host.features.take_files_used())
        remember_recent(recent_, {absolute_path(file.path), file.kind});
}

} // namespace prefixlab
