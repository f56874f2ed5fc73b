// The thin platform layer: one GLFW window with an OpenGL 3.3 core context, loaded by glad. Nothing
// above this file includes GLFW; views draw through Dear ImGui and the shader helpers.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

struct GLFWwindow;
struct GLFWmonitor;

namespace prefixlab {

// The platform cannot give us a usable window (no display, no OpenGL 3.3); the message is one line.
class PlatformError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct WindowOptions {
    int width = 1600;
    int height = 900;
    std::string title = "PrefixLab";
    bool vsync = true; // off in scripted mode, so frame times measure our work, not the display
};

struct Image {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba; // top row first
};

// A key press (or an auto-repeat of a held key) as the window system reported it. GLFW key codes.
struct KeyPress {
    int key = 0;
    bool ctrl = false;
    bool repeat = false;
    bool shift = false; // with Ctrl: Ctrl+Shift+E exports the view as SVG
};

// A monitor as the window system reports it: its place and size on the desktop, in screen coordinates.
struct MonitorArea {
    GLFWmonitor* handle = nullptr;
    std::string name;
    int x = 0, y = 0, width = 0, height = 0;
    bool primary = false;
};

class PlatformWindow {
public:
    explicit PlatformWindow(const WindowOptions& options); // throws PlatformError
    ~PlatformWindow();
    PlatformWindow(const PlatformWindow&) = delete;
    PlatformWindow& operator=(const PlatformWindow&) = delete;

    GLFWwindow* handle() const { return window_; }
    bool should_close() const;
    void request_close();
    void poll_events();
    // Sleeps until an input event arrives or `seconds` pass (then handles the events, as poll_events).
    void wait_events(double seconds);
    void swap_buffers();
    void framebuffer_size(int& width, int& height) const;
    float content_scale() const;   // the monitor's DPI scale (1 on a plain 96-dpi screen)
    Image read_framebuffer() const; // what the last frame rendered, before the swap
    std::string renderer() const;  // GL_RENDERER, for the about box and logs
    void finish() const;           // waits until the GPU has drawn everything (glFinish)
    void clear(float r, float g, float b);
    // Every key press since the last call, in order. Shortcuts read these rather than Dear ImGui's
    // per-frame key state, which misses a press and release inside one frame: 20 instant Right presses
    // (a presenter remote's taps) moved 8 steps (issue 10).
    std::vector<KeyPress> take_key_presses();

    // Files dropped on the window since the last call, in order (GLFW's drop callback queues them, as
    // on_key queues key presses; the GUI decides what each file is). `deliver_drop` hands paths to that
    // same callback, as GLFW would: scripted mode's `drop FILE` goes through the real path.
    std::vector<std::string> take_dropped_paths();
    void deliver_drop(const std::vector<std::string>& paths);

    // The window's place and size in screen coordinates; while fullscreen, those it will return to.
    void windowed_rect(int& x, int& y, int& width, int& height) const;
    // Moves the window to (x, y) if a window of its size there shows its top-left corner (the title
    // bar) on a monitor; false (and no move) when it would be off every screen, as after a projector
    // or a second monitor was unplugged.
    bool move_if_on_screen(int x, int y);

    // Fullscreen on the monitor that holds most of the window (presentation mode), and back to the
    // windowed size and place it had before. Returns the window's height in pixels once it applies
    // (window systems resize asynchronously).
    int set_fullscreen(bool fullscreen);
    bool fullscreen() const;

    // The monitors, in the window system's order (empty before a window exists).
    static std::vector<MonitorArea> monitors();
    // The monitor that holds most of the window.
    MonitorArea monitor() const;
    // Onto `area`: fullscreen there if the window is fullscreen, else its top left corner there.
    void move_to(const MonitorArea& area);
    // A key press from another window of the app (the presenter's), queued as this window's own.
    void push_key_press(const KeyPress& press);
    // Reads the current GL context's back buffer (this window's or another's) as an image.
    static Image read_back_buffer(int width, int height);

private:
    static void on_key(GLFWwindow* window, int key, int scancode, int action, int mods);
    static void on_drop(GLFWwindow* window, int count, const char** paths);

    GLFWwindow* window_ = nullptr;
    std::vector<KeyPress> key_presses_;
    std::vector<std::string> dropped_paths_;
    int windowed_x_ = 0, windowed_y_ = 0, windowed_w_ = 0, windowed_h_ = 0;
};

} // namespace prefixlab
