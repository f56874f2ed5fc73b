#include "gui/views/narration_view.hpp"

#include "core/analysis/step_narration.hpp"
#include "gui/app_state.hpp"
#include "gui/theme.hpp"

#include <algorithm>
#include <imgui.h>
#include <string>

namespace prefixlab {

namespace {

std::size_t shown_step(const AppState& state, const LoadedTrace& loaded) {
    return std::min(static_cast<std::size_t>(std::max(state.step(), 0)), loaded.narration.size() - 1);
}

// One short line: it shares the strip with the sentence at lecture scale (1280×720 at 2× fits the
// sentence and this line in a quarter of the window); which threads were idle is in the tooltip.
std::string counters_line(const StepCounters& c) {
    return std::to_string(c.active_threads) + " of " + std::to_string(c.block_threads) + " threads active · work " +
           std::to_string(c.work) + " (serial " + std::to_string(c.serial_work) + ") · depth " +
           std::to_string(c.steps) + (c.steps == 1 ? " step, " : " steps, ") + std::to_string(c.barriers) +
           (c.barriers == 1 ? " barrier" : " barriers");
}

// The step's races, each with both threads: one said — one that read a new value where there is
// one, since that is the read that makes outputs wrong — and the rest counted. "" for none.
std::string race_line(const LoadedTrace& loaded, std::size_t step) {
    const auto in_step = [&](const RaceNote& r) { return r.step == step; };
    const auto count = std::count_if(loaded.races.begin(), loaded.races.end(), in_step);
    if (count == 0)
        return "";
    auto shown = std::find_if(loaded.races.begin(), loaded.races.end(),
                              [&](const RaceNote& r) { return in_step(r) && r.saw_new_value; });
    if (shown == loaded.races.end())
        shown = std::find_if(loaded.races.begin(), loaded.races.end(), in_step);
    std::string race = "Race: " + shown->text;
    if (count > 1)
        race += " (and " + std::to_string(count - 1) + " more racy reads in this step)";
    return race;
}

} // namespace

std::string narration_report(const AppState& state) {
    if (state.stepping_grid) {
        const LoadedGridTrace* grid = state.grid();
        if (grid == nullptr || grid->narration.empty())
            return "narration: none";
        return "narration: " + grid->narration[std::min<std::size_t>(state.grid_step(), grid->narration.size() - 1)] +
               "\ncounters: " + grid_counters_line(grid->trace, grid->steps, grid->model.totals, grid->timeline, state.grid_step());
    }
    const LoadedTrace* loaded = state.trace();
    if (loaded == nullptr || loaded->narration.empty())
        return "narration: none";
    const std::size_t step = shown_step(state, *loaded);
    const StepNarration& n = loaded->narration[step];
    std::string report = "narration: " + n.what + "\ncounters: " + counters_line(n.counters);
    if (const std::string race = race_line(*loaded, step); !race.empty())
        report += "\nrace: " + race.substr(race.find(':') + 2);
    report += "\nwrong: " + std::to_string(loaded->trace.check.wrong_count) + " of " +
              std::to_string(loaded->trace.output.size());
    return report;
}

namespace {

constexpr const char* kNoTrace = "No trace yet: the narration says what each step does once one is traced or opened.";

// The strip's lines at the current step: the sentence, the counters, the race (or "" for none).
struct StripLines {
    std::string what, counters, race;
};

// On a grid tab: the grid step's sentence, and the look-back summary as its counters.
StripLines grid_strip_lines(const AppState& state) {
    const LoadedGridTrace* grid = state.grid();
    if (grid == nullptr || grid->narration.empty())
        return {"No grid trace yet: the narration says what each phase did once one is traced.", "", ""};
    return {grid->narration[std::min<std::size_t>(state.grid_step(), grid->narration.size() - 1)],
            grid_counters_line(grid->trace, grid->steps, grid->model.totals, grid->timeline, state.grid_step()), ""};
}

StripLines strip_lines(const AppState& state, const LoadedTrace& loaded) {
    const std::size_t step = shown_step(state, loaded);
    const StepNarration& n = loaded.narration[step];
    return {n.what, counters_line(n.counters), race_line(loaded, step)};
}

} // namespace

float NarrationView::height(const AppState& state, float width) const {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float wrap = std::max(1.0f, width - 2 * style.WindowPadding.x);
    const auto lines_of = [&](const std::string& text) {
        return text.empty() ? 0.0f : ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap).y + style.ItemSpacing.y;
    };
    const LoadedTrace* loaded = state.trace();
    float content = 0;
    if (state.stepping_grid) {
        const StripLines lines = grid_strip_lines(state);
        content = lines_of(lines.what) + lines_of(lines.counters);
    } else if (loaded == nullptr || loaded->narration.empty()) {
        content = lines_of(kNoTrace);
    } else {
        const StripLines lines = strip_lines(state, *loaded);
        content = lines_of(lines.what) + lines_of(lines.counters) + lines_of(lines.race);
    }
    return content - style.ItemSpacing.y + 2 * style.WindowPadding.y;
}

void NarrationView::draw(AppState& state, const ViewContext&) {
    if (state.stepping_grid) {
        const StripLines lines = grid_strip_lines(state);
        ImGui::PushTextWrapPos(0);
        ImGui::TextUnformatted(lines.what.c_str());
        if (!lines.counters.empty())
            ImGui::TextDisabled("%s", lines.counters.c_str());
        ImGui::PopTextWrapPos();
        return;
    }
    const LoadedTrace* loaded = state.trace();
    if (loaded == nullptr || loaded->narration.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("%s", kNoTrace);
        ImGui::PopTextWrapPos();
        return;
    }
    const StripLines lines = strip_lines(state, *loaded);
    const StepNarration& n = loaded->narration[shown_step(state, *loaded)];
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(lines.what.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ImGui::TextUnformatted(lines.counters.c_str());
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s\nWork: combine operations recorded so far (a serial scan does n − 1).\n"
                          "Depth: steps so far, and how many of them a block barrier opened.",
                          n.who.c_str());
    if (const std::string& race = lines.race; !race.empty()) {
        const theme::Rgb e = theme::colours().error;
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(e.r / 255.0f, e.g / 255.0f, e.b / 255.0f, 1.0f));
        ImGui::TextUnformatted(race.c_str());
        ImGui::PopStyleColor();
    }
    ImGui::PopTextWrapPos();
}

} // namespace prefixlab
