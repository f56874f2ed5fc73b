// The layout check (script command `check-layout`, issue 10): reads every glyph of a rendered frame
// back from Dear ImGui's draw lists and reports text that overlaps other text or is cut — by its clip
// rectangle, by Dear ImGui's ellipsis ("Dataf…"), or by CPU clipping inside a glyph — and text that
// reads too faintly on what is drawn under it (text_contrast.hpp), and text drawn on a slider's grab (a
// value the handle covers). It needs no help from the views: a glyph
// is a textured quad whose UVs are one of the font atlas's glyphs, which tells the character, its font size
// and where its text's origin is, so runs of glyphs become strings.
//
// What is allowed: text cut at the edge of a region that scrolls in that direction (a table scrolled
// sideways shows half a column at its edge). Dear ImGui windows with scroll bars count by themselves;
// views that scroll a canvas of their own say so with note_scrolled_region() each frame.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

struct ImDrawData;

namespace prefixlab::layout {

// A rectangle whose content scrolls (horizontally, vertically or both) in the current frame.
void note_scrolled_region(float x0, float y0, float x1, float y1, bool scrolls_x, bool scrolls_y);
// Call right after a one-line text field: its text scrolls sideways under the caret, so a path
// longer than the field (the CI clone's build path, for one) is not cut text.
void note_text_field();

// Around the frame to be checked: the fonts draw their ellipsis as a marker character no label uses,
// so text Dear ImGui shortened can be told from text that ends in "…" on purpose.
void begin_checked_frame();
void end_checked_frame();
// Whether the frame being built will be checked: pictures cached in textures draw live in it, so
// that their text is checked too.
bool checking();

// Once a frame (the workspace calls it before drawing): forgets the last frame's scrolled regions.
void new_frame();

struct LayoutReport {
    std::size_t texts = 0;             // texts (runs of glyphs) found in the frame
    std::vector<std::string> problems; // one line each: "“Dataf…” shortened by Dear ImGui's ellipsis at …"
};

// Call after ImGui::Render(), before the next NewFrame (the draw data and the windows must be the
// frame's). At most `limit` problems are returned, each text once. `clear_colour` (ImU32): what the
// window is cleared to, under every window (text_contrast.hpp).
LayoutReport check_layout(const ImDrawData& frame, std::size_t limit = 40,
                          std::uint32_t clear_colour = 0xFF000000);

} // namespace prefixlab::layout
