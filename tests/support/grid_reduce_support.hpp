// What the emulator's and the GPU's multi-block reduction tests share: a request over a generated input
// and its one-line description.
#pragma once

#include "core/ground/input_generator.hpp"
#include "core/ground/kernel_names.hpp"
#include "kernels/grid/grid_reduce_request.hpp"
#include "support/test_names.hpp"

#include <string>

namespace prefixlab::test {

inline GridReduceRequest reduce_request(BlockAlgorithm algorithm, ReduceFinish finish, std::size_t n, ElementType type,
                                        ScanOperator op, int threads, std::uint64_t seed) {
    GridReduceRequest request;
    request.input = generate_input(InputKind::random, type, op, static_cast<int>(n), seed);
    request.type = type;
    request.op = op;
    request.algorithm = algorithm;
    request.finish = finish;
    request.threads = threads;
    return request;
}

inline std::string describe(const GridReduceRequest& r) {
    return std::string(name_of(r.algorithm)) + " " + std::string(name_of(r.finish)) + " n=" +
           std::to_string(r.input.size()) + " " + std::string(name_of(r.type)) + " " + std::string(name_of(r.op)) +
           " threads=" + std::to_string(r.threads);
}

} // namespace prefixlab::test
