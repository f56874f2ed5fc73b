// Parts of the grid view (grid_view.hpp) and the look-back timeline that draw one thing each: the header
// both tabs open with (the grid trace's configuration, or how to make one, and a failed capture's one
// line), a cell's values or strip, a tile's status word, a row's poll arrows, a row's tile-totals boxes
// and arrows (multi-launch drivers), a cell's tooltip.
#pragma once

#include "core/analysis/loaded_grid_trace.hpp"
#include "gui/render/instanced_shapes.hpp"
#include "gui/theme.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

struct ImDrawList;

namespace prefixlab {

class GridSession;

// Says what the grid trace is (or, without one, how to make one, with a button that does); a failed
// capture's error (a deadlock's one line) in the error colour. False when there is no grid trace to draw.
bool grid_header(GridSession& session);

// A legend above the picture where the tab has the height for it, else a "Legend" button whose tooltip
// holds it: at 1280×720 and UI scale 2 a two-line legend under the caption left the timeline no row.
void legend_or_button(const std::function<void()>& draw_legend);

// Whether the tab has room for lines of text above its picture beside the picture's own rows.
bool room_above_picture();

// "decoupled-look-back · N = 256 · 8 tiles of 32 (warp-shuffle, 32 threads) · 4 resident, random (seed 3) · tiles from the counter",
// "two-level · N = 1000 · 32 tiles of 32 (warp-shuffle, 32 threads) · 3 launches · 4 blocks, runs of 8 tiles · 4 resident, in order"
std::string grid_caption(const GridTrace& trace);

// The multi-launch drivers' tile totals: Σ a tile's total, P a word scanned in place, + a partial sum.
theme::Rgb totals_colour(TotalsWordKind kind);
const char* totals_letter(TotalsWordKind kind);
const char* totals_name(TotalsWordKind kind); // "tile total", "scanned in place", "partial sum"

theme::Rgb status_colour(TileStatus status);
const char* status_letter(TileStatus status); // "–", "A", "P"

// Where a cell is on screen: its top left, width, the values part's height and the status word's.
struct CellPlace {
    float x = 0, y = 0, w = 0, values_h = 0, status_h = 0, pad = 0, lh = 0, value_w = 0;
    int value_columns = 1;
};

// Where a row's arrows go: column t's cell starts at x0 + t * pitch; they hang under y0, arrows_h deep;
// only those between clip_x0 and clip_x1 are drawn.
struct ArrowPlace {
    float x0 = 0, pitch = 0, cell_w = 0, y0 = 0, arrows_h = 0, cw = 0, clip_x0 = 0, clip_x1 = 0;
};

struct GridHover {
    int tile = -1, step = -1;
};

// The cells' shapes (boxes, strips, status words, arrows) go into instanced shapes, in content pixels
// (a CachedLayer keeps them: drawn live with Dear ImGui, 1000 boxes and arcs cost N = 256 a 25 ms frame
// under llvmpipe); their text is drawn live on top.
struct GridShapes {
    std::vector<QuadInstance> quads;
    std::vector<LineInstance> lines;
};

void add_cell_values(GridShapes& shapes, const GridViewModel& model, const GridTileColumn& column, int step,
                     const CellPlace& place, bool later);
void draw_cell_value_texts(ImDrawList* draw, const GridViewModel& model, const std::vector<std::string>& texts,
                           const GridTileColumn& column, int step, const CellPlace& place, float clip_y0, float clip_y1,
                           bool later);
void add_cell_strip(GridShapes& shapes, const GridViewModel& model, const GridTileColumn& column, int step,
                    const CellPlace& place, bool later);
void draw_cell_strip_text(ImDrawList* draw, const GridViewModel& model, const GridTileColumn& column, int step,
                          ElementType type, const CellPlace& place, bool later);
void add_status_word(GridShapes& shapes, const GridTileColumn& column, std::uint32_t step, const CellPlace& place, bool later);
void draw_status_word_text(ImDrawList* draw, const GridTileColumn& column, std::uint32_t step, ElementType type,
                           const CellPlace& place, bool later);
void add_poll_arrows(GridShapes& shapes, const GridViewModel& model, std::uint32_t step, const ArrowPlace& place, bool later);

// Where a row's tile-totals boxes go: column t starts at x0 + t * pitch; line d (a box's depth) at
// y0 + d * line_h; only boxes between clip_x0 and clip_x1 are drawn.
struct TotalsPlace {
    float x0 = 0, pitch = 0, cell_w = 0, y0 = 0, line_h = 0, lh = 0, clip_x0 = 0, clip_x1 = 0;
};
// [first, end) of one step's boxes or arrows in the model's lists.
struct ItemRange {
    std::size_t first = 0, end = 0;
};
void add_totals_boxes(GridShapes& shapes, const GridTotals& totals, ItemRange boxes, const TotalsPlace& place, bool later);
void draw_totals_box_texts(ImDrawList* draw, const GridTotals& totals, ItemRange boxes, ElementType type,
                           const TotalsPlace& place, bool later);
// The arrows into a row, in the strip at its top (y0, arrows_h deep): from the columns of the word's
// home (or the adding tile) at the strip's top, the row above's boxes, down into the reader's columns.
void add_totals_arrows(GridShapes& shapes, const GridTotals& totals, ItemRange arrows, const ArrowPlace& place, bool later);

void grid_cell_tooltip(const LoadedGridTrace& grid, std::uint32_t tile, std::uint32_t step);

} // namespace prefixlab
