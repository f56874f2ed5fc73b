// Small drawing helpers several views share.
#pragma once

#include "gui/theme.hpp"

#include <initializer_list>
#include <utility>

struct ImDrawList;
struct ImVec4;

namespace prefixlab {

// The label column of the settings panel's sections, beside their combos and sliders, in font heights.
inline constexpr float kSettingsLabelEms = 5.5f;

// A theme colour as Dear ImGui's text colours take it (opaque).
ImVec4 text_colour(theme::Rgb c);

// The width of a button with `label` (its text up to "##", and the frame's padding on both sides).
float button_width(const char* label);

// A row of colour swatches with their meaning, on the current line.
void draw_legend(std::initializer_list<std::pair<theme::Rgb, const char*>> entries);

// The progress of files being read in the background ("reading results files  40 %"), `width` wide: the
// window carries on meanwhile, and this says why what they hold is not shown yet.
void draw_reading_progress(double fraction, const char* what, float width);

// A section heading in the sidebar.
void section_heading(const char* text);

// The mark of a comparison on a cell or node that differs from the other side's: a frame in the theme's
// `differs` colour and a filled corner, readable without colour (Values and Dataflow).
void draw_difference_mark(ImDrawList* list, float x, float y, float w, float h);

} // namespace prefixlab
