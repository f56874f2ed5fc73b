// Dear ImGui on top of the platform window: context, GLFW and OpenGL 3 backends, and fonts. Fonts
// are real TTFs (DejaVu, Debian's fonts-dejavu-core) rasterised at the UI scale, so text stays
// sharp at projector sizes; changing the scale rebuilds them between frames.
#pragma once

#include "gui/theme.hpp"

#include <array>
#include <string>
#include <vector>

struct ImFont;

namespace prefixlab {

class PlatformWindow;

class ImGuiLayer {
public:
    ImGuiLayer(PlatformWindow& window, float ui_scale);
    ~ImGuiLayer();
    ImGuiLayer(const ImGuiLayer&) = delete;
    ImGuiLayer& operator=(const ImGuiLayer&) = delete;

    static constexpr float kMinScale = 0.5f;
    static constexpr float kMaxScale = 4.0f;
    static constexpr float kBaseFontPixels = 18.0f;
    // The monospace font's smaller sizes, as shares of its size: for a table whose columns do not fit
    // at the full size (the Values table at N = 32, 2× on 1920×1080, fits at 0.72; N = 16 at 2× on
    // 1280×720 at 0.85, and in one of two sides at 2× on 1920×1080 at 0.6). Baked for printable ASCII
    // only: a table shows numbers.
    static constexpr std::array<float, 3> kSmallerMonoShares = {0.85f, 0.72f, 0.6f};
    // None smaller than this (pixels): at 1× only 0.85 and 0.72 are baked.
    static constexpr float kSmallestMonoPixels = 13.0f;

    // Takes effect at the next begin_frame().
    void set_ui_scale(float scale);
    float ui_scale() const { return scale_; }
    // Switches the colours (theme.hpp) and Dear ImGui's widget style with them; call between frames.
    void set_theme(theme::Name name);

    // Scripted mode: the next frame sees the mouse at (x, y) in window pixels, with the left button
    // down if `pressed` (for one frame: a click is press, then release).
    void script_mouse(float x, float y, bool pressed, float wheel = 0, float wheel_sideways = 0);

    // Frames drawn for an export (gui/export/view_export.hpp). capture_frame: the next frame sees no
    // mouse, so no hover highlight or tooltip lands in the picture. capture_at: until capture_end, frames
    // are laid out for a target of width×height pixels at `scale` (not clamped to kMaxScale: the 2×
    // picture of a window at 3× is drawn at 6×), with no mouse either.
    void capture_frame() { capture_mouse_hidden_ = true; }
    void capture_at(int width, int height, float scale);
    void capture_end();

    void begin_frame();
    void render();

    ImFont* mono_font() const { return mono_; }
    // kSmallerMonoShares' sizes, largest first; empty with Dear ImGui's built-in font.
    const std::vector<ImFont*>& smaller_mono_fonts() const { return smaller_mono_; }
    // Every size of the monospace font (for the SVG export's font families).
    std::vector<const ImFont*> mono_fonts() const;
    // Empty when the TTF fonts were found; else what is used instead, for the status line.
    const std::string& font_warning() const { return font_warning_; }

private:
    void build_fonts();

    float scale_;
    float built_scale_ = 0;
    bool scripted_mouse_ = false;
    float mouse_x_ = 0, mouse_y_ = 0;
    bool mouse_pressed_ = false;
    float wheel_ = 0, wheel_sideways_ = 0; // notches turned by a script, for one frame
    bool capture_mouse_hidden_ = false;
    int capture_width_ = 0, capture_height_ = 0; // 0: the window's size
    float scale_before_capture_ = 0;
    ImFont* mono_ = nullptr;
    std::vector<ImFont*> smaller_mono_;
    std::string font_warning_;
};

} // namespace prefixlab
