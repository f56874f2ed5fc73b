#include "core/ground/scan_setup.hpp"

#include "core/ground/block_limits.hpp"
#include "core/ground/input_generator.hpp"
#include "core/ground/input_values.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/util/enum_names.hpp"
#include "kernels/common/cuda_limits.hpp"

namespace prefixlab {

namespace {

constexpr std::string_view kDeviceChoiceNames[] = {"auto", "gpu", "cpu"};

} // namespace

std::string_view name_of(DeviceChoice choice) { return name_in<DeviceChoice::cpu>(kDeviceChoiceNames, choice); }

std::optional<DeviceChoice> parse_device_choice(std::string_view name) {
    return enumerator_named<DeviceChoice::cpu>(kDeviceChoiceNames, name);
}

WholeRange allowed_n(BlockAlgorithm algorithm) { return {1, block_max_n(algorithm)}; }

WholeRange allowed_block_threads(BlockAlgorithm algorithm, int n) {
    return {block_min_threads(algorithm, static_cast<std::size_t>(n)), kMaxBlockThreads};
}

void validate_scan_setup(const ScanSetup& s) {
    const std::string algorithm(name_of(s.algorithm));
    const WholeRange n = allowed_n(s.algorithm);
    if (s.input == InputKind::values) {
        try {
            (void)parse_input_values(s.values, s.type, takes_head_flags(s.algorithm));
        } catch (const InputValuesError& e) {
            throw ScanSetupError(ScanSetting::values, n, e.what());
        }
        const std::size_t count = input_value_count(s.values);
        if (count != static_cast<std::size_t>(s.n))
            throw ScanSetupError(ScanSetting::values, n,
                                 "N = " + std::to_string(s.n) + " but the list has " + std::to_string(count) +
                                     " values (N is the list's count)");
    }
    if (const std::optional<ElementType> fixed = fixed_element_type(s.algorithm); fixed && s.type != *fixed)
        throw ScanSetupError(ScanSetting::type, n,
                             algorithm + " takes " + std::string(name_of(*fixed)) + " elements, not " +
                                 std::string(name_of(s.type)) + " (a pair's head flag is the word's top bit)");
    if (s.n < n.min || s.n > n.max)
        throw ScanSetupError(ScanSetting::n, n,
                             "N = " + std::to_string(s.n) + " is out of range for " + algorithm + " (1.." +
                                 std::to_string(n.max) + ")");
    if (s.block_threads == 0)
        return; // the algorithm's minimum for N
    const WholeRange threads = allowed_block_threads(s.algorithm, s.n);
    const std::string block = "a block of " + std::to_string(s.block_threads) + " threads";
    if (s.block_threads < threads.min)
        throw ScanSetupError(ScanSetting::block_threads, threads,
                             block + " is too small for " + algorithm + " with N = " + std::to_string(s.n) +
                                 " (it needs " + std::to_string(threads.min) + ")");
    if (s.block_threads > threads.max)
        throw ScanSetupError(ScanSetting::block_threads, threads,
                             block + " is too large (CUDA allows 1.." + std::to_string(threads.max) + ")");
}

BlockRequest block_request(const ScanSetup& setup) {
    const bool heads = takes_head_flags(setup.algorithm);
    if (setup.input == InputKind::values)
        return {setup, parse_input_values(setup.values, setup.type, heads)};
    BlockRequest request{setup, generate_input(setup.input, setup.type, setup.op, setup.n, setup.seed)};
    if (heads)
        add_segment_heads(request.input, setup.seed);
    return request;
}

} // namespace prefixlab
