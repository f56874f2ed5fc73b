// A multi-block radix sort as the host asks for it, on the GPU (kernels/gpu/gpu_grid_sort.hpp) or in the
// emulator (app/core/emulator/emulate_grid_sort.hpp): the keys as 32-bit patterns, their type, a uint32
// value for each key or none, and the threads a block (kernels/grid/grid_sort_plan.hpp). One rule for the
// threads, both sides.
#pragma once

#include "kernels/common/radix_key.hpp"
#include "kernels/common/scan_types.hpp"
#include "kernels/grid/grid_sort_plan.hpp"
#include "kernels/grid/onesweep_sort_plan.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace prefixlab {

struct GridSortRequest {
    std::vector<std::uint32_t> keys;
    ElementType type = ElementType::uint32;
    std::vector<std::uint32_t> values; // empty: keys alone; else one a key, moved with it
    int threads = 256;                 // the textbook form's (Onesweep's blocks have 256, a thread a digit)
    // Onesweep (kernels/grid/onesweep_sort.cuh: 8-bit digits, a launch a pass, look-back over digit
    // counts), not the textbook's three launches a 4-bit digit (grid_sort_plan.hpp).
    bool onesweep = false;
    int onesweep_window = kOnesweepWindow; // Onesweep's look-back reads this many predecessors at once
    // Onesweep's histogram counts the digits with shared-memory atomics, not each warp's by ballots; the
    // ballots' form is built with the tuned window only (the forms the emulator and the GPU are built with)
    bool onesweep_shared_counts = kOnesweepSharedCounts;
};

// What a sort made: the keys in order (of their radix keys, stable), their values in the same order.
struct GridSortResult {
    std::vector<std::uint32_t> keys;
    std::vector<std::uint32_t> values;
};

// Throws std::invalid_argument naming the problem: no keys, a value count other than the keys', or
// threads the rule refuses.
inline void require_sort_request(const GridSortRequest& request) {
    if (request.keys.empty())
        throw std::invalid_argument("a sort needs at least one key");
    if (!request.values.empty() && request.values.size() != request.keys.size())
        throw std::invalid_argument("a sort of pairs needs one value a key: " + std::to_string(request.keys.size()) +
                                    " keys, " + std::to_string(request.values.size()) + " values");
    if (request.onesweep && std::find(std::begin(kOnesweepWindowChoices), std::end(kOnesweepWindowChoices),
                                      request.onesweep_window) == std::end(kOnesweepWindowChoices))
        throw std::invalid_argument("Onesweep's look-back reads 1, 4 or 8 predecessors at once, not " +
                                    std::to_string(request.onesweep_window));
    if (request.onesweep && request.onesweep_shared_counts != kOnesweepSharedCounts &&
        request.onesweep_window != kOnesweepWindow)
        throw std::invalid_argument(std::string("Onesweep's histogram ") +
                                    (kOnesweepSharedCounts ? "by ballots" : "by shared atomics") +
                                    " is built with a look-back window of " + std::to_string(kOnesweepWindow) +
                                    ", not " + std::to_string(request.onesweep_window));
    if (!request.onesweep && !sort_threads_valid(request.threads))
        throw std::invalid_argument("a sort's block has " + sort_threads_rule() + " threads, not " +
                                    std::to_string(request.threads));
}

// The bits the request's sort passes over (the host's; kernels/common/radix_key.hpp).
inline int sort_end_bit(const GridSortRequest& request) {
    return radix_end_bit(request.type, request.keys.data(), request.keys.size());
}

} // namespace prefixlab
