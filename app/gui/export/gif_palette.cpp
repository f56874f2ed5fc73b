#include "gui/export/gif_palette.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <unordered_map>

namespace prefixlab {

namespace {

using PackedRgb = std::uint32_t;

PackedRgb pack(const std::uint8_t* rgba) { return PackedRgb(rgba[0]) << 16 | PackedRgb(rgba[1]) << 8 | rgba[2]; }
int channel(PackedRgb c, int axis) { return static_cast<int>(c >> (16 - 8 * axis) & 0xff); }
theme::Rgb unpack(PackedRgb c) {
    return {static_cast<std::uint8_t>(c >> 16), static_cast<std::uint8_t>(c >> 8), static_cast<std::uint8_t>(c)};
}

struct ColourCount {
    PackedRgb colour;
    std::uint64_t pixels;
};

// Counted run by run: a UI frame is long runs of one fill, so most pixels cost a comparison, not a
// hash lookup.
std::vector<ColourCount> histogram(const Image& image) {
    std::unordered_map<PackedRgb, std::uint64_t> counts;
    const std::size_t pixels = std::size_t(image.width) * image.height;
    std::size_t i = 0;
    while (i < pixels) {
        const PackedRgb colour = pack(&image.rgba[4 * i]);
        std::size_t end = i + 1;
        while (end < pixels && pack(&image.rgba[4 * end]) == colour)
            ++end;
        counts[colour] += end - i;
        i = end;
    }
    std::vector<ColourCount> result;
    result.reserve(counts.size());
    for (const auto& [colour, count] : counts)
        result.push_back({colour, count});
    // Most frequent first, then by value: the palette does not depend on the hash map's order.
    std::sort(result.begin(), result.end(), [](const ColourCount& a, const ColourCount& b) {
        return a.pixels != b.pixels ? a.pixels > b.pixels : a.colour < b.colour;
    });
    return result;
}

// A box of median cut: a range of the colour list.
struct Box {
    std::size_t begin, end;
    double squared_error = 0; // pixel-weighted, around the box's mean
    int longest_axis = 0;
};

Box measured_box(const std::vector<ColourCount>& colours, std::size_t begin, std::size_t end) {
    Box box{begin, end};
    double weight = 0;
    std::array<double, 3> sum{}, sum_sq{};
    std::array<int, 3> low{255, 255, 255}, high{0, 0, 0};
    for (std::size_t i = begin; i < end; ++i)
        for (int axis = 0; axis < 3; ++axis) {
            const int v = channel(colours[i].colour, axis);
            const double w = static_cast<double>(colours[i].pixels);
            sum[axis] += w * v;
            sum_sq[axis] += w * v * v;
            low[axis] = std::min(low[axis], v);
            high[axis] = std::max(high[axis], v);
        }
    for (std::size_t i = begin; i < end; ++i)
        weight += static_cast<double>(colours[i].pixels);
    for (int axis = 0; axis < 3; ++axis) {
        box.squared_error += sum_sq[axis] - sum[axis] * sum[axis] / weight;
        if (high[axis] - low[axis] > high[box.longest_axis] - low[box.longest_axis])
            box.longest_axis = axis;
    }
    if (end - begin < 2)
        box.squared_error = -1; // nothing to split; rounding may leave a one-colour box's error above 0
    return box;
}

// Sorts the box's colours along its longest axis and splits them where half its pixels lie on
// either side (never leaving a side empty).
std::pair<Box, Box> split_at_weighted_median(std::vector<ColourCount>& colours, const Box& box) {
    const int axis = box.longest_axis;
    std::sort(colours.begin() + box.begin, colours.begin() + box.end, [axis](const ColourCount& a, const ColourCount& b) {
        return channel(a.colour, axis) != channel(b.colour, axis) ? channel(a.colour, axis) < channel(b.colour, axis)
                                                                    : a.colour < b.colour;
    });
    std::uint64_t total = 0, below = 0;
    for (std::size_t i = box.begin; i < box.end; ++i)
        total += colours[i].pixels;
    std::size_t cut = box.begin + 1;
    for (std::size_t i = box.begin; i + 1 < box.end; ++i) {
        below += colours[i].pixels;
        cut = i + 1;
        if (2 * below >= total)
            break;
    }
    return {measured_box(colours, box.begin, cut), measured_box(colours, cut, box.end)};
}

PackedRgb most_frequent(const std::vector<ColourCount>& colours, const Box& box) {
    const auto best = std::max_element(colours.begin() + box.begin, colours.begin() + box.end,
                                       [](const ColourCount& a, const ColourCount& b) { return a.pixels < b.pixels; });
    return best->colour;
}

std::vector<PackedRgb> median_cut(std::vector<ColourCount> colours) {
    std::vector<Box> boxes{measured_box(colours, 0, colours.size())};
    while (boxes.size() < kGifPaletteSize) {
        const auto worst = std::max_element(boxes.begin(), boxes.end(), [](const Box& a, const Box& b) {
            return a.squared_error < b.squared_error;
        });
        if (worst->end - worst->begin < 2)
            break; // every box is one colour
        const auto [low, high] = split_at_weighted_median(colours, *worst);
        *worst = low;
        boxes.push_back(high);
    }
    std::vector<PackedRgb> palette;
    for (const Box& box : boxes)
        palette.push_back(most_frequent(colours, box));
    return palette;
}

std::vector<PackedRgb> palette_for(const std::vector<ColourCount>& colours) {
    if (colours.size() <= kGifPaletteSize) {
        std::vector<PackedRgb> exact;
        for (const ColourCount& c : colours)
            exact.push_back(c.colour);
        return exact;
    }
    return median_cut(colours);
}

std::uint8_t nearest_entry(PackedRgb colour, const std::vector<PackedRgb>& palette) {
    int best = 0, best_distance = std::numeric_limits<int>::max();
    for (std::size_t i = 0; i < palette.size(); ++i) {
        int distance = 0;
        for (int axis = 0; axis < 3; ++axis) {
            const int d = channel(colour, axis) - channel(palette[i], axis);
            distance += d * d;
        }
        if (distance < best_distance) {
            best_distance = distance;
            best = static_cast<int>(i);
        }
    }
    return static_cast<std::uint8_t>(best);
}

} // namespace

IndexedImage quantise_to_palette(const Image& image) {
    const std::vector<ColourCount> colours = histogram(image);
    const std::vector<PackedRgb> palette = colours.empty() ? std::vector<PackedRgb>{0} : palette_for(colours);
    std::unordered_map<PackedRgb, std::uint8_t> index_of;
    index_of.reserve(colours.size());
    for (const ColourCount& c : colours)
        index_of.emplace(c.colour, nearest_entry(c.colour, palette));

    IndexedImage result;
    result.width = image.width;
    result.height = image.height;
    for (PackedRgb c : palette)
        result.palette.push_back(unpack(c));
    const std::size_t pixels = std::size_t(image.width) * image.height;
    result.indices.resize(pixels);
    PackedRgb previous = 0;
    std::uint8_t previous_index = index_of.empty() ? 0 : index_of.begin()->second;
    for (std::size_t i = 0; i < pixels; ++i) {
        const PackedRgb colour = pack(&image.rgba[4 * i]);
        if (i == 0 || colour != previous) {
            previous = colour;
            previous_index = index_of.at(colour);
        }
        result.indices[i] = previous_index;
    }
    return result;
}

} // namespace prefixlab
