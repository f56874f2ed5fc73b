// Small drawing helpers several views share.
#pragma once

#include "gui/theme.hpp"

#include <functional>
#include <string>
#include <initializer_list>
#include <utility>

struct ImDrawList;
struct ImVec4;

namespace prefixlab {

// The label column of the settings panel's sections, beside their combos and sliders, in font heights.
inline constexpr float kSettingsLabelEms = 5.5f;

// A theme colour as Dear ImGui's text colours take it (opaque).
ImVec4 text_colour(theme::Rgb c);

// Tooltips: text wrapped at kTooltipEms font heights (or 90 % of the window, if narrower), so that a
// tooltip always fits on the screen (Dear ImGui keeps a tooltip inside the window only where it fits:
// the Global tab's unwrapped one ran off its right edge). tooltip() is ImGui::SetTooltip's; between
// begin_tooltip() and end_tooltip() anything goes, wrapped the same.
inline constexpr float kTooltipEms = 32;
void tooltip(const char* format, ...) __attribute__((format(printf, 1, 2)));
void begin_tooltip();
void end_tooltip();

// A line's width for the UI scale: `pixels_at_1x` times the scale, so that arrows, edges and outlines stay
// as heavy beside text at 2× (a Dataflow edge was 1.5 px at every scale). At least 1 px.
float stroke_width(float pixels_at_1x);

// The width of a button with `label` (its text up to "##", and the frame's padding on both sides).
float button_width(const char* label);

// A row of colour swatches with their meaning, on the current line.
void draw_legend(std::initializer_list<std::pair<theme::Rgb, const char*>> entries);
// The legend where `room` (the view keeps the height its picture needs below it), else a "Legend" button
// that shows it when hovered: the picture keeps the lines (at 3× on 1280×720 the Dataflow legend's two
// lines left the diagram no height at all).
void legend_or_button(const std::function<void()>& draw_legend, bool room);
// Whether the current window has the lines for a legend above a step view's picture: kLinesForLegend lines
// of text from here down (3× on 1280×720 has 9–10, 2× on 1280×720 about 14).
inline constexpr float kLinesForLegend = 12;
bool room_for_legend();

// The progress of files being read in the background ("reading results files  40 %"), `width` wide: the
// window carries on meanwhile, and this says why what they hold is not shown yet.
void draw_reading_progress(double fraction, const char* what, float width);

// A section heading in the sidebar.
void section_heading(const char* text);

// ImGui::InputText on a std::string that grows as the user types (a list of values has no fixed
// length). Returns true when the text changed.
bool input_text(const char* label, std::string& text);

// The mark of a comparison on a cell or node that differs from the other side's: a frame in the theme's
// `differs` colour and a filled corner, readable without colour (Values and Dataflow).
void draw_difference_mark(ImDrawList* list, float x, float y, float w, float h);
// The size of its filled corner (top right): text in a marked box keeps clear of it.
float difference_mark_corner(float w, float h);

} // namespace prefixlab
