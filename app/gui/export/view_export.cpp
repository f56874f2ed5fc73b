#include "gui/export/view_export.hpp"

#include "core/ground/kernel_names.hpp"
#include "core/util/atomic_file.hpp"
#include "gui/app_state.hpp"
#include "gui/imgui_layer.hpp"
#include "gui/export/picture_from_draw_data.hpp"
#include "gui/screenshot.hpp"
#include "gui/shell/scene_glue.hpp"
#include "gui/theme.hpp"

#include <GLFW/glfw3.h>
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <imgui.h>

namespace prefixlab {

namespace fs = std::filesystem;

namespace {

constexpr int kScaledFrames = 3; // see view_export.hpp: fonts, then heights, then the picture
constexpr int kViewScale = 2;
// The SVG's vector frame comes after two ordinary ones: a tab selected or a trace opened just before
// the export (a script does both) shows in the frame after, and the status bar and narration take
// their heights from the frame before.
constexpr int kSvgSettleFrames = 2;

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text;
}

std::string seconds_text(double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f s", seconds);
    return text;
}

} // namespace

std::string ViewExport::default_path(ExportRequest kind, const AppState& state, const Workspace& workspace) {
    const fs::path folder = fs::current_path() / "prefixlab-exports";
    const std::string base = std::string(name_of(state.block.setup.algorithm)) + "-n" + std::to_string(state.block.setup.n) + "-" +
                             lower(workspace.selected_title());
    const char* ending = kind == ExportRequest::view_png    ? "-2x.png"
                         : kind == ExportRequest::view_svg  ? ".svg"
                         : kind == ExportRequest::steps_gif ? ".gif"
                                                            : "-steps";
    for (int copy = 1;; ++copy) {
        std::string name = base;
        if (copy > 1)
            name.append("-").append(std::to_string(copy));
        const fs::path candidate = folder / name.append(ending);
        std::error_code ec;
        if (!fs::exists(fs::symlink_status(candidate, ec)))
            return candidate.string();
    }
}

std::string ViewExport::start(ExportRequest kind, const std::string& path, AppState& state, const Workspace& workspace,
                              const PlatformWindow& window) {
    if (active())
        return "an export is running: wait for it, or press Esc to cancel it";
    outcome_.clear();
    failed_ = false;
    path_ = path;
    started_ = std::chrono::steady_clock::now();
    if (kind == ExportRequest::view_png || kind == ExportRequest::view_svg) {
        try {
            require_writable(path); // before drawing anything
        } catch (const FileError& e) {
            return e.what();
        }
        if (kind == ExportRequest::view_svg) {
            svg_frame_ = 0;
            job_ = Job::view_svg;
            return "";
        }
        int width = 0, height = 0;
        window.framebuffer_size(width, height);
        target_width_ = kViewScale * width;
        target_height_ = kViewScale * height;
        view_frame_ = 0;
        view_outcome_.clear();
        view_failed_ = false;
        job_ = Job::view_png;
        return "";
    }
    if (state.block.trace() == nullptr)
        return "no trace to export: trace one first (F5)";
    if (state.tracing())
        return "a trace is being prepared: export its steps once it is shown";
    if (!workspace.selected_shows_steps())
        return std::string("the ") + workspace.selected_title() + " tab shows no steps: export from Values, Dataflow or Banks";
    if (workspace.selected_session() != nullptr) // the step exports replay the block trace's steps
        return std::string("the ") + workspace.selected_title() +
               " tab's steps are not exported yet: export the view (Ctrl+E, Ctrl+Shift+E) at each step";
    steps_ = state.block.step_count();
    try {
        sink_ = kind == ExportRequest::steps_gif ? gif_step_sink(path, steps_) : png_sequence_sink(path, steps_);
    } catch (const FileError& e) {
        return e.what();
    }
    what_ = kind == ExportRequest::steps_gif ? "GIF" : "PNG sequence";
    trace_ = state.block.trace();
    next_step_ = 0;
    capture_now_ = false;
    restore_step_ = state.block.step();
    restore_playing_ = state.playing();
    state.set_playing(false);
    job_ = Job::steps;
    return "";
}

