#include "gui/layout/layout_check.hpp"

#include "core/util/utf8.hpp"
#include "gui/layout/shown_range.hpp"
#include "gui/layout/text_contrast.hpp"
#include "gui/theme.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <imgui.h>
#include <imgui_internal.h>
#include <map>
#include <unordered_map>
#include <vector>

namespace prefixlab::layout {

namespace {

// Drawn in place of Dear ImGui's ellipsis during a checked frame: CURRENCY SIGN, in the fonts' Latin-1
// range and in no label of ours.
constexpr ImWchar kEllipsisMarker = 0x00A4;
// Glyph quads carry a pixel of atlas padding and antialiasing: less than this is not "cut" or
// "overlapping" to the eye.
constexpr float kTolerance = 1.5f;

struct Rect {
    float x0, y0, x1, y1;
    float width() const { return x1 - x0; }
    float height() const { return y1 - y0; }
};

Rect intersection(const Rect& a, const Rect& b) {
    return {std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x1, b.x1), std::min(a.y1, b.y1)};
}

struct ScrolledRegion {
    Rect rect;
    bool scrolls_x, scrolls_y;
};

std::vector<ScrolledRegion> g_noted_regions;
// Wholly inside the part in view; where that part is shorter than the row (a half of compare mode at 3× on
// 1280×720 can show less than one row of a table), the row fills all of it.
bool row_in_view(const StepRowSpan& row) {
    if (row.visible_y1 - row.visible_y0 < row.y1 - row.y0)
        return row.y0 <= row.visible_y0 + kTolerance && row.y1 >= row.visible_y1 - kTolerance;
    return row.y0 >= row.visible_y0 - kTolerance && row.y1 <= row.visible_y1 + kTolerance;
}
std::map<ImFont*, ImWchar> g_saved_ellipsis;
bool g_checking = false;

struct UvKey {
    float u0, v0, u1, v1;
    bool operator==(const UvKey&) const = default;
};

struct UvKeyHash {
    std::size_t operator()(const UvKey& k) const {
        std::size_t h = 0;
        for (float f : {k.u0, k.v0, k.u1, k.v1})
            h = h * 1000003u ^ std::hash<float>()(f);
        return h;
    }
};

// Every visible glyph of every font, by its place in the atlas.
class GlyphTable {
public:
    GlyphTable() {
        for (ImFont* font : ImGui::GetIO().Fonts->Fonts)
            for (const ImFontGlyph& g : font->Glyphs)
                if (g.Visible) {
                    exact_.emplace(UvKey{g.U0, g.V0, g.U1, g.V1}, &g);
                    all_.push_back(&g);
                    space_.emplace(&g, font->FindGlyph(' ') ? font->FindGlyph(' ')->AdvanceX
                                                            : font->FontSize / 3);
                }
    }
    const ImFontGlyph* exact(const UvKey& key) const {
        const auto it = exact_.find(key);
        return it == exact_.end() ? nullptr : it->second;
    }
    // The width of a space in the glyph's font: texts further apart than this are two texts.
    float space_after(const ImFontGlyph* g) const { return space_.at(g); }
    // A glyph cut by the CPU (Dear ImGui's fine clipping): its UVs lie inside one glyph's.
    const ImFontGlyph* containing(const UvKey& key) const {
        for (const ImFontGlyph* g : all_)
            if (key.u0 >= g->U0 && key.u1 <= g->U1 && key.v0 >= g->V0 && key.v1 <= g->V1)
                return g;
        return nullptr;
    }

private:
    std::unordered_map<UvKey, const ImFontGlyph*, UvKeyHash> exact_;
    std::unordered_map<const ImFontGlyph*, float> space_;
    std::vector<const ImFontGlyph*> all_;
};

enum Side { left = 1, right = 2, top = 4, bottom = 8 };

struct PlacedGlyph {
    Rect rect; // on screen, as drawn
    Rect clip; // the draw command's clip rectangle
    unsigned codepoint;
    float origin_x, origin_y, advance, scale;
    float space;       // a space's width in the glyph's font
    int cut_sides = 0; // Side bits where the CPU cut the glyph
    int run = -1;
    std::uint32_t colour = 0; // as drawn (ImU32)
    std::size_t place = 0;    // in draw order (BackgroundRaster)
};

struct Run {
    std::string text;
    std::string window;
    int first = 0, last = 0; // glyph indices
};

// Reads one draw command's glyph quads. Dear ImGui writes a glyph as vertices (x0,y0) (x1,y0) (x1,y1)
// (x0,y1) and indices i, i+1, i+2, i, i+2, i+3 (ImFont::RenderText); rectangles share that pattern but
// sample the atlas's white pixel, which is no glyph.
void read_glyphs(const ImDrawList& list, const ImDrawCmd& cmd, std::size_t place, const GlyphTable& table,
                 std::vector<PlacedGlyph>& out) {
    const Rect clip{cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z, cmd.ClipRect.w};
    // Triangle by triangle: a glyph's pair can start at any triangle, as a shape of an odd number of
    // triangles (an antialiased rounded frame) may come before it in the command; read in steps of six,
    // every text after such a frame went unseen (the sidebar's "hillis-steele", "N" and "32").
    for (unsigned i = 0; i + 6 <= cmd.ElemCount; i += 3) {
        const ImDrawIdx* idx = list.IdxBuffer.Data + cmd.IdxOffset + i;
        if (idx[1] != idx[0] + 1 || idx[2] != idx[0] + 2 || idx[3] != idx[0] || idx[4] != idx[0] + 2 ||
            idx[5] != idx[0] + 3)
            continue;
        const ImDrawVert* v = list.VtxBuffer.Data + cmd.VtxOffset + idx[0];
        if (v[1].pos.y != v[0].pos.y || v[2].pos.x != v[1].pos.x || v[3].pos.x != v[0].pos.x)
            continue; // not an axis-aligned quad
        const unsigned first = i;
        i += 3; // the quad's second triangle
        const UvKey key{v[0].uv.x, v[0].uv.y, v[2].uv.x, v[2].uv.y};
        if (key.u0 >= key.u1 || key.v0 >= key.v1)
            continue;
        const ImFontGlyph* g = table.exact(key);
        int cut = 0;
        if (!g) {
            g = table.containing(key);
            if (!g)
                continue;
            cut = (key.u0 > g->U0 ? left : 0) | (key.u1 < g->U1 ? right : 0) | (key.v0 > g->V0 ? top : 0) |
                  (key.v1 < g->V1 ? bottom : 0);
        }
        PlacedGlyph p{};
        p.rect = {v[0].pos.x, v[0].pos.y, v[2].pos.x, v[2].pos.y};
        p.clip = clip;
        p.codepoint = g->Codepoint;
        p.cut_sides = cut;
        // The glyph's scale from its full height in the atlas, so a glyph cut left or right still
        // gives its text's origin.
        const float full_h = (g->V1 - g->V0) > 0 ? (g->Y1 - g->Y0) : 0;
        p.scale = full_h > 0 && !(cut & (top | bottom)) ? p.rect.height() / full_h : 1.0f;
        p.origin_x = cut & left ? p.rect.x1 - g->X1 * p.scale : p.rect.x0 - g->X0 * p.scale;
        p.origin_y = cut & top ? p.rect.y1 - g->Y1 * p.scale : p.rect.y0 - g->Y0 * p.scale;
        p.advance = g->AdvanceX * p.scale;
        p.space = table.space_after(g) * p.scale;
        p.colour = v[0].col;
        p.place = place + first / 3;
        out.push_back(p);
    }
}

// Consecutive glyphs on one baseline, each starting where the one before ended (or a space on), are
// one text.
std::vector<Run> group_runs(std::vector<PlacedGlyph>& glyphs, const std::vector<std::string>& windows,
                            const std::vector<int>& list_of_glyph) {
    std::vector<Run> runs;
    for (int i = 0; i < static_cast<int>(glyphs.size()); ++i) {
        PlacedGlyph& g = glyphs[i];
        bool continues = false;
        if (i > 0 && list_of_glyph[i] == list_of_glyph[i - 1]) {
            const PlacedGlyph& p = glyphs[i - 1];
            const float expected = p.origin_x + p.advance;
            continues = std::fabs(g.origin_y - p.origin_y) < 0.75f && std::fabs(g.scale - p.scale) < 0.01f &&
                        g.origin_x > expected - 0.75f && g.origin_x < expected + 1.5f * p.space;
            if (continues && g.origin_x > expected + 0.5f * p.space)
                runs.back().text += ' '; // a space (spaces draw nothing)
        }
        if (!continues) {
            runs.push_back({"", windows[list_of_glyph[i]], i, i});
        }
        append_utf8(runs.back().text, g.codepoint == kEllipsisMarker ? 0x2026 : g.codepoint);
        runs.back().last = i;
        g.run = static_cast<int>(runs.size()) - 1;
    }
    return runs;
}

std::vector<ScrolledRegion> scrolled_regions() {
    std::vector<ScrolledRegion> regions = g_noted_regions;
    for (ImGuiWindow* w : GImGui->Windows)
        if (w->WasActive && (w->ScrollbarX || w->ScrollbarY)) {
            // Only with a scroll bar shown: content wider than a window without one is just cut.
            const ImRect& r = w->InnerClipRect;
            regions.push_back({{r.Min.x, r.Min.y, r.Max.x, r.Max.y}, w->ScrollbarX, w->ScrollbarY});
        }
    return regions;
}

// The edge at `side` of a glyph cut there: the clip rectangle's (GPU clipping) or the quad's own
// (CPU clipping). Allowed when a region scrolling across that edge has its edge there.
bool cut_by_scrolling(int side, float edge, const Rect& glyph, const std::vector<ScrolledRegion>& regions) {
    for (const ScrolledRegion& r : regions) {
        const bool along_x = side == left || side == right;
        if (along_x ? !r.scrolls_x : !r.scrolls_y)
            continue;
        const float region_edge = side == left    ? r.rect.x0
                                  : side == right ? r.rect.x1
                                  : side == top   ? r.rect.y0
                                                  : r.rect.y1;
        const bool inside = along_x ? glyph.y1 > r.rect.y0 && glyph.y0 < r.rect.y1
                                    : glyph.x1 > r.rect.x0 && glyph.x0 < r.rect.x1;
        if (inside && std::fabs(region_edge - edge) <= kTolerance + 1)
            return true;
    }
    return false;
}

const char* side_name(int side) {
    return side == left ? "left" : side == right ? "right" : side == top ? "top" : "bottom";
}

// The first side at which the glyph is cut and no scrolling explains it, or 0.
int unexplained_cut(const PlacedGlyph& g, const std::vector<ScrolledRegion>& regions) {
    const Rect visible = intersection(g.rect, g.clip);
    if (visible.width() <= 0 || visible.height() <= 0)
        return 0; // wholly outside its clip rectangle: not drawn at all
    const std::pair<int, float> gpu_cuts[] = {{left, g.clip.x0 - g.rect.x0},
                                              {right, g.rect.x1 - g.clip.x1},
                                              {top, g.clip.y0 - g.rect.y0},
                                              {bottom, g.rect.y1 - g.clip.y1}};
    for (const auto& [side, depth] : gpu_cuts) {
        if (depth <= kTolerance)
            continue;
        const float edge = side == left    ? g.clip.x0
                           : side == right ? g.clip.x1
                           : side == top   ? g.clip.y0
                                           : g.clip.y1;
        if (!cut_by_scrolling(side, edge, g.rect, regions))
            return side;
    }
    for (int side : {left, right, top, bottom}) {
        if (!(g.cut_sides & side))
            continue;
        const float edge = side == left    ? g.rect.x0
                           : side == right ? g.rect.x1
                           : side == top   ? g.rect.y0
                                           : g.rect.y1;
        if (!cut_by_scrolling(side, edge, g.rect, regions))
            return side;
    }
    return 0;
}

std::string quoted(const Run& run) {
    std::string text = run.text.size() > 60 ? run.text.substr(0, 57) + "..." : run.text;
    return "\u201c" + text + "\u201d";
}

std::string where(const Run& run, const PlacedGlyph& g) {
    return " at (" + std::to_string(static_cast<int>(g.rect.x0)) + ", " +
           std::to_string(static_cast<int>(g.rect.y0)) + ") in " + run.window;
}

// Texts that are not drawn at all leave no glyphs to find. Two places where that happens: a tab bar
// too narrow for its tabs (Dear ImGui shrinks them, down to no letters), and a window squeezed until
// its content cannot show.
void check_tab_bars(std::vector<std::string>& problems) {
    ImGuiContext& g = *GImGui;
    for (int n = 0; n < g.TabBars.GetMapSize(); ++n) {
        const ImGuiTabBar* bar = g.TabBars.TryGetMapData(n);
        if (!bar || bar->CurrFrameVisible != g.FrameCount)
            continue;
        if (bar->WidthAllTabs + kTolerance < bar->WidthAllTabsIdeal)
            problems.push_back("the tabs need " + std::to_string(static_cast<int>(bar->WidthAllTabsIdeal)) +
                               " px but have " + std::to_string(static_cast<int>(bar->WidthAllTabs)) +
                               ": their titles are shortened");
    }
}

// A table column whose content runs past the column's edge: the text is cut at the column's clip
// rectangle, often between two glyphs, where no half-drawn glyph shows it.
void check_tables(std::vector<std::string>& problems) {
    ImGuiContext& g = *GImGui;
    for (int n = 0; n < g.Tables.GetMapSize(); ++n) {
        const ImGuiTable* table = g.Tables.TryGetMapData(n);
        if (!table || table->LastFrameActive != g.FrameCount || (table->Flags & ImGuiTableFlags_ScrollX))
            continue;
        for (int c = 0; c < table->ColumnsCount; ++c) {
            const ImGuiTableColumn& column = table->Columns[c];
            const float content = std::max(column.ContentMaxXFrozen, column.ContentMaxXUnfrozen);
            if (column.IsEnabled && content > column.ClipRect.Max.x + kTolerance)
                problems.push_back("a column of table " +
                                   std::string(table->OuterWindow ? table->OuterWindow->Name : "?") +
                                   " holds " + std::to_string(static_cast<int>(content - column.MinX)) +
                                   " px of content in " +
                                   std::to_string(static_cast<int>(column.ClipRect.GetWidth())) + " px");
        }
    }
}

// A window narrower than this many font heights holds no readable row of a view.
constexpr float kMinWindowEms = 6;

// A tooltip, popup or window that runs past the edge of the screen: Dear ImGui keeps one inside only
// where it fits (an unwrapped tooltip of the Global tab ran off the right edge).
void check_windows_on_screen(std::vector<std::string>& problems) {
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    for (ImGuiWindow* w : GImGui->Windows) {
        if (!w->WasActive || w->Hidden || w->ParentWindow != nullptr)
            continue;
        const float past = std::max({w->Pos.x + w->Size.x - display.x, w->Pos.y + w->Size.y - display.y, -w->Pos.x,
                                     -w->Pos.y});
        if (past > kTolerance)
            problems.push_back(std::string("window ") + w->Name + " runs " + std::to_string(static_cast<int>(past)) +
                               " px past the edge of the screen");
    }
}

void check_window_sizes(std::vector<std::string>& problems) {
    for (ImGuiWindow* w : GImGui->Windows) {
        if (!w->WasActive || w->Hidden ||
            (w->Flags & (ImGuiWindowFlags_Tooltip | ImGuiWindowFlags_Popup | ImGuiWindowFlags_MenuBar)))
            continue;
        // What shows of it; where a window around it scrolls, what is cut off is scrolled out of view, and
        // the window's own size counts (a half of compare mode, scrolled to Banks' current row, showed the
        // top 20 px of the lane-to-bank diagram under it).
        float width = w->InnerClipRect.GetWidth(), height = w->InnerClipRect.GetHeight();
        for (const ImGuiWindow* around = w->ParentWindow; around != nullptr; around = around->ParentWindow)
            if ((around->ScrollbarX && around->ScrollMax.x > 0) || (around->ScrollbarY && around->ScrollMax.y > 0)) {
                width = w->InnerRect.GetWidth(), height = w->InnerRect.GetHeight();
                break;
            }
        const float em = ImGui::GetFontSize(); // one font for every window
        if (width < kMinWindowEms * em || height < em)
            problems.push_back(std::string("window ") + w->Name + " shows only " +
                               std::to_string(static_cast<int>(width)) + " × " +
                               std::to_string(static_cast<int>(height)) + " px of content");
        // Content laid out past the window's edge with no scroll bar to reach it. This also finds a
        // text cut exactly between two glyphs, which leaves no cut glyph behind (Dear ImGui skips
        // glyphs wholly outside the clip rectangle).
        // This frame's content (ContentSize is the last frame's, which lags a frame behind a layout
        // that just changed).
        const ImVec2 inner = w->ContentRegionRect.GetSize();
        const ImVec2 content(w->DC.CursorMaxPos.x - w->DC.CursorStartPos.x,
                             w->DC.CursorMaxPos.y - w->DC.CursorStartPos.y);
        const std::string name = w->Name;
        if (content.x > inner.x + kTolerance && !w->ScrollbarX)
            problems.push_back("window " + name + " lays out " + std::to_string(static_cast<int>(content.x)) +
                               " px of content in " + std::to_string(static_cast<int>(inner.x)) +
                               " px, with no scroll bar");
        if (content.y > inner.y + kTolerance && !w->ScrollbarY)
            problems.push_back("window " + name + " lays out " + std::to_string(static_cast<int>(content.y)) +
                               " px of content in " + std::to_string(static_cast<int>(inner.y)) +
                               " px tall, with no scroll bar");
    }
}

// Slider grabs (issue 33, point 10): Dear ImGui draws a slider's grab over its frame and the value over
// the grab, centred, so a value mid-range sat under the grab (N = 32 of 1..1024, logarithmic, at first
// launch). Every solid triangle in the style's grab colours, as its bounding box within its clip, with its
// draw list.
struct Grab {
    Rect rect;
    int list;
};
std::vector<Grab> slider_grabs(const ImDrawData& frame) {
    const ImU32 grab = ImGui::GetColorU32(ImGuiCol_SliderGrab);
    const ImU32 active = ImGui::GetColorU32(ImGuiCol_SliderGrabActive);
    std::vector<Grab> grabs;
    for (int l = 0; l < frame.CmdListsCount; ++l) {
        const ImDrawList& list = *frame.CmdLists[l];
        for (const ImDrawCmd& cmd : list.CmdBuffer) {
            if (cmd.UserCallback)
                continue;
            const Rect clip{cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z, cmd.ClipRect.w};
            for (unsigned i = 0; i + 3 <= cmd.ElemCount; i += 3) {
                const ImDrawIdx* idx = list.IdxBuffer.Data + cmd.IdxOffset + i;
                const ImDrawVert* v[3] = {list.VtxBuffer.Data + cmd.VtxOffset + idx[0],
                                          list.VtxBuffer.Data + cmd.VtxOffset + idx[1],
                                          list.VtxBuffer.Data + cmd.VtxOffset + idx[2]};
                const ImU32 colour = v[0]->col;
                if ((colour != grab && colour != active) || v[1]->col != colour || v[2]->col != colour)
                    continue;
                const Rect box{std::min({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x}),
                               std::min({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y}),
                               std::max({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x}),
                               std::max({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y})};
                grabs.push_back({intersection(box, clip), l});
            }
        }
    }
    return grabs;
}

// Whether a glyph of the text lies on a slider's grab of its own window (by more than the glyphs'
// antialiasing): a tooltip over a slider hides the grab. `root_of`: a glyph's or a grab's root window.
template <class RootOfList>
bool on_slider_grab(const Run& run, const std::vector<PlacedGlyph>& glyphs, const std::vector<int>& list_of_glyph,
                    const std::vector<Grab>& grabs, RootOfList root_of) {
    for (int i = run.first; i <= run.last; ++i)
        for (const Grab& grab : grabs) {
            if (root_of(grab.list) != root_of(list_of_glyph[i]))
                continue;
            const Rect overlap = intersection(intersection(glyphs[i].rect, glyphs[i].clip), grab.rect);
            if (overlap.width() > kTolerance && overlap.height() > kTolerance)
                return true;
        }
    return false;
}

std::string hex(const Colour& c) {
    char text[8];
    std::snprintf(text, sizeof text, "#%02X%02X%02X", static_cast<int>(std::lround(c.r * 255)),
                  static_cast<int>(std::lround(c.g * 255)), static_cast<int>(std::lround(c.b * 255)));
    return text;
}

// " has contrast 2.2:1 (#E69F00 on #FFFFFF), below 4.5:1" for a text with a glyph that reads too faintly
// on what lies under it (per glyph, in the glyph's own colour: a run of labels side by side can change
// colour, as the bank row's highlighted boxes do; under a glyph, the most common colour of five points,
// so that an arrow or a grid line crossing a digit is not its background); empty when every glyph
// reads, or when an image lies under one; glyphs mostly cut away by a scrolled edge are not judged. Text
// of a disabled control (drawn at Dear ImGui's DisabledAlpha) is left out, as WCAG leaves out inactive
// controls.
std::string low_contrast(const Run& run, const std::vector<PlacedGlyph>& glyphs,
                         const BackgroundRaster& raster) {
    double worst = 1e9;
    Colour worst_text, worst_under;
    const int last = std::min(run.last, run.first + 40);
    for (int i = run.first; i <= last; ++i) {
        const PlacedGlyph& g = glyphs[i];
        const double alpha = ((g.colour >> 24) & 0xFF) / 255.0;
        if (alpha < 1 && std::fabs(alpha - ImGui::GetStyle().DisabledAlpha) < 0.05)
            continue;
        const Rect visible = intersection(g.rect, g.clip);
        if (visible.width() < 0.7f * g.rect.width() || visible.height() < 0.7f * g.rect.height())
            continue; // cut by a scrolled edge (allowed above): too little of it shows to judge
        std::map<std::uint32_t, int> under; // colour (8 bits a channel) → samples
        std::map<std::uint32_t, Colour> exact;
        for (const auto [fx, fy] :
             {std::pair{0.5f, 0.5f}, {0.3f, 0.3f}, {0.7f, 0.7f}, {0.3f, 0.7f}, {0.7f, 0.3f}}) {
            Colour c;
            if (!raster.colour_at(visible.x0 + fx * visible.width(), visible.y0 + fy * visible.height(),
                                  g.place, c))
                return {};
            const std::uint32_t key = static_cast<std::uint32_t>(std::lround(c.r * 255)) << 16 |
                                      static_cast<std::uint32_t>(std::lround(c.g * 255)) << 8 |
                                      static_cast<std::uint32_t>(std::lround(c.b * 255));
            ++under[key];
            exact[key] = c;
        }
        const auto most = std::max_element(under.begin(), under.end(),
                                           [](const auto& a, const auto& b) { return a.second < b.second; });
        const Colour background = exact[most->first];
        const Colour text{alpha * ((g.colour >> 0) & 0xFF) / 255.0 + (1 - alpha) * background.r,
                          alpha * ((g.colour >> 8) & 0xFF) / 255.0 + (1 - alpha) * background.g,
                          alpha * ((g.colour >> 16) & 0xFF) / 255.0 + (1 - alpha) * background.b};
        if (const double ratio = contrast_ratio(text, background); ratio < worst)
            worst = ratio, worst_text = text, worst_under = background;
    }
    if (worst >= theme::kLeastTextContrast)
        return {};
    char text_ratio[16];
    std::snprintf(text_ratio, sizeof text_ratio, "%.2f", worst);
    return std::string(" has contrast ") + text_ratio + ":1 (" + hex(worst_text) + " on " + hex(worst_under) +
           "), below 4.5:1";
}

} // namespace

