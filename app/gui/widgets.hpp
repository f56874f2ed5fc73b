// Small drawing helpers several views share.
#pragma once

#include "gui/theme.hpp"

#include <initializer_list>
#include <utility>

namespace prefixlab {

// A row of colour swatches with their meaning, on the current line.
void draw_legend(std::initializer_list<std::pair<theme::Rgb, const char*>> entries);

// A section heading in the sidebar.
void section_heading(const char* text);

} // namespace prefixlab
