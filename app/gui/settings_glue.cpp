#include "gui/settings_glue.hpp"

#include "core/entry/exit_status.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/terminal_output.hpp"
#include "gui/app_state.hpp"
#include "gui/imgui_layer.hpp"
#include "gui/presentation.hpp"
#include "gui/theme.hpp"
#include "gui/workspace.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace prefixlab {

SettingsSession::SettingsSession(const GuiOptions& options, bool scripted)
    // A handout run (prefixlab lesson-handout) neither reads nor writes the settings: it draws the lesson's
    // scenes, not the last session's screen, and leaves the lecturer's window as it was.
    : path_(options.handout_pdf.empty() ? settings_file_path(process_environment(), scripted) : std::nullopt),
      window_given_(options.window_given),
      scale_given_(options.ui_scale > 0), trace_path_(options.trace_path) {
    if (options.reset_settings) {
        notice_ = path_ ? reset_settings_file(*path_)
                        : "settings reset: a scripted run uses no settings unless PREFIXLAB_CONFIG_DIR is set";
        printf_to_terminal(stdout, "prefixlab: %s\n", notice_.c_str());
        std::fflush(stdout);
    } else if (path_) {
        LoadedSettings loaded = load_settings_file(*path_);
        started_ = std::move(loaded.settings);
        unreadable_ = loaded.unreadable;
        refused_ = loaded.refused;
        if (!loaded.warning.empty()) {
            notice_ = loaded.warning;
            if (unreadable_)
                notice_ += " (the file is kept; it is moved to settings.json.bad only when changed settings "
                           "are saved)";
            notice_is_warning_ = true;
            report_warning(notice_);
        }
    }
    current_ = started_;
    if (path_ && !refused_) {
        scene_path_ = (std::filesystem::path(*path_).parent_path() / "scene.json").string();
        std::error_code ignored;
        const std::filesystem::file_status status = std::filesystem::symlink_status(*scene_path_, ignored);
        if (options.reset_settings && std::filesystem::is_regular_file(status))
            std::filesystem::remove(*scene_path_, ignored); // the last scene is a stored setting too
        else if (!options.reset_settings && std::filesystem::exists(status)) {
            try {
                scene_ = load_scene_file(*scene_path_);
            } catch (const std::exception& e) {
                const std::string warning = std::string("last scene not restored: ") + e.what();
                report_warning(warning);
                if (notice_.empty()) {
                    notice_ = warning;
                    notice_is_warning_ = true;
                }
            }
        }
    }
}

void SettingsSession::save_scene(const Scene& scene) {
    if (!scene_path_ || (scene_ && *scene_ == scene))
        return;
    try {
        save_scene_file(scene, *scene_path_);
    } catch (const std::exception& e) {
        report_warning(std::string("scene not saved: ") + e.what());
    }
}

void SettingsSession::adjust(WindowOptions& window_options) const {
    if (started_.window && !window_given_) {
        window_options.width = started_.window->width;
        window_options.height = started_.window->height;
    }
}

void SettingsSession::apply(PlatformWindow& window, ImGuiLayer& imgui, AppState& state, Workspace& workspace) {
    if (started_.window && !window_given_)
        window.move_if_on_screen(started_.window->x, started_.window->y); // stays put if off every screen
    if (started_.ui_scale && !scale_given_) {
        imgui.set_ui_scale(*started_.ui_scale);
    } else if (path_ && !scale_given_) {
        // A first launch (no scale saved; a scripted run without settings keeps its scale 1): the window as
        // a lecture's screen, so that the first thing a hall sees reads.
        int width = 0, height = 0;
        window.framebuffer_size(width, height);
        imgui.set_ui_scale(Presentation::first_launch_scale(height, window.content_scale()));
    }
    imgui.set_theme(theme::name_from_text(started_.theme).value_or(theme::Name::dark));
    workspace.sidebar_visible = started_.sidebar_visible;
    if (started_.capture) {
        state.block.setup = *started_.capture;
        if (state.block.setup.device == DeviceChoice::gpu && !state.gpu().available)
            state.block.setup.device = DeviceChoice::automatic; // saved on a machine with a GPU
    }
    if (!trace_path_.empty())
        remember_recent(current_.recent, {std::filesystem::absolute(trace_path_).lexically_normal().string(),
                                          RecentKind::trace});
}

void SettingsSession::frame(const PlatformWindow& window, const ImGuiLayer& imgui, AppState& state,
                            const Workspace& workspace) {
    if (!initial_)
        initial_ = now(window, imgui, state, workspace);
    if (notice_.empty() || state.tracing())
        return;
    notice_is_warning_ ? state.warn(notice_) : state.inform(notice_);
    notice_.clear();
}

Settings SettingsSession::now(const PlatformWindow& window, const ImGuiLayer& imgui, const AppState& state,
                              const Workspace& workspace) const {
    Settings now = current_;
    WindowPlacement placement;
    window.windowed_rect(placement.x, placement.y, placement.width, placement.height);
    if (placement.width > 0 && placement.height > 0) {
        // Within what the reader accepts, or a window dragged very small would not load next time.
        placement.width = std::clamp(placement.width, kMinWindowWidth, kMaxWindowWidth);
        placement.height = std::clamp(placement.height, kMinWindowWidth * 9 / 16, kMaxWindowWidth);
        placement.x = std::clamp(placement.x, -kMaxWindowCoordinate, kMaxWindowCoordinate);
        placement.y = std::clamp(placement.y, -kMaxWindowCoordinate, kMaxWindowCoordinate);
        now.window = placement;
    }
    now.ui_scale = imgui.ui_scale();
    now.theme = theme::name_text(theme::current());
    now.sidebar_visible = workspace.sidebar_visible;
    now.capture = state.block.setup;
    now.capture->block_threads = 0; // not stored: the panel has no control for it
    return now;
}

void SettingsSession::save(PlatformWindow& window, ImGuiLayer& imgui, AppState& state, Workspace& workspace,
                           Presentation& presentation) {
    if (!path_ || refused_) // a refused settings.json is left alone, as its warning said at start
        return;
    if (presentation.active())
        presentation.toggle(state, workspace, imgui, window);
    const Settings settings = now(window, imgui, state, workspace);
    // Nothing changed in this session: nothing is written, and a file that did not load stays as it is.
    if (initial_ && settings == *initial_)
        return;
    try {
        save_settings_file(*path_, settings, unreadable_);
    } catch (const std::exception& e) {
        report_warning(std::string("settings not saved: ") + e.what());
    }
}

} // namespace prefixlab
