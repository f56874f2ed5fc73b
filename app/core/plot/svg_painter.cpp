// SvgPainter: PlotPainter's primitives as SVG 1.1 elements, written as text.
#include "core/plot/svg_painter.hpp"

#include "core/util/build_info.hpp"
#include "core/util/enum_names.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>

namespace prefixlab {

namespace {

std::string number(double value) { return svg_number(value); }

} // namespace

std::string svg_number(double value) {
    char buffer[48];
    const auto [end, error] =
        std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, 2);
    std::string text(buffer, error == std::errc() ? end : buffer);
    if (text.find('.') != std::string::npos) {
        text.erase(text.find_last_not_of('0') + 1);
        if (text.back() == '.')
            text.pop_back();
    }
    return text == "-0" || text.empty() ? "0" : text;
}

namespace {

std::string attribute(const char* name, const std::string& value) {
    return std::string(" ") + name + "=\"" + value + "\"";
}

std::string attribute(const char* name, double value) {
    return attribute(name, number(value));
}

int channel(float fraction) {
    return int(std::lround(std::clamp(fraction, 0.0f, 1.0f) * 255));
}

// fill="rgb(230,159,0)" (0..255, the form every SVG reader knows), with fill-opacity where not opaque.
std::string paint(const char* property, Rgba c) {
    std::string out =
        attribute(property, "rgb(" + std::to_string(channel(c.r)) + "," + std::to_string(channel(c.g)) + "," +
                                std::to_string(channel(c.b)) + ")");
    if (c.a < 1)
        out += attribute((std::string(property) + "-opacity").c_str(), std::clamp(double(c.a), 0.0, 1.0));
    return out;
}

// The stroke of lines as CairoPainter sets it: round joins (mitred for rectangles, whose corners
// should stay square); round caps, or butt caps with dashes.
std::string stroke(Rgba colour, float width, bool dashed, const char* join = "round") {
    std::string out = " fill=\"none\"" + paint("stroke", colour) + attribute("stroke-width", width) +
                      attribute("stroke-linejoin", join);
    if (dashed) {
        const std::array<float, 2> dash = dash_pattern(width);
        out += " stroke-linecap=\"butt\"" +
               attribute("stroke-dasharray", number(dash[0]) + "," + number(dash[1]));
    } else {
        out += " stroke-linecap=\"round\"";
    }
    return out;
}

// "x,y" (an SVG point); appended piece by piece, as GCC 12 warns falsely (-Wrestrict) about
// "literal" + std::string temporaries here.
void append_point(std::string& out, Vec2f p) {
    out += number(p.x);
    out += ',';
    out += number(p.y);
}

std::string point_list(const std::vector<Vec2f>& points) {
    std::string out;
    for (const Vec2f& p : points) {
        if (!out.empty())
            out += ' ';
        append_point(out, p);
    }
    return out;
}

bool finite(Vec2f p) {
    return std::isfinite(p.x) && std::isfinite(p.y);
}

bool all_finite(const std::vector<Vec2f>& points) {
    return std::all_of(points.begin(), points.end(), finite);
}

// x, y, width and height of the rectangle spanned by two corners, in either order.
std::string rect_geometry(Vec2f a, Vec2f b) {
    return attribute("x", std::min(a.x, b.x)) + attribute("y", std::min(a.y, b.y)) +
           attribute("width", std::abs(b.x - a.x)) + attribute("height", std::abs(b.y - a.y));
}

// SVG's text-anchor for each TextAnchor.
const char* anchor_name(TextAnchor anchor) {
    static constexpr const char* kNames[] = {"start", "middle", "end"};
    return name_in<TextAnchor::right>(kNames, anchor, "start");
}

// The code point of the valid UTF-8 sequence at text[i] and its length (RFC 3629: no overlongs, no
// surrogates, nothing above U+10FFFF); length 0 where the bytes there are not one.
std::pair<char32_t, std::size_t> decode_utf8(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(text[k]); };
    const std::uint8_t lead = byte(i);
    if (lead < 0x80)
        return {lead, 1};
    std::size_t length;
    char32_t code;
    if (lead >= 0xc2 && lead <= 0xdf)
        length = 2, code = lead & 0x1f;
    else if (lead >= 0xe0 && lead <= 0xef)
        length = 3, code = lead & 0x0f;
    else if (lead >= 0xf0 && lead <= 0xf4)
        length = 4, code = lead & 0x07;
    else
        return {0, 0};
    if (i + length > text.size())
        return {0, 0};
    for (std::size_t k = 1; k < length; ++k) {
        if ((byte(i + k) & 0xc0) != 0x80)
            return {0, 0};
        code = (code << 6) | (byte(i + k) & 0x3f);
    }
    const char32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < least[length] || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff)
        return {0, 0};
    return {code, length};
}

// XML 1.0's Char production.
bool allowed_in_xml(char32_t code) {
    return code == 0x9 || code == 0xa || code == 0xd || (code >= 0x20 && code <= 0xd7ff) ||
           (code >= 0xe000 && code <= 0xfffd) || code >= 0x10000;
}

