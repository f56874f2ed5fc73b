// Sliders whose value is never covered by their handle (issue 33, point 10). Dear ImGui draws a slider's
// grab over its frame and the value over the grab, centred, so a value in mid-range sat under the handle:
// N = 32 of 1..1024 (logarithmic) at first launch, "step 0" under a grab as wide as the frame when a
// trace has one step. These draw no grab; the value's place is a bar in the frame's bottom padding,
// below the text. The padding grows with the UI scale, so the bar does too, and never reaches the text.
// Arguments as ImGui::SliderInt / SliderFloat's (flags: ImGuiSliderFlags).
#pragma once

namespace prefixlab {

bool slider_int(const char* label, int* value, int min, int max, const char* format = "%d", int flags = 0);
bool slider_float(const char* label, float* value, float min, float max, const char* format = "%.3f",
                  int flags = 0);

} // namespace prefixlab
