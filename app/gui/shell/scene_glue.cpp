#include "gui/shell/scene_glue.hpp"

#include "core/scene/scene.hpp"
#include "core/util/terminal_output.hpp"
#include "gui/app_state.hpp"
#include "gui/imgui_layer.hpp"
#include "gui/script/script_command.hpp"
#include "gui/shell/feature.hpp"
#include "gui/theme.hpp"
#include "gui/trace_commands.hpp"
#include "gui/view_registry.hpp"
#include "gui/workspace.hpp"

#include <cstdio>
#include <string>

namespace prefixlab {

// Where each view looks, by title: its own place (zoom, fit, its own scrolling), else where the main
// area scrolls on its tab; the second instances of the step tabs under "TITLE (second side)".
std::map<std::string, ViewPlace> view_places(Workspace& workspace) {
    std::map<std::string, ViewPlace> places;
    ViewRegistry& views = workspace.views();
    for (std::size_t i = 0; i < views.tabs.size(); ++i) {
        const std::string title = views.tabs[i]->title();
        const auto [x, y] = workspace.main_anchor(i).fractions();
        places[title] = views.tabs[i]->view_place().value_or(ViewPlace{1, false, x, y});
        if (views.second_tabs[i] != nullptr)
            if (const std::optional<ViewPlace> second = views.second_tabs[i]->view_place())
                places[title + " (second side)"] = *second;
    }
    std::erase_if(places, [](const auto& entry) { return entry.second == ViewPlace{}; }); // defaults unsaid
    return places;
}

// Every view takes its place from the scene, the views it does not name their default place (a scene's
// fields not named keep their defaults): a view kept its place from before the scene once, the Values
// table where it had scrolled in the window's first frames, before the scene's tab was selected.
void set_view_places(Workspace& workspace, const std::map<std::string, ViewPlace>& places) {
    ViewRegistry& views = workspace.views();
    const auto place_of = [&places](const std::string& title, const View& view) {
        const auto found = places.find(title);
        return found != places.end() ? found->second : view.default_view_place();
    };
    for (std::size_t i = 0; i < views.tabs.size(); ++i) {
        const std::string title = views.tabs[i]->title();
        const ViewPlace place = place_of(title, *views.tabs[i]);
        if (views.tabs[i]->view_place())
            views.tabs[i]->set_view_place(place);
        else
            workspace.main_anchor(i).ask(place.scroll_x, place.scroll_y);
        if (views.second_tabs[i])
            views.second_tabs[i]->set_view_place(place_of(title + " (second side)", *views.second_tabs[i]));
    }
}

Scene current_scene(GuiHost& host) {
    Scene scene;
    Workspace& workspace = host.workspace;
    scene.tab = workspace.selected_title();
    scene.capture = host.state.block.setup;
    scene.step = host.state.block.step();
    scene.reveal = host.state.reveal;
    scene.panels = {workspace.sidebar_visible, workspace.narration_visible, workspace.source_visible,
                    workspace.source_view().prefixlab_form};
    scene.scale = host.imgui.ui_scale();
    scene.theme = theme::name_text(theme::current());
    scene.views = view_places(workspace);
    for (const auto& feature : host.features.all())
        feature->store(scene);
    return scene;
}

void apply_scene(const Scene& scene, GuiHost& host) {
    Workspace& workspace = host.workspace;
    host.imgui.set_theme(scene.theme == "projector" ? theme::Name::projector : theme::Name::dark);
    if (scene.scale)
        host.imgui.set_ui_scale(*scene.scale);
    workspace.sidebar_visible = scene.panels.sidebar;
    workspace.narration_visible = scene.panels.narration;
    workspace.source_visible = scene.panels.source;
    workspace.source_view().prefixlab_form = scene.panels.source_prefixlab;
    host.state.reveal = scene.reveal;
    host.state.set_playing(false);
    // The block trace: traced again with the scene's setup, opening on its step.
    host.state.block.setup = scene.capture;
    host.state.block.step_when_shown(scene.step);
    host.state.block.capture_now();
    if (!workspace.select_tab(scene.tab))
        workspace.select_tab(std::size_t{0}); // a title this build has no tab of: the first tab
    host.state.step_through(workspace.selected_session());
    set_view_places(workspace, scene.views);
    for (const auto& feature : host.features.all())
        feature->restore(scene);
}

void add_scene_commands(ScriptTable& table) {
    table.add({.name = "scene-save",
               .usage = "scene-save FILE.json",
               .help = "save what the window shows as a scene (docs/scene.md): the tab, the kernel and its setup, "
                       "every feature's part, the steps, reveal, each view's place, the panels, "
                       "scale and theme; fails with one line when FILE cannot be written",
               .args = {path_arg("FILE.json", ".json")},
               .run = [](ScriptRun& run, const ScriptCommand& c) {
                   try {
                       save_scene_file(current_scene(run.host()), c.args[0].text);
                   } catch (const std::exception& e) {
                       run.fail(e.what());
                   }
               }});
    table.add({.name = "scene-load",
               .usage = "scene-load FILE.json",
               .help = "show a scene: the window takes every field the file names (the others keep their defaults) "
                       "and traces what it needs; the script waits for the traces. A file that is not a scene fails "
                       "the script with one line naming the field, and changes nothing",
               .args = {path_arg("FILE.json")},
               .run = [](ScriptRun& run, const ScriptCommand& c) {
                   Scene scene;
                   try {
                       scene = load_scene_file(c.args[0].text);
                   } catch (const std::exception& e) {
                       run.fail(e.what());
                       return;
                   }
                   apply_scene(scene, run.host());
                   run.wait_frames(2); // the tab selected and laid out, the views' places taken
                   wait_for_capture(run);
               }});
    table.add({.name = "report-scene",
               .usage = "report-scene",
               .help = "print the scene the window shows, as its JSON on one line: `scene: {\"format\": …}`",
               .run = [](ScriptRun& run, const ScriptCommand&) {
                   // The JSON on one line: each line's indentation dropped with its newline.
                   const std::string text = scene_to_json_text(current_scene(run.host()));
                   std::string line;
                   bool indent = false;
                   for (char ch : text) {
                       indent = ch == '\n' || (indent && ch == ' ');
                       if (!indent)
                           line += ch;
                   }
                   printf_to_terminal(stdout, "scene: %s\n", line.c_str());
                   std::fflush(stdout);
               }});
}

} // namespace prefixlab
