// Scripted mode's commands for opening files and the settings (docs/gui-script.md): `drop FILE` hands
// the path to the window's drop callback, the very function GLFW calls for a drop (a synthetic XDND
// drop under Xvfb would need a drag source; xdotool has none), `open-browser` and `browser-enter`
// drive the file browser, and `report-settings` prints what would be saved.
#include "core/ground/scan_names.hpp"
#include "core/util/printable.hpp"
#include "core/util/terminal_output.hpp"
#include "gui/app_state.hpp"
#include "gui/file_opening.hpp"
#include "gui/gui_script.hpp"
#include "gui/imgui_layer.hpp"
#include "gui/theme.hpp"
#include "gui/workspace.hpp"

#include <cstdio>

namespace prefixlab {

namespace {

const char* mode_name(BrowseMode mode) {
    switch (mode) {
    case BrowseMode::open_trace:
        return "trace";
    case BrowseMode::open_results:
        return "results";
    case BrowseMode::save_trace:
        return "save";
    case BrowseMode::save_grid_trace:
        return "save-grid";
    }
    return "?";
}

void report_settings(ScriptHost& host) {
    const AppState& state = host.state;
    const ScanSetup& r = state.setup;
    int x = 0, y = 0, width = 0, height = 0;
    host.window.windowed_rect(x, y, width, height);
    const std::string file = state.trace_file().empty() ? "-" : printable_path(state.trace_file());
    printf_to_terminal(
        stdout,
        "settings: algo=%s n=%d input=%s seed=%llu type=%s op=%s exclusive=%d device=%s theme=%s "
        "scale=%.2f sidebar=%d window=%d,%d,%dx%d file=%s edited=%d tab=%s order=%s\n",
        std::string(name_of(r.algorithm)).c_str(), r.n, std::string(name_of(r.input)).c_str(),
        static_cast<unsigned long long>(r.seed), std::string(name_of(r.type)).c_str(),
        std::string(name_of(r.op)).c_str(), r.exclusive ? 1 : 0, std::string(name_of(r.device)).c_str(),
        theme::name_text(theme::current()), host.imgui.ui_scale(), host.workspace.sidebar_visible ? 1 : 0, x,
        y, width, height, file.c_str(), state.file_settings_edited() ? 1 : 0, host.workspace.selected_title(),
        std::string(name_of(r.warp_order)).c_str());
    for (const RecentFile& recent : host.files.recent())
        printf_to_terminal(stdout, "recent: %s %s\n", std::string(name_of(recent.kind)).c_str(),
                           printable_path(recent.path).c_str());
    FileBrowserView& browser = host.files.browser();
    if (browser.is_open())
        printf_to_terminal(stdout, "browser: mode=%s folder=%s entries=%zu error=%s\n",
                           mode_name(browser.mode()), printable_path(browser.folder()).c_str(),
                           browser.entry_count(), browser.error().empty() ? "-" : browser.error().c_str());
    printf_to_terminal(stdout, "message: %s\n",
                       status_message_text(state.message_kind(), state.message()).c_str());
    std::fflush(stdout);
}

} // namespace

bool ScriptRunner::run_files_command(ScriptHost& host, const ScriptCommand& c) {
    if (c.name == "drop") {
        host.window.deliver_drop({c.args[0].text});
        wait_frames_ = 1;             // the next frame takes it from the queue
        wait_for_ = WaitFor::settle; // then a trace loads in the background
        return false;
    }
    if (c.name == "open-browser") {
        // `save` saves what File ▸ Save would: the grid trace on the Grid and Timeline tabs.
        const BrowseMode save = host.state.stepping_grid ? BrowseMode::save_grid_trace : BrowseMode::save_trace;
        const BrowseMode modes[] = {BrowseMode::open_trace, BrowseMode::open_results, save};
        host.files.open_browser(modes[*c.args[0].choice], c.args.size() > 1 ? c.args[1].text : "");
        wait_frames_ = 1;
        return false;
    }
    if (c.name == "browser-enter") {
        if (!host.files.browser().is_open()) {
            failure_ = "script " + c.where + ": browser-enter: the file browser is not open";
            return true;
        }
        host.files.browser().enter(c.args[0].text);
        wait_frames_ = 1;
        wait_for_ = WaitFor::settle;
        return false;
    }
    report_settings(host); // report-settings
    return true;
}

} // namespace prefixlab
