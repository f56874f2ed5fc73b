#include "core/ground/kernel_facts.hpp"

#include "core/ground/scan_names.hpp"
#include "kernels/kernel_catalog.hpp"

#include <algorithm>

namespace prefixlab {

std::string_view description_of(BlockAlgorithm algorithm) {
    return dispatch_algorithm(algorithm, []<class Kernel>() { return std::string_view(Kernel::kDescription); });
}

KernelFamily family_of(BlockAlgorithm algorithm) {
    return dispatch_algorithm(algorithm, []<class Kernel>() { return Kernel::kFamily; });
}

KernelKind kind_of(BlockAlgorithm algorithm) {
    return dispatch_algorithm(algorithm, []<class Kernel>() { return Kernel::kKind; });
}

bool writes_every_output(BlockAlgorithm algorithm) {
    const KernelKind kind = kind_of(algorithm);
    return kind != KernelKind::block_reduce && kind != KernelKind::compaction;
}

bool has_exclusive_form(BlockAlgorithm algorithm) { return kind_of(algorithm) == KernelKind::block_scan; }

std::string_view no_exclusive_form_reason(BlockAlgorithm algorithm) {
    switch (kind_of(algorithm)) {
    case KernelKind::block_reduce:
        return "A reduction has one total and no exclusive form.";
    case KernelKind::compaction:
    case KernelKind::split:
        return "A compaction or a split moves elements, adding none: it has no exclusive form.";
    default:
        return "";
    }
}

bool is_racy(BlockAlgorithm algorithm) {
    return dispatch_algorithm(algorithm, []<class Kernel>() { return is_racy<Kernel>(); });
}

bool has_divergent_sync(BlockAlgorithm algorithm) {
    return dispatch_algorithm(algorithm, []<class Kernel>() { return has_divergent_sync<Kernel>(); });
}

const std::vector<BlockAlgorithm>& traceable_block_algorithms() {
    static const std::vector<BlockAlgorithm> algorithms = [] {
        std::vector<BlockAlgorithm> kept;
        for (const BlockAlgorithm algorithm : all_block_algorithms())
            if (!has_divergent_sync(algorithm))
                kept.push_back(algorithm);
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
    return dispatch_algorithm(algorithm, []<class Kernel>() -> std::optional<BlockAlgorithm> {
        if constexpr (has_companion<Kernel>())
            return block_algorithm_of<typename Kernel::Companion>;
        else
            return std::nullopt;
    });
}

BlockAlgorithm compare_counterpart_of(BlockAlgorithm algorithm) {
    if (const auto companion = companion_of(algorithm))
        return *companion;
    std::optional<BlockAlgorithm> twin, broken, first_other;
    for_each_block_scan_kernel([&]<class Kernel>() {
        const BlockAlgorithm other = block_algorithm_of<Kernel>;
        if constexpr (has_correct_twin<Kernel>()) {
            if (other == algorithm)
                twin = block_algorithm_of<typename Kernel::CorrectTwin>;
            else if (block_algorithm_of<typename Kernel::CorrectTwin> == algorithm && !broken)
                broken = other;
        }
        if (other != algorithm && !first_other && Kernel::kKind == kind_of(algorithm))
            first_other = other;
    });
    return twin ? *twin : broken ? *broken : first_other.value_or(algorithm);
}

namespace {

std::vector<PhaseSpec> collect_phase_specs() {
    std::vector<PhaseSpec> specs;
    const auto add = [&]<class Kernel>() {
        for (std::size_t i = 0; i < phase_count<Kernel>(); ++i)
            if (std::none_of(specs.begin(), specs.end(), [&](const PhaseSpec& s) { return s.phase == Kernel::kPhases[i].phase; }))
                specs.push_back(Kernel::kPhases[i]);
    };
    for_each_block_scan_kernel(add);
    for_each_grid_kernel(add);
    return specs;
}

std::vector<std::string_view> collect_source_paths() {
    std::vector<std::string_view> paths;
    const auto add = [&](std::string_view path) {
        if (std::find(paths.begin(), paths.end(), path) == paths.end())
            paths.push_back(path);
    };
    const auto add_kernel = [&]<class Kernel>() {
        add(Kernel::kSourcePath);
        for (std::size_t i = 0; i < helper_source_count<Kernel>(); ++i)
            add(helper_source_path<Kernel>(i));
    };
    for_each_block_scan_kernel(add_kernel);
    for_each_grid_kernel(add_kernel);
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
