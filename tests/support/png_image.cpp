#include "png_image.hpp"

#include <stb_image.h>

#include <unordered_set>

namespace prefixlab::test {

PngImage load_png(const std::string& path) {
    PngImage image;
    int channels = 0;
    unsigned char* data = stbi_load(path.c_str(), &image.width, &image.height, &channels, 3);
    if (data == nullptr) {
        image.width = image.height = 0;
        return image;
    }
    image.rgb.assign(data, data + std::size_t(image.width) * image.height * 3);
    stbi_image_free(data);
    return image;
}

std::size_t count_colour(const PngImage& image, theme::Rgb colour, int x0, int y0, int x1, int y1) {
    if (x1 < 0)
        x1 = image.width;
    if (y1 < 0)
        y1 = image.height;
    std::size_t count = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            const std::uint8_t* p = &image.rgb[(std::size_t(y) * image.width + x) * 3];
            count += p[0] == colour.r && p[1] == colour.g && p[2] == colour.b;
        }
    return count;
}

std::size_t distinct_colours(const PngImage& image) {
    std::unordered_set<std::uint32_t> seen;
    for (std::size_t i = 0; i + 2 < image.rgb.size(); i += 3)
        seen.insert(std::uint32_t(image.rgb[i]) << 16 | std::uint32_t(image.rgb[i + 1]) << 8 | image.rgb[i + 2]);
    return seen.size();
}

double fraction_different(const PngImage& a, const PngImage& b) {
    if (a.width != b.width || a.height != b.height || a.rgb.empty())
        return 1.0;
    std::size_t different = 0;
    for (std::size_t i = 0; i < a.rgb.size(); i += 3)
        different += a.rgb[i] != b.rgb[i] || a.rgb[i + 1] != b.rgb[i + 1] || a.rgb[i + 2] != b.rgb[i + 2];
    return static_cast<double>(different) / (a.rgb.size() / 3);
}

double fraction_different_within(const PngImage& a, const PngImage& b, int shift) {
    if (a.width != b.width || a.height != b.height || a.width == 0)
        return 1.0;
    const auto close = [&](std::size_t i, std::size_t j) {
        for (int c = 0; c < 3; ++c)
            if (std::abs(int(a.rgb[i + c]) - int(b.rgb[j + c])) > 8)
                return false;
        return true;
    };
    std::size_t differ = 0;
    for (int y = 0; y < a.height; ++y)
        for (int x = 0; x < a.width; ++x) {
            const std::size_t i = (std::size_t(y) * a.width + x) * 3;
            bool found = false;
            for (int dy = -shift; dy <= shift && !found; ++dy)
                for (int dx = -shift; dx <= shift && !found; ++dx) {
                    const int yy = y + dy, xx = x + dx;
                    if (yy >= 0 && yy < b.height && xx >= 0 && xx < b.width)
                        found = close(i, (std::size_t(yy) * b.width + xx) * 3);
                }
            differ += found ? 0 : 1;
        }
    return double(differ) / (double(a.width) * a.height);
}

} // namespace prefixlab::test
