#include "gui/platform/platform_window.hpp"

#include <GLFW/glfw3.h>
#include <algorithm>
#include <cstring>
#include <glad/gl.h>

namespace prefixlab {

namespace {

std::string& last_glfw_error() {
    static std::string message;
    return message;
}

void remember_glfw_error(int, const char* description) { last_glfw_error() = description ? description : ""; }

std::string glfw_reason() {
    return last_glfw_error().empty() ? std::string("unknown GLFW error") : last_glfw_error();
}

} // namespace

PlatformWindow::PlatformWindow(const WindowOptions& options) {
    glfwSetErrorCallback(remember_glfw_error);
    if (!glfwInit())
        throw PlatformError("cannot open a window: " + glfw_reason() + " (is a display available? for "
                            "headless use run under xvfb-run, or use 'prefixlab trace')");
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    window_ = glfwCreateWindow(options.width, options.height, options.title.c_str(), nullptr, nullptr);
    if (window_ == nullptr) {
        const std::string reason = glfw_reason();
        glfwTerminate();
        throw PlatformError("cannot create an OpenGL 3.3 core window: " + reason);
    }
    glfwMakeContextCurrent(window_);
    const int version = gladLoadGL(glfwGetProcAddress);
    if (version == 0 || GLAD_VERSION_MAJOR(version) < 3 ||
        (GLAD_VERSION_MAJOR(version) == 3 && GLAD_VERSION_MINOR(version) < 3)) {
        glfwDestroyWindow(window_);
        glfwTerminate();
        throw PlatformError("OpenGL 3.3 is not available (the driver offers " +
                            std::to_string(GLAD_VERSION_MAJOR(version)) + "." +
                            std::to_string(GLAD_VERSION_MINOR(version)) + ")");
    }
    glfwSwapInterval(options.vsync ? 1 : 0);
    // Installed before Dear ImGui's backend, which keeps this callback and calls it from its own.
    glfwSetWindowUserPointer(window_, this);
    glfwSetKeyCallback(window_, &PlatformWindow::on_key);
    glfwSetDropCallback(window_, &PlatformWindow::on_drop);
}

void PlatformWindow::on_key(GLFWwindow* window, int key, int, int action, int mods) {
    // A frame reads the queue; the bound only matters if frames stop (a key held while a modal OS
    // dialog blocks the loop), where dropping presses beats growing without end.
    constexpr std::size_t kMaxQueuedPresses = 256;
    auto* self = static_cast<PlatformWindow*>(glfwGetWindowUserPointer(window));
    if (self == nullptr || action == GLFW_RELEASE || self->key_presses_.size() >= kMaxQueuedPresses)
        return;
    self->key_presses_.push_back(KeyPress{key, (mods & GLFW_MOD_CONTROL) != 0, action == GLFW_REPEAT, (mods & GLFW_MOD_SHIFT) != 0});
}

void PlatformWindow::on_drop(GLFWwindow* window, int count, const char** paths) {
    // A drop of a thousand files from a file manager is a mistake; the first few are enough to tell.
    constexpr std::size_t kMaxQueuedDrops = 16;
    auto* self = static_cast<PlatformWindow*>(glfwGetWindowUserPointer(window));
    if (self == nullptr)
        return;
    for (int i = 0; i < count && self->dropped_paths_.size() < kMaxQueuedDrops; ++i)
        if (paths[i] != nullptr)
            self->dropped_paths_.emplace_back(paths[i]);
}

std::vector<std::string> PlatformWindow::take_dropped_paths() {
    std::vector<std::string> paths;
    paths.swap(dropped_paths_);
    return paths;
}

void PlatformWindow::deliver_drop(const std::vector<std::string>& paths) {
    std::vector<const char*> pointers;
    for (const std::string& path : paths)
        pointers.push_back(path.c_str());
    on_drop(window_, static_cast<int>(pointers.size()), pointers.data());
}

std::vector<KeyPress> PlatformWindow::take_key_presses() {
    std::vector<KeyPress> presses;
    presses.swap(key_presses_);
    return presses;
}

PlatformWindow::~PlatformWindow() {
    glfwDestroyWindow(window_);
    glfwTerminate();
}

bool PlatformWindow::should_close() const { return glfwWindowShouldClose(window_); }

void PlatformWindow::request_close() { glfwSetWindowShouldClose(window_, GLFW_TRUE); }

void PlatformWindow::poll_events() { glfwPollEvents(); }

void PlatformWindow::wait_events(double seconds) { glfwWaitEventsTimeout(seconds); }

void PlatformWindow::swap_buffers() { glfwSwapBuffers(window_); }

void PlatformWindow::framebuffer_size(int& width, int& height) const { glfwGetFramebufferSize(window_, &width, &height); }

float PlatformWindow::content_scale() const {
    float x = 1, y = 1;
    glfwGetWindowContentScale(window_, &x, &y);
    return std::max(1.0f, std::max(x, y));
}

Image PlatformWindow::read_framebuffer() const {
    int width = 0, height = 0;
    framebuffer_size(width, height);
    return read_back_buffer(width, height);
}

Image PlatformWindow::read_back_buffer(int width, int height) {
    Image image;
    image.width = width;
    image.height = height;
    image.rgba.resize(std::size_t(image.width) * image.height * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, image.width, image.height, GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
    // The framebuffer's alpha is whatever blending left there; a screenshot is opaque.
    for (std::size_t i = 3; i < image.rgba.size(); i += 4)
        image.rgba[i] = 255;
    // OpenGL's rows run bottom-up; images run top-down.
    const std::size_t row = std::size_t(image.width) * 4;
    std::vector<std::uint8_t> line(row);
    for (int y = 0; y < image.height / 2; ++y) {
        std::uint8_t* a = image.rgba.data() + y * row;
        std::uint8_t* b = image.rgba.data() + (image.height - 1 - y) * row;
        std::memcpy(line.data(), a, row);
        std::memcpy(a, b, row);
        std::memcpy(b, line.data(), row);
    }
    return image;
}

void PlatformWindow::finish() const { glFinish(); }

void PlatformWindow::clear(float r, float g, float b) {
    int width = 0, height = 0;
    framebuffer_size(width, height);
    glViewport(0, 0, width, height);
    glClearColor(r, g, b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
}

std::string PlatformWindow::renderer() const {
    const auto* text = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    return text ? text : "unknown";
}

} // namespace prefixlab

namespace prefixlab {

namespace {

// The monitor with the largest overlap with the rectangle (x, y, w, h); the primary one if none.
GLFWmonitor* monitor_under(int x, int y, int w, int h) {
    int count = 0;
    GLFWmonitor** monitors = glfwGetMonitors(&count);
    GLFWmonitor* best = glfwGetPrimaryMonitor();
    long best_area = 0;
    for (int i = 0; i < count; ++i) {
        const GLFWvidmode* mode = glfwGetVideoMode(monitors[i]);
        int mx = 0, my = 0;
        glfwGetMonitorPos(monitors[i], &mx, &my);
        if (!mode)
            continue;
        const long ox = std::max(0, std::min(x + w, mx + mode->width) - std::max(x, mx));
        const long oy = std::max(0, std::min(y + h, my + mode->height) - std::max(y, my));
        if (ox * oy > best_area) {
            best_area = ox * oy;
            best = monitors[i];
        }
    }
    return best;
}

} // namespace

void PlatformWindow::windowed_rect(int& x, int& y, int& width, int& height) const {
    if (fullscreen()) {
        x = windowed_x_, y = windowed_y_, width = windowed_w_, height = windowed_h_;
        return;
    }
    glfwGetWindowPos(window_, &x, &y);
    glfwGetWindowSize(window_, &width, &height);
}

bool PlatformWindow::move_if_on_screen(int x, int y) {
    int count = 0;
    GLFWmonitor** monitors = glfwGetMonitors(&count);
    // The top-left corner, where a title bar is grabbed: 100 × 30 pixels of it must be on one monitor.
    constexpr int kGrabW = 100, kGrabH = 30;
    for (int i = 0; i < count; ++i) {
        int mx = 0, my = 0, mw = 0, mh = 0;
        glfwGetMonitorWorkarea(monitors[i], &mx, &my, &mw, &mh);
        if (x >= mx && y >= my && x + kGrabW <= mx + mw && y + kGrabH <= my + mh) {
            glfwSetWindowPos(window_, x, y);
            return true;
        }
    }
    return false;
}

bool PlatformWindow::fullscreen() const { return glfwGetWindowMonitor(window_) != nullptr; }

int PlatformWindow::set_fullscreen(bool on) {
    int width = 0, height = 0;
    framebuffer_size(width, height);
    if (on == fullscreen())
        return height;
    if (on) {
        glfwGetWindowPos(window_, &windowed_x_, &windowed_y_);
        glfwGetWindowSize(window_, &windowed_w_, &windowed_h_);
        GLFWmonitor* monitor = monitor_under(windowed_x_, windowed_y_, windowed_w_, windowed_h_);
        const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
        if (!mode)
            return height; // no monitor to fill: stay windowed
        glfwSetWindowMonitor(window_, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
        return mode->height;
    }
    glfwSetWindowMonitor(window_, nullptr, windowed_x_, windowed_y_, windowed_w_, windowed_h_, GLFW_DONT_CARE);
    return windowed_h_;
}

std::vector<MonitorArea> PlatformWindow::monitors() {
    std::vector<MonitorArea> areas;
    int count = 0;
    GLFWmonitor** all = glfwGetMonitors(&count);
    for (int i = 0; i < count; ++i) {
        const GLFWvidmode* mode = glfwGetVideoMode(all[i]);
        if (mode == nullptr)
            continue;
        MonitorArea area;
        area.handle = all[i];
        const char* name = glfwGetMonitorName(all[i]);
        area.name = name != nullptr ? name : "monitor " + std::to_string(i + 1);
        glfwGetMonitorPos(all[i], &area.x, &area.y);
        area.width = mode->width;
        area.height = mode->height;
        area.primary = all[i] == glfwGetPrimaryMonitor();
        areas.push_back(area);
    }
    return areas;
}

MonitorArea PlatformWindow::monitor() const {
    int x = 0, y = 0, w = 0, h = 0;
    glfwGetWindowPos(window_, &x, &y);
    glfwGetWindowSize(window_, &w, &h);
    GLFWmonitor* under = glfwGetWindowMonitor(window_) != nullptr ? glfwGetWindowMonitor(window_) : monitor_under(x, y, w, h);
    for (const MonitorArea& area : monitors())
        if (area.handle == under)
            return area;
    return {};
}

void PlatformWindow::move_to(const MonitorArea& area) {
    if (area.handle == nullptr)
        return;
    if (fullscreen()) {
        const GLFWvidmode* mode = glfwGetVideoMode(area.handle);
        if (mode != nullptr)
            glfwSetWindowMonitor(window_, area.handle, 0, 0, mode->width, mode->height, mode->refreshRate);
        return;
    }
    glfwSetWindowPos(window_, area.x + 40, area.y + 40);
}

void PlatformWindow::push_key_press(const KeyPress& press) {
    constexpr std::size_t kMaxQueuedPresses = 256; // as on_key
    if (key_presses_.size() < kMaxQueuedPresses)
        key_presses_.push_back(press);
}

} // namespace prefixlab
