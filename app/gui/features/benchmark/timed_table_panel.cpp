#include "gui/features/benchmark/timed_table_panel.hpp"

#include "core/bench/bench_sizes.hpp"
#include "core/bench/timed_table_figure.hpp"
#include "core/capture/gpu_info.hpp"
#include "core/plot/plot_export.hpp"
#include "core/plot/table_figure.hpp"
#include "gui/features/benchmark/bench_state.hpp"
#include "gui/layout/layout_check.hpp"
#include "gui/value_slider.hpp"
#include "gui/render/imgui_plot_painter.hpp"
#include "gui/theme.hpp"
#include "gui/views/flow_layout.hpp"
#include "gui/widgets.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <imgui.h>
#include <optional>

namespace prefixlab {

namespace {

std::string table_label(const ShownTimedTable& shown, const TimedTableKind& kind) {
    // the figure's title without the kind's name ("N = 2^28, 256 bins, uniform"): every parameter, named
    if (kind.figure_title != nullptr) {
        const std::string title = kind.figure_title(shown.table);
        const std::size_t from = title.find("N = ");
        return (from == std::string::npos ? title : title.substr(from)) + " · " + shown.table.device + " · " +
               shown.origin;
    }
    // the parameters that tell a table from the others of its N: a compaction table's share kept, a sort
    // table's key bits
    std::string parameter;
    for (std::size_t p = 0; p < kind.parameters.size() && p < shown.table.parameters.size(); ++p)
        if (!kind.parameters[p].shown.empty())
            parameter += " · " + std::to_string(shown.table.parameters[p]) + kind.parameters[p].shown;
    return "N = " + format_size(shown.table.n) + parameter + " · " + shown.table.device + " · " + shown.origin;
}

// `text` cut at a character boundary with "…" so that it is at most `width` wide (a combo's preview;
// the tooltip has the whole).
std::string fitted(const std::string& text, float width) {
    if (ImGui::CalcTextSize(text.c_str()).x <= width)
        return text;
    std::string cut = text;
    while (!cut.empty()) {
        while (!cut.empty() && (static_cast<unsigned char>(cut.back()) & 0xC0) == 0x80)
            cut.pop_back(); // the last character's continuation bytes
        if (!cut.empty())
            cut.pop_back(); // its lead byte, or the ASCII character
        if (ImGui::CalcTextSize((cut + "…").c_str()).x <= width)
            break;
    }
    return cut + "…";
}

// The table picker: every table loaded, newest last.
void draw_picker(TimedTableState& tables) {
    const ShownTimedTable* current = tables.current();
    const float em = ImGui::GetFontSize();
    const float width = std::min(ImGui::GetContentRegionAvail().x, em * 18);
    ImGui::SetNextItemWidth(width);
    const float preview = width - ImGui::GetFrameHeight() - 2 * ImGui::GetStyle().FramePadding.x;
    if (ImGui::BeginCombo(("##" + tables.source().file_tag).c_str(), fitted(current ? table_label(*current, *tables.source().kind) : "no table yet", preview).c_str())) {
        for (std::size_t i = 0; i < tables.tables().size(); ++i) {
            ImGui::PushID(static_cast<int>(i));
            if (ImGui::Selectable(table_label(tables.tables()[i], *tables.source().kind).c_str(), i == tables.selected()))
                tables.select(i);
            ImGui::PopID();
        }
        ImGui::EndCombo();
    }
    if (current && ImGui::IsItemHovered())
        tooltip("%s\n%s%s\ntimed %s\n%zu rows (the figure shows the lecture's; the CSV holds all)",
                          current->origin.c_str(), current->table.device.c_str(),
                          current->table.driver.empty() ? "" : (", driver " + current->table.driver).c_str(),
                          current->table.date.c_str(), current->table.rows.size());
}

constexpr const char* kBenchViews[] = {"Scan sweep", "Reduction table",  "Compaction table",
                                       "Sort table", "Histogram table", "Segmented table"};

} // namespace

float bench_view_picker_width() {
    float widest = 0;
    for (const char* view : kBenchViews)
        widest = std::max(widest, ImGui::CalcTextSize(view).x);
    return widest + ImGui::GetFrameHeight() + 2 * ImGui::GetStyle().FramePadding.x; // the arrow, the padding
}

void draw_bench_view_picker(BenchState& bench) {
    ImGui::SetNextItemWidth(bench_view_picker_width());
    int view = static_cast<int>(bench.shows);
    if (ImGui::Combo("##bench-view", &view, kBenchViews, IM_ARRAYSIZE(kBenchViews)))
        bench.shows = static_cast<BenchShows>(view);
    if (ImGui::IsItemHovered())
        tooltip("Scan sweep: the scans' times across N, plotted.\nReduction table: Harris's seven "
                "reduction kernels, the shuffle reductions, CUB, Thrust and the CPU at one N (time, GB/s, "
                "share of a read-only pass, speedups).\nCompaction table: compaction and split, two-pass and "
                "single-pass, against CUB, Thrust, the copy and the CPU at one N and share kept.\nSort table: radix "
                "sorts of uint32 keys and pairs, Onesweep and the textbook's, against CUB, Thrust, the copy and the "
                "CPU at one N.\nHistogram table: 256 bins by global, shared and warp-aggregated atomics against CUB's "
                "HistogramEven, the read pass and the CPU at one N.\nSegmented table: scans by key (segments of mean "
                "length 1000) against CUB's InclusiveScanByKey, the copy and the CPU at one N");
}

void TimedTablePanel::draw_controls(BenchState& bench, bool& shown) {
    TimedTableState& tables = bench.tables_of(table_);
    draw_bench_view_picker(bench);
    same_line_if_fits(ImGui::GetFontSize() * 18);
    draw_picker(tables);
    const char* toggle = shown ? "◂ Controls" : "Controls ▸";
    same_line_if_fits(button_width(toggle));
    if (ImGui::Button(toggle))
        shown = !shown;
    if (ImGui::IsItemHovered())
        tooltip("Show or hide timing a table here, opening one, and the exports");

    // Files being read (at start, or opened) show their progress with the controls hidden too.
    const float em = ImGui::GetFontSize();
    if (tables.reading()) {
        same_line_if_fits(em * 12);
        draw_reading_progress(tables.read_progress(), "reading tables", em * 12);
    }

    // Timing a table here: the GPU's rows where there is one, else the CPU's. A table being timed shows
    // its progress with the controls hidden too.
    if (!shown && !tables.running())
        return;
    if (!tables.running()) {
        same_line_if_fits(em * 7 + button_width("Time here"));
        ImGui::SetNextItemWidth(em * 7);
        slider_int(("##n-" + tables.source().file_tag).c_str(), &n_exponent_, 10, 30, "N = 2^%d");
        ImGui::SameLine();
        if (ImGui::Button("Time here"))
            tables.start(std::uint64_t(1) << n_exponent_, repetitions_);
        if (ImGui::IsItemHovered())
            tooltip("%s", gpu_info().available
                                        ? (table_ == BenchShows::compact_table
                                               ? "Time every row on this GPU and the CPU, half the elements kept "
                                                 "(about a minute at 2^28)"
                                           : table_ == BenchShows::sort_table
                                               ? "Time every row on this GPU and the CPU, random keys (about two "
                                                 "minutes at 2^28, most of it the CPU's sorts)"
                                           : table_ == BenchShows::histogram_table
                                               ? "Time every row on this GPU and the CPU, 256 bins, uniform keys"
                                           : table_ == BenchShows::segmented_table
                                               ? "Time every row on this GPU and the CPU, segments of mean length 1000"
                                               : "Time every row on this GPU and the CPU (about a minute at 2^28)")
                                        : ("No CUDA GPU (" + gpu_info().reason + "): the CPU rows only").c_str());
    } else {
        same_line_if_fits(button_width("Cancel"));
        if (ImGui::Button("Cancel"))
            tables.cancel();
        ImGui::SameLine();
        char overlay[160];
        std::snprintf(overlay, sizeof overlay, "%.0f %%  ·  %s", 100 * tables.progress(), tables.activity().c_str());
        ImGui::PushStyleColor(ImGuiCol_PlotHistogram, theme::packed(theme::colours().progress));
        ImGui::ProgressBar(static_cast<float>(tables.progress()), ImVec2(std::max(em * 8, ImGui::GetContentRegionAvail().x), 0),
                           overlay);
        ImGui::PopStyleColor();
    }
    if (!shown)
        return;

    // Exports of the table shown, into the tab's export folder.
    const bool can_draw = plot_export_available();
    const char* kFormats[] = {"PNG", "SVG", "PDF"};
    const PlotFileFormat kFileFormats[] = {PlotFileFormat::png, PlotFileFormat::svg, PlotFileFormat::pdf};
    ImGui::BeginDisabled(tables.current() == nullptr || bench.exporting());
    for (int f = 0; f < 3; ++f) {
        same_line_if_fits(button_width(kFormats[f]));
        ImGui::BeginDisabled(!can_draw);
        if (ImGui::Button(kFormats[f]))
            bench.export_table(tables, kFileFormats[f]);
        ImGui::EndDisabled();
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            tooltip("%s", can_draw ? ("The table as a 1600x900 slide in " + bench.export_folder).c_str()
                                             : plot_export_unavailable_reason().c_str());
    }
    same_line_if_fits(button_width("CSV"));
    if (ImGui::Button("CSV"))
        bench.export_table(tables, std::nullopt);
    if (ImGui::IsItemHovered())
        tooltip("Every row of the table as CSV in %s", bench.export_folder.c_str());
    ImGui::EndDisabled();
    same_line_if_fits(checkbox_width("dark"));
    ImGui::Checkbox("dark", &bench.dark_plot);

    // Opening a table written by prefixlab reduce-table (compact-table) --csv (on the GPU machine, say).
    same_line_if_fits(em * 12 + button_width("Open"));
    ImGui::SetNextItemWidth(em * 12);
    ImGui::InputTextWithHint(("##open-" + tables.source().file_tag).c_str(), "table CSV to open", open_path_,
                             sizeof open_path_);
    layout::note_text_field();
    ImGui::SameLine();
    if (ImGui::Button(("Open##" + tables.source().file_tag).c_str()) && open_path_[0] != '\0')
        tables.open(open_path_);
}

void TimedTablePanel::draw_figure(BenchState& bench, const ViewContext& context) {
    const TimedTableState& tables = bench.tables_of(table_);
    const ShownTimedTable* shown = tables.current();
    if (shown == nullptr) {
        const std::string& kind = tables.source().kind->name;
        ImGui::TextWrapped("%s", tables.reading() ? ("Reading the " + kind + " tables…").c_str()
                                                  : ("No " + kind + " table yet: time one here, or open a CSV from "
                                                     "prefixlab " + tables.source().file_tag + " --csv").c_str());
        return;
    }
    // The figure takes the whole width and the height that gives it (text about the UI's size at a
    // 1280-pixel window); where that is taller than the room left, the tab scrolls rather than the text
    // shrinking below what the back of a hall can read.
    const PlotStyle style = bench.dark_plot ? PlotStyle::dark(context.ui_scale) : PlotStyle::light(context.ui_scale);
    const TableFigure figure = timed_table_figure(*tables.source().kind, shown->table);
    ImGuiPlotPainter measure(nullptr, ImGui::GetFont());
    const Vec2f natural = table_figure_size(figure, measure, style);
    const ImVec2 room = ImGui::GetContentRegionAvail();
    const auto height_at = [&](float width) { return std::ceil(natural.y * width / std::max(1.0f, natural.x)); };
    ImVec2 size(std::floor(room.x), 0);
    if (height_at(size.x) > room.y) // room for the scroll bar that will appear
        size.x = std::floor(width_beside_scroll_bar());
    size.y = std::max(std::floor(room.y), height_at(size.x));
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::Dummy(size);
    char key[160];
    std::snprintf(key, sizeof key, "%p|%zu|%.0fx%.0f|%.3f|%d|%p", static_cast<const void*>(shown),
                  shown->table.rows.size(), size.x, size.y, context.ui_scale, int(bench.dark_plot),
                  static_cast<void*>(ImGui::GetFont()));
    ImFont* font = ImGui::GetFont();
    texture_.draw(ImGui::GetWindowDrawList(), origin, size, key, [&](ImDrawList& picture, ImVec2 picture_size) {
        ImGuiPlotPainter painter(&picture, font);
        draw_table_figure(figure, painter, {0, 0}, {picture_size.x, picture_size.y}, style);
    });
}

void TimedTablePanel::draw(BenchState& bench, const ViewContext& context) {
    bool shown = controls_choice_.value_or(ImGui::GetContentRegionAvail().y >= ImGui::GetFontSize() * kRoomyEms);
    const bool was_shown = shown;
    draw_controls(bench, shown);
    if (shown != was_shown)
        controls_choice_ = shown;
    ImGui::Spacing();
    draw_figure(bench, context);
}

} // namespace prefixlab
