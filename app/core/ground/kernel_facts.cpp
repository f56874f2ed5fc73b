#include "core/ground/kernel_facts.hpp"

#include "core/ground/kernel_info.hpp"
#include "core/ground/kernel_names.hpp"

#include <algorithm>

namespace prefixlab {

// Each fact is a read of the kernel's row (kernel_info.hpp), which the catalogue filled in once.

std::string_view description_of(BlockAlgorithm algorithm) {
    return kernel_info(algorithm).description;
}

KernelFamily family_of(BlockAlgorithm algorithm) {
    return kernel_info(algorithm).family;
}

KernelKind kind_of(BlockAlgorithm algorithm) {
    return kernel_info(algorithm).kind;
}

bool keeps_elements(BlockAlgorithm algorithm) {
    const KernelKind kind = kind_of(algorithm);
    return kind == KernelKind::compaction || kind == KernelKind::split;
}

bool takes_head_flags(BlockAlgorithm algorithm) {
    return kind_of(algorithm) == KernelKind::segmented_scan;
}

std::optional<ElementType> fixed_element_type(BlockAlgorithm algorithm) {
    if (takes_head_flags(algorithm))
        return ElementType::uint32;
    return std::nullopt;
}

bool writes_every_output(BlockAlgorithm algorithm) {
    return kernel_info(algorithm).writes_every_output;
}

bool has_exclusive_form(BlockAlgorithm algorithm) {
    return kernel_info(algorithm).exclusive_form;
}

std::string_view no_exclusive_form_reason(BlockAlgorithm algorithm) {
    return kernel_info(algorithm).no_exclusive_form_reason;
}

bool is_racy(BlockAlgorithm algorithm) {
    return kernel_info(algorithm).racy;
}

bool is_schedule_dependent(BlockAlgorithm algorithm) { return kernel_info(algorithm).schedule_dependent; }

bool has_divergent_sync(BlockAlgorithm algorithm) {
    return kernel_info(algorithm).divergent_sync;
}

const std::vector<BlockAlgorithm>& traceable_block_algorithms() {
    static const std::vector<BlockAlgorithm> algorithms = [] {
        std::vector<BlockAlgorithm> kept;
        for (const KernelInfo& row : kernel_infos())
            if (row.traceable)
                kept.push_back(row.algorithm);
        return kept;
    }();
    return algorithms;
}

std::string divergent_sync_refusal(BlockAlgorithm algorithm) {
    return std::string(name_of(algorithm)) +
           " has a barrier or shuffle that not every thread reaches and may hang a GPU: it runs there only in a "
           "child process with a timeout ('prefixlab quiz', or the Quiz tab)";
}

std::optional<BlockAlgorithm> companion_of(BlockAlgorithm algorithm) {
    return kernel_info(algorithm).companion;
}

BlockAlgorithm compare_counterpart_of(BlockAlgorithm algorithm) {
    return kernel_info(algorithm).compare_counterpart;
}

namespace {

std::vector<PhaseSpec> collect_phase_specs() {
    std::vector<PhaseSpec> specs;
    const auto add = [&](const std::vector<PhaseSpec>& phases) {
        for (const PhaseSpec& phase : phases)
            if (std::none_of(specs.begin(), specs.end(),
                             [&](const PhaseSpec& s) { return s.phase == phase.phase; }))
                specs.push_back(phase);
    };
    for (const KernelInfo& row : kernel_infos())
        add(row.phases);
    add(grid_kernel_phases());
    return specs;
}

std::vector<std::string_view> collect_source_paths() {
    std::vector<std::string_view> paths;
    const auto add = [&](std::string_view path) {
        if (std::find(paths.begin(), paths.end(), path) == paths.end())
            paths.push_back(path);
    };
    for (const KernelInfo& row : kernel_infos()) {
        add(row.source_path);
        for (std::string_view helper : row.helper_source_paths)
            add(helper);
    }
    for (std::string_view path : grid_kernel_source_paths())
        add(path);
    return paths;
}

} // namespace

const std::vector<PhaseSpec>& all_phase_specs() {
    static const std::vector<PhaseSpec> specs = collect_phase_specs();
    return specs;
}

const PhaseSpec* find_phase_spec(Phase phase) {
    for (const PhaseSpec& spec : all_phase_specs())
        if (spec.phase == phase)
            return &spec;
    return nullptr;
}

const std::vector<std::string_view>& all_kernel_source_paths() {
    static const std::vector<std::string_view> paths = collect_source_paths();
    return paths;
}

} // namespace prefixlab