void ViewExport::before_frame(AppState& state, Workspace& workspace, ImGuiLayer& imgui, const PlatformWindow& window) {
    hidden_frame_ = false;
    if (const ExportRequest request = std::exchange(workspace.requests.export_request, ExportRequest::none);
        request != ExportRequest::none) {
        std::string path, problem;
        try {
            path = default_path(request, state, workspace);
            fs::create_directories(fs::path(path).parent_path());
        } catch (const std::exception& e) {
            problem = "cannot create the export folder: " + std::string(e.what());
        }
        if (problem.empty())
            problem = start(request, path, state, workspace, window);
        if (!problem.empty())
            state.report_error(problem);
    }
    if (job_ == Job::steps) {
        if (state.block.trace() != trace_) { // a capture finished, a file was dropped
            finish(state, imgui, "export cancelled: the trace changed during it; nothing written", true);
            return;
        }
        state.block.set_step(next_step_);
        if (capture_now_) {
            imgui.capture_frame();
            hidden_frame_ = true;
        }
    } else if (job_ == Job::view_svg && svg_frame_ == kSvgSettleFrames) {
        hidden_frame_ = true;
        imgui.capture_frame();
        svg_.begin();
    } else if (job_ == Job::none && settle_places_frames_ > 0) {
        // Back at the window's scale the status bar and the narration take their heights from the frame
        // before, so the room for the views changes once more, and Dataflow fitted itself to it again.
        --settle_places_frames_;
        set_view_places(workspace, places_);
    } else if (job_ == Job::view_png) {
        hidden_frame_ = true;
        if (view_frame_ == 0)
            places_ = view_places(workspace);
        set_view_places(workspace, places_); // also in the frame back at the window's scale
        if (view_frame_ < kScaledFrames) {
            try {
                offscreen_.bind(target_width_, target_height_);
            } catch (const PlatformError& e) {
                finish(state, imgui, e.what(), true);
                hidden_frame_ = false;
                return;
            }
            if (view_frame_ == 0)
                target_scale_ = kViewScale * imgui.ui_scale();
            imgui.capture_at(target_width_, target_height_, target_scale_);
        } else {
            imgui.capture_end();
        }
    }
}

void ViewExport::filter_keys(std::vector<KeyPress>& presses, AppState& state, ImGuiLayer& imgui) {
    if (!active())
        return;
    const bool escape = std::any_of(presses.begin(), presses.end(),
                                    [](const KeyPress& p) { return p.key == GLFW_KEY_ESCAPE && !p.repeat; });
    presses.clear();
    if (escape && job_ == Job::steps)
        finish(state, imgui, "export cancelled: nothing written", false);
}

void ViewExport::draw_progress() const {
    if (job_ != Job::steps || hidden_frame_)
        return;
    char text[160];
    std::snprintf(text, sizeof text, "Exporting frame %d of %d as %s… (Esc cancels)", next_step_ + 1, steps_,
                  what_.c_str());
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    const float font = ImGui::GetFontSize(), pad = 0.6f * font;
    const ImVec2 size = ImGui::CalcTextSize(text);
    const float width = size.x + 2 * pad, height = size.y + 2.5f * pad;
    const ImVec2 top_left(viewport->WorkPos.x + (viewport->WorkSize.x - width) / 2, viewport->WorkPos.y + font);
    const ImVec2 bottom_right(top_left.x + width, top_left.y + height);
    ImDrawList* list = ImGui::GetForegroundDrawList();
    const theme::Palette& colours = theme::colours();
    list->AddRectFilled(top_left, bottom_right, theme::packed(colours.background));
    list->AddRect(top_left, bottom_right, theme::packed(colours.text), 0, 0, std::max(1.0f, font / 12));
    list->AddText(ImVec2(top_left.x + pad, top_left.y + pad), theme::packed(colours.text), text);
    const float bar_y = top_left.y + 1.5f * pad + size.y, fraction = static_cast<float>(next_step_) / std::max(1, steps_);
    list->AddRectFilled(ImVec2(top_left.x + pad, bar_y), ImVec2(top_left.x + pad + fraction * size.x, bar_y + 0.5f * pad),
                        theme::packed(colours.progress));
}

