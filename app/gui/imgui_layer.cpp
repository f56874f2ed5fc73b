#include "gui/imgui_layer.hpp"

#include "gui/glyph_ranges.hpp"
#include "gui/platform/platform_window.hpp"
#include "gui/theme.hpp"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <utility>

namespace prefixlab {

namespace {

// Where Debian, Ubuntu and Fedora put DejaVu.
constexpr std::array<const char*, 3> kFontDirectories = {
    "/usr/share/fonts/truetype/dejavu/",
    "/usr/share/fonts/dejavu/",
    "/usr/share/fonts/TTF/",
};

std::string find_font(const char* file) {
    for (const char* dir : kFontDirectories) {
        const std::string path = std::string(dir) + file;
        std::error_code ec;
        if (std::filesystem::is_regular_file(path, ec))
            return path;
    }
    return "";
}

ImVec4 float_colour(theme::Rgb c, float alpha = 1.0f) {
    return ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, alpha);
}

theme::Rgb rgb_over(const ImVec4& c, const ImVec4& under) {
    const auto mix = [&](float x, float y) {
        return static_cast<std::uint8_t>(std::lround(255 * (c.w * x + (1 - c.w) * y)));
    };
    return {mix(c.x, under.x), mix(c.y, under.y), mix(c.z, under.z)};
}

// The colours Dear ImGui draws text on: buttons, headers, tabs, fields, title and menu bars, popups and
// selections in every state, and a slider's grab (its value is drawn over it).
constexpr ImGuiCol kFramesUnderText[] = {ImGuiCol_Button,
                                         ImGuiCol_ButtonHovered,
                                         ImGuiCol_ButtonActive,
                                         ImGuiCol_Header,
                                         ImGuiCol_HeaderHovered,
                                         ImGuiCol_HeaderActive,
                                         ImGuiCol_Tab,
                                         ImGuiCol_TabHovered,
                                         ImGuiCol_TabActive,
                                         ImGuiCol_TabUnfocused,
                                         ImGuiCol_TabUnfocusedActive,
                                         ImGuiCol_FrameBg,
                                         ImGuiCol_FrameBgHovered,
                                         ImGuiCol_FrameBgActive,
                                         ImGuiCol_TitleBg,
                                         ImGuiCol_TitleBgActive,
                                         ImGuiCol_MenuBarBg,
                                         ImGuiCol_PopupBg,
                                         ImGuiCol_TextSelectedBg,
                                         ImGuiCol_SliderGrab,
                                         ImGuiCol_SliderGrabActive};

// Every widget state's text reads on its frame (theme::kLeastTextContrast), in both themes: a frame is
// darkened under light text and lightened under dark text until it does, and the hint grey moved
// towards the text colour. Dear ImGui's dark style put white on #0F87FA (a pressed button, the quiz's
// chosen question) at 3.6:1, and its grey hints at 4.2:1.
void make_text_read(ImGuiStyle& style) {
    const ImVec4 window = style.Colors[ImGuiCol_WindowBg];
    const ImVec4 text = style.Colors[ImGuiCol_Text];
    const theme::Rgb ink = rgb_over(text, window);
    const bool light_text = theme::relative_luminance(text.x, text.y, text.z) > 0.5;
    for (const ImGuiCol slot : kFramesUnderText) {
        ImVec4& c = style.Colors[slot];
        for (int step = 0;
             step < 60 && theme::contrast_ratio(ink, rgb_over(c, window)) < theme::kLeastTextContrast;
             ++step) {
            const float k = 0.96f;
            c = light_text ? ImVec4(c.x * k, c.y * k, c.z * k, c.w)
                           : ImVec4(1 - (1 - c.x) * k, 1 - (1 - c.y) * k, 1 - (1 - c.z) * k, c.w);
        }
    }
    ImVec4& hint = style.Colors[ImGuiCol_TextDisabled];
    // Hints show on windows, popups and in empty text fields (a field's hint, on its frame).
    const auto reads = [&] {
        for (const ImGuiCol under : {ImGuiCol_WindowBg, ImGuiCol_PopupBg, ImGuiCol_FrameBg, ImGuiCol_Button})
            if (theme::contrast_ratio(rgb_over(hint, window), rgb_over(style.Colors[under], window)) <
                theme::kLeastTextContrast)
                return false;
        return true;
    };
    for (int step = 0; step < 60 && !reads(); ++step)
        hint = ImVec4(hint.x + (text.x - hint.x) * 0.04f, hint.y + (text.y - hint.y) * 0.04f,
                      hint.z + (text.z - hint.z) * 0.04f, hint.w);
}

void apply_style(float scale) {
    ImGuiStyle style;
    const bool projector = theme::current() == theme::Name::projector;
    if (projector)
        ImGui::StyleColorsLight(&style);
    else
        ImGui::StyleColorsDark(&style);
    style.WindowRounding = 0;
    style.FrameRounding = 3;
    style.GrabRounding = 3;
    style.GrabMinSize = 6; // a slim handle: the default one covered the slider's number
    style.WindowBorderSize = 0;
    style.FramePadding = ImVec2(8, 5);
    style.ItemSpacing = ImVec2(8, 7);
    style.Colors[ImGuiCol_WindowBg] =
        projector ? ImVec4(0.96f, 0.96f, 0.97f, 1.0f) : ImVec4(0.11f, 0.12f, 0.14f, 1.0f);
    if (projector) {
        // Dear ImGui's light style is grey on grey in places; a hall needs black text and firm frames.
        style.Colors[ImGuiCol_Text] = float_colour(theme::colours().text);
        style.Colors[ImGuiCol_TextDisabled] = ImVec4(0.35f, 0.35f, 0.38f, 1.0f);
        style.Colors[ImGuiCol_Border] = ImVec4(0.25f, 0.25f, 0.30f, 0.60f);
        style.FrameBorderSize = 1;
    }
    style.Colors[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0); // the clear colour shows through: no extra pass
    make_text_read(style);
    style.ScaleAllSizes(scale);
    ImGui::GetStyle() = style;
}

// The font's glyph ranges in Dear ImGui's type (16-bit code points in this build).
const ImWchar* font_glyph_ranges() {
    static_assert(sizeof(ImWchar) == sizeof(std::uint16_t));
    return reinterpret_cast<const ImWchar*>(glyph_ranges());
}

} // namespace

