// Whether the window's layout is still moving: a view that follows the step scrolls the frame after it
// asks (Dear ImGui applies a scroll at the window's next Begin), a half of compare mode follows its view a
// frame later, and a window sized from its last frame's content settles over frames. The main loop draws
// until the layout stops moving (an idle window drew three frames after an event and then one a second:
// a row followed in the fourth frame reached the screen a second late), and check-layout checks a settled
// frame and reports a layout that does not settle.
#pragma once

namespace prefixlab::layout {

// Once a frame, after ImGui::Render: whether any window's place, size, scroll or content size differs
// from the frame before, or a scroll is still to be applied.
bool note_frame_moved();

// How many frames in a row ended with the layout moving (0: the last frame was settled).
int frames_moving();

// Frames the main loop draws while the layout moves, at most, before it lets the window idle (a layout that
// flips every frame would otherwise keep a core busy).
inline constexpr int kMostSettlingFrames = 20;

} // namespace prefixlab::layout
