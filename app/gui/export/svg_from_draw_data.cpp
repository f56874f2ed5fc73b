#include "gui/export/svg_from_draw_data.hpp"

#include "core/plot/svg_painter.hpp"
#include "gui/export/draw_data_walk.hpp"
#include "gui/export/svg_text_runs.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <imgui.h>
#include <map>
#include <optional>
#include <tuple>
#include <utility>

namespace prefixlab {

namespace {

// A clip rectangle that is the display's, within a thousandth of a pixel.
bool same_edge(float a, float b) { return std::abs(a - b) <= 1e-3f; }

// The elements of one frame in paint order (draw_data_walk.hpp reads the frame); shapes of one colour in a
// row share a <path>.
class SvgWriter final : public DrawDataSink {
public:
    SvgWriter(const ImDrawData& data, std::vector<const ImFont*> mono)
        : text_(std::move(mono)), display_{data.DisplayPos.x, data.DisplayPos.y, data.DisplayPos.x + data.DisplaySize.x,
                                           data.DisplayPos.y + data.DisplaySize.y} {}

    void clip(const DrawClip& clip) override;
    void rect(float x0, float y0, float x1, float y1, std::uint32_t colour) override;
    void polygon(const ImDrawVert* const* v, int count, std::uint32_t colour) override;
    void glyph(const PlacedGlyph& glyph) override {
        flush_path();
        text_.add(glyph, body_);
    }
    void end_command() override { text_.flush(body_); }
    std::string finish(const ImDrawData& data, std::uint32_t background, DrawDataSvg& result);

private:
    void flush_path();
    void flush_all() {
        text_.flush(body_);
        flush_path();
    }

    SvgTextRuns text_;
    DrawClip display_;
    std::string body_;
    std::map<std::tuple<float, float, float, float>, int> clip_ids_;
    bool group_open_ = false;
    std::tuple<float, float, float, float> group_clip_{};
    std::string path_; // the open <path>'s d
    std::uint32_t path_colour_ = 0;
    int rects_ = 0, paths_ = 0;
};

void SvgWriter::clip(const DrawClip& clip) {
    const auto key = std::make_tuple(clip.x0, clip.y0, clip.x1, clip.y1);
    const bool whole = same_edge(clip.x0, display_.x0) && same_edge(clip.y0, display_.y0) &&
                       same_edge(clip.x1, display_.x1) && same_edge(clip.y1, display_.y1);
    if (group_open_ && !whole && key == group_clip_)
        return;
    if (!group_open_ && whole)
        return;
    flush_all();
    if (group_open_)
        body_ += "</g>\n";
    group_open_ = !whole;
    if (whole)
        return;
    group_clip_ = key;
    auto [it, added] = clip_ids_.try_emplace(key, static_cast<int>(clip_ids_.size()) + 1);
    const std::string id = "c" + std::to_string(it->second);
    if (added)
        body_ += "<clipPath id=\"" + id + "\"><rect x=\"" + svg_number(clip.x0) + "\" y=\"" + svg_number(clip.y0) +
                 "\" width=\"" + svg_number(clip.x1 - clip.x0) + "\" height=\"" + svg_number(clip.y1 - clip.y0) +
                 "\"/></clipPath>\n";
    body_ += "<g clip-path=\"url(#" + id + ")\">\n";
}

void SvgWriter::rect(float x0, float y0, float x1, float y1, std::uint32_t colour) {
    flush_all();
    body_ += "<rect x=\"" + svg_number(x0) + "\" y=\"" + svg_number(y0) + "\" width=\"" + svg_number(x1 - x0) +
             "\" height=\"" + svg_number(y1 - y0) + "\"" + svg_paint("fill", colour) + "/>\n";
    ++rects_;
}

void SvgWriter::polygon(const ImDrawVert* const* v, int count, std::uint32_t colour) {
    text_.flush(body_);
    if (!path_.empty() && colour != path_colour_)
        flush_path();
    path_colour_ = colour;
    // Every outline turns the same way, so that under the nonzero rule overlapping pieces of one path
    // (the joints of a polyline) stay filled instead of cancelling.
    float area = 0;
    for (int i = 0; i < count; ++i) {
        const ImVec2 a = v[i]->pos, b = v[(i + 1) % count]->pos;
        area += a.x * b.y - b.x * a.y;
    }
    for (int k = 0; k < count; ++k) {
        const ImVec2 p = v[area < 0 ? count - 1 - k : k]->pos;
        path_ += k == 0 ? "M" : " ";
        path_ += svg_number(p.x) + "," + svg_number(p.y);
    }
    path_ += "Z";
}

void SvgWriter::flush_path() {
    if (path_.empty())
        return;
    body_ += "<path d=\"" + path_ + "\"" + svg_paint("fill", path_colour_) + "/>\n";
    path_.clear();
    ++paths_;
}

std::string SvgWriter::finish(const ImDrawData& data, std::uint32_t background, DrawDataSvg& result) {
    flush_all();
    if (group_open_)
        body_ += "</g>\n";
    result.texts = text_.written();
    result.rects = rects_;
    result.paths = paths_;
    const std::string w = svg_number(data.DisplaySize.x), h = svg_number(data.DisplaySize.y);
    // xml:space="preserve": a run's spaces are the gaps between its words and must not collapse.
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + w + "\" height=\"" + h +
                      "\" viewBox=\"" + svg_number(data.DisplayPos.x) + " " + svg_number(data.DisplayPos.y) + " " + w +
                      " " + h + "\" xml:space=\"preserve\">\n"
                      "<!-- PrefixLab: the view as drawn, text as <text> in DejaVu Sans (Mono), sizes in window pixels -->\n";
    if (result.skipped_images > 0 || result.skipped_callbacks > 0)
        out += "<!-- left out: " + std::to_string(result.skipped_images) + " image(s) (textures other than the font atlas), " +
               std::to_string(result.skipped_callbacks) + " draw callback(s) -->\n";
    out += "<rect x=\"" + svg_number(data.DisplayPos.x) + "\" y=\"" + svg_number(data.DisplayPos.y) + "\" width=\"" + w +
           "\" height=\"" + h + "\"" + svg_paint("fill", background | 0xff000000u) + "/>\n";
    out += body_;
    out += "</svg>\n";
    return out;
}

} // namespace

DrawDataSvg svg_from_draw_data(const ImDrawData& data, const ImFontAtlas& atlas, std::vector<const ImFont*> mono,
                               std::uint32_t background) {
    DrawDataSvg result;
    SvgWriter writer(data, std::move(mono));
    const DrawDataSkips skips = walk_draw_data(data, atlas, writer);
    result.skipped_images = skips.images;
    result.skipped_callbacks = skips.callbacks;
    result.document = writer.finish(data, background, result);
    return result;
}

} // namespace prefixlab
