// Helpers shared by the tests: the awkward sizes every kernel is checked at, the algorithms that
// compute a scan (all but the racy demonstration), and running a block scan with a generated input.
#pragma once

#include "core/capture/trace_capture.hpp"
#include "core/emulator/emulate_block_scan.hpp"
#include "core/ground/block_limits.hpp"
#include "core/ground/input_generator.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/ground/reference_scan.hpp"
#include "support/catalogue_ids.hpp"

#include <optional>
#include <string>
#include <vector>

namespace prefixlab::test {

// The sizes: tiny, around a warp, non-powers of two, and the algorithm's per-block maximum.
inline std::vector<int> sizes_for(BlockAlgorithm algorithm) {
    return {1, 2, 5, 31, 32, 33, 64, 127, 1000, block_max_n(algorithm)};
}

// Every kernel of the catalogue but the racy ones, so that a new kernel is tested by its entry alone.
inline const std::vector<BlockAlgorithm>& correct_algorithms() {
    static const std::vector<BlockAlgorithm> algorithms = [] {
        std::vector<BlockAlgorithm> correct;
        for (BlockAlgorithm algorithm : all_block_algorithms())
            if (!is_racy(algorithm))
                correct.push_back(algorithm);
        return correct;
    }();
    return algorithms;
}

// The correct kernels of one kind: block_scan, the kernels whose output is compared with a scan of the
// input; block_reduce, whose output is its total alone (check_reduction_output).
inline std::vector<BlockAlgorithm> algorithms_of_kind(KernelKind kind) {
    std::vector<BlockAlgorithm> of_kind;
    for (BlockAlgorithm algorithm : correct_algorithms())
        if (kind_of(algorithm) == kind)
            of_kind.push_back(algorithm);
    return of_kind;
}

inline const std::vector<BlockAlgorithm>& correct_scans() {
    static const std::vector<BlockAlgorithm> algorithms = algorithms_of_kind(KernelKind::block_scan);
    return algorithms;
}

inline const std::vector<BlockAlgorithm>& reductions() {
    static const std::vector<BlockAlgorithm> algorithms = algorithms_of_kind(KernelKind::block_reduce);
    return algorithms;
}

inline ScanSetup make_capture(BlockAlgorithm algorithm, int n, InputKind input, std::uint64_t seed,
                              DeviceChoice device) {
    ScanSetup setup;
    setup.algorithm = algorithm;
    setup.type = fixed_element_type(algorithm).value_or(setup.type); // a segmented scan's uint32
    setup.n = n;
    setup.input = input;
    setup.seed = seed;
    setup.device = device;
    return setup;
}

// The trace the app records of the kernel in the emulator (capture_trace on the CPU).
inline Trace emulated_trace(BlockAlgorithm algorithm, int n, InputKind input = InputKind::iota, std::uint64_t seed = 1) {
    return capture_trace(make_capture(algorithm, n, input, seed, DeviceChoice::cpu)).trace;
}

// The launch request of a setup, made as capture_trace makes it (block_request); tests of the
// launchers' own refusals then change its input or block size.
inline BlockRequest make_request(BlockAlgorithm algorithm, int n, InputKind input, std::uint64_t seed,
                                 std::optional<ElementType> type = std::nullopt, ScanOperator op = ScanOperator::add,
                                 bool exclusive = false) {
    ScanSetup setup = make_capture(algorithm, n, input, seed, DeviceChoice::automatic);
    setup.type = type.value_or(setup.type); // none: int32, or the kernel's one type
    setup.op = op;
    setup.exclusive = exclusive;
    return block_request(setup);
}

// (algorithm, N) pairs for parameterised tests, with readable names.
struct AlgorithmSize {
    BlockAlgorithm algorithm;
    int n;
};

inline std::vector<AlgorithmSize> algorithm_sizes(const std::vector<BlockAlgorithm>& algorithms) {
    std::vector<AlgorithmSize> cases;
    for (BlockAlgorithm a : algorithms)
        for (int n : sizes_for(a))
            cases.push_back({a, n});
    return cases;
}

inline std::string case_name(const AlgorithmSize& c) {
    std::string name(name_of(c.algorithm));
    for (char& ch : name)
        if (ch == '-')
            ch = '_';
    return name + "_n" + std::to_string(c.n);
}

} // namespace prefixlab::test
