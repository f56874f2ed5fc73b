#include "gui/views/scroll_anchor.hpp"

#include <algorithm>
#include <imgui.h>

namespace prefixlab {

void ScrollAnchor::record_and_apply() {
    const float max_x = ImGui::GetScrollMaxX(), max_y = ImGui::GetScrollMaxY();
    if (asked_ && (max_x > 0 || max_y > 0)) {
        ImGui::SetScrollX(std::clamp(asked_->first, 0.0f, 1.0f) * max_x);
        ImGui::SetScrollY(std::clamp(asked_->second, 0.0f, 1.0f) * max_y);
        x_ = asked_->first, y_ = asked_->second;
        asked_.reset();
        return;
    }
    x_ = max_x > 0 ? ImGui::GetScrollX() / max_x : 0;
    y_ = max_y > 0 ? ImGui::GetScrollY() / max_y : 0;
}

} // namespace prefixlab
