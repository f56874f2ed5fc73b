#include "core/ground/kernel_info.hpp"

#include "core/ground/kernel_names.hpp"
#include "kernels/common/cuda_limits.hpp"
#include "kernels/kernel_catalog.hpp"

#include <algorithm>
#include <utility>

namespace prefixlab {

namespace {

std::string_view no_exclusive_form_reason_of(KernelKind kind) {
    switch (kind) {
    case KernelKind::block_reduce:
        return "A reduction has one total and no exclusive form.";
    case KernelKind::compaction:
    case KernelKind::split:
        return "A compaction or a split moves elements, adding none: it has no exclusive form.";
    case KernelKind::sort:
        return "A sort moves keys, adding none: it has no exclusive form.";
    case KernelKind::bucketing:
    case KernelKind::bucketing_unordered:
        return "A bucketing moves keys, adding none: it has no exclusive form.";
    case KernelKind::histogram:
        return "A histogram counts keys: it has no exclusive form.";
    case KernelKind::segmented_scan:
        return "A segmented scan of pairs here is inclusive: an exclusive one puts the identity at each head, "
               "which shifting the pairs' scan does not.";
    default:
        return "";
    }
}

// The largest N a block of each size takes: threads_for() is read at every N, not inverted, so that
// a kernel whose threads round up (to whole warps) is measured as it is.
template <class Kernel>
std::vector<BlockSizeLimit> max_n_per_block() {
    std::vector<BlockSizeLimit> limits;
    for (const int threads : kLimitBlockSizes) {
        int max_n = 0;
        for (int n = 1; n <= Kernel::kMaxN; ++n)
            if (Kernel::threads_for(n) <= threads)
                max_n = n;
        limits.push_back({threads, max_n});
    }
    return limits;
}

template <class Kernel>
std::vector<std::string_view> helper_source_paths() {
    std::vector<std::string_view> paths;
    for (std::size_t i = 0; i < helper_source_count<Kernel>(); ++i)
        paths.emplace_back(helper_source_path<Kernel>(i));
    return paths;
}

template <class Kernel>
std::vector<PhaseSpec> phases() {
    return {std::begin(Kernel::kPhases), std::begin(Kernel::kPhases) + phase_count<Kernel>()};
}

template <class Kernel>
int textbook_order() {
    if constexpr (requires { Kernel::kTextbookOrder; })
        return Kernel::kTextbookOrder;
    else
        return 0;
}

// A row from one catalogue entry: every fact its entry states, with the optional members' defaults.
template <class Kernel>
KernelInfo row_of() {
    KernelInfo info;
    info.algorithm = block_algorithm_of<Kernel>;
    info.name = Kernel::kName;
    info.description = Kernel::kDescription;
    info.family = Kernel::kFamily;
    info.kind = Kernel::kKind;
    info.max_n = Kernel::kMaxN;
    info.elements_per_thread = Kernel::kElementsPerThread;
    info.threads_for = [](int n) { return Kernel::threads_for(n); };
    info.max_block_threads = kMaxBlockThreads;
    info.max_n_per_block = max_n_per_block<Kernel>();
    info.exclusive_form = Kernel::kKind == KernelKind::block_scan;
    info.no_exclusive_form_reason = no_exclusive_form_reason_of(Kernel::kKind);
    info.writes_every_output = Kernel::kKind != KernelKind::block_reduce && Kernel::kKind != KernelKind::compaction &&
                               Kernel::kKind != KernelKind::histogram;
    info.watches_registers = Kernel::kWatchesRegisters;
    info.racy = is_racy<Kernel>();
    info.schedule_dependent = is_schedule_dependent<Kernel>();
    info.divergent_sync = has_divergent_sync<Kernel>();
    info.traceable = !info.divergent_sync; // the emulator reports a divergent sync instead of a trace
    if constexpr (has_correct_twin<Kernel>())
        info.correct_twin = block_algorithm_of<typename Kernel::CorrectTwin>;
    if constexpr (has_companion<Kernel>())
        info.companion = block_algorithm_of<typename Kernel::Companion>;
    info.textbook_order = textbook_order<Kernel>();
    info.source_path = Kernel::kSourcePath;
    info.file = Kernel::kFile;
    info.helper_source_paths = helper_source_paths<Kernel>();
    info.phases = phases<Kernel>();
    if constexpr (requires { Kernel::kBufferLabels; })
        info.buffer_labels.assign(std::begin(Kernel::kBufferLabels), std::end(Kernel::kBufferLabels));
    return info;
}

// Compare mode's first partner: the companion, else the correct twin (a wrong kernel's), else the first
// wrong kernel whose twin it is, else the catalogue's first other kernel of its kind, else itself.
BlockAlgorithm compare_counterpart(const std::vector<KernelInfo>& rows, const KernelInfo& row) {
    if (row.companion)
        return *row.companion;
    if (row.correct_twin)
        return *row.correct_twin;
    for (const KernelInfo& other : rows)
        if (other.correct_twin == row.algorithm)
            return other.algorithm;
    for (const KernelInfo& other : rows)
        if (other.algorithm != row.algorithm && other.kind == row.kind)
            return other.algorithm;
    return row.algorithm;
}

std::vector<KernelInfo> make_kernel_infos() {
    std::vector<KernelInfo> rows;
    for_each_block_kernel([&]<class Kernel>() { rows.push_back(row_of<Kernel>()); });
    for (KernelInfo& row : rows) {
        row.compare_counterpart = compare_counterpart(rows, row);
        const bool twin_of_wrong = std::ranges::any_of(
            rows, [&](const KernelInfo& other) { return other.correct_twin == row.algorithm; });
        row.quiz_role = row.correct_twin ? QuizRole::wrong
                        : twin_of_wrong  ? QuizRole::correct
                                         : QuizRole::none;
    }
    return rows;
}

// --- grid drivers ---

// The files of the kernels a driver launches (with the warp-shuffle body, the default), each once.
template <class... Launched>
std::vector<std::string_view> launched_sources() {
    std::vector<std::string_view> paths;
    const auto add_kernel = [&]<class Kernel>() {
        const auto add = [&](std::string_view path) {
            if (std::ranges::find(paths, path) == paths.end())
                paths.push_back(path);
        };
        add(Kernel::kSourcePath);
        for (std::size_t i = 0; i < helper_source_count<Kernel>(); ++i)
            add(helper_source_path<Kernel>(i));
    };
    (add_kernel.template operator()<Launched>(), ...);
    return paths;
}

// The kernels each driver launches are those of its plan (kernels/grid/grid_driver_plan.hpp).
std::vector<std::string_view> driver_sources(GridDriver driver) {
    using Body = WarpShuffleScan;
    switch (driver) {
    case GridDriver::scan_then_propagate:
        return launched_sources<ScanTileStoreTotal<Body>, PropagateTilePrefix>();
    case GridDriver::reduce_then_scan:
        return launched_sources<ReduceTiles, ScanTileWithCarry<Body>>();
    case GridDriver::two_level:
        return launched_sources<ReduceRuns, ScanTileWithCarry<Body>, ScanRuns<Body>>();
    case GridDriver::atomic_global:
        return launched_sources<ScanTileAddToLater<Body>, PropagateTilePrefix>();
    case GridDriver::chained:
    case GridDriver::decoupled_look_back:
        return launched_sources<SinglePassScan<Body>>();
    }
    return {};
}

std::string_view driver_description(GridDriver driver) {
    switch (driver) {
    case GridDriver::scan_then_propagate:
        return "Scan every tile and store its total; scan the totals; add each tile's prefix to its "
               "elements.";
    case GridDriver::reduce_then_scan:
        return "Reduce every tile to its total; scan the totals; scan every tile again with its prefix "
               "as carry.";
    case GridDriver::two_level:
        return "Merrill's two-level reduce-then-scan: a fixed number of blocks, each reducing, then "
               "scanning, its own run of tiles.";
    case GridDriver::atomic_global:
        return "The lecture's global scan: each tile atomically adds its total to every later tile, "
               "then an update kernel adds each tile's partial.";
    case GridDriver::chained:
        return "Single pass: each tile waits for its predecessor's inclusive prefix.";
    case GridDriver::decoupled_look_back:
        return "Single pass: each tile looks back over its predecessors' published aggregates and "
               "prefixes (Merrill & Garland 2016).";
    }
    return "";
}

std::vector<GridDriverInfo> make_grid_driver_infos() {
    std::vector<GridDriverInfo> rows;
    for (const GridDriver driver : all_grid_drivers()) {
        GridDriverInfo info;
        info.driver = driver;
        info.name = name_of(driver);
        info.description = driver_description(driver);
        info.single_pass = is_single_pass(driver);
        info.deterministic = is_deterministic(driver);
        info.source_paths = driver_sources(driver);
        rows.push_back(std::move(info));
    }
    return rows;
}

} // namespace

const std::vector<KernelInfo>& kernel_infos() {
    static const std::vector<KernelInfo> rows = make_kernel_infos();
    return rows;
}

const KernelInfo& kernel_info(BlockAlgorithm algorithm) {
    const std::vector<KernelInfo>& rows = kernel_infos();
    return rows[std::min<std::size_t>(static_cast<std::size_t>(algorithm), rows.size() - 1)];
}

std::string_view buffer_name(BlockAlgorithm algorithm, BufferId buffer) {
    for (const BufferLabel& label : kernel_info(algorithm).buffer_labels)
        if (label.id == buffer)
            return label.name;
    return name_of(buffer);
}

const KernelInfo* find_kernel_info(std::string_view name) {
    for (const KernelInfo& row : kernel_infos())
        if (row.name == name)
            return &row;
    return nullptr;
}

const std::vector<GridDriverInfo>& grid_driver_infos() {
    static const std::vector<GridDriverInfo> rows = make_grid_driver_infos();
    return rows;
}

const GridDriverInfo& grid_driver_info(GridDriver driver) {
    for (const GridDriverInfo& row : grid_driver_infos())
        if (row.driver == driver)
            return row;
    return grid_driver_infos().back(); // never: every driver has a row (tests/cpu/test_kernel_info.cpp)
}

const std::vector<std::string_view>& grid_kernel_source_paths() {
    static const std::vector<std::string_view> paths = [] {
        std::vector<std::string_view> all;
        for_each_grid_kernel([&]<class Kernel>() {
            all.emplace_back(Kernel::kSourcePath);
            for (std::size_t i = 0; i < helper_source_count<Kernel>(); ++i)
                all.emplace_back(helper_source_path<Kernel>(i));
        });
        return all;
    }();
    return paths;
}

const std::vector<PhaseSpec>& grid_kernel_phases() {
    static const std::vector<PhaseSpec> specs = [] {
        std::vector<PhaseSpec> all;
        for_each_grid_kernel([&]<class Kernel>() {
            const std::vector<PhaseSpec> own = phases<Kernel>();
            all.insert(all.end(), own.begin(), own.end());
        });
        return all;
    }();
    return specs;
}

} // namespace prefixlab
