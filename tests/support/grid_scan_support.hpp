// Helpers for the grid scan tests (CPU and GPU): a request with a generated input, names
// for the configurations, and the check against the serial reference (core/ground/output_check: exact
// for integers and max/min, within the classic bound for float sums).
#pragma once

#include "core/ground/input_generator.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/ground/output_check.hpp"
#include "kernels/grid/grid_scan_request.hpp"

#include <string>
#include <vector>

namespace prefixlab::test {

inline GridScanRequest make_grid_request(std::size_t n, ElementType type, ScanOperator op, bool exclusive,
                                         GridDriver driver, std::uint64_t seed) {
    GridScanRequest request;
    request.input = generate_input(InputKind::random, type, op, static_cast<int>(n), seed);
    request.type = type;
    request.op = op;
    request.exclusive = exclusive;
    request.driver = driver;
    return request;
}

inline std::string describe(const GridScanRequest& r) {
    return std::string(name_of(r.driver)) +
           (!is_single_pass(r.driver)             ? " "
            : r.order == TileOrder::atomic_counter ? " (tile counter) "
                                                   : " (block index) ") +
           std::string(name_of(r.type)) + " " + std::string(name_of(r.op)) +
           (r.exclusive ? " exclusive" : " inclusive") + " n=" + std::to_string(r.input.size()) + " body " +
           std::string(name_of(r.body)) + " threads " +
           std::to_string(r.tile_threads);
}

// The number of outputs that are not the scan (0: all right).
inline std::size_t wrong_outputs(const GridScanRequest& r, const std::vector<std::uint32_t>& output) {
    if (output.size() != r.input.size())
        return r.input.size() + 1;
    return check_output(r.type, r.op, r.exclusive, r.input, output).wrong_count;
}

} // namespace prefixlab::test
