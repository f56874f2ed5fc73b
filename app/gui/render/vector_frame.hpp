// The vector frame: one frame drawn for the SVG export (gui/export/svg_from_draw_data.hpp), in which
// the GL-side helpers put their shapes into the ImDrawList as ordinary solid triangles instead of GL
// callbacks or cached textures, so that the frame's ImDrawData holds everything the views show. The
// views keep one way to draw: InstancedShapes, CachedLayer and HeatmapRenderer read the flag and call
// the functions below, which do on the CPU what their shaders do (shaders/shape_quad.vert,
// shape_line.vert, heatmap.frag). Shapes wholly outside the draw list's clip rectangle are left out:
// the Dataflow diagram at N = 1024 holds thousands of nodes and edges, most of them off screen.
#pragma once

#include "gui/render/instanced_shapes.hpp"

#include <cstdint>
#include <vector>

struct ImDrawList;

namespace prefixlab::render {

// Whether the frame being drawn is the SVG export's vector frame (set by ViewExport for that frame) or a
// frame the layout check reads.
bool vector_frame();
void set_vector_frame(bool on);

// Rectangles as the quad shader places them (at least min_pixels wide and tall, about their centre).
void add_vector_quads(ImDrawList* list, const std::vector<QuadInstance>& quads, const ShapeTransform& transform);
// Segments as the line shader widens them: width_pixels across, butt ends.
void add_vector_lines(ImDrawList* list, const std::vector<LineInstance>& lines, const ShapeTransform& transform);
// A bank heatmap's rows [first_row, first_row + row_count) of `counts` (32 per row) in the screen
// rectangle (x, y, width, height), each cell coloured by conflict_colour() as the shader's colour
// texture is; runs of equal cells in a row become one rectangle.
void add_vector_heatmap(ImDrawList* list, const std::vector<std::uint8_t>& counts, float x, float y, float width,
                        float height, int first_row, int row_count);

} // namespace prefixlab::render
