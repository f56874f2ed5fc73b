#include "gui/features/files/files_feature.hpp"

#include "core/ground/kernel_names.hpp"
#include "core/ground/keep_names.hpp"
#include "core/util/printable.hpp"
#include "core/util/terminal_output.hpp"
#include "gui/app_state.hpp"
#include "gui/file_opening.hpp"
#include "gui/script/script_command.hpp"
#include "gui/trace_commands.hpp"
#include "gui/imgui_layer.hpp"
#include "gui/theme.hpp"
#include "gui/workspace.hpp"

#include <cstdio>

namespace prefixlab {

namespace {

// "trace", "results", "lesson", and for Save "save" or, for another kind of file, "save-" and its kind's
// word (the word before " trace" in its noun, or the noun: "save-grid", "save-lesson").
std::string mode_name(const FileBrowserView& browser) {
    switch (browser.mode()) {
    case BrowseMode::open_trace:
        return "trace";
    case BrowseMode::open_results:
        return "results";
    case BrowseMode::open_lesson:
        return "lesson";
    case BrowseMode::save: {
        const std::string& noun = browser.save_noun();
        if (noun == "trace")
            return "save";
        const std::size_t kind = noun.rfind(" trace"); // "grid trace": save-grid; "lesson": save-lesson
        return "save-" + (kind == std::string::npos || kind == 0 ? noun : noun.substr(0, kind));
    }
    }
    return "?";
}

void report_settings(GuiHost& host) {
    const AppState& state = host.state;
    const ScanSetup& r = state.block.setup;
    int x = 0, y = 0, width = 0, height = 0;
    host.window.windowed_rect(x, y, width, height);
    const std::string file = state.block.trace_file().empty() ? "-" : printable_path(state.block.trace_file());
    printf_to_terminal(
        stdout,
        "settings: algo=%s n=%d input=%s seed=%llu type=%s op=%s exclusive=%d device=%s theme=%s "
        "scale=%.2f sidebar=%d window=%d,%d,%dx%d file=%s edited=%d tab=%s order=%s values=%s keep=%s\n",
        std::string(name_of(r.algorithm)).c_str(), r.n, std::string(name_of(r.input)).c_str(),
        static_cast<unsigned long long>(r.seed), std::string(name_of(r.type)).c_str(),
        std::string(name_of(r.op)).c_str(), r.exclusive ? 1 : 0, std::string(name_of(r.device)).c_str(),
        theme::name_text(theme::current()), host.imgui.ui_scale(), host.workspace.sidebar_visible ? 1 : 0, x,
        y, width, height, file.c_str(), state.block.file_settings_edited() ? 1 : 0, host.workspace.selected_title(),
        std::string(name_of(r.warp_order)).c_str(), r.values.empty() ? "-" : printable(r.values).c_str(),
        name_of(r.keep).c_str());
    for (const RecentFile& recent : host.files.recent())
        printf_to_terminal(stdout, "recent: %s %s\n", std::string(name_of(recent.kind)).c_str(),
                           printable_path(recent.path).c_str());
    FileBrowserView& browser = host.files.browser();
    if (browser.is_open())
        printf_to_terminal(stdout, "browser: mode=%s folder=%s entries=%zu error=%s\n",
                           mode_name(browser).c_str(), printable_path(browser.folder()).c_str(),
                           browser.entry_count(), browser.error().empty() ? "-" : browser.error().c_str());
    printf_to_terminal(stdout, "message: %s\n",
                       status_message_text(state.message_kind(), state.message()).c_str());
    std::fflush(stdout);
}

// Until a trace or results file that was dropped or entered has been read, whatever the outcome (a
// dropped garbage file's error is what a test wants to see, not a failure of the script).
void wait_to_settle(ScriptRun& run) {
    run.wait_frames(1); // the next frame takes it from the queue
    run.wait_while([&run](std::string&) { return run.host().state.tracing() || run.host().state.reading_files(); });
}

} // namespace

void FilesFeature::add_commands(ScriptTable& table) {
    const auto forget = [](const ScriptCommand&, ScriptExpectations& expected) { forget_capture_settings(expected); };
    table.add({.name = "drop",
               .usage = "drop FILE",
               .help = "drop a file on the window: the path goes to the window's drop callback, the function GLFW "
                       "calls for a real drop, and is opened by its content (a trace as the trace on screen, another "
                       "kind of trace or a results file on the tab that shows it, anything else a one-line error, "
                       "which does not fail the script); the script waits until the file has been read",
               .args = {path_arg("FILE")},
               .check = forget,
               .run = [](ScriptRun& run, const ScriptCommand& c) {
                   run.host().window.deliver_drop({c.args[0].text});
                   wait_to_settle(run);
               }});
    table.add({.name = "open-browser",
               .usage = "open-browser trace|results|save [FOLDER]",
               .help = "open the file browser (File ▸ Open trace…, Open results…, Save trace as…) in FOLDER, or where "
                       "the last recent file is. `save` saves what File ▸ Save would: the selected tab's trace (the "
                       "browser's mode is then `save` for the block trace, or `save-KIND` for another kind, titled "
                       "\"Save KIND trace as\")",
               .args = {name_arg("MODE", {"trace", "results", "save"}), optional_arg(path_arg("FOLDER"))},
               .run = [](ScriptRun& run, const ScriptCommand& c) {
                   GuiHost& host = run.host();
                   // `save` saves what File ▸ Save would: the selected tab's trace.
                   const std::string folder = c.args.size() > 1 ? c.args[1].text : "";
                   if (*c.args[0].choice == 2)
                       host.files.open_save_browser(host.state.stepped(), folder);
                   else
                       host.files.open_browser(*c.args[0].choice == 0 ? BrowseMode::open_trace : BrowseMode::open_results,
                                               folder);
                   run.wait_frames(1);
               }});
    table.add({.name = "browser-enter",
               .usage = "browser-enter TEXT",
               .help = "type TEXT into the file browser's path field and press Enter: a folder is entered, a file "
                       "opened or saved (an error shows in the browser); fails if the browser is not open",
               .args = {path_arg("TEXT")},
               .check = forget,
               .run = [](ScriptRun& run, const ScriptCommand& c) {
                   if (!run.host().files.browser().is_open()) {
                       run.fail("script " + c.where + ": browser-enter: the file browser is not open");
                       return;
                   }
                   run.host().files.browser().enter(c.args[0].text);
                   wait_to_settle(run);
               }});
    table.add({.name = "report-settings",
               .usage = "report-settings",
               .help = "print what would be saved as settings and the files in use: `settings: algo=… n=… input=… "
                       "seed=… type=… op=… exclusive=0 device=auto theme=dark scale=1.00 sidebar=1 window=X,Y,WxH "
                       "file=PATH|- edited=0 tab=Values order=in-order values=LIST|- keep=odd` (`order`, the emulator's "
                       "warp order, is not saved), then a `recent: KIND PATH` line per recent file, `browser: "
                       "mode=trace|results|save|save-KIND folder=… entries=N error=…` while the browser is open, and "
                       "`message: …` (the status bar's message, with `warning: ` or `error: ` before one of that kind, "
                       "once)",
               .run = [](ScriptRun& run, const ScriptCommand&) { report_settings(run.host()); }});
}

} // namespace prefixlab
