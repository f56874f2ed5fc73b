// A feature of the GUI — a tab, a table, a mode, the files — is one folder under
// app/gui/features/ holding its state, its views, its menu items, its keys and its script commands, and
// one class deriving from Feature that adds them to the window's tables. features/feature_list.cpp is
// the one place that lists the features (ImHex's ContentRegistry::Views::add<ViewX>() lines); features
// do not include each other (tests/layers/check_layers.py): they meet in AppState's sessions.
#pragma once

#include "core/files/file_kind.hpp"
#include "core/scene/scene.hpp"
#include "core/settings/settings.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace prefixlab {

class AppState;
class Workspace;
class ImGuiLayer;
class PlatformWindow;
class FileOpening;
class ViewExport;
class ScriptTable;
class ShortcutTable;
class MenuTable;
class View;
class FeatureSet;
struct ViewContext;

// What a feature can reach in the running GUI.
struct GuiHost {
    AppState& state;
    FeatureSet& features;
    Workspace& workspace;
    ImGuiLayer& imgui;
    PlatformWindow& window; // non-const: `drop` delivers paths through its drop callback
    FileOpening& files;
    ViewExport& exports;
};

// How a feature's tab is made: once for the main area and, for a step tab that a feature shows twice, once
// more for its second side (with its own zoom and scroll).
using TabMaker = std::function<std::unique_ptr<View>()>;

class Feature {
public:
    virtual ~Feature() = default;
    // The tables are filled before the window opens (a script is checked against them first), so these
    // touch no window, file or thread.
    virtual void add_tabs(std::vector<TabMaker>& tabs) { (void)tabs; }
    virtual void add_commands(ScriptTable& table) { (void)table; }
    virtual void add_shortcuts(ShortcutTable& table) { (void)table; }
    virtual void add_menus(MenuTable& menus) { (void)menus; }
    // Once the window is open: the state that reads files or starts threads, whose background work it
    // registers with the state (AppState::add_work, sessions/background_work.hpp).
    virtual void start(AppState& state) { (void)state; }
    // Its section of the settings panel (a multi-block run's setup, say), drawn after the kernel's settings;
    // `typed_path` is what the panel's file field holds.
    virtual void draw_sidebar(AppState& state, const std::string& typed_path) { (void)state, (void)typed_path; }
    // Draws the tab `first` instead of the workspace (two traces side by side: a step tab twice, `second` being
    // its other instance); false to leave it to the workspace.
    virtual bool draw_tab(AppState& state, const ViewContext& context, View& first, View* second) {
        (void)state, (void)context, (void)first, (void)second;
        return false;
    }
    // Once a frame, after everything was drawn and the files were opened: requests it acts on with the
    // window (select its tab once a file it opened was read).
    virtual void after_frame(GuiHost& host) { (void)host; }
    // After the main window's frame is rendered, before it is shown: a feature's own window draws here
    // (the lesson's presenter view), with its own contexts, and leaves the main ones current.
    virtual void after_render(GuiHost& host) { (void)host; }
    // When the main loop ends, while the window and Dear ImGui still exist: a feature's own window closes.
    virtual void stop(GuiHost& host) { (void)host; }
    // A file opened by its content (File ▸ Open, a drop, the file browser) that this feature shows:
    // whether it took it (and then reads it, in the background).
    virtual bool open_file(const std::string& path, FileKind kind, GuiHost& host) {
        (void)path, (void)kind, (void)host;
        return false;
    }
    // The files it opened or saved since the last call, for the recent-files list.
    virtual std::vector<RecentFile> take_files_used() { return {}; }
    // Its part of the screen as a value (core/scene/scene.hpp): what it shows, written into a scene, and
    // a scene's applied (the traces it needs are captured in the background, their steps taken once
    // they are in). `tab` is the scene's tab.
    virtual void store(Scene& scene) const { (void)scene; }
    virtual void restore(const Scene& scene) { (void)scene; }
};

// A feature that is one tab drawn from the sessions alone (the Dataflow tree, the Banks heatmap, …).
template <class V>
class TabFeature final : public Feature {
public:
    void add_tabs(std::vector<TabMaker>& tabs) override {
        tabs.push_back([] { return std::make_unique<V>(); });
    }
};

// Every feature, in the order of their tabs, and what the window asks of all of them.
class FeatureSet {
public:
    FeatureSet();
    void start(AppState& state);
    void after_frame(GuiHost& host);
    void after_render(GuiHost& host);
    void stop(GuiHost& host);
    // The first feature that draws the tab (Feature::draw_tab); false if none does.
    bool draw_tab(AppState& state, const ViewContext& context, View& first, View* second);
    // The first feature that takes the file opens it; false if none does.
    bool open_file(const std::string& path, FileKind kind, GuiHost& host);
    std::vector<RecentFile> take_files_used();
    const std::vector<std::unique_ptr<Feature>>& all() const { return features_; }

private:
    std::vector<std::unique_ptr<Feature>> features_;
};

// Every feature, in the order of their tabs: features/feature_list.cpp, the one list.
std::vector<std::unique_ptr<Feature>> make_features();

} // namespace prefixlab
