// What a catalogue entry says a kernel is (kernels/kernel_catalog.hpp): its family, as a lecture groups
// kernels, and its kind, which decides how it is launched and which list it belongs to.
#pragma once

#include <cstdint>

namespace prefixlab {

enum class KernelFamily : std::uint8_t {
    scan,         // prefix sums
    reduction,    // one total per block or array
    compaction,   // keep the elements a predicate selects
    quiz_variant, // a deliberately broken or altered kernel for a lecture question
    sort,         // put the keys in order (radix sort: a split a digit)
    histogram,    // elements into bins: counted, or moved into buckets
};

enum class KernelKind : std::uint8_t {
    block_scan,         // one block scans up to kMaxN elements in shared memory or registers
    block_reduce,       // one block reduces its elements
    compaction,         // stream compaction: the kept elements, in order, at the front
    split,              // stream split (stable partition): the kept elements, then the others
    multi_block_driver, // a grid of blocks around a block kernel
    sort,               // the keys in ascending order of their radix_key (kernels/common/radix_key.hpp)
    bucketing,           // the keys in the order of their buckets (block_bucket, kernels/block/bucket_by_atomics.cuh),
                         // each bucket's in the keys' order
    bucketing_unordered, // the keys in the order of their buckets, a bucket's in any order
    histogram,           // out[b] = how many keys are in bin b (block_bucket), for b < min(n, 4); no other output
                         // (kernels/common/block_histogram.hpp)
    segmented_scan,      // an inclusive scan of (head flag, value) pairs that restarts at every head
                         // (kernels/common/segmented_pairs.hpp); uint32 elements only
};

} // namespace prefixlab
