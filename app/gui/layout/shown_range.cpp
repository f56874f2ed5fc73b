#include "gui/layout/shown_range.hpp"

#include <algorithm>
#include <cstdio>
#include <tuple>

namespace prefixlab::layout {

namespace {
std::vector<ShownRange> g_this_frame, g_last_frame;
std::vector<StepRowSpan> g_current_rows; // this frame's
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

void note_current_step_row(const StepRowSpan& row) {
    g_current_rows.push_back(row);
}

const std::vector<StepRowSpan>& current_step_rows() {
    return g_current_rows;
}

std::size_t current_step_rows_noted() {
    return g_current_rows.size();
}

StepRowSpan last_current_step_row() {
    return g_current_rows.empty() ? StepRowSpan{} : g_current_rows.back();
}

void new_shown_frame() {
    g_current_rows.clear();
    g_last_frame = std::move(g_this_frame);
    g_this_frame.clear();
}

} // namespace prefixlab::layout
