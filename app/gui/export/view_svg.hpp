// File ▸ Export view as SVG, Ctrl+Shift+E, the script's export-svg: a frame of the window (after two
// ordinary ones that settle the layout: view_export.cpp) drawn as a vector frame
// (render/vector_frame.hpp) with Dear ImGui's anti-aliasing off — no fringes or textured lines, so
// every shape is its exact outline — and its draw data written as SVG (svg_from_draw_data.hpp),
// atomically. The vector frame is not shown; the one after it is drawn as usual.
//
// Measured at 1920×1080, UI scale 2, on the 2-core development machine (Mesa llvmpipe): Blelloch
// N = 16 on Values, 54 KB (233 texts, 195 rectangles), converted and written in 1–2 ms; Dataflow at
// N = 1024, 94 KB (63 texts, 1013 rectangles: shapes outside the view are left out), 2–11 ms. The
// export takes three frames in all, so it is done before a key could be pressed again.
#pragma once

#include <string>

namespace prefixlab {

class ImGuiLayer;

class ViewSvgFrame {
public:
    // Before the frame is begun: the helpers draw vectors, the style draws without anti-aliasing.
    void begin();
    // After the frame rendered: writes its draw data to `path` and returns the status bar's line.
    // Throws FileError (nothing written) when the file cannot be written.
    std::string write(const std::string& path, const ImGuiLayer& imgui) const;
    // Back to the usual frames (also when the export failed).
    void end();

private:
    bool active_ = false;
    bool lines_ = true, lines_texture_ = true, fill_ = true; // the style's anti-aliasing before begin()
};

} // namespace prefixlab
