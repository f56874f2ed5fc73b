// Where a scrolling region is looking, as fractions (0..1) of its scroll range, so that a scene saved at
// one window size and scale opens at the same place at another (core/scene/scene.hpp ViewPlace). Called
// inside the region after its content: records the fractions, and applies one asked for (it takes effect
// the next frame, once the content's extent is known).
#pragma once

#include <optional>
#include <utility>

namespace prefixlab {

class ScrollAnchor {
public:
    // Inside the scrolling window, after its content.
    void record_and_apply();
    std::pair<float, float> fractions() const { return {x_, y_}; }
    // Applied the next time the region is drawn with something to scroll.
    void ask(float x, float y) { asked_ = std::pair(x, y); }

private:
    float x_ = 0, y_ = 0;
    std::optional<std::pair<float, float>> asked_;
};

} // namespace prefixlab
