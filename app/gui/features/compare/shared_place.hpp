// Compare mode's two sides look at the same region: scrolling or zooming one side moves the other
// (issue 33: the racy side showed columns 0–12, rows 0–4 while the correct side showed columns 32–44,
// rows 9–13, and no difference was in view). Places are shared as the views keep them in scenes
// (ViewPlace: zoom, fit and scroll as fractions of the range), so two traces of one shape show the same
// columns and steps, and two of one input with another number of steps the same columns and about the
// paired steps; the halves' own scroll (the views that scroll with their half: Warps, Global) is shared
// the same way.
#pragma once

#include "core/scene/scene.hpp"

#include <array>
#include <optional>

namespace prefixlab {

class View;

class SharedPlace {
public:
    // Inside half `side`'s window, after its content: applies the scroll the other half was given, reads
    // its own, and notes whether the mouse moved it (the wheel, a drag or a click over the half).
    void share_half_scroll(int side);
    // After both sides drew: the side the mouse moved gives its place and its half's scroll to the other,
    // in that frame and the two after (a place can settle a frame late). A step moves each side by itself
    // (it follows its own paired step, which another number of steps can put elsewhere); when compare
    // mode opens, the right side takes the left's columns and zoom.
    void share(View& first, View& second);
    // Another tab or trace: the next share() is an opening one.
    void forget();

private:
    struct Scroll {
        float x = 0, y = 0; // fractions of the half's scroll range
    };
    const View* shared_for_ = nullptr; // the left side's view last shared (another tab: forget)
    bool opened_ = false;              // the opening share was made
    int moved_side_ = -1, moved_frames_ = 0; // the side the mouse moved, and for how many frames more
    std::array<std::optional<ViewPlace>, 2> last_places_; // after the last share
    std::array<std::optional<Scroll>, 2> scroll_now_, scroll_asked_;
};

} // namespace prefixlab
