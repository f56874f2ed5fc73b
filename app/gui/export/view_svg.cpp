#include "gui/export/view_svg.hpp"

#include "core/util/atomic_file.hpp"
#include "gui/export/svg_from_draw_data.hpp"
#include "gui/imgui_layer.hpp"
#include "gui/render/vector_frame.hpp"
#include "gui/theme.hpp"

#include <chrono>
#include <cstdio>
#include <imgui.h>

namespace prefixlab {

void ViewSvgFrame::begin() {
    if (active_)
        return;
    ImGuiStyle& style = ImGui::GetStyle();
    lines_ = style.AntiAliasedLines;
    lines_texture_ = style.AntiAliasedLinesUseTex;
    fill_ = style.AntiAliasedFill;
    style.AntiAliasedLines = style.AntiAliasedLinesUseTex = style.AntiAliasedFill = false;
    render::set_vector_frame(true);
    active_ = true;
}

void ViewSvgFrame::end() {
    if (!active_)
        return;
    ImGuiStyle& style = ImGui::GetStyle();
    style.AntiAliasedLines = lines_;
    style.AntiAliasedLinesUseTex = lines_texture_;
    style.AntiAliasedFill = fill_;
    render::set_vector_frame(false);
    active_ = false;
}

std::string ViewSvgFrame::write(const std::string& path, const ImGuiLayer& imgui) const {
    const auto start = std::chrono::steady_clock::now();
    const ImDrawData* data = ImGui::GetDrawData();
    if (data == nullptr || !data->Valid)
        throw FileError("cannot export the view as SVG: the frame was not drawn");
    const DrawDataSvg svg = svg_from_draw_data(*data, *ImGui::GetIO().Fonts, imgui.mono_fonts(),
                                               theme::packed(theme::colours().background));
    write_file_atomically(path, [&](std::ostream& out) { out << svg.document; });
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    char summary[160];
    std::snprintf(summary, sizeof summary, "exported the view as SVG (%d texts, %d rectangles, %.0f KB, %.0f ms", svg.texts,
                  svg.rects, static_cast<double>(svg.document.size()) / 1024.0, 1000 * seconds);
    std::string line = summary;
    if (svg.skipped_images > 0)
        line += "; " + std::to_string(svg.skipped_images) + " image(s) left out";
    return line + "): " + quoted_path(path);
}

} // namespace prefixlab