// The five characters XML predefines entities for; escaping all five makes the text safe both as
// character data and inside either kind of quoted attribute.
const char* predefined_entity(char32_t code) {
    switch (code) {
    case '&':
        return "&amp;";
    case '<':
        return "&lt;";
    case '>':
        return "&gt;";
    case '"':
        return "&quot;";
    case '\'':
        return "&apos;";
    default:
        return nullptr;
    }
}

} // namespace

std::string xml_escaped(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        const auto [code, length] = decode_utf8(text, i);
        if (length == 0 || !allowed_in_xml(code)) {
            out += "\xef\xbf\xbd"; // U+FFFD REPLACEMENT CHARACTER
            i += std::max<std::size_t>(length, 1);
            continue;
        }
        if (const char* entity = predefined_entity(code))
            out += entity;
        else
            out.append(text.substr(i, length));
        i += length;
    }
    return out;
}

SvgPainter::SvgPainter(PlotPainter& measure, const FontMetrics& font) : measure_(measure), font_(font) {}

void SvgPainter::fill_rect(Vec2f min, Vec2f max, Rgba colour) {
    if (finite(min) && finite(max))
        body_ += "<rect" + rect_geometry(min, max) + paint("fill", colour) + "/>\n";
}

void SvgPainter::stroke_rect(Vec2f min, Vec2f max, Rgba colour, float width) {
    if (finite(min) && finite(max))
        body_ += "<rect" + rect_geometry(min, max) + stroke(colour, width, false, "miter") + "/>\n";
}

void SvgPainter::line(Vec2f from, Vec2f to, Rgba colour, float width, bool dashed) {
    if (finite(from) && finite(to))
        body_ += "<line" + attribute("x1", from.x) + attribute("y1", from.y) + attribute("x2", to.x) +
                 attribute("y2", to.y) + stroke(colour, width, dashed) + "/>\n";
}

void SvgPainter::polyline(const std::vector<Vec2f>& points, Rgba colour, float width, bool dashed) {
    if (points.size() >= 2 && all_finite(points))
        body_ +=
            "<polyline" + attribute("points", point_list(points)) + stroke(colour, width, dashed) + "/>\n";
}

void SvgPainter::marker(Vec2f c, float r, MarkerShape shape, Rgba colour) {
    if (!finite(c) || !std::isfinite(r))
        return;
    switch (shape) {
    case MarkerShape::circle:
        body_ += "<circle" + attribute("cx", c.x) + attribute("cy", c.y) + attribute("r", r) +
                 paint("fill", colour) + "/>\n";
        return;
    case MarkerShape::cross: {
        const CrossMarker cross = cross_marker(c, r);
        std::string d;
        for (const std::array<Vec2f, 2>& s : {cross.first, cross.second}) {
            d += 'M';
            append_point(d, s[0]);
            d += 'L';
            append_point(d, s[1]);
        }
        body_ += "<path" + attribute("d", d) + stroke(colour, cross.width, false) + "/>\n";
        return;
    }
    case MarkerShape::square:
    case MarkerShape::triangle:
    case MarkerShape::diamond:
        body_ += "<polygon" + attribute("points", point_list(marker_outline(c, r, shape))) +
                 paint("fill", colour) + "/>\n";
        return;
    }
}

void SvgPainter::text(Vec2f at, std::string_view text, float size, Rgba colour, TextAnchor anchor,
                      TextBaseline baseline) {
    if (text.empty() || !finite(at) || !(size > 0))
        return;
    const double em = font_.em_for_pixel_height(size);
    const double y = baseline_y(at.y, baseline, font_.ascent * em, font_.descent * em);
    body_ += "<text" + attribute("x", at.x) + attribute("y", y) + " font-family=\"DejaVu Sans\"" +
             attribute("font-size", em) + paint("fill", colour) +
             attribute("text-anchor", anchor_name(anchor)) + ">" + xml_escaped(text) + "</text>\n";
}

Vec2f SvgPainter::text_size(std::string_view text, float size) {
    return measure_.text_size(text, size);
}

void SvgPainter::push_clip(Vec2f min, Vec2f max) {
    // A clip path per rectangle; nesting the groups intersects the clips, as nested Cairo clips do.
    const std::string id = "clip" + std::to_string(++clips_made_);
    body_ += "<clipPath" + attribute("id", id) + "><rect" + rect_geometry(min, max) + "/></clipPath>\n";
    body_ += "<g clip-path=\"url(#" + id + ")\">\n";
    ++open_clips_;
}

void SvgPainter::pop_clip() {
    if (open_clips_ == 0)
        return;
    body_ += "</g>\n";
    --open_clips_;
}

std::string SvgPainter::document(float width, float height) const {
    // xml:space="preserve": SVG readers would otherwise collapse runs of spaces inside a label.
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"" +
           attribute("width", number(width) + "pt") + attribute("height", number(height) + "pt") +
           attribute("viewBox", "0 0 " + number(width) + " " + number(height)) + " xml:space=\"preserve\">\n";
    out += "<metadata>" + written_by() + "</metadata>\n"; // the build that drew it (a version has no '<' or '&')
    out += body_;
    for (int i = 0; i < open_clips_; ++i)
        out += "</g>\n";
    out += "</svg>\n";
    return out;
}

} // namespace prefixlab
