#include "gui/features/compare/shared_place.hpp"

#include "gui/views/view.hpp"

#include <cmath>
#include <imgui.h>
#include <utility>

namespace prefixlab {

namespace {

// Fractions within a thousandth of the range: a place read back after it was applied differs by rounding.
bool near(float a, float b) {
    return std::abs(a - b) < 1e-3f;
}

bool same_place(const ViewPlace& a, const ViewPlace& b) {
    return a.fit == b.fit && near(a.zoom, b.zoom) && near(a.scroll_x, b.scroll_x) &&
           near(a.scroll_y, b.scroll_y);
}

float fraction(float scroll, float range) {
    return range > 0 ? scroll / range : 0.0f;
}

} // namespace

void SharedPlace::share_half_scroll(int side) {
    const ImGuiIO& io = ImGui::GetIO();
    if (ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows) &&
        (io.MouseWheel != 0 || io.MouseWheelH != 0 || ImGui::IsMouseDragging(ImGuiMouseButton_Left) ||
         ImGui::IsMouseReleased(ImGuiMouseButton_Left)))
        moved_side_ = side, moved_frames_ = 3;
    if (const std::optional<Scroll> asked = std::exchange(scroll_asked_[side], std::nullopt)) {
        ImGui::SetScrollX(asked->x * ImGui::GetScrollMaxX());
        ImGui::SetScrollY(asked->y * ImGui::GetScrollMaxY());
        return;
    }
    scroll_now_[side] = Scroll{fraction(ImGui::GetScrollX(), ImGui::GetScrollMaxX()),
                               fraction(ImGui::GetScrollY(), ImGui::GetScrollMaxY())};
}

void SharedPlace::share(View& first, View& second) {
    if (&first != shared_for_)
        forget();
    shared_for_ = &first;
    View* views[2] = {&first, &second};
    const std::optional<ViewPlace> places[2] = {first.view_place(), second.view_place()};
    if (!opened_) {
        opened_ = true;
        if (places[0] && places[1]) { // the left side's columns and zoom; each side's own steps
            ViewPlace opening = *places[1];
            opening.zoom = places[0]->zoom, opening.fit = places[0]->fit, opening.scroll_x = places[0]->scroll_x;
            if (!same_place(opening, *places[1]))
                second.set_view_place(opening);
        }
    } else if (moved_side_ >= 0 && moved_frames_ > 0) {
        --moved_frames_;
        const int from = moved_side_, to = 1 - moved_side_;
        if (places[from] && places[to]) {
            // The step rows only where the mouse moved them: a sideways scroll leaves each side at its own step.
            ViewPlace place = *places[from];
            if (!last_places_[from] || near(last_places_[from]->scroll_y, place.scroll_y))
                place.scroll_y = places[to]->scroll_y;
            if (!same_place(place, *places[to]))
                views[to]->set_view_place(place);
        }
        if (scroll_now_[from])
            scroll_asked_[to] = scroll_now_[from];
    }
    last_places_ = {first.view_place(), second.view_place()};
    scroll_now_ = {};
}

void SharedPlace::forget() {
    opened_ = false;
    moved_side_ = -1, moved_frames_ = 0;
    last_places_ = {};
    scroll_now_ = {};
    scroll_asked_ = {};
}

} // namespace prefixlab
