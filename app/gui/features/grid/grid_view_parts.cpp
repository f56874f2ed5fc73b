#include "gui/features/grid/grid_view_parts.hpp"

#include "core/ground/format_value.hpp"
#include "core/ground/keep_names.hpp"
#include "gui/features/grid/grid_session.hpp"
#include "gui/views/value_table_cells.hpp" // blend
#include "gui/widgets.hpp"

#include <algorithm>
#include <imgui.h>
#include <string>
#include <string_view>

namespace prefixlab {

namespace {

theme::Rgb dimmed(theme::Rgb colour, bool later) {
    return later ? blend(colour, theme::colours().background, 0.6f) : colour;
}

ImU32 ink(theme::Rgb fill, bool later) {
    return theme::packed(later ? theme::dimmed_ink_on(dimmed(fill, later)) : theme::ink_on(fill));
}

// What a box of width `width` shows of a labelled value: "P 1128", else "P 1.1k" (format_value_short),
// else "P 1k", else the letter; never the bare number (issue 33: "1128" instead of "P 1128" lost what the word held).
std::string labelled_value_that_fits(std::string_view letter, ElementType type, std::uint32_t bits, float width) {
    const std::string short_value = format_value_short(type, bits);
    std::string shortest = short_value; // "1.1k" as "1k", "3.2" as "3": the order of magnitude and the letter
    if (const std::size_t dot = shortest.find('.'); dot != std::string::npos && shortest.find('e') == std::string::npos)
        shortest.erase(dot, shortest.find_first_not_of("0123456789", dot + 1) - dot);
    for (const std::string& value : {format_value(type, bits), short_value, shortest}) {
        const std::string labelled = std::string(letter) + " " + value;
        if (ImGui::CalcTextSize(labelled.c_str()).x + 2 <= width)
            return labelled;
    }
    return std::string(letter); // the letter always: a bare number did not say what the word held
}

// Text centred in a box, only where it fits whole (the layout check counts cut text).
void centred_in_box(ImDrawList* draw, float x, float y, float w, float h, const std::string& text, ImU32 colour) {
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    if (size.x + 2 > w || size.y > h + 1)
        return;
    draw->AddText(ImVec2(x + (w - size.x) / 2, y + (h - size.y) / 2), colour, text.c_str());
}

// The colour of element e after step s: written in s, written before, or still the input.
theme::Rgb element_colour(const GridViewModel& model, std::size_t element, int step) {
    if (model.written[step][element])
        return theme::colours().cell_written;
    for (int k = 0; k < step; ++k)
        if (model.written[k][element])
            return theme::colours().cell_value;
    return theme::colours().input_node;
}

} // namespace

std::string grid_caption(const GridTrace& trace) {
    const GridTraceConfig& c = trace.config;
    const std::uint64_t tile = std::max<std::uint32_t>(1, c.tile), tiles = (c.n + tile - 1) / tile;
    // a compaction or a sort says so first: its status words carry counts, not the scan's prefixes
    const std::string what = c.compaction                    ? "compaction, keep " + name_of(c.keep) + " · "
                             : c.sort != GridSortForm::none ? "radix sort, " + std::string(name_of(c.sort)) + " · "
                                                            : std::string();
    std::string text = what + c.driver +
                       " · N = " + std::to_string(c.n) + " · " + std::to_string(tiles) + (tiles == 1 ? " tile of " : " tiles of ") +
                       std::to_string(c.tile) + " (" + (c.sort != GridSortForm::none ? "" : c.tile_body + ", ") +
                       std::to_string(c.tile_threads) + " threads)"; // a sort's tile has no scan body
    const bool single_pass = grid_has_look_backs(trace);
    if (trace.launches.size() > 1)
        text += " · " + std::to_string(trace.launches.size()) + " launches";
    // the last launch writes the output: fewer blocks than tiles take a run each (two-level)
    if (const std::uint32_t blocks = trace.launches.empty() ? 0 : trace.launches.back().blocks; blocks > 0 && blocks < tiles)
        text += " · " + std::to_string(blocks) + " blocks, runs of " + std::to_string((tiles + blocks - 1) / blocks) + " tiles";
    if (c.emulated)
        text += " · " + std::to_string(c.resident) + " resident, " + c.start_order;
    if (single_pass)
        text += c.tiles_from_counter ? " · tiles from the counter" : " · tile = block index";
    if (!c.element_detail)
        text += " · tile level";
    return text;
}

bool grid_header(GridSession& session) {
    const LoadedGridTrace* grid = session.grid();
    ImGui::PushTextWrapPos(0);
    if (grid == nullptr) {
        if (session.busy() && !session.status().empty() && !session.failed())
            ImGui::TextDisabled("%s", session.status().c_str());
        else
            ImGui::TextDisabled("No grid trace yet: a scan across many blocks, traced in the emulator (View ▸ Grid scan…, "
                                "or the settings panel's Grid scan section).");
        if (ImGui::Button("Trace the grid scan"))
            session.capture();
    } else if (room_above_picture()) {
        ImGui::TextUnformatted(grid_caption(grid->trace).c_str());
    } else { // the driver, N and tiles: the rest of the caption on hover
        const std::string caption = grid_caption(grid->trace);
        const std::size_t third = caption.find(" · ", caption.find(" · ") + 3);
        ImGui::TextUnformatted(caption.substr(0, caption.find(" (", third)).c_str());
        if (ImGui::IsItemHovered())
            tooltip("%s", caption.c_str());
    }
    if (session.failed()) {
        ImGui::PushStyleColor(ImGuiCol_Text, text_colour(theme::colours().error));
        ImGui::TextUnformatted((session.status() + (grid ? " (the grid trace shown is the one before)" : "")).c_str());
        ImGui::PopStyleColor();
    }
    ImGui::PopTextWrapPos();
    return grid != nullptr;
}

// Rows of text the picture keeps below its header: fewer, and the header gives up its legend (at
// 1920×1080 and scale 2 the tab has about 23 lines; at 1280×720 and scale 2 about 9).
constexpr float kPictureLines = 16;

bool room_above_picture() { return ImGui::GetContentRegionAvail().y >= kPictureLines * ImGui::GetTextLineHeight(); }

void legend_or_button(const std::function<void()>& draw_legend) {
    prefixlab::legend_or_button(draw_legend, room_above_picture());
}

theme::Rgb status_colour(TileStatus status) {
    const theme::Palette& c = theme::colours();
    return status == TileStatus::prefix ? c.status_prefix : status == TileStatus::aggregate ? c.status_aggregate : c.status_invalid;
}

const char* status_letter(TileStatus status) {
    return status == TileStatus::prefix ? "P" : status == TileStatus::aggregate ? "A" : "–";
}

void add_cell_values(GridShapes& shapes, const GridViewModel& model, const GridTileColumn& column, int step,
                     const CellPlace& p, bool later) {
    shapes.quads.push_back({p.x, p.y, p.x + p.w, p.y + p.values_h, theme::packed(dimmed(theme::colours().cell_unwritten, later))});
    for (std::uint32_t i = 0; i < column.elements; ++i) {
        const std::size_t element = column.first_element + i;
        const float x = p.x + p.pad + static_cast<float>(i % p.value_columns) * p.value_w;
        const float y = p.y + p.pad + static_cast<float>(i / p.value_columns) * p.lh;
        shapes.quads.push_back({x + 1, y + 1, x + p.value_w - 1, y + p.lh - 1,
                                theme::packed(dimmed(element_colour(model, element, step), later))});
    }
}

void draw_cell_value_texts(ImDrawList* draw, const GridViewModel& model, const std::vector<std::string>& texts,
                           const GridTileColumn& column, int step, const CellPlace& p, float clip_y0, float clip_y1,
                           bool later) {
    for (std::uint32_t i = 0; i < column.elements; ++i) {
        const float y = p.y + p.pad + static_cast<float>(i / p.value_columns) * p.lh;
        if (y + p.lh < clip_y0 || y > clip_y1)
            continue;
        const std::size_t element = column.first_element + i;
        const float x = p.x + p.pad + static_cast<float>(i % p.value_columns) * p.value_w;
        centred_in_box(draw, x, y, p.value_w, p.lh, texts[element], ink(element_colour(model, element, step), later));
    }
}

void add_cell_strip(GridShapes& shapes, const GridViewModel& model, const GridTileColumn& column, int step,
                    const CellPlace& p, bool later) {
    // Runs of one colour as one rectangle: 64 one-pixel bars per tile would alias into stripes.
    const float strip_h = p.lh * 0.6f;
    const float per = p.w / static_cast<float>(std::max<std::uint32_t>(1, column.elements));
    std::uint32_t start = 0;
    while (start < column.elements) {
        const theme::Rgb colour = element_colour(model, column.first_element + start, step);
        std::uint32_t end = start + 1;
        while (end < column.elements && element_colour(model, column.first_element + end, step) == colour)
            ++end;
        shapes.quads.push_back({p.x + start * per, p.y, p.x + end * per, p.y + strip_h, theme::packed(dimmed(colour, later))});
        start = end;
    }
}

void draw_cell_strip_text(ImDrawList* draw, const GridViewModel& model, const GridTileColumn& column, int step,
                          ElementType type, const CellPlace& p, bool later) {
    // The tile's last value: after the tile scan, its inclusive prefix.
    if (column.elements > 0)
        centred_in_box(draw, p.x, p.y + p.lh * 0.6f, p.w, p.lh,
                     format_value(type, model.values[step][column.first_element + column.elements - 1]),
                     theme::packed(dimmed(theme::colours().text, later)));
}

void add_status_word(GridShapes& shapes, const GridTileColumn& column, std::uint32_t step, const CellPlace& p, bool later) {
    const StatusWord word = status_after(column, step);
    const float y = p.y + p.values_h + p.lh * 0.1f, h = p.status_h - p.lh * 0.1f;
    const std::uint32_t colour = theme::packed(dimmed(status_colour(word.status), later));
    if (word.status != TileStatus::invalid) {
        shapes.quads.push_back({p.x, y, p.x + p.w, y + h, colour});
        return;
    }
    // An invalid word is drawn hollow: the colour alone never carries the status.
    const float t = std::max(1.0f, p.lh * 0.08f), i = t / 2;
    shapes.lines.push_back({p.x, y + i, p.x + p.w, y + i, colour, t});
    shapes.lines.push_back({p.x, y + h - i, p.x + p.w, y + h - i, colour, t});
    shapes.lines.push_back({p.x + i, y, p.x + i, y + h, colour, t});
    shapes.lines.push_back({p.x + p.w - i, y, p.x + p.w - i, y + h, colour, t});
}

void draw_status_word_text(ImDrawList* draw, const GridTileColumn& column, std::uint32_t step, ElementType type,
                           const CellPlace& p, bool later) {
    const StatusWord word = status_after(column, step);
    const float y = p.y + p.values_h + p.lh * 0.1f, h = p.status_h - p.lh * 0.1f;
    if (word.status == TileStatus::invalid) {
        // the page shows through a hollow word: its ink, dimmed in a later launch as far as stays legible
        centred_in_box(draw, p.x, y, p.w, h, "–", ink(theme::colours().background, later));
        return;
    }
    centred_in_box(draw, p.x, y, p.w, h, labelled_value_that_fits(status_letter(word.status), type, word.bits, p.w),
                 ink(status_colour(word.status), later));
}

void add_poll_arrows(GridShapes& shapes, const GridViewModel& model, std::uint32_t step, const ArrowPlace& p, bool later) {
    constexpr int kSegments = 12; // a quadratic arc, as straight pieces
    for (const GridPollArrow& arrow : model.arrows) {
        if (arrow.step != step)
            continue;
        // Each status ends at its own place on the word (invalid left, aggregate middle, prefix right),
        // so that a tile's poll that waited and the one that then read the aggregate are two arcs.
        const float slot = (static_cast<float>(arrow.seen) - 1) * std::min(p.cw * 0.8f, p.cell_w * 0.25f);
        const float from = p.x0 + arrow.from_tile * p.pitch + p.cell_w / 2 + slot;
        const float to = p.x0 + arrow.to_tile * p.pitch + p.cell_w / 2 + slot;
        if (std::max(from, to) < p.clip_x0 || std::min(from, to) > p.clip_x1)
            continue;
        const float span = static_cast<float>(arrow.to_tile - arrow.from_tile);
        const float depth = p.arrows_h * std::min(0.9f, 0.4f + 0.2f * span);
        // A window's read past the nearest prefix, which the look-back left, and a read deeper than
        // kBoldLookBackDepth, dimmed and thin (faint_arrow).
        const bool faint = faint_arrow(arrow);
        const std::uint32_t colour = theme::packed(dimmed(status_colour(arrow.seen), later || faint));
        // merged polls (a tile that waited on one word) thicker, up to four
        const float thickness = faint ? std::max(stroke_width(1), p.cw * 0.08f)
                                                : std::max(1.0f, p.cw * 0.15f) *
                                                      (1.0f + 0.5f * static_cast<float>(std::min(arrow.polls, 4u) - 1));
        const float cx = (from + to) / 2, cy = p.y0 + 2 * depth;
        float px = from, py = p.y0;
        for (int k = 1; k <= kSegments; ++k) {
            const float u = static_cast<float>(k) / kSegments, v = 1 - u;
            const float x = v * v * from + 2 * u * v * cx + u * u * to, y = v * v * p.y0 + 2 * u * v * cy + u * u * p.y0;
            shapes.lines.push_back({px, py, x, y, colour, thickness});
            px = x;
            py = y;
        }
        // the head: a chevron pointing up into the reading tile's word
        const float head = std::max(3.0f, p.cw * 0.5f);
        shapes.lines.push_back({to - head * 0.6f, p.y0 + head, to, p.y0, colour, thickness + 0.5f});
        shapes.lines.push_back({to + head * 0.6f, p.y0 + head, to, p.y0, colour, thickness + 0.5f});
    }
}

theme::Rgb totals_colour(TotalsWordKind kind) {
    const theme::Palette& c = theme::colours();
    return kind == TotalsWordKind::scanned ? c.status_prefix : kind == TotalsWordKind::partial ? c.active_threads : c.status_aggregate;
}

const char* totals_letter(TotalsWordKind kind) {
    return kind == TotalsWordKind::scanned ? "P" : kind == TotalsWordKind::partial ? "+" : "Σ";
}

const char* totals_name(TotalsWordKind kind) {
    return kind == TotalsWordKind::scanned ? "scanned in place" : kind == TotalsWordKind::partial ? "partial sum" : "tile total";
}

namespace {

struct BoxRect {
    float x0, y0, x1, y1;
};

BoxRect box_rect(const GridTotalsBox& box, const TotalsPlace& p) {
    const float x0 = p.x0 + static_cast<float>(box.home.first) * p.pitch;
    const float x1 = p.x0 + static_cast<float>(box.home.first + std::max(1u, box.home.count) - 1) * p.pitch + p.cell_w;
    const float y0 = p.y0 + static_cast<float>(box.depth) * p.line_h + p.lh * 0.1f;
    return {x0, y0, x1, y0 + p.line_h - p.lh * 0.1f};
}

bool box_visible(const BoxRect& r, const TotalsPlace& p) { return r.x1 >= p.clip_x0 && r.x0 <= p.clip_x1; }

} // namespace

void add_totals_boxes(GridShapes& shapes, const GridTotals& totals, ItemRange boxes, const TotalsPlace& p, bool later) {
    for (std::size_t i = boxes.first; i < boxes.end; ++i) {
        const BoxRect r = box_rect(totals.boxes[i], p);
        if (box_visible(r, p))
            shapes.quads.push_back({r.x0, r.y0, r.x1, r.y1, theme::packed(dimmed(totals_colour(totals.boxes[i].kind), later))});
    }
}

void draw_totals_box_texts(ImDrawList* draw, const GridTotals& totals, ItemRange boxes, ElementType type,
                           const TotalsPlace& p, bool later) {
    for (std::size_t i = boxes.first; i < boxes.end; ++i) {
        const GridTotalsBox& box = totals.boxes[i];
        const BoxRect r = box_rect(box, p);
        if (!box_visible(r, p))
            continue;
        const float w = r.x1 - r.x0;
        centred_in_box(draw, r.x0, r.y0, w, r.y1 - r.y0,
                     labelled_value_that_fits(totals_letter(box.kind), type, box.bits, w),
                     ink(totals_colour(box.kind), later));
    }
}

void add_totals_arrows(GridShapes& shapes, const GridTotals& totals, ItemRange arrows, const ArrowPlace& p, bool later) {
    constexpr int kSegments = 12; // a cubic S from the source's column down into the reader's, as straight pieces
    const float top = p.y0 + p.cw * 0.2f, bottom = p.y0 + p.arrows_h - p.cw * 0.2f;
    for (std::size_t i = arrows.first; i < arrows.end; ++i) {
        const GridTotalsArrow& arrow = totals.arrows[i];
        const float from = p.x0 + arrow.from.centre() * p.pitch - (p.pitch - p.cell_w) / 2;
        const float to = p.x0 + arrow.to.centre() * p.pitch - (p.pitch - p.cell_w) / 2;
        if (std::max(from, to) < p.clip_x0 || std::min(from, to) > p.clip_x1)
            continue;
        const std::uint32_t colour = theme::packed(dimmed(totals_colour(arrow.seen), later));
        // arrows that stand for several (a thinned step) thicker, up to four times
        const float thickness = std::max(1.0f, p.cw * 0.15f) * (1.0f + 0.5f * static_cast<float>(std::min(arrow.sources, 7u) - 1) / 2);
        const float bend = (bottom - top) * 0.6f;
        float px = from, py = top;
        for (int k = 1; k <= kSegments; ++k) {
            const float u = static_cast<float>(k) / kSegments, v = 1 - u;
            const float x = v * v * v * from + 3 * v * v * u * from + 3 * v * u * u * to + u * u * u * to;
            const float y = v * v * v * top + 3 * v * v * u * (top + bend) + 3 * v * u * u * (bottom - bend) + u * u * u * bottom;
            shapes.lines.push_back({px, py, x, y, colour, thickness});
            px = x;
            py = y;
        }
        // the head: a chevron pointing down into the reading tile
        const float head = std::max(3.0f, p.cw * 0.5f);
        shapes.lines.push_back({to - head * 0.6f, bottom - head, to, bottom, colour, thickness + 0.5f});
        shapes.lines.push_back({to + head * 0.6f, bottom - head, to, bottom, colour, thickness + 0.5f});
    }
}

void grid_cell_tooltip(const LoadedGridTrace& grid, std::uint32_t tile, std::uint32_t step) {
    const GridViewModel& model = grid.model;
    const GridTileColumn& column = model.columns.at(tile);
    const ElementType type = look_back_type(grid.trace.config); // the words' and totals': a count for a compaction or a sort
    begin_tooltip();
    const GridTotals& totals = model.totals;
    if (totals.tiles_per_group > 1)
        ImGui::Text("tile %u, in the run of block %u — step %u: %s", tile, column.block, step, grid.steps.steps.at(step).label.c_str());
    else
        ImGui::Text("tile %u, scanned by block %u — step %u: %s", tile, column.block, step, grid.steps.steps.at(step).label.c_str());
    ImGui::Text("elements %u to %u", column.first_element, column.first_element + std::max<std::uint32_t>(1, column.elements) - 1);
    if (column.aggregate)
        ImGui::Text("aggregate %s, published in step %u", format_value(type, column.aggregate->bits, false).c_str(),
                    column.aggregate->step);
    if (column.prefix)
        ImGui::Text("inclusive prefix %s, published in step %u", format_value(type, column.prefix->bits, false).c_str(),
                    column.prefix->step);
    const auto covers = [tile](const TileSpan& span) { return tile >= span.first && tile < span.first + span.count; };
    for (const GridTotalsBox& box : totals.boxes)
        if (box.step == step && covers(box.home))
            ImGui::Text("totals[%u] %s %s: %s (%u %s in the step)", box.index, totals_letter(box.kind),
                        format_value(type, box.bits, false).c_str(), totals_name(box.kind), box.changes,
                        box.kind == TotalsWordKind::partial ? "atomics" : "writes");
    int lines = 0;
    for (const GridTotalsArrow& arrow : totals.arrows) {
        if (arrow.step != step || !covers(arrow.to))
            continue;
        if (++lines > 12) {
            ImGui::TextDisabled("…");
            break;
        }
        if (arrow.atomic && arrow.sources > 1)
            ImGui::Text("%u tiles added their totals into totals[%u] (one arrow drawn: the nearest, tile %u, added %s)",
                        arrow.sources, arrow.index, arrow.from.first, format_value(type, arrow.bits, false).c_str());
        else if (arrow.atomic)
            ImGui::Text("tile %u added %s into totals[%u]", arrow.from.first, format_value(type, arrow.bits, false).c_str(), arrow.index);
        else
            ImGui::Text("read totals[%u] = %s (written in step %u)%s", arrow.index, format_value(type, arrow.bits, false).c_str(),
                        arrow.writer_step, arrow.accesses > 1 ? (" by " + std::to_string(arrow.accesses) + " threads").c_str() : "");
    }
    for (const GridPollArrow& arrow : model.arrows) {
        if (arrow.to_tile != tile || arrow.step != step)
            continue;
        if (++lines > 12) {
            ImGui::TextDisabled("…");
            break;
        }
        ImGui::Text("read tile %u's word: %s %s%s", arrow.from_tile,
                    arrow.seen == TileStatus::invalid ? "invalid" : arrow.seen == TileStatus::aggregate ? "aggregate" : "prefix",
                    arrow.seen == TileStatus::invalid ? "" : format_value(type, arrow.value_bits, false).c_str(),
                    arrow.polls > 1 ? (" (" + std::to_string(arrow.polls) + " polls)").c_str() : "");
    }
    end_tooltip();
}

} // namespace prefixlab
