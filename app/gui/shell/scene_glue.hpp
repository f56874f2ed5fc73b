// The screen as one value, in the running GUI: the scene the window shows now (its tab, the panels,
// scale and theme, the block trace's setup and step, each view's place, and every feature's part), and
// a scene applied to it. Scripts save and load scenes (`scene-save`, `scene-load`), `prefixlab --scene
// FILE` opens on one, and the settings keep the last one (settings_glue).
#pragma once

#include "core/scene/scene.hpp"

#include <map>
#include <string>

namespace prefixlab {

struct GuiHost;
class ScriptTable;
class Workspace;

// Where each view looks (its zoom, fit and scroll as fractions), by title; the second instances of the
// step tabs under "TITLE (second side)". A place at the view's default is left out.
std::map<std::string, ViewPlace> view_places(Workspace& workspace);
// Every view takes its place from `places`, the views it does not name their default place.
void set_view_places(Workspace& workspace, const std::map<std::string, ViewPlace>& places);

Scene current_scene(GuiHost& host);
// The traces the scene needs are captured in the background; their steps are taken once they are in.
void apply_scene(const Scene& scene, GuiHost& host);

// `scene-save FILE`, `scene-load FILE`, `report-scene`.
void add_scene_commands(ScriptTable& table);

} // namespace prefixlab