void note_scrolled_region(float x0, float y0, float x1, float y1, bool scrolls_x, bool scrolls_y) {
    if (scrolls_x || scrolls_y)
        g_noted_regions.push_back({{x0, y0, x1, y1}, scrolls_x, scrolls_y});
}

void note_text_field() {
    // The field's frame, where its text is clipped: the item's rectangle also holds a label beside it
    // ("Values"), whose edge is not where the text stops. Dear ImGui adds a text field with its frame as
    // the navigation rectangle. (CalcItemWidth() after the field is the next item's width, not this
    // one's: a field sized with SetNextItemWidth was cut in the Benchmark tab's settings.)
    const ImRect& frame = GImGui->LastItemData.NavRect;
    note_scrolled_region(frame.Min.x, frame.Min.y, frame.Max.x, frame.Max.y, true, false);
}

void new_frame() {
    g_noted_regions.clear();
    new_shown_frame();
}

bool checking() {
    return g_checking;
}

void begin_checked_frame() {
    g_checking = true;
    for (ImFont* font : ImGui::GetIO().Fonts->Fonts) {
        g_saved_ellipsis.emplace(font, font->EllipsisChar);
        font->EllipsisChar = kEllipsisMarker;
    }
}

void end_checked_frame() {
    g_checking = false;
    for (const auto& [font, ellipsis] : g_saved_ellipsis)
        font->EllipsisChar = ellipsis;
    g_saved_ellipsis.clear();
}

