#include "gui/export/picture_from_draw_data.hpp"

#include "core/util/utf8.hpp"
#include "gui/export/draw_data_walk.hpp"

#include <algorithm>
#include <cmath>
#include <imgui.h>

namespace prefixlab {

namespace {

Rgba rgba_of(std::uint32_t colour) { // ImU32 as Dear ImGui packs it: red in the low byte
    const auto channel = [&](int shift) { return static_cast<float>((colour >> shift) & 0xff) / 255.0f; };
    return {channel(0), channel(8), channel(16), channel(24)};
}

class PictureSink final : public DrawDataSink {
public:
    PictureSink(VectorPicture& picture, const std::vector<const ImFont*>& mono)
        : picture_(picture), mono_(mono) {}

    void clip(const DrawClip& c) override {
        end_run();
        if (c.x0 == clip_.x0 && c.y0 == clip_.y0 && c.x1 == clip_.x1 && c.y1 == clip_.y1)
            return;
        clip_ = c;
        PictureItem item;
        item.kind = PictureItem::Kind::clip;
        item.points = {{c.x0, c.y0}, {c.x1, c.y1}};
        picture_.items.push_back(std::move(item));
    }
    void rect(float x0, float y0, float x1, float y1, std::uint32_t colour) override {
        end_run();
        PictureItem item;
        item.kind = PictureItem::Kind::rect;
        item.points = {{x0, y0}, {x1, y1}};
        item.colour = rgba_of(colour);
        picture_.items.push_back(std::move(item));
    }
    void polygon(const ImDrawVert* const* corners, int count, std::uint32_t colour) override {
        end_run();
        PictureItem item;
        item.kind = PictureItem::Kind::polygon;
        for (int k = 0; k < count; ++k)
            item.points.push_back({corners[k]->pos.x, corners[k]->pos.y});
        item.colour = rgba_of(colour);
        picture_.items.push_back(std::move(item));
    }
    void glyph(const PlacedGlyph& g) override {
        const ImFont& font = *g.glyph.font;
        const float size = font.FontSize * g.scale;
        int spaces = 0;
        if (!continues(g, spaces))
            end_run();
        if (open_) {
            run_.text.append(static_cast<std::size_t>(spaces), ' ');
        } else {
            open_ = true;
            run_ = PictureItem{};
            run_.kind = PictureItem::Kind::text;
            run_.points = {{g.pen_x, g.baseline - font.Ascent * g.scale}};
            run_.colour = rgba_of(g.colour);
            run_.size = size;
            run_.mono = std::find(mono_.begin(), mono_.end(), &font) != mono_.end();
            run_font_ = &font;
            run_colour_ = g.colour;
            run_baseline_ = g.baseline;
            run_scale_ = g.scale;
        }
        append_utf8(run_.text, g.glyph.glyph->Codepoint);
        next_pen_ = g.pen_x + g.glyph.glyph->AdvanceX * g.scale;
    }
    void end_command() override { end_run(); }
    void end_run() {
        if (open_)
            picture_.items.push_back(std::move(run_));
        open_ = false;
    }

private:
    // The glyph goes on the open run: same font, size, colour and baseline, at the pen the run left or a few
    // space advances after it (`spaces`).
    bool continues(const PlacedGlyph& g, int& spaces) const {
        if (!open_ || g.glyph.font != run_font_ || g.colour != run_colour_ ||
            std::abs(g.baseline - run_baseline_) > 0.01f || std::abs(g.scale - run_scale_) > 1e-4f)
            return false;
        const float gap = g.pen_x - next_pen_;
        if (std::abs(gap) < 0.05f)
            return true;
        const ImFontGlyph* space = run_font_->FindGlyphNoFallback(' ');
        if (space == nullptr || space->AdvanceX <= 0)
            return false;
        const float advances = gap / (space->AdvanceX * g.scale);
        spaces = static_cast<int>(std::lround(advances));
        return spaces >= 1 && spaces <= 4 && std::abs(advances - static_cast<float>(spaces)) < 0.05f;
    }

    VectorPicture& picture_;
    const std::vector<const ImFont*>& mono_;
    DrawClip clip_{-1, -1, -1, -1};
    bool open_ = false;
    PictureItem run_;
    const ImFont* run_font_ = nullptr;
    std::uint32_t run_colour_ = 0;
    float run_baseline_ = 0, run_scale_ = 1, next_pen_ = 0;
};

} // namespace

VectorPicture picture_from_draw_data(const ImDrawData& data, const ImFontAtlas& atlas,
                                     const std::vector<const ImFont*>& mono, std::uint32_t background) {
    VectorPicture picture;
    picture.width = data.DisplaySize.x;
    picture.height = data.DisplaySize.y;
    picture.background = rgba_of(background | 0xff000000u);
    PictureSink sink(picture, mono);
    walk_draw_data(data, atlas, sink);
    sink.end_run();
    // Positions relative to the display's corner, as the picture's own pixels.
    for (PictureItem& item : picture.items)
        for (Vec2f& p : item.points) {
            p.x -= data.DisplayPos.x;
            p.y -= data.DisplayPos.y;
        }
    return picture;
}

} // namespace prefixlab
