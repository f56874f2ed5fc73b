#include "scan_names.hpp"

#include <array>
#include <utility>

namespace prefixlab {

namespace {

template <class Enum, std::size_t N>
using NameTable = std::array<std::pair<Enum, std::string_view>, N>;

constexpr NameTable<BlockAlgorithm, kBlockAlgorithmCount> kAlgorithmNames{{
    {BlockAlgorithm::hillis_steele, "hillis-steele"},
    {BlockAlgorithm::hillis_steele_double_buffer, "hillis-steele-double-buffer"},
    {BlockAlgorithm::hillis_steele_racy, "hillis-steele-racy"},
    {BlockAlgorithm::blelloch, "blelloch"},
    {BlockAlgorithm::blelloch_padded, "blelloch-padded"},
    {BlockAlgorithm::warp_shuffle, "warp-shuffle"},
}};

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

constexpr NameTable<InputKind, 3> kInputNames{{
    {InputKind::ones, "ones"},
    {InputKind::iota, "iota"},
    {InputKind::random, "random"},
}};

constexpr NameTable<Phase, kPhaseCount> kPhaseNames{{
    {Phase::load, "load"},
    {Phase::load_registers, "load-registers"},
    {Phase::scan_read, "scan-read"},
    {Phase::scan_write, "scan-write"},
    {Phase::scan_step, "scan-step"},
    {Phase::racy_step, "racy-step"},
    {Phase::up_sweep, "up-sweep"},
    {Phase::clear_root, "clear-root"},
    {Phase::down_sweep, "down-sweep"},
    {Phase::warp_shuffle, "warp-shuffle"},
    {Phase::totals_load, "totals-load"},
    {Phase::totals_shuffle, "totals-shuffle"},
    {Phase::fan_out, "fan-out"},
    {Phase::exclusive_shift, "exclusive-shift"},
    {Phase::store, "store"},
}};

constexpr NameTable<KernelFile, kKernelFileCount> kKernelFilePaths{{
    {KernelFile::hillis_steele, "kernels/block/hillis_steele.cuh"},
    {KernelFile::hillis_steele_double_buffer, "kernels/block/hillis_steele_double_buffer.cuh"},
    {KernelFile::hillis_steele_racy, "kernels/block/hillis_steele_racy.cuh"},
    {KernelFile::blelloch, "kernels/block/blelloch.cuh"},
    {KernelFile::warp_shuffle_scan, "kernels/block/warp_shuffle_scan.cuh"},
    {KernelFile::warp_scan, "kernels/warp/warp_scan.cuh"},
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

std::string_view name_of(BlockAlgorithm algorithm) { return lookup_name(kAlgorithmNames, algorithm); }
std::string_view name_of(ElementType type) { return lookup_name(kTypeNames, type); }
std::string_view name_of(ScanOperator op) { return lookup_name(kOperatorNames, op); }
std::string_view name_of(InputKind kind) { return lookup_name(kInputNames, kind); }
std::string_view name_of(Phase phase) { return lookup_name(kPhaseNames, phase); }
std::string_view name_of(StepOpening opening) { return lookup_name(kOpeningNames, opening); }
std::string_view name_of(BufferId buffer) { return lookup_name(kBufferNames, buffer); }
std::string_view kernel_file_path(KernelFile file) { return lookup_name(kKernelFilePaths, file); }
std::optional<KernelFile> parse_kernel_file_path(std::string_view path) { return lookup_value(kKernelFilePaths, path); }

std::string_view symbol_of(ScanOperator op) { return op == ScanOperator::add ? "+" : name_of(op); }

std::optional<BlockAlgorithm> parse_block_algorithm(std::string_view name) {
    return lookup_value(kAlgorithmNames, name);
}
std::optional<ElementType> parse_element_type(std::string_view name) { return lookup_value(kTypeNames, name); }
std::optional<ScanOperator> parse_scan_operator(std::string_view name) {
    return lookup_value(kOperatorNames, name);
}
std::optional<InputKind> parse_input_kind(std::string_view name) { return lookup_value(kInputNames, name); }
std::optional<Phase> parse_phase(std::string_view name) { return lookup_value(kPhaseNames, name); }
std::optional<StepOpening> parse_step_opening(std::string_view name) {
    return lookup_value(kOpeningNames, name);
}
std::optional<BufferId> parse_buffer_id(std::string_view name) {
    return lookup_value(kBufferNames, name);
}

const std::vector<BlockAlgorithm>& all_block_algorithms() {
    static const auto values = all_of(kAlgorithmNames);
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

} // namespace prefixlab