void ViewExport::after_render(AppState& state, ImGuiLayer& imgui, const PlatformWindow& window) {
    if (job_ == Job::steps)
        after_step_frame(state, imgui, window);
    else if (job_ == Job::view_png)
        after_view_frame(state, imgui);
    else if (job_ == Job::view_svg)
        after_svg_frame(state, imgui);
}

std::string ViewExport::start_picture(std::function<void(VectorPicture)> take) {
    if (active())
        return "an export is running: wait for it, or press Esc to cancel it";
    outcome_.clear();
    failed_ = false;
    started_ = std::chrono::steady_clock::now();
    svg_frame_ = 0;
    take_picture_ = std::move(take);
    job_ = Job::view_svg;
    return "";
}

void ViewExport::after_svg_frame(AppState& state, ImGuiLayer& imgui) {
    if (svg_frame_++ < kSvgSettleFrames)
        return;
    shown_ = layout::shown_ranges_this_frame();
    if (take_picture_) {
        const ImDrawData* data = ImGui::GetDrawData();
        auto take = std::exchange(take_picture_, nullptr);
        if (data != nullptr && data->Valid)
            take(picture_from_draw_data(*data, *ImGui::GetIO().Fonts, imgui.mono_fonts(),
                                        theme::packed(theme::colours().background)));
        finish(state, imgui, "", false);
        return;
    }
    try {
        finish(state, imgui, svg_.write(path_, imgui), false);
    } catch (const std::exception& e) {
        finish(state, imgui, e.what(), true);
    }
}

void ViewExport::after_step_frame(AppState& state, ImGuiLayer& imgui, const PlatformWindow& window) {
    if (!capture_now_) { // the shown frame: it also settles the layout at the new step
        capture_now_ = true;
        return;
    }
    try {
        sink_->add(window.read_framebuffer());
        capture_now_ = false;
        if (++next_step_ < steps_)
            return;
        const std::string written = sink_->commit();
        finish(state, imgui, "exported " + std::to_string(steps_) + " steps: " + written + " in " +
                                 seconds_text(seconds_since_start()), false);
    } catch (const std::exception& e) {
        finish(state, imgui, e.what(), true);
    }
}

void ViewExport::after_view_frame(AppState& state, ImGuiLayer& imgui) {
    if (view_frame_ < kScaledFrames) {
        if (view_frame_ == kScaledFrames - 1) {
            shown_ = layout::shown_ranges_this_frame();
            try {
                save_png(offscreen_.read(), path_);
                view_outcome_ = "exported the view at 2× (" + std::to_string(target_width_) + "×" +
                                std::to_string(target_height_) + "): " + quoted_path(path_);
            } catch (const std::exception& e) {
                view_outcome_ = e.what();
                view_failed_ = true;
            }
        }
        offscreen_.unbind();
    }
    if (++view_frame_ > kScaledFrames)
        finish(state, imgui, view_outcome_, view_failed_);
}

void ViewExport::finish(AppState& state, ImGuiLayer& imgui, std::string outcome, bool failed) {
    if (job_ == Job::steps) {
        sink_.reset(); // an uncommitted sink removes what it staged
        state.block.set_step(restore_step_);
        state.set_playing(restore_playing_);
    } else if (job_ == Job::view_png) {
        offscreen_.unbind();
        imgui.capture_end();
        settle_places_frames_ = 2;
    }
    svg_.end();
    job_ = Job::none;
    outcome_ = std::move(outcome);
    failed_ = failed;
    if (failed)
        state.report_error(outcome_);
    else if (!outcome_.empty()) // a picture taken for the handout says nothing
        state.inform(outcome_);
}

double ViewExport::seconds_since_start() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

} // namespace prefixlab