LayoutReport check_layout(const ImDrawData& frame, std::size_t limit, std::uint32_t clear_colour) {
    const GlyphTable table;
    const BackgroundRaster raster(frame,
                                  {((clear_colour >> 0) & 0xFF) / 255.0, ((clear_colour >> 8) & 0xFF) / 255.0,
                                   ((clear_colour >> 16) & 0xFF) / 255.0});
    const ImTextureID atlas = ImGui::GetIO().Fonts->TexID;
    std::vector<PlacedGlyph> glyphs;
    std::vector<int> list_of_glyph;
    std::vector<std::string> windows;
    std::vector<const void*>
        roots; // per draw list: its root window (texts checked against each other within one only)
    for (int l = 0; l < frame.CmdListsCount; ++l) {
        const ImDrawList& list = *frame.CmdLists[l];
        windows.push_back(list._OwnerName ? list._OwnerName : "(overlay)");
        const ImGuiWindow* owner = list._OwnerName ? ImGui::FindWindowByName(list._OwnerName) : nullptr;
        roots.push_back(owner ? static_cast<const void*>(owner->RootWindow)
                              : static_cast<const void*>(&list));
        for (int c = 0; c < list.CmdBuffer.Size; ++c) {
            const ImDrawCmd& cmd = list.CmdBuffer[c];
            if (cmd.UserCallback || cmd.TextureId != atlas)
                continue;
            read_glyphs(list, cmd, raster.place_of(l, c), table, glyphs);
            list_of_glyph.resize(glyphs.size(), l);
        }
    }
    const std::vector<Run> runs = group_runs(glyphs, windows, list_of_glyph);
    const std::vector<ScrolledRegion> regions = scrolled_regions();

    std::vector<std::string> problems;
    check_tab_bars(problems);
    check_window_sizes(problems);
    check_windows_on_screen(problems);
    check_tables(problems);
    for (const StepRowSpan& row : current_step_rows())
        if (!row_in_view(row) && problems.size() < limit)
            problems.push_back("the current step's row of " + row.view + " (y " + std::to_string(int(row.y0)) + "–" +
                               std::to_string(int(row.y1)) + ") is not wholly in view (y " +
                               std::to_string(int(row.visible_y0)) + "–" + std::to_string(int(row.visible_y1)) + ")");
    std::vector<bool> reported(runs.size(), false);
    const auto report = [&](int run, std::string message) {
        if (reported[run] || problems.size() >= limit)
            return;
        reported[run] = true;
        problems.push_back(std::move(message));
    };
    for (std::size_t r = 0; r < runs.size(); ++r) {
        const Run& run = runs[r];
        for (int i = run.first; i <= run.last; ++i)
            if (glyphs[i].codepoint == kEllipsisMarker)
                report(static_cast<int>(r),
                       quoted(run) + " shortened by Dear ImGui's ellipsis" + where(run, glyphs[run.first]));
        for (int i = run.first; i <= run.last; ++i) {
            if (const int side = unexplained_cut(glyphs[i], regions)) {
                report(static_cast<int>(r),
                       quoted(run) + " cut at its " + side_name(side) + " edge" + where(run, glyphs[i]));
                break;
            }
        }
    }

    const std::vector<Grab> grabs = slider_grabs(frame);
    for (std::size_t r = 0; r < runs.size(); ++r)
        if (on_slider_grab(runs[r], glyphs, list_of_glyph, grabs, [&](int list) { return roots[list]; }))
            report(static_cast<int>(r),
                   quoted(runs[r]) + " covered by a slider's grab" + where(runs[r], glyphs[runs[r].first]));

    for (std::size_t r = 0; r < runs.size(); ++r)
        if (const std::string low = low_contrast(runs[r], glyphs, raster); !low.empty())
            report(static_cast<int>(r), quoted(runs[r]) + low + where(runs[r], glyphs[runs[r].first]));

    // Overlaps between glyphs of different texts, found through square buckets of the screen.
    constexpr float kBucket = 64;
    std::unordered_map<std::int64_t, std::vector<int>> buckets;
    const auto bucket_key = [](int bx, int by) {
        return (static_cast<std::int64_t>(bx) << 32) ^ static_cast<std::uint32_t>(by);
    };
    for (int i = 0; i < static_cast<int>(glyphs.size()); ++i) {
        const Rect v = intersection(glyphs[i].rect, glyphs[i].clip);
        if (v.width() <= 0 || v.height() <= 0)
            continue;
        for (int bx = static_cast<int>(std::floor(v.x0 / kBucket));
             bx <= static_cast<int>(std::floor(v.x1 / kBucket)); ++bx)
            for (int by = static_cast<int>(std::floor(v.y0 / kBucket));
                 by <= static_cast<int>(std::floor(v.y1 / kBucket)); ++by)
                buckets[bucket_key(bx, by)].push_back(i);
    }
    std::map<std::pair<int, int>, bool> pairs_seen;
    for (const auto& [key, members] : buckets)
        for (std::size_t a = 0; a < members.size(); ++a)
            for (std::size_t b = a + 1; b < members.size(); ++b) {
                const PlacedGlyph& ga = glyphs[members[a]];
                const PlacedGlyph& gb = glyphs[members[b]];
                // A popup, menu or tooltip hides what lies under it: only texts of one root window
                // (a window with its child windows) can collide.
                if (ga.run == gb.run || roots[list_of_glyph[members[a]]] != roots[list_of_glyph[members[b]]])
                    continue;
                const Rect overlap =
                    intersection(intersection(ga.rect, ga.clip), intersection(gb.rect, gb.clip));
                if (overlap.width() <= kTolerance || overlap.height() <= kTolerance)
                    continue;
                const auto pair = std::minmax(ga.run, gb.run);
                if (pairs_seen[pair] || problems.size() >= limit)
                    continue;
                pairs_seen[pair] = true;
                problems.push_back(quoted(runs[pair.first]) + " overlaps " + quoted(runs[pair.second]) +
                                   where(runs[pair.first], ga));
            }
    return {runs.size(), std::move(problems)};
}

} // namespace prefixlab::layout
