#include "gui/layout/shown_range.hpp"

#include <algorithm>
#include <cstdio>
#include <tuple>

namespace prefixlab::layout {

namespace {
std::vector<ShownRange> g_this_frame, g_last_frame;
} // namespace

void note_shown_range(const ShownRange& range) {
    const auto same = [&](const ShownRange& r) { return r.view == range.view && r.side == range.side; };
    if (const auto found = std::find_if(g_this_frame.begin(), g_this_frame.end(), same);
        found != g_this_frame.end())
        *found = range;
    else
        g_this_frame.push_back(range);
}

const std::vector<ShownRange>& last_shown_ranges() {
    return g_last_frame;
}

std::string shown_ranges_text(const std::vector<ShownRange>& ranges) {
    std::vector<ShownRange> sorted = ranges;
    std::sort(sorted.begin(), sorted.end(), [](const ShownRange& a, const ShownRange& b) {
        return std::tie(a.view, a.side) < std::tie(b.view, b.side);
    });
    std::string text;
    for (const ShownRange& r : sorted) {
        char line[200];
        std::snprintf(line, sizeof line, "shown: %s side=%d columns=%.1f-%.1f steps=%.1f-%.1f\n",
                      r.view.c_str(), r.side, r.first_column, r.last_column, r.first_step, r.last_step);
        text += line;
    }
    return text.empty() ? "shown: none\n" : text;
}

const std::vector<ShownRange>& shown_ranges_this_frame() {
    return g_this_frame;
}

void new_shown_frame() {
    g_last_frame = std::move(g_this_frame);
    g_this_frame.clear();
}

} // namespace prefixlab::layout
