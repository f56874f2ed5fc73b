#include "gui/second_window.hpp"

#include <GLFW/glfw3.h>
#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <utility>

namespace prefixlab {

namespace {

// Runs with the second window's contexts current, and puts the main ones back however it leaves.
class CurrentContexts {
public:
    CurrentContexts(GLFWwindow* window, ImGuiContext* context)
        : gl_before_(glfwGetCurrentContext()), imgui_before_(ImGui::GetCurrentContext()) {
        glfwMakeContextCurrent(window);
        ImGui::SetCurrentContext(context);
    }
    ~CurrentContexts() {
        ImGui::SetCurrentContext(imgui_before_);
        glfwMakeContextCurrent(gl_before_);
    }
    CurrentContexts(const CurrentContexts&) = delete;
    CurrentContexts& operator=(const CurrentContexts&) = delete;
    ImGuiContext* main_context() const { return imgui_before_; }

private:
    GLFWwindow* gl_before_;
    ImGuiContext* imgui_before_;
};

} // namespace

SecondWindow::SecondWindow(PlatformWindow& main, const MonitorArea& on, const std::string& title)
    : main_(main), on_(on) {
    // The main window's hints (OpenGL 3.3 core) still hold; share its context's objects (the font texture).
    glfwWindowHint(GLFW_AUTO_ICONIFY, GLFW_FALSE); // stays up when the focus goes to the projector's window
    const GLFWvidmode* mode = on.handle != nullptr ? glfwGetVideoMode(on.handle) : nullptr;
    window_ = glfwCreateWindow(mode ? mode->width : on.width, mode ? mode->height : on.height, title.c_str(),
                               on.handle, main.handle());
    glfwDefaultWindowHints();
    if (window_ == nullptr)
        throw PlatformError("cannot open the presenter's window");
    glfwSetWindowUserPointer(window_, this);
    glfwSetKeyCallback(window_, &SecondWindow::on_key);
    glfwSetScrollCallback(window_, &SecondWindow::on_scroll);
    ImFontAtlas* fonts = ImGui::GetIO().Fonts; // the main context's
    ImGuiContext* main_context = ImGui::GetCurrentContext();
    context_ = ImGui::CreateContext(fonts);
    {
        CurrentContexts current(window_, context_);
        glfwSwapInterval(0); // the main window paces the loop
        ImGui::GetIO().IniFilename = nullptr;
        // No callbacks: GLFW calls them with whichever context is current, the main one. The keys go to the
        // main window's queue and the wheel to wheel_ (on_key, on_scroll); the mouse is read each frame.
        ImGui_ImplGlfw_InitForOpenGL(window_, false);
        ImGui_ImplOpenGL3_Init("#version 330 core");
    }
    ImGui::SetCurrentContext(main_context);
}

SecondWindow::~SecondWindow() {
    ImFontAtlas* fonts = ImGui::GetIO().Fonts;
    const ImTextureID texture = fonts->TexID;
    {
        CurrentContexts current(window_, context_);
        ImGui_ImplOpenGL3_Shutdown(); // deletes its own font texture and clears the shared atlas's ID…
        ImGui_ImplGlfw_Shutdown();
        ImGui::DestroyContext(context_);
    }
    fonts->SetTexID(texture); // …which is the main window's again
    glfwDestroyWindow(window_);
}

void SecondWindow::on_key(GLFWwindow* window, int key, int, int action, int mods) {
    auto* self = static_cast<SecondWindow*>(glfwGetWindowUserPointer(window));
    if (self != nullptr && action != GLFW_RELEASE)
        self->main_.push_key_press(KeyPress{key, (mods & GLFW_MOD_CONTROL) != 0, action == GLFW_REPEAT,
                                            (mods & GLFW_MOD_SHIFT) != 0});
}

void SecondWindow::on_scroll(GLFWwindow* window, double, double y) {
    if (auto* self = static_cast<SecondWindow*>(glfwGetWindowUserPointer(window)))
        self->wheel_ += static_cast<float>(y);
}

void SecondWindow::frame(const std::function<void()>& draw, theme::Rgb background, Image* keep) {
    ImFontAtlas* fonts = ImGui::GetIO().Fonts;
    const ImTextureID texture = fonts->TexID; // the main window's font texture
    const ImGuiStyle style = ImGui::GetStyle();
    CurrentContexts current(window_, context_);
    ImGui::GetStyle() = style;
    ImGui_ImplOpenGL3_NewFrame(); // the first makes its own font texture and points the atlas at it:
    fonts->SetTexID(texture);     // both windows draw with the main one's (the contexts share it)
    ImGui_ImplGlfw_NewFrame();
    ImGui::GetIO().MouseWheel += std::exchange(wheel_, 0.0f);
    ImGui::NewFrame();
    draw();
    ImGui::Render();
    int width = 0, height = 0;
    glfwGetFramebufferSize(window_, &width, &height);
    glViewport(0, 0, width, height);
    glClearColor(background.r / 255.0f, background.g / 255.0f, background.b / 255.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    if (keep != nullptr)
        *keep = PlatformWindow::read_back_buffer(width, height);
    glfwSwapBuffers(window_);
}

void SecondWindow::move_to(const MonitorArea& area) {
    const GLFWvidmode* mode = area.handle != nullptr ? glfwGetVideoMode(area.handle) : nullptr;
    if (mode == nullptr)
        return;
    glfwSetWindowMonitor(window_, area.handle, 0, 0, mode->width, mode->height, mode->refreshRate);
    on_ = area;
}

} // namespace prefixlab
