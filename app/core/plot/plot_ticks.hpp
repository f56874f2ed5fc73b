// Axis arithmetic of benchmark plots: where a value sits on a linear, log2 or log10 axis, which ticks
// an axis shows and how each tick is labelled. One function per fact: draw_plot(), the GUI's hover
// read-out and the tests all call these, so a label on screen, in a PNG and in a test cannot differ.
//
// Tick rules (docs/plots.md):
//   log2    whole powers of two, 2^k;
//   log10   decades (0.001, 0.01, ..., 100); for a range under 1.5 decades 1-2-5 steps instead
//           (1, 2, 5, 10, 20, ...), so a speedup axis from 1.2 to 3.5 still reads;
//   linear  1-2-5 steps (…, 0.5, 1, 2, 5, 10, …) giving at most 8 intervals.
// The ticks cover [min, max] and widen it outwards to whole ticks. A range end that lies beyond a tick by
// less than 4 % of a step snaps to that tick instead of adding an almost empty step (N = 1000 starts
// an N axis at 2^10); the data area's inset (PlotFrame) still shows such a point whole.
#pragma once

#include "core/plot/plot.hpp"

#include <string>
#include <vector>

namespace prefixlab {

// Where a value lies along an axis: the value itself (linear), log2(value) or log10(value). Screen
// positions are linear in this coordinate.
double axis_coordinate(AxisScale scale, double value);

// The inverse of axis_coordinate().
double axis_value(AxisScale scale, double coordinate);

// Whether a value can be placed on the axis at all: finite, and positive on a log axis. draw_plot()
// and nearest_point() skip points that fail this.
bool axis_accepts(AxisScale scale, double value);

// The ticks of an axis showing [min, max] (swapped if given the other way), ascending; at least two
// unless the range is unusable (non-finite, or max <= 0 on a log axis), then none. The first and
// last tick are the widened range. On a log axis a min <= 0 is treated as min = max.
std::vector<double> axis_ticks(AxisScale scale, double min, double max);

// The label of one tick, compact so that 20 of them fit under an axis:
//   log10, linear  "0.001", "0.25", "1", "100", "1k", "1.5k", "10M"; below 0.001 "1e-4";
//   log2           powers of two as "2^k" on an axis reaching 4096 or more (N axes: "2^10" ... "2^28"),
//                  as plain numbers on an axis below it (block sizes: "32", "64", ..., "1024").
// The log2 notation is chosen per axis, not per tick, so an N axis never mixes "1024" with "2^12":
// `axis_max` is the axis's largest tick; left at 0 it is the value itself (the rule per value).
// A log2 value that is not a power of two gets the compact decimal label.
std::string tick_label(AxisScale scale, double value, double axis_max = 0);

// A log2 axis whose largest tick is below this labels its ticks as plain numbers, otherwise as "2^k".
inline constexpr double kLog2PlainLabelLimit = 4096;

} // namespace prefixlab
