#include "gui/features/compare/compare_feature.hpp"

#include "core/ground/kernel_names.hpp"
#include "core/util/terminal_output.hpp"
#include "gui/app_state.hpp"
#include "gui/gui_script_trace.hpp"
#include "gui/script/script_command.hpp"
#include "gui/script/script_values.hpp"
#include "gui/shell/menu_table.hpp"
#include "gui/shell/shortcut_table.hpp"
#include "gui/workspace.hpp"

#include <GLFW/glfw3.h>
#include <cstdio>
#include <imgui.h>

namespace prefixlab {

namespace {

// Until the second trace is ready; fails, with the reason, if it cannot be made.
void wait_for_second_trace(ScriptRun& run, const CompareSession& session) {
    run.wait_while([&run, &session](std::string& failure) {
        if (run.host().state.tracing() ||
            (session.on() && session.comparison() == nullptr && session.status().rfind("Cannot", 0) != 0))
            return true;
        if (session.comparison() == nullptr)
            failure = session.status();
        return false;
    });
}

void report_compare(const AppState& state, const CompareSession& session, bool framed) {
    // Compare mode's two steps and the line over the sides, for tests of stepping together.
    if (const TraceComparison* comparison = session.comparison())
        printf_to_terminal(stdout, "compare: step=%d paired=%d with=%s | %s\n", state.block.step(), session.second_step(),
                           std::string(name_of(session.second()->trace.config.algorithm)).c_str(),
                           compare_line(*comparison, framed).c_str());
    else
        printf_to_terminal(stdout, "compare: %s\n", session.on() ? session.status().c_str() : "off");
    std::fflush(stdout);
}

} // namespace

void CompareFeature::start(AppState& state) {
    session_.attach(state.block, state);
    state.add_work(session_);
}

void CompareFeature::store(Scene& scene) const {
    const CompareSession::Choice& c = session_.choice;
    scene.compare = {session_.on(), c.algorithm, c.device, c.warp_order};
}

void CompareFeature::restore(const Scene& scene) {
    session_.restore({scene.compare.algorithm, scene.compare.device, scene.compare.warp_order}, scene.compare.on);
}

void CompareFeature::add_shortcuts(ShortcutTable& table) {
    table.add({{{GLFW_KEY_F3}}, "F3", "compare side by side: a second trace beside this one, stepping with it",
               [this](GuiHost&, const KeyPress&) { toggle(); }, false, true});
}

void CompareFeature::add_menus(MenuTable& menus) {
    menus.add("View", [this](GuiHost&) {
        if (ImGui::MenuItem("Compare side by side", "F3", session_.on()))
            toggle();
    });
}

void CompareFeature::add_commands(ScriptTable& table) {
    table.add({.name = "compare",
               .usage = "compare [algo=NAME] [device=D] [order=O]",
               .help = "compare mode (F3): a second trace of the same input and settings beside the first, with this "
                       "kernel, device and warp order (each defaults to what compare mode chose before, first the "
                       "kernel's counterpart: the other Blelloch layout, the racy kernel's correct twin and back); the "
                       "script waits for it, and fails, with the reason, if it cannot be made",
               .read_settings = [](const std::vector<std::string>& words) -> std::any {
                   TraceSettings settings = read_trace_settings(words);
                   if (settings.n || settings.input || settings.seed || settings.type || settings.op || settings.exclusive)
                       throw ScriptValueError("compare takes algo=, device= and order=; the rest is the first trace's");
                   return settings;
               },
               .run = [this](ScriptRun& run, const ScriptCommand& c) {
                   const auto& settings = std::any_cast<const TraceSettings&>(c.settings);
                   CompareSession::Choice& choice = session_.choice;
                   session_.set_on(true);
                   choice.algorithm = settings.algorithm.value_or(choice.algorithm);
                   choice.device = settings.device.value_or(choice.device);
                   choice.warp_order = settings.order.value_or(choice.warp_order);
                   session_.choice_changed();
                   wait_for_second_trace(run, session_);
               }});
    table.add({.name = "compare-file",
               .usage = "compare-file FILE",
               .help = "compare mode with a trace file as the second trace; fails if the file cannot be read",
               .args = {path_arg("FILE")},
               .run = [this](ScriptRun& run, const ScriptCommand& c) {
                   session_.load(c.args[0].text);
                   wait_for_second_trace(run, session_);
               }});
    table.add({.name = "compare-off",
               .usage = "compare-off",
               .help = "leave compare mode",
               .run = [this](ScriptRun&, const ScriptCommand&) { session_.set_on(false); }});
    table.add({.name = "report-compare",
               .usage = "report-compare",
               .help = "print compare mode's state: `compare: step=K paired=P with=NAME | SUMMARY` (the step on "
                       "screen, the compared trace's step shown with it, its kernel, and the line over the two sides: "
                       "`outputs differ at D of N · cells first differ at step S`, then ` (framed)` where the tab "
                       "frames what differs), or `compare: off`, or while the "
                       "second trace is not ready, what it is waiting for or why it failed",
               .run = [this](ScriptRun& run, const ScriptCommand&) {
                   report_compare(run.host().state, session_, run.host().workspace.selected_marks_differences());
               }});
}

} // namespace prefixlab