ImGuiLayer::ImGuiLayer(PlatformWindow& window, float ui_scale)
    : scale_(std::clamp(ui_scale, kMinScale, kMaxScale)) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr; // the layout is ours; nothing to persist between runs
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    ImGui_ImplGlfw_InitForOpenGL(window.handle(), true);
    ImGui_ImplOpenGL3_Init("#version 330 core");
}

ImGuiLayer::~ImGuiLayer() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

void ImGuiLayer::set_ui_scale(float scale) {
    scale_ = std::clamp(scale, kMinScale, kMaxScale);
}

void ImGuiLayer::set_theme(theme::Name name) {
    theme::use(name);
    apply_style(scale_); // between frames; fonts stay as they are
}

void ImGuiLayer::build_fonts() {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    const float pixels = kBaseFontPixels * scale_;
    const std::string sans = find_font("DejaVuSans.ttf");
    const std::string mono = find_font("DejaVuSansMono.ttf");
    ImFontConfig config;
    config.OversampleH = 2;
    if (!sans.empty() && !mono.empty()) {
        io.Fonts->AddFontFromFileTTF(sans.c_str(), pixels, &config, font_glyph_ranges());
        mono_ = io.Fonts->AddFontFromFileTTF(mono.c_str(), pixels, &config, font_glyph_ranges());
        smaller_mono_.clear();
        // Code's characters: ASCII, and the symbols the kernels' comments use ("⊕", "—", "…", "→", "≤"), so
        // that the source panel can show a kernel's file in a smaller size (issue 33, point 9).
        static const ImWchar code_characters[] = {0x0020, 0x00FF, 0x2000, 0x206F, 0x2190, 0x21FF, 0x2200, 0x22FF, 0};
        for (const float share : kSmallerMonoShares)
            if (std::round(pixels * share) >= kSmallestMonoPixels)
                smaller_mono_.push_back(io.Fonts->AddFontFromFileTTF(mono.c_str(), std::round(pixels * share),
                                                                     &config, code_characters));
        font_warning_.clear();
    } else {
        ImFontConfig fallback;
        fallback.SizePixels = pixels;
        io.Fonts->AddFontDefault(&fallback);
        mono_ = io.Fonts->Fonts[0];
        smaller_mono_.clear();
        font_warning_ =
            "DejaVu fonts not found (install fonts-dejavu-core): using Dear ImGui's built-in font";
    }
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    apply_style(scale_);
    built_scale_ = scale_;
}

std::vector<const ImFont*> ImGuiLayer::mono_fonts() const {
    std::vector<const ImFont*> fonts{mono_};
    fonts.insert(fonts.end(), smaller_mono_.begin(), smaller_mono_.end());
    return fonts;
}

void ImGuiLayer::script_mouse(float x, float y, bool pressed, float wheel, float wheel_sideways) {
    scripted_mouse_ = true;
    wheel_ = wheel, wheel_sideways_ = wheel_sideways;
    mouse_x_ = x;
    mouse_y_ = y;
    mouse_pressed_ = pressed;
}

void ImGuiLayer::capture_at(int width, int height, float scale) {
    if (capture_width_ == 0)
        scale_before_capture_ = scale_;
    capture_width_ = width;
    capture_height_ = height;
    scale_ = scale;
}

void ImGuiLayer::capture_end() {
    if (capture_width_ == 0)
        return;
    capture_width_ = capture_height_ = 0;
    scale_ = scale_before_capture_;
}

void ImGuiLayer::begin_frame() {
    if (built_scale_ != scale_)
        build_fonts();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    if (scripted_mouse_) { // after the backend has read the real mouse, before ImGui uses it
        ImGuiIO& io = ImGui::GetIO();
        io.MousePos = ImVec2(mouse_x_, mouse_y_);
        io.MouseDown[0] = mouse_pressed_;
        mouse_pressed_ = false; // a click lasts one frame
        io.MouseWheel += std::exchange(wheel_, 0.0f);
        io.MouseWheelH += std::exchange(wheel_sideways_, 0.0f);
    }
    ImGuiIO& io = ImGui::GetIO();
    if (capture_width_ > 0) { // the offscreen target's size, one pixel per unit
        io.DisplaySize = ImVec2(static_cast<float>(capture_width_), static_cast<float>(capture_height_));
        io.DisplayFramebufferScale = ImVec2(1, 1);
    }
    if (capture_width_ > 0 || std::exchange(capture_mouse_hidden_, false)) {
        io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX); // Dear ImGui's "no mouse"
        io.MouseDown[0] = false;
    }
    ImGui::NewFrame();
}

void ImGuiLayer::render() {
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

} // namespace prefixlab
