// The lesson handout through Cairo (handout.hpp): a PDF surface on a stream into memory, written out by the
// caller atomically, and an image surface for the PNGs. Text in the pictures is set in DejaVu Sans (Mono),
// the GUI's faces, sized as Dear ImGui sizes them (ascent + descent = the pixel height), so every label takes
// the room it took on screen.
#include "core/plot/handout.hpp"

#include "core/plot/cairo_handles.hpp"
#include "core/util/build_info.hpp"

#include <algorithm>
#include <cairo-pdf.h>
#include <cairo.h>
#include <cctype>
#include <memory>
#include <stdexcept>

namespace prefixlab {

// Named, not anonymous: a unity batch puts this file beside plot_export_cairo.cpp, whose helpers share names.
namespace handout_drawing {

using cairo_handles::Context;
using cairo_handles::Surface;

// A4 portrait in points, and the page's margin: the picture takes the text width (16:9 from a 1920×1080
// window: 523 × 294 pt), the notes the rest.
constexpr double kPageWidth = 595.28, kPageHeight = 841.89, kMargin = 36;
constexpr double kTextWidth = kPageWidth - 2 * kMargin;
constexpr double kNotesSize = 10.5, kNotesLine = 14.5, kTitleSize = 17, kHeadSize = 8.5;

cairo_status_t append(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

void check(cairo_status_t status, const char* what) {
    if (status != CAIRO_STATUS_SUCCESS)
        throw std::runtime_error(std::string("cannot write the ") + what + ": " +
                                 cairo_status_to_string(status));
}

void set_colour(cairo_t* cr, const Rgba& c) {
    cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a);
}

void set_face(cairo_t* cr, bool mono, bool bold = false) {
    cairo_select_font_face(cr, mono ? "DejaVu Sans Mono" : "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
}

void rectangle_of(cairo_t* cr, const PictureItem& item) {
    cairo_rectangle(cr, item.points[0].x, item.points[0].y, item.points[1].x - item.points[0].x,
                    item.points[1].y - item.points[0].y);
}

// Draws the picture in its own pixels (the caller scales and places it), clipped to it.
void draw_picture(cairo_t* cr, const VectorPicture& picture) {
    cairo_save(cr);
    cairo_rectangle(cr, 0, 0, picture.width, picture.height);
    cairo_clip(cr);
    set_colour(cr, picture.background);
    cairo_paint(cr);
    bool clipped = false;
    for (const PictureItem& item : picture.items) {
        switch (item.kind) {
        case PictureItem::Kind::clip:
            if (clipped)
                cairo_restore(cr);
            cairo_save(cr);
            clipped = true;
            rectangle_of(cr, item);
            cairo_clip(cr);
            break;
        case PictureItem::Kind::rect:
            set_colour(cr, item.colour);
            rectangle_of(cr, item);
            cairo_fill(cr);
            break;
        case PictureItem::Kind::polygon:
            set_colour(cr, item.colour);
            for (std::size_t k = 0; k < item.points.size(); ++k)
                (k == 0 ? cairo_move_to : cairo_line_to)(cr, item.points[k].x, item.points[k].y);
            cairo_close_path(cr);
            cairo_fill(cr);
            break;
        case PictureItem::Kind::text: {
            set_face(cr, item.mono);
            cairo_set_font_size(cr, 1);
            cairo_font_extents_t unit;
            cairo_font_extents(cr, &unit);
            const double em = item.size / (unit.ascent + unit.descent);
            cairo_set_font_size(cr, em);
            set_colour(cr, item.colour);
            cairo_move_to(cr, item.points[0].x, item.points[0].y + unit.ascent * em);
            cairo_show_text(cr, item.text.c_str());
            cairo_new_path(cr);
            break;
        }
        }
    }
    if (clipped)
        cairo_restore(cr);
    cairo_restore(cr);
}

double text_width(cairo_t* cr, const std::string& text) {
    cairo_text_extents_t te;
    cairo_text_extents(cr, text.c_str(), &te);
    return te.x_advance;
}

// The notes as the lines a page sets: paragraphs (blank-line separated) joined and wrapped to the text
// width; a list item ("- ", "* ", "1. ") or a heading starts a line of its own; an empty string is a gap.
std::vector<std::string> note_lines(cairo_t* cr, const std::string& notes) {
    std::vector<std::string> lines;
    std::string paragraph;
    const auto flush = [&] {
        std::string line, word;
        std::size_t at = 0;
        while (at <= paragraph.size()) {
            const std::size_t space = std::min(paragraph.find(' ', at), paragraph.size());
            word = paragraph.substr(at, space - at);
            at = space + 1;
            if (word.empty())
                continue;
            const std::string longer = line.empty() ? word : line + " " + word;
            if (!line.empty() && text_width(cr, longer) > kTextWidth) {
                lines.push_back(line);
                line = word;
            } else {
                line = longer;
            }
        }
        if (!line.empty())
            lines.push_back(line);
        paragraph.clear();
    };
    std::size_t start = 0;
    while (start <= notes.size()) {
        const std::size_t end = std::min(notes.find('\n', start), notes.size());
        std::string line = notes.substr(start, end - start);
        start = end + 1;
        const std::size_t first = line.find_first_not_of(" \t");
        if (first == std::string::npos) {
            flush();
            if (!lines.empty() && !lines.back().empty())
                lines.push_back("");
            continue;
        }
        line = line.substr(first);
        const bool starts_item = line.starts_with("- ") || line.starts_with("* ") || line.starts_with("#") ||
                                 (line.size() > 2 && std::isdigit(static_cast<unsigned char>(line[0])) &&
                                  line.find(". ") != std::string::npos && line.find(". ") < 4);
        if (starts_item)
            flush();
        if (line.starts_with("- ") || line.starts_with("* "))
            line = "• " + line.substr(2);
        paragraph += paragraph.empty() ? line : " " + line;
    }
    flush();
    while (!lines.empty() && lines.back().empty())
        lines.pop_back();
    return lines;
}

void page_head(cairo_t* cr, const std::string& lesson_title, int k, int n) {
    cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
    set_face(cr, false);
    cairo_set_font_size(cr, kHeadSize);
    cairo_move_to(cr, kMargin, kMargin);
    cairo_show_text(cr, lesson_title.c_str());
    const std::string number = std::to_string(k) + " / " + std::to_string(n);
    cairo_move_to(cr, kPageWidth - kMargin - text_width(cr, number), kMargin);
    cairo_show_text(cr, number.c_str());
}

std::string pdf_of(const std::string& lesson_title, const std::vector<HandoutScene>& scenes) {
    std::string bytes;
    const Surface surface(cairo_pdf_surface_create_for_stream(append, &bytes, kPageWidth, kPageHeight));
    check(cairo_surface_status(surface.get()), "handout");
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, lesson_title.c_str());
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, written_by().c_str());
    const Context cr(cairo_create(surface.get()));
    const int n = static_cast<int>(scenes.size());
    for (int k = 0; k < n; ++k) {
        const HandoutScene& scene = scenes[static_cast<std::size_t>(k)];
        page_head(cr.get(), lesson_title, k + 1, n);
        cairo_set_source_rgb(cr.get(), 0, 0, 0);
        set_face(cr.get(), false, true);
        cairo_set_font_size(cr.get(), kTitleSize);
        double y = kMargin + 28;
        cairo_move_to(cr.get(), kMargin, y);
        cairo_show_text(cr.get(), scene.title.c_str());
        y += 12;
        if (scene.picture.width > 0 && scene.picture.height > 0) {
            const double scale = kTextWidth / scene.picture.width;
            cairo_save(cr.get());
            cairo_translate(cr.get(), kMargin, y);
            cairo_scale(cr.get(), scale, scale);
            draw_picture(cr.get(), scene.picture);
            cairo_restore(cr.get());
            cairo_set_source_rgb(cr.get(), 0.6, 0.6, 0.6);
            cairo_set_line_width(cr.get(), 0.5);
            cairo_rectangle(cr.get(), kMargin, y, kTextWidth, scene.picture.height * scale);
            cairo_stroke(cr.get());
            y += scene.picture.height * scale + 24;
        }
        set_face(cr.get(), false);
        cairo_set_font_size(cr.get(), kNotesSize);
        cairo_set_source_rgb(cr.get(), 0, 0, 0);
        for (const std::string& line : note_lines(cr.get(), scene.notes)) {
            if (y > kPageHeight - kMargin) { // the notes go on over the page
                cairo_show_page(cr.get());
                page_head(cr.get(), lesson_title + " — " + scene.title + " (notes, continued)", k + 1, n);
                set_face(cr.get(), false);
                cairo_set_font_size(cr.get(), kNotesSize);
                cairo_set_source_rgb(cr.get(), 0, 0, 0);
                y = kMargin + 28;
            }
            cairo_move_to(cr.get(), kMargin, y);
            cairo_show_text(cr.get(), line.c_str());
            y += line.empty() ? kNotesLine / 2 : kNotesLine;
        }
        cairo_show_page(cr.get());
    }
    check(cairo_status(cr.get()), "handout");
    cairo_surface_finish(surface.get());
    check(cairo_surface_status(surface.get()), "handout");
    return bytes;
}

std::string png_of(const VectorPicture& picture) {
    const int width = static_cast<int>(picture.width + 0.5f),
              height = static_cast<int>(picture.height + 0.5f);
    const Surface surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height));
    check(cairo_surface_status(surface.get()), "picture");
    const Context cr(cairo_create(surface.get()));
    draw_picture(cr.get(), picture);
    check(cairo_status(cr.get()), "picture");
    std::string bytes;
    check(cairo_surface_write_to_png_stream(surface.get(), append, &bytes), "picture");
    return bytes;
}

} // namespace handout_drawing

bool handout_available() {
    return true;
}

std::string handout_unavailable_reason() {
    return "";
}

std::string handout_pdf(const std::string& lesson_title, const std::vector<HandoutScene>& scenes) {
    return handout_drawing::pdf_of(lesson_title, scenes);
}

std::string picture_png(const VectorPicture& picture) {
    return handout_drawing::png_of(picture);
}

} // namespace prefixlab
