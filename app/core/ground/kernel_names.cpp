#include "core/ground/kernel_names.hpp"

#include "core/ground/kernel_facts.hpp"
#include "core/ground/kernel_info.hpp"

#include <array>
#include <string>
#include <utility>

namespace prefixlab {

namespace {

template <class Enum, std::size_t N>
using NameTable = std::array<std::pair<Enum, std::string_view>, N>;

constexpr NameTable<ElementType, 3> kTypeNames{{
    {ElementType::int32, "int32"},
    {ElementType::uint32, "uint32"},
    {ElementType::float32, "float"},
}};

constexpr NameTable<ScanOperator, 3> kOperatorNames{{
    {ScanOperator::add, "add"},
    {ScanOperator::max, "max"},
    {ScanOperator::min, "min"},
}};

constexpr NameTable<InputKind, 4> kInputNames{{
    {InputKind::ones, "ones"},
    {InputKind::iota, "iota"},
    {InputKind::random, "random"},
    {InputKind::values, "values"},
}};

constexpr NameTable<StepOpening, 3> kOpeningNames{{
    {StepOpening::kernel_start, "kernel-start"},
    {StepOpening::barrier, "barrier"},
    {StepOpening::shuffle, "shuffle"},
}};

constexpr NameTable<BufferId, kBufferIdCount> kBufferNames{{
    {BufferId::data, "data"},
    {BufferId::ping, "ping"},
    {BufferId::pong, "pong"},
    {BufferId::warp_totals, "warp_totals"},
    {BufferId::input, "input"},
    {BufferId::output, "output"},
    {BufferId::grid_words, "grid_words"},
    {BufferId::tile_totals, "tile_totals"},
    {BufferId::tile_status, "tile_status"},
    {BufferId::tile_counter, "tile_counter"},
}};

constexpr NameTable<WarpOrder, 3> kWarpOrderNames{{
    {WarpOrder::in_order, "in-order"},
    {WarpOrder::reversed, "reversed"},
    {WarpOrder::interleaved, "interleaved"},
}};

constexpr NameTable<GridDriver, 6> kGridDriverNames{{
    {GridDriver::scan_then_propagate, "scan-then-propagate"},
    {GridDriver::reduce_then_scan, "reduce-then-scan"},
    {GridDriver::two_level, "two-level"},
    {GridDriver::atomic_global, "atomic-global"},
    {GridDriver::chained, "chained"},
    {GridDriver::decoupled_look_back, "decoupled-look-back"},
}};

constexpr NameTable<ReduceFinish, 3> kReduceFinishNames{{
    {ReduceFinish::recursive, "recursive"},
    {ReduceFinish::atomic, "atomic"},
    {ReduceFinish::cpu, "cpu"},
}};

constexpr NameTable<TileScanBody, 3> kTileBodyNames{{
    {TileScanBody::warp_shuffle, "warp-shuffle"},
    {TileScanBody::blelloch, "blelloch"},
    {TileScanBody::registers, "registers"},
}};

constexpr NameTable<TileOrder, 2> kTileOrderNames{{
    {TileOrder::atomic_counter, "counter"},
    {TileOrder::block_index, "block"},
}};

constexpr NameTable<GridSortForm, 3> kGridSortFormNames{{
    {GridSortForm::none, "none"},
    {GridSortForm::textbook, "textbook"},
    {GridSortForm::onesweep, "onesweep"},
}};

constexpr NameTable<KernelFamily, 6> kFamilyNames{{
    {KernelFamily::scan, "scan"},
    {KernelFamily::reduction, "reduction"},
    {KernelFamily::compaction, "compaction"},
    {KernelFamily::quiz_variant, "quiz-variant"},
    {KernelFamily::sort, "sort"},
    {KernelFamily::histogram, "histogram"},
}};

constexpr NameTable<KernelKind, 10> kKindNames{{
    {KernelKind::block_scan, "block-scan"},
    {KernelKind::block_reduce, "block-reduce"},
    {KernelKind::compaction, "compaction"},
    {KernelKind::split, "split"},
    {KernelKind::multi_block_driver, "multi-block-driver"},
    {KernelKind::sort, "sort"},
    {KernelKind::bucketing, "bucketing"},
    {KernelKind::bucketing_unordered, "bucketing-unordered"},
    {KernelKind::histogram, "histogram"},
    {KernelKind::segmented_scan, "segmented-scan"},
}};

constexpr NameTable<KernelLevel, 2> kLevelNames{{
    {KernelLevel::block, "block"},
    {KernelLevel::grid, "grid"},
}};

constexpr NameTable<QuizRole, 3> kQuizRoleNames{{
    {QuizRole::none, "none"},
    {QuizRole::wrong, "wrong"},
    {QuizRole::correct, "correct"},
}};

constexpr NameTable<WarpOrder, 3> kWarpOrderPhrases{{
    {WarpOrder::in_order, "warps in order"},
    {WarpOrder::reversed, "warps reversed"},
    {WarpOrder::interleaved, "lanes interleaved access by access"},
}};

template <class Enum, std::size_t N>
std::string_view lookup_name(const NameTable<Enum, N>& table, Enum value) {
    for (const auto& [key, name] : table)
        if (key == value)
            return name;
    return "?";
}

template <class Enum, std::size_t N>
std::optional<Enum> lookup_value(const NameTable<Enum, N>& table, std::string_view name) {
    for (const auto& [key, entry] : table)
        if (entry == name)
            return key;
    return std::nullopt;
}

template <class Enum, std::size_t N>
std::vector<Enum> all_of(const NameTable<Enum, N>& table) {
    std::vector<Enum> values;
    for (const auto& entry : table)
        values.push_back(entry.first);
    return values;
}

} // namespace

// Algorithm names, phase names and source paths come from the kernel table (kernel_info.hpp, built from
// the catalogue), every other name from the tables above.
std::string_view name_of(BlockAlgorithm algorithm) {
    if (static_cast<std::size_t>(algorithm) >= kernel_infos().size())
        return "?";
    return kernel_info(algorithm).name;
}
std::string_view name_of(ElementType type) { return lookup_name(kTypeNames, type); }
std::string_view name_of(ScanOperator op) { return lookup_name(kOperatorNames, op); }
std::string_view name_of(InputKind kind) { return lookup_name(kInputNames, kind); }
std::string_view name_of(Phase phase) {
    const PhaseSpec* spec = find_phase_spec(phase);
    return spec == nullptr ? "?" : spec->name;
}
std::string_view name_of(StepOpening opening) { return lookup_name(kOpeningNames, opening); }
std::string_view name_of(BufferId buffer) { return lookup_name(kBufferNames, buffer); }
std::string_view name_of(WarpOrder order) { return lookup_name(kWarpOrderNames, order); }
std::string_view phrase_of(WarpOrder order) { return lookup_name(kWarpOrderPhrases, order); }
std::string_view name_of(GridDriver driver) { return lookup_name(kGridDriverNames, driver); }
std::string_view name_of(ReduceFinish finish) { return lookup_name(kReduceFinishNames, finish); }
std::string_view name_of(TileScanBody body) { return lookup_name(kTileBodyNames, body); }
std::string_view name_of(TileOrder order) { return lookup_name(kTileOrderNames, order); }
std::string_view name_of(GridSortForm form) { return lookup_name(kGridSortFormNames, form); }
std::string_view name_of(KernelFamily family) { return lookup_name(kFamilyNames, family); }
std::string_view name_of(KernelKind kind) { return lookup_name(kKindNames, kind); }
std::string_view name_of(KernelLevel level) { return lookup_name(kLevelNames, level); }
std::string_view name_of(QuizRole role) { return lookup_name(kQuizRoleNames, role); }
std::string_view kernel_file_path(KernelFile file) {
    for (std::string_view path : all_kernel_source_paths())
        if (kernel_file_at(std::string(path).c_str()) == file)
            return path;
    return "?";
}
std::optional<KernelFile> parse_kernel_file_path(std::string_view path) {
    for (std::string_view known : all_kernel_source_paths())
        if (known == path)
            return kernel_file_at(std::string(path).c_str());
    return std::nullopt;
}

std::string_view symbol_of(ScanOperator op) { return op == ScanOperator::add ? "+" : name_of(op); }

std::optional<BlockAlgorithm> parse_block_algorithm(std::string_view name) {
    for (BlockAlgorithm algorithm : all_block_algorithms())
        if (name_of(algorithm) == name)
            return algorithm;
    return std::nullopt;
}
std::optional<ElementType> parse_element_type(std::string_view name) { return lookup_value(kTypeNames, name); }
std::optional<ScanOperator> parse_scan_operator(std::string_view name) {
    return lookup_value(kOperatorNames, name);
}
std::optional<InputKind> parse_input_kind(std::string_view name) { return lookup_value(kInputNames, name); }
std::optional<InputKind> parse_generated_input_kind(std::string_view name) {
    const std::optional<InputKind> kind = parse_input_kind(name);
    return kind == InputKind::values ? std::nullopt : kind;
}
std::optional<Phase> parse_phase(std::string_view name) {
    for (const PhaseSpec& spec : all_phase_specs())
        if (spec.name == name)
            return spec.phase;
    return std::nullopt;
}
std::optional<StepOpening> parse_step_opening(std::string_view name) {
    return lookup_value(kOpeningNames, name);
}
std::optional<BufferId> parse_buffer_id(std::string_view name) {
    return lookup_value(kBufferNames, name);
}
std::optional<WarpOrder> parse_warp_order(std::string_view name) { return lookup_value(kWarpOrderNames, name); }
std::optional<GridDriver> parse_grid_driver(std::string_view name) { return lookup_value(kGridDriverNames, name); }
std::optional<ReduceFinish> parse_reduce_finish(std::string_view name) { return lookup_value(kReduceFinishNames, name); }
std::optional<TileScanBody> parse_tile_body(std::string_view name) { return lookup_value(kTileBodyNames, name); }
std::optional<TileOrder> parse_tile_order(std::string_view name) { return lookup_value(kTileOrderNames, name); }
std::optional<GridSortForm> parse_grid_sort_form(std::string_view name) {
    return lookup_value(kGridSortFormNames, name);
}

const std::vector<BlockAlgorithm>& all_block_algorithms() {
    static const auto values = [] {
        std::vector<BlockAlgorithm> all;
        for (const KernelInfo& row : kernel_infos())
            all.push_back(row.algorithm);
        return all;
    }();
    return values;
}
const std::vector<ElementType>& all_element_types() {
    static const auto values = all_of(kTypeNames);
    return values;
}
const std::vector<ScanOperator>& all_scan_operators() {
    static const auto values = all_of(kOperatorNames);
    return values;
}
const std::vector<InputKind>& all_input_kinds() {
    static const auto values = all_of(kInputNames);
    return values;
}
const std::vector<InputKind>& generated_input_kinds() {
    static const std::vector<InputKind> values = {InputKind::ones, InputKind::iota, InputKind::random};
    return values;
}
const std::vector<GridDriver>& all_grid_drivers() {
    static const auto values = all_of(kGridDriverNames);
    return values;
}
const std::vector<ReduceFinish>& all_reduce_finishes() {
    static const auto values = all_of(kReduceFinishNames);
    return values;
}
const std::vector<TileScanBody>& all_tile_bodies() {
    static const auto values = all_of(kTileBodyNames);
    return values;
}
const std::vector<TileOrder>& all_tile_orders() {
    static const auto values = all_of(kTileOrderNames);
    return values;
}

const std::vector<WarpOrder>& all_warp_orders() {
    static const auto values = all_of(kWarpOrderNames);
    return values;
}

} // namespace prefixlab
