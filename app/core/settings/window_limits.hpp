// The window and UI scale the GUI can show: --window, --ui-scale, the script's `scale` and the
// settings file are all checked against these.
#pragma once

namespace prefixlab {

inline constexpr float kMinUiScale = 0.5f;
inline constexpr float kMaxUiScale = 4.0f;
inline constexpr int kMinWindowWidth = 320;
inline constexpr int kMaxWindowWidth = 8192;

// Window coordinates a settings file may hold: far beyond any desktop (eight 8K monitors side by side
// are 61,440 pixels wide), small enough that x + width cannot overflow an int.
inline constexpr int kMaxWindowCoordinate = 1 << 20;

} // namespace prefixlab
