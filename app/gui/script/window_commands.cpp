#include "gui/script/window_commands.hpp"

#include "core/settings/window_limits.hpp"
#include "core/util/terminal_output.hpp"
#include "gui/app_state.hpp"
#include "gui/export/view_export.hpp"
#include "gui/imgui_layer.hpp"
#include "gui/layout/shown_range.hpp"
#include "gui/script/script_command.hpp"
#include "gui/shell/feature.hpp"
#include "gui/shortcuts.hpp"
#include "gui/theme.hpp"
#include "gui/workspace.hpp"

#include <chrono>
#include <cstdio>
#include <thread>

namespace prefixlab {

namespace {

// Limits that only keep a typo from running for hours; no real script comes near them.
constexpr double kMaxFrames = 100000;
constexpr double kMaxPixel = 16384; // twice the widest window (--window 8192)

std::vector<std::string> key_names() {
    std::vector<std::string> names;
    for (const NamedKey& k : named_keys())
        names.push_back(k.name);
    return names;
}

void report_window(GuiHost& host) {
    // What the window is doing, for tests that check a mode rather than pixels.
    int width = 0, height = 0;
    host.window.framebuffer_size(width, height);
    printf_to_terminal(stdout,
                       "report: step=%d reveal=%d scale=%.2f theme=%s sidebar=%d presenting=%d fullscreen=%d "
                       "size=%dx%d tab=%s\n",
                       host.state.block.step(), host.state.reveal ? 1 : 0, host.imgui.ui_scale(),
                       theme::name_text(theme::current()), host.workspace.sidebar_visible ? 1 : 0,
                       host.workspace.presenting ? 1 : 0, host.window.fullscreen() ? 1 : 0, width, height,
                       host.workspace.selected_title());
    std::fflush(stdout);
}

// The source panel (F4) as it was last drawn: a summary line, then each shown line whole and each of its
// rows (the pieces a long line was wrapped into), so a test can check that wrapping cut between tokens.
void report_source(GuiHost& host) {
    const SourceView::Drawn& d = host.workspace.source_view().drawn();
    printf_to_terminal(stdout,
                       "source: form=%s file=%s rows=%zu font=%.0f widest=%.0f room=%.0f sync=%d lines=%d-%d\n",
                       d.prefixlab_form ? "prefixlab" : "cuda", d.path.empty() ? "-" : d.path.c_str(), d.rows.size(),
                       d.font_pixels, d.widest, d.room, d.sync_line, d.first, d.last);
    for (std::size_t number = 0; number < d.lines.size(); ++number)
        if (!d.lines[number].empty())
            printf_to_terminal(stdout, "source-line: %zu|%s\n", number, d.lines[number].c_str());
    for (const SourceView::Row& row : d.rows)
        printf_to_terminal(stdout, "source-row: %d|%s\n", row.number, row.text.c_str());
    std::fflush(stdout);
}

// The mouse to window pixel (X, Y), the command's arguments, pressing the left button for one frame
// when `click`. It stays where it was put; the wait lets the release and the result draw.
void put_mouse(ScriptRun& run, const ScriptCommand& c, bool click) {
    run.host().imgui.script_mouse(static_cast<float>(c.args[0].whole), static_cast<float>(c.args[1].whole), click);
    run.wait_frames(2);
}

} // namespace

void add_window_commands(ScriptTable& table, const std::vector<std::string>& tab_titles) {
    table.add({.name = "wait",
               .usage = "wait FRAMES",
               .help = "let frames pass (0–100000)",
               .args = {whole_arg("FRAMES", 0, kMaxFrames)},
               .run = [](ScriptRun& run, const ScriptCommand& c) {
                   run.wait_frames(static_cast<int>(c.args[0].whole));
               }});
    std::string titles;
    for (std::size_t i = 0; i < tab_titles.size(); ++i)
        titles += (i == 0 ? "`" : i + 1 == tab_titles.size() ? " or `" : ", `") + tab_titles[i] + "`";
    table.add({.name = "tab",
               .usage = "tab TITLE",
               .help = "select a tab of the main area: " + titles,
               .args = {name_arg("TITLE", tab_titles)},
               .run = [](ScriptRun& run, const ScriptCommand& c) {
                   GuiHost& host = run.host();
                   host.workspace.select_tab(c.args[0].text); // a title of the tabs, checked when read
                   host.state.step_through(host.workspace.selected_session()); // a `step` right after steps it
               }});
    table.add({.name = "scale",
               .usage = "scale FACTOR",
               .help = "UI scale (0.5–4)",
               .args = {number_arg("FACTOR", kMinUiScale, kMaxUiScale)},
               .run = [](ScriptRun& run, const ScriptCommand& c) {
                   run.host().imgui.set_ui_scale(static_cast<float>(c.args[0].number));
               }});
    table.add({.name = "theme",
               .usage = "theme dark|projector",
               .help = "the colour theme (`projector`: light, high contrast)",
               .args = {name_arg("NAME", {"dark", "projector"})},
               .run = [](ScriptRun& run, const ScriptCommand& c) {
                   run.host().imgui.set_theme(theme::kNames[*c.args[0].choice]); // the reader checked the name
               }});
    table.add({.name = "screenshot",
               .usage = "screenshot FILE.png",
               .help = "render two frames, then save the window as PNG",
               .args = {path_arg("FILE.png", ".png")},
               .run = [](ScriptRun& run, const ScriptCommand& c) { run.screenshot(c.args[0].text); }});
    std::string keys;
    for (const std::string& name : key_names())
        keys += (keys.empty() ? "`" : ", `") + name + "`";
    table.add({.name = "key",
               .usage = "key NAME",
               .help = "press a key, handled like one from the keyboard: " + keys,
               .args = {name_arg("NAME", key_names())},
               .run = [](ScriptRun& run, const ScriptCommand& c) { run.press(named_keys()[*c.args[0].choice].press); }});
    table.add({.name = "stall",
               .usage = "stall MILLISECONDS",
               .help = "hold the frame that long (0–10000) without handling input, as a slow machine would; what "
                       "arrives meanwhile is handled in the next frame, and a frame that handles more than one key "
                       "press prints `K key presses in one frame`",
               .args = {whole_arg("MILLISECONDS", 0, 10000)},
               .run = [](ScriptRun& run, const ScriptCommand& c) {
                   // The key-tap test sends 20 presses into one such frame.
                   std::this_thread::sleep_for(std::chrono::milliseconds(c.args[0].whole));
                   run.wait_frames(1);
               }});
    table.add({.name = "about",
               .usage = "about open|close",
               .help = "open or close Help > About: the version, the build's CUDA state and the assets folder it reads",
               .args = {name_arg("STATE", {"open", "close"})},
               .run = [](ScriptRun& run, const ScriptCommand& c) {
                   run.host().workspace.about_open = *c.args[0].choice == 0;
                   run.wait_frames(2);
               }});
    table.add({.name = "report",
               .usage = "report",
               .help = "print one line of what the window is doing: `report: step=0 reveal=1 scale=2.00 "
                       "theme=projector sidebar=0 presenting=1 fullscreen=1 size=1920x1080 tab=Values`",
               .run = [](ScriptRun& run, const ScriptCommand&) { report_window(run.host()); }});
    table.add({.name = "source-form",
               .usage = "source-form cuda|prefixlab",
               .help = "what the source panel (F4) shows: the kernel as CUDA (the default: `__syncthreads()`, "
                       "`__device__`, the trace's bookkeeping lines left out) or PrefixLab's own lines "
                       "(`ctx.sync(…)`, `PL_BODY`), as its \"PrefixLab source\" box",
               .args = {name_arg("FORM", {"cuda", "prefixlab"})},
               .run = [](ScriptRun& run, const ScriptCommand& c) {
                   run.host().workspace.source_view().prefixlab_form = *c.args[0].choice == 1;
               }});
    table.add({.name = "report-source",
               .usage = "report-source",
               .help = "print the source panel as last drawn: `source: form=cuda file=kernels/block/blelloch.cuh "
                       "rows=R font=PX widest=W room=W sync=L lines=A-B` (the widest row and the room for rows, in "
                       "pixels; the step's sync line and lines), then `source-line: N|TEXT` for each line shown and "
                       "`source-row: N|TEXT` for each row drawn (a long line wraps into several rows of its number)",
               .run = [](ScriptRun& run, const ScriptCommand&) { report_source(run.host()); }});
    table.add({.name = "check-layout",
               .usage = "check-layout",
               .help = "check the frame once the layout has settled (no window moved, resized or scrolled since the "
                       "frame before; a layout still moving 20 frames on is a problem): fails, naming each text, if one "
                       "overlaps another or is cut (by "
                       "its clip rectangle or by Dear ImGui's \"…\"), unless it is cut at the edge of a region that "
                       "scrolls that way, or reads at less than 4.5:1 against what is drawn under it (WCAG AA; "
                       "disabled controls aside), or lies on a slider's grab (a value its handle covers), or if a window or "
                       "tooltip runs past the screen's edge, or if a step view's current step's row is not wholly in the "
                       "part of the screen its rows show through; prints "
                       "`check-layout FILE:LINE: T texts, P problems`",
               .run = [](ScriptRun& run, const ScriptCommand& c) { run.check_layout(c.where); }});
    table.add({.name = "report-shown",
               .usage = "report-shown [export]",
               .help = "print what part of its trace each step view showed in the last frame, one line per view and "
                       "side of compare mode: `shown: Dataflow side=0 columns=0.0-16.0 steps=6.5-12.0` (columns and "
                       "step rows in view, fractional; Dataflow's input row is step -1); with `export`, what the last "
                       "exported view (export-view, export-svg) showed",
               .args = {optional_arg(name_arg("export", {"export"}))},
               .run = [](ScriptRun& run, const ScriptCommand& c) {
                   const bool exported = !c.args.empty();
                   printf_to_terminal(stdout, "%s", layout::shown_ranges_text(exported ? run.host().exports.shown_ranges()
                                                                                       : layout::last_shown_ranges())
                                                        .c_str());
               }});
    table.add({.name = "wheel",
               .usage = "wheel X Y down|up|left|right NOTCHES",
               .help = "move the mouse to window pixel (X, Y) and turn the wheel NOTCHES notches (1–20) that way "
                       "(down scrolls the content up, as a mouse wheel does; left and right as a tilted wheel)",
               .args = {whole_arg("X", 0, kMaxPixel), whole_arg("Y", 0, kMaxPixel),
                        name_arg("DIRECTION", {"down", "up", "left", "right"}), whole_arg("NOTCHES", 1, 20)},
               .run = [](ScriptRun& run, const ScriptCommand& c) {
                   const float notches = static_cast<float>(c.args[3].whole);
                   const std::size_t way = *c.args[2].choice; // Dear ImGui: +1 is up, and left
                   const float vertical = way == 0 ? -notches : way == 1 ? notches : 0;
                   const float sideways = way == 2 ? notches : way == 3 ? -notches : 0;
                   run.host().imgui.script_mouse(static_cast<float>(c.args[0].whole), static_cast<float>(c.args[1].whole),
                                                 false, vertical, sideways);
                   run.wait_frames(2);
               }});
    table.add({.name = "measure-frames",
               .usage = "measure-frames COUNT [FILE.json]",
               .help = "render COUNT frames and print the median, mean, 95th percentile and maximum frame time; "
                       "with FILE, also write them as JSON",
               .args = {whole_arg("COUNT", 1, kMaxFrames), optional_arg(path_arg("FILE.json"))},
               .run = [](ScriptRun& run, const ScriptCommand& c) {
                   run.measure_frames(static_cast<int>(c.args[0].whole), c.args.size() > 1 ? c.args[1].text : "");
               }});
    table.add({.name = "hover",
               .usage = "hover X Y",
               .help = "move the mouse to window pixel (X, Y) (tooltips show; 0–16384)",
               .args = {whole_arg("X", 0, kMaxPixel), whole_arg("Y", 0, kMaxPixel)},
               .run = [](ScriptRun& run, const ScriptCommand& c) { put_mouse(run, c, false); }});
    table.add({.name = "click",
               .usage = "click X Y",
               .help = "move there and click the left button",
               .args = {whole_arg("X", 0, kMaxPixel), whole_arg("Y", 0, kMaxPixel)},
               .check = [](const ScriptCommand&, ScriptExpectations& expected) { expected.forget_all(); },
               .run = [](ScriptRun& run, const ScriptCommand& c) { put_mouse(run, c, true); }});
    table.add({.name = "wait-idle",
               .usage = "wait-idle",
               .help = "wait until no trace work runs in the background (the captures a restored scene starts) "
                       "and no file is being read, whatever their outcome",
               .run = [](ScriptRun& run, const ScriptCommand&) {
                   run.wait_frames(1);
                   run.wait_while([&run](std::string&) {
                       return run.host().state.tracing() || run.host().state.reading_files();
                   });
               }});
    table.add({.name = "report-reading",
               .usage = "report-reading",
               .help = "print how many frames were drawn while files were read in the background (at start, "
                       "`open-results`, `open-reduce-table`, `drop`), and the longest of them, since the start or "
                       "the last `report-reading`: `reading: 10 frames drawn while files were read, the longest "
                       "64.89 ms`",
               .run = [](ScriptRun& run, const ScriptCommand&) { run.report_reading(); }});
}

void add_quit_command(ScriptTable& table) {
    table.add({.name = "quit",
               .usage = "quit",
               .help = "exit now (a script also exits when it runs out of commands)",
               .run = [](ScriptRun& run, const ScriptCommand&) { run.quit(); }});
}

} // namespace prefixlab
