#include "core/analysis/grid_steps.hpp"

#include "core/ground/kernel_facts.hpp"
#include "core/ground/step_label.hpp"

#include <algorithm>
#include <map>

namespace prefixlab {

namespace {

// A phase's label for a grid step, which stands for all its levels: "reduce the run: tile {level}"
// becomes "reduce the run", "carry into tile {level} of the run" "carry into tile k of the run".
std::string label_for_all_levels(std::string label) {
    if (const auto colon = label.find(':'); colon != std::string::npos && label.find('{', colon) != std::string::npos)
        label.erase(colon);
    return fill_placeholders(label, [](std::string_view key) -> std::optional<std::string> {
        return key == "level" ? "k" : key == "offset" ? "δ" : std::optional<std::string>{};
    });
}

// Index of the block run of (launch, block) in trace.blocks, which is sorted that way.
std::map<std::pair<std::uint16_t, std::uint32_t>, std::size_t> runs_by_block(const GridTrace& trace) {
    std::map<std::pair<std::uint16_t, std::uint32_t>, std::size_t> runs;
    for (std::size_t i = 0; i < trace.blocks.size(); ++i)
        runs[{trace.blocks[i].launch, trace.blocks[i].block}] = i;
    return runs;
}

// A launch's phases in the order its blocks open them: every block of a launch runs the same kernel, so
// one order serves all; a phase some block opens that the first did not is added after the others.
std::vector<Phase> launch_phases(const GridTrace& trace, std::uint16_t launch, KernelFile file) {
    std::vector<Phase> phases;
    for (const GridBlockRun& run : trace.blocks) {
        if (run.launch != launch)
            continue;
        for (const StepTag& tag : run.steps)
            if (tag.file == file && std::find(phases.begin(), phases.end(), tag.phase) == phases.end())
                phases.push_back(tag.phase);
    }
    return phases;
}

// A single-pass scan's steps are its phases ("publish and look back"); a multi-launch driver's name
// their launch: "launch 2 · propagate", or where the launch has several phases, the phase: "launch 0 ·
// combine the warps into the run's partial" (the launch's name would make every such label two lines
// longer at 2×; the narration and the row's tooltip say it).
GridStep step_for(std::uint16_t launch, Phase phase, const GridLaunch& info, bool multi_launch, bool one_phase) {
    GridStep step{launch, phase, info.name, info.name};
    if (const PhaseSpec* spec = find_phase_spec(phase)) { // every grid kernel is in the catalogue
        step.name = spec->name;
        step.label = label_for_all_levels(spec->label);
    }
    if (multi_launch)
        step.label = "launch " + std::to_string(launch) + " · " + (one_phase ? info.name : step.label);
    return step;
}

} // namespace

GridSteps build_grid_steps(const GridTrace& trace) {
    GridSteps steps;
    const auto runs = runs_by_block(trace);
    // first grid step of each launch, and its phases
    std::vector<std::uint32_t> first(trace.launches.size(), 0);
    std::vector<std::vector<Phase>> phases(trace.launches.size());
    for (std::uint16_t l = 0; l < trace.launches.size(); ++l) {
        first[l] = static_cast<std::uint32_t>(steps.steps.size());
        const GridLaunch& info = trace.launches[l];
        phases[l] = launch_phases(trace, l, kernel_file_at(info.source_path.c_str()));
        const bool multi_launch = trace.launches.size() > 1;
        if (phases[l].empty()) // tile level, or a launch whose blocks were not kept: one step
            steps.steps.push_back(step_for(l, Phase{}, info, multi_launch, true));
        for (const Phase phase : phases[l])
            steps.steps.push_back(step_for(l, phase, info, multi_launch, phases[l].size() == 1));
        steps.tiles = std::max(steps.tiles, info.blocks);
    }

    // Each block step belongs to the phase of the launch's kernel file open at it.
    steps.of_block_step.resize(trace.blocks.size());
    for (std::size_t i = 0; i < trace.blocks.size(); ++i) {
        const GridBlockRun& run = trace.blocks[i];
        const KernelFile file = kernel_file_at(trace.launches.at(run.launch).source_path.c_str());
        const std::vector<Phase>& own = phases[run.launch];
        std::uint32_t current = first[run.launch];
        for (const StepTag& tag : run.steps) {
            if (tag.file == file) {
                const auto at = std::find(own.begin(), own.end(), tag.phase);
                current = first[run.launch] + static_cast<std::uint32_t>(at - own.begin());
            }
            steps.of_block_step[i].push_back(current);
        }
    }

    steps.of_access.resize(trace.accesses.size());
    for (std::size_t i = 0; i < trace.accesses.size(); ++i) {
        const GridAccessRecord& a = trace.accesses[i];
        const auto run = runs.find({a.launch, a.block});
        const std::vector<std::uint32_t>* of = run == runs.end() ? nullptr : &steps.of_block_step[run->second];
        steps.of_access[i] = of != nullptr && a.step < of->size() ? (*of)[a.step]
                             : a.launch < first.size()           ? first[a.launch]
                                                                 : 0;
    }

    // Which tiles took part in each step.
    steps.tile_in_step.assign(steps.steps.size(), std::vector<std::uint8_t>(steps.tiles, 0));
    std::vector<std::vector<std::uint32_t>> tile_of(trace.launches.size());
    for (std::uint16_t l = 0; l < trace.launches.size(); ++l)
        tile_of[l] = tiles_of_blocks(trace, l);
    const auto mark = [&](std::uint32_t step, std::uint16_t launch, std::uint32_t block) {
        if (launch >= tile_of.size() || block >= tile_of[launch].size() || step >= steps.steps.size())
            return;
        const std::uint32_t tile = tile_of[launch][block];
        if (tile < steps.tiles)
            steps.tile_in_step[step][tile] = 1;
    };
    for (std::size_t i = 0; i < trace.accesses.size(); ++i)
        mark(steps.of_access[i], trace.accesses[i].launch, trace.accesses[i].block);
    // A block's steps say it worked in a phase even where it touched nothing shared (the reduction).
    for (std::size_t i = 0; i < trace.blocks.size(); ++i)
        for (const std::uint32_t step : steps.of_block_step[i])
            mark(step, trace.blocks[i].launch, trace.blocks[i].block);
    return steps;
}

std::uint32_t grid_step_of(const GridTrace& trace, const GridSteps& steps, std::uint16_t launch, std::uint32_t block,
                           std::uint16_t block_step) {
    for (std::size_t i = 0; i < trace.blocks.size(); ++i)
        if (trace.blocks[i].launch == launch && trace.blocks[i].block == block && block_step < steps.of_block_step[i].size())
            return steps.of_block_step[i][block_step];
    for (std::uint32_t s = 0; s < steps.steps.size(); ++s)
        if (steps.steps[s].launch == launch)
            return s;
    return 0;
}

} // namespace prefixlab
