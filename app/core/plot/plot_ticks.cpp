// Tick positions and labels of linear, log2 and log10 axes (rules in plot_ticks.hpp).
#include "core/plot/plot_ticks.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <utility>

namespace prefixlab {

namespace {

// A range end beyond a tick by less than this fraction of a step snaps to the tick.
constexpr double kSnap = 0.04;
// Linear axes use the smallest 1-2-5 step giving at most this many intervals.
constexpr int kMaxLinearIntervals = 8;
// Log axes spanning more powers than this tick every k-th power, so a wild range stays a short list.
constexpr long kMaxPowerTicks = 64;

// m × 10^e for an integer m, rounded once: i * 0.2 would leave 0.6000000000000001 behind.
double scaled_by_power_of_ten(double m, int e) {
    return e >= 0 ? m * std::pow(10.0, e) : m / std::pow(10.0, -e);
}

// base^k for k = k0, k0 + s, ... up to k1: whole powers, thinned when there are too many.
std::vector<double> power_ticks(double base, long k0, long k1) {
    const long stride = std::max(1L, (k1 - k0 + kMaxPowerTicks - 1) / kMaxPowerTicks);
    k0 -= ((k0 % stride) + stride) % stride; // keep multiples of the stride, so 2^0 = 1 stays a tick
    std::vector<double> ticks;
    for (long k = k0; k < k1 + stride; k += stride)
        ticks.push_back(base == 10 ? scaled_by_power_of_ten(1, int(k)) : std::ldexp(1.0, int(k)));
    return ticks;
}

// Exponents of the whole powers covering [lo, hi] (log coordinates), snapped and at least one step.
std::pair<long, long> power_range(double lo, double hi) {
    long k0 = long(std::floor(lo + kSnap));
    long k1 = long(std::ceil(hi - kSnap));
    if (k1 <= k0) { // a range inside one step (or a single value): one step either side of it
        k0 = long(std::floor(lo - 0.5));
        k1 = long(std::ceil(hi + 0.5));
    }
    return {k0, k1};
}

// 1, 2, 5, 10, 20, 50, ... covering [min, max]: log10 axes spanning less than 1.5 decades.
std::vector<double> one_two_five_ticks(double min, double max) {
    constexpr std::array<double, 3> mantissas{1, 2, 5};
    // Snap in log10 units of the smallest gap (2 → 5 is 0.4 decades, 1 → 2 is 0.3).
    const double snap = kSnap * std::log10(2.0);
    std::vector<double> sequence;
    for (int e = int(std::floor(std::log10(min))) - 1; e <= int(std::ceil(std::log10(max))) + 1; ++e)
        for (double m : mantissas)
            sequence.push_back(scaled_by_power_of_ten(m, e));
    std::size_t first = 0, last = sequence.size() - 1;
    for (std::size_t i = 0; i < sequence.size(); ++i) {
        if (std::log10(sequence[i]) <= std::log10(min) + snap)
            first = i;
        if (std::log10(sequence[sequence.size() - 1 - i]) >= std::log10(max) - snap)
            last = sequence.size() - 1 - i;
    }
    if (last <= first) { // a single value: the neighbours either side
        first = first > 0 ? first - 1 : 0;
        last = std::min(sequence.size() - 1, first + 2);
    }
    return {sequence.begin() + long(first), sequence.begin() + long(last) + 1};
}

std::vector<double> linear_ticks(double min, double max) {
    if (!std::isfinite(max - min))
        return {};
    // A single value (or a range lost in rounding): a range around it that shows its sign and size.
    if (max - min <= 1e-9 * std::max(std::abs(min), std::abs(max))) {
        const double half = min == 0 ? 1 : std::abs(min) * 0.1;
        min -= half;
        max += half;
    }
    const int e0 = int(std::floor(std::log10(max - min))) - 2;
    for (int e = e0;; ++e)
        for (double m : {1.0, 2.0, 5.0}) {
            const double step = scaled_by_power_of_ten(m, e);
            const double i0 = std::floor(min / step + kSnap);
            const double i1 = std::ceil(max / step - kSnap);
            if (i1 - i0 > kMaxLinearIntervals)
                continue;
            std::vector<double> ticks;
            for (double i = i0; i <= std::max(i1, i0 + 1); ++i)
                ticks.push_back(scaled_by_power_of_ten(i * m, e) + 0.0); // + 0.0: no "-0"
            return ticks;
        }
}

// A finite number in at most ~4 significant digits with an SI suffix from 1000 on.
std::string compact_number(double value) {
    char text[32];
    const double magnitude = std::abs(value);
    if (value == 0)
        return "0";
    if (magnitude >= 1e3) {
        constexpr std::array<std::pair<double, const char*>, 4> units{
            {{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}}};
        for (const auto& [unit, suffix] : units)
            if (magnitude >= unit * (1 - 1e-12) && magnitude < unit * 1e3) {
                std::snprintf(text, sizeof text, "%.4g%s", value / unit, suffix);
                return text;
            }
    }
    if (magnitude < 1e-3 || magnitude >= 1e15) {
        const int e = int(std::floor(std::log10(magnitude) + 1e-12));
        std::snprintf(text, sizeof text, "%.3ge%d", value / std::pow(10.0, e), e);
        return text;
    }
    std::snprintf(text, sizeof text, "%.4g", value);
    return text;
}

} // namespace

double axis_coordinate(AxisScale scale, double value) {
    switch (scale) {
    case AxisScale::log2:
        return std::log2(value);
    case AxisScale::log10:
        return std::log10(value);
    case AxisScale::linear:
        break;
    }
    return value;
}

double axis_value(AxisScale scale, double coordinate) {
    switch (scale) {
    case AxisScale::log2:
        return std::exp2(coordinate);
    case AxisScale::log10:
        return std::pow(10.0, coordinate);
    case AxisScale::linear:
        break;
    }
    return coordinate;
}

bool axis_accepts(AxisScale scale, double value) {
    return std::isfinite(value) && (scale == AxisScale::linear || value > 0);
}

std::vector<double> axis_ticks(AxisScale scale, double min, double max) {
    if (!std::isfinite(min) || !std::isfinite(max))
        return {};
    if (min > max)
        std::swap(min, max);
    if (scale == AxisScale::linear)
        return linear_ticks(min, max);
    if (max <= 0)
        return {};
    if (min <= 0)
        min = max;
    if (scale == AxisScale::log2) {
        const auto [k0, k1] = power_range(std::log2(min), std::log2(max));
        return power_ticks(2, k0, k1);
    }
    // Under 1.5 decades, decade ticks would leave the data on a sliver of the axis with two labels.
    if (std::log10(max / min) < 1.5)
        return one_two_five_ticks(min, max);
    const auto [d0, d1] = power_range(std::log10(min), std::log10(max));
    return power_ticks(10, d0, d1);
}

std::string tick_label(AxisScale scale, double value, double axis_max) {
    if (!std::isfinite(value))
        return "";
    int exponent = 0;
    const bool power_of_two = value > 0 && std::frexp(value, &exponent) == 0.5;
    if (scale != AxisScale::log2 || !power_of_two)
        return compact_number(value);
    const double largest = axis_max > 0 ? axis_max : value;
    if (largest >= kLog2PlainLabelLimit)
        return "2^" + std::to_string(exponent - 1);
    char text[32];
    std::snprintf(text, sizeof text, "%.10g", value); // 32, 1024, 0.5, 0.125: exact, no suffix
    return text;
}

} // namespace prefixlab
