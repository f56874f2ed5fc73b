// The handout of a lesson (issue 34): a PDF of one A4 landscape page per scene, its key frame (the picture
// the window showed at the scene's last revealed step, as vector graphics with real text) under the
// scene's title, and its speaker notes below; notes too long for the page go on to a page of their own.
// And, on request, each scene's picture as a PNG. Drawn with Cairo (handout_cairo.cpp); a build without it
// explains why (handout_unavailable.cpp).
#pragma once

#include "core/plot/vector_picture.hpp"

#include <string>
#include <vector>

namespace prefixlab {

struct HandoutScene {
    std::string title; // "Bank conflicts"
    std::string notes; // the speaker notes as written (Markdown text, set as plain text)
    VectorPicture picture;
};

bool handout_available();

// Before any scene is drawn: throws FileError (one line) where the PDF or, if named, the PNGs' folder (made
// at the end if it is not there) cannot be written.
void require_handout_writable(const std::string& pdf_path, const std::string& png_folder);
std::string handout_unavailable_reason();

// The PDF's bytes. Throws std::runtime_error (one line) where Cairo fails.
std::string handout_pdf(const std::string& lesson_title, const std::vector<HandoutScene>& scenes);

// The picture as a PNG's bytes, at its own size.
std::string picture_png(const VectorPicture& picture);

} // namespace prefixlab
