#include "gui/layout/settling.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <imgui.h>
#include <imgui_internal.h>

namespace prefixlab::layout {

namespace {

std::uint64_t g_last_signature = 0;
int g_frames_moving = 0;

// FNV-1a over the bytes of each value.
struct Signature {
    std::uint64_t hash = 1469598103934665603ull;
    void add(const void* data, std::size_t size) {
        const auto* bytes = static_cast<const unsigned char*>(data);
        for (std::size_t i = 0; i < size; ++i)
            hash = (hash ^ bytes[i]) * 1099511628211ull;
    }
    void add(float value) { add(&value, sizeof value); }
    void add(ImVec2 value) {
        add(value.x);
        add(value.y);
    }
};

} // namespace

bool note_frame_moved() {
    Signature signature;
    bool scroll_pending = false;
    for (const ImGuiWindow* window : GImGui->Windows) {
        if (!window->Active || window->Hidden)
            continue;
        signature.add(&window->ID, sizeof window->ID);
        signature.add(window->Pos);
        signature.add(window->Size);
        signature.add(window->Scroll);
        signature.add(window->ContentSize); // as measured at the window's Begin: the frame before's
        // This frame's content, which sizes the next frame's scroll bars and scroll range.
        signature.add(ImVec2(window->DC.CursorMaxPos.x - window->DC.CursorStartPos.x,
                             window->DC.CursorMaxPos.y - window->DC.CursorStartPos.y));
        // A scroll asked for moves the window next frame, unless it is where the window is (the Values table
        // asks for its scene's place every frame while it settles: that alone is no movement).
        const auto moves = [](float target, float scroll, float most) {
            // Dear ImGui scrolls by whole pixels: a target of 2812.2 leaves the scroll at 2812.
            return target != FLT_MAX && std::abs(std::clamp(target, 0.0f, most) - scroll) >= 1.0f;
        };
        scroll_pending |= moves(window->ScrollTarget.x, window->Scroll.x, window->ScrollMax.x) ||
                          moves(window->ScrollTarget.y, window->Scroll.y, window->ScrollMax.y);
    }
    const bool moved = scroll_pending || signature.hash != g_last_signature;
    g_last_signature = signature.hash;
    g_frames_moving = moved ? g_frames_moving + 1 : 0;
    return moved;
}

int frames_moving() {
    return g_frames_moving;
}

} // namespace prefixlab::layout
