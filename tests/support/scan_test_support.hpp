// Helpers shared by the tests: the awkward sizes every kernel is checked at, and running a block scan
// through the emulator with a generated input.
#pragma once

#include "core/emulator/emulate_block_scan.hpp"
#include "core/input_generator.hpp"
#include "core/reference_scan.hpp"
#include "core/trace/trace_capture.hpp"

#include <string>
#include <vector>

namespace prefixlab::test {

// Sizes from the issue: powers of two, one either side of a warp, and non-powers of two.
inline const std::vector<int> kHillisSteeleSizes = {1, 2, 3, 31, 32, 33, 100, 1000, 1024};

inline BlockScanRequest make_request(BlockAlgorithm algorithm, int n, InputKind input, std::uint64_t seed,
                                     ElementType type = ElementType::int32, ScanOperator op = ScanOperator::add,
                                     bool exclusive = false) {
    BlockScanRequest request;
    request.algorithm = algorithm;
    request.type = type;
    request.op = op;
    request.exclusive = exclusive;
    request.input = generate_input(input, type, op, n, seed);
    return request;
}

inline CaptureRequest make_capture(BlockAlgorithm algorithm, int n, InputKind input, std::uint64_t seed,
                                   DeviceChoice device) {
    CaptureRequest request;
    request.algorithm = algorithm;
    request.n = n;
    request.input = input;
    request.seed = seed;
    request.device = device;
    return request;
}

} // namespace prefixlab::test
