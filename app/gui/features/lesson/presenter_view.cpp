#include "gui/features/lesson/presenter_view.hpp"

#include "core/ground/kernel_names.hpp"
#include "core/util/printable.hpp"
#include "gui/features/lesson/lesson_player.hpp"
#include "gui/screenshot.hpp"
#include "gui/second_window.hpp"
#include "gui/theme.hpp"
#include "gui/widgets.hpp"
#include "gui/workspace.hpp"

#include <algorithm>
#include <ctime>
#include <imgui.h>

namespace prefixlab {

namespace {

long pixels(const MonitorArea& m) {
    return static_cast<long>(m.width) * m.height;
}

std::string area_text(const MonitorArea& m) {
    return m.name + " " + std::to_string(m.width) + "x" + std::to_string(m.height) + "+" +
           std::to_string(m.x) + "+" + std::to_string(m.y);
}

// What a scene will show, in words: "Banks · blelloch-padded beside blelloch, N = 64".
std::string scene_summary(const LessonScene& s) {
    std::string text = s.scene.tab + " · " + std::string(name_of(s.scene.capture.algorithm));
    if (s.scene.compare.on)
        text += " beside " + std::string(name_of(s.scene.compare.algorithm));
    return text + ", N = " + std::to_string(s.scene.capture.n);
}

} // namespace

std::optional<ScreenChoice> choose_screens(const std::vector<MonitorArea>& monitors, bool swapped) {
    if (monitors.size() < 2)
        return std::nullopt;
    const auto larger = [](const MonitorArea& a, const MonitorArea& b) {
        if (pixels(a) != pixels(b))
            return pixels(a) > pixels(b);
        return !a.primary && b.primary; // alike: the external one is the projector
    };
    std::vector<MonitorArea> order = monitors;
    std::stable_sort(order.begin(), order.end(), larger);
    ScreenChoice choice{order[0], order[1]};
    for (std::size_t k = 1; k < order.size(); ++k)
        if (order[k].primary) { // the lecturer's laptop screen, where it is not the projector
            choice.presenter = order[k];
            break;
        }
    if (swapped)
        std::swap(choice.audience, choice.presenter);
    return choice;
}

PresenterView::PresenterView() = default;
PresenterView::~PresenterView() = default;

void PresenterView::close() {
    window_.reset();
}

void PresenterView::frame(const LessonPlayer& player, GuiHost& host,
                          std::chrono::steady_clock::time_point opened_at) {
    const std::optional<ScreenChoice> screens = player.active() && host.workspace.presenting
                                                    ? choose_screens(PlatformWindow::monitors(), swapped_)
                                                    : std::nullopt;
    if (!screens) {
        window_.reset();
        return;
    }
    if (!window_) {
        try {
            window_ =
                std::make_unique<SecondWindow>(host.window, screens->presenter, "PrefixLab — presenter");
        } catch (const PlatformError& e) {
            host.state.report_error(e.what());
            return;
        }
        host.window.move_to(screens->audience);
        placed_swapped_ = swapped_;
    } else if (placed_swapped_ != swapped_ || window_->monitor().handle != screens->presenter.handle) {
        window_->move_to(screens->presenter);
        host.window.move_to(screens->audience);
        placed_swapped_ = swapped_;
    }
    Image shot;
    const bool keep = !screenshot_.empty();
    window_->frame([&] { draw(player, opened_at); }, theme::colours().background, keep ? &shot : nullptr);
    if (keep) {
        try {
            save_png(shot, screenshot_);
            screenshot_error_.clear();
        } catch (const std::exception& e) {
            screenshot_error_ = e.what();
        }
        screenshot_.clear();
    }
}

void PresenterView::draw(const LessonPlayer& player, std::chrono::steady_clock::time_point opened_at) const {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(viewport->WorkPos);
    ImGui::SetNextWindowSize(viewport->WorkSize);
    ImGui::Begin("##presenter", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoBringToFrontOnFocus);
    const Lesson& lesson = player.lesson();
    const int k = player.scene();
    const int n = static_cast<int>(lesson.scenes.size());
    ImGui::TextUnformatted(player.position_line(opened_at).c_str());
    ImGui::TextDisabled("%s  ·  F7 swaps the screens", printable(lesson.title).c_str());
    ImGui::Separator();
    ImGui::TextWrapped("%s", printable(player.current().title).c_str());
    // The notes take the room the next scene's two lines leave; the wheel scrolls them.
    const float next_room = 3.5f * ImGui::GetTextLineHeightWithSpacing();
    ImGui::BeginChild(
        "##notes",
        ImVec2(0, std::max(ImGui::GetFontSize() * 3, ImGui::GetContentRegionAvail().y - next_room)), true);
    const std::string& notes = player.current().notes;
    ImGui::TextWrapped("%s", notes.empty() ? "(no notes for this scene)" : notes.c_str());
    ImGui::EndChild();
    if (k + 1 < n) {
        const LessonScene& next = lesson.scenes[static_cast<std::size_t>(k + 1)];
        ImGui::TextWrapped("Next: %d. %s", k + 2, printable(next.title).c_str());
        ImGui::TextDisabled("%s", scene_summary(next).c_str());
    } else {
        ImGui::TextDisabled("This is the last scene.");
    }
    ImGui::End();
}

std::string PresenterView::report(const GuiHost& host) const {
    (void)host;
    if (!window_)
        return "presenter: open=0 monitors=" + std::to_string(PlatformWindow::monitors().size());
    const std::optional<ScreenChoice> screens = choose_screens(PlatformWindow::monitors(), swapped_);
    return "presenter: open=1 audience=" + (screens ? area_text(screens->audience) : "?") +
           " presenter=" + area_text(window_->monitor()) + " swapped=" + (swapped_ ? "1" : "0");
}

} // namespace prefixlab
