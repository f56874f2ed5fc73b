// One single-block kernel to run (a scan, a reduction, a compaction or a split), traced or not, on the
// GPU or in the emulator. The shared-memory layout follows from the algorithm and the input's length;
// the block has the algorithm's minimum number of threads for N unless block_threads asks for more (the
// extra threads only take part in barriers).
#pragma once

#include "kernels/common/compaction_predicate.hpp"
#include "kernels/common/radix_key.hpp"
#include "kernels/common/scan_types.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

// What a launcher needs of a scan setup: which kernel body, instantiated for which element type and
// operator, and how many threads to launch it with. The whole setup (N, the input's kind and seed,
// the device) is ScanSetup (app/core/ground/scan_setup.hpp), which derives from this, so each field is
// declared once and a launch request takes it in one copy instead of field by field.
struct KernelSetup {
    BlockAlgorithm algorithm = kDefaultBlockAlgorithm;
    ElementType type = ElementType::int32;
    ScanOperator op = ScanOperator::add;
    bool exclusive = false;
    int block_threads = 0; // 0: the algorithm's minimum for N
    // Read by the emulator only; a GPU launcher ignores it (the hardware schedules warps itself).
    WarpOrder warp_order = WarpOrder::in_order;
    // Which elements a compaction or a split keeps; every other kernel ignores it.
    KeepPredicate keep{};
    friend bool operator==(const KernelSetup&, const KernelSetup&) = default;
};

// A kernel setup with its input's element bits, whose size is N. app/core builds it from a validated
// ScanSetup (block_request()); launchers still refuse what they cannot run.
struct BlockRequest : KernelSetup {
    std::vector<std::uint32_t> input;
};

// The threads to launch: the request's block size, or the algorithm's minimum when it asks for none
// or fewer (callers validate with validate_scan_setup, app/core/ground/scan_setup.hpp).
template <class Algo>
int launch_threads(const BlockRequest& request) {
    const int minimum = Algo::threads_for(static_cast<int>(request.input.size()));
    return request.block_threads > minimum ? request.block_threads : minimum;
}

// A radix sort's passes over the request's input (ScanIo::radix_end_bit), the same for the GPU and the
// emulator.
inline int radix_end_bit(const BlockRequest& request) {
    return radix_end_bit(request.type, request.input.data(), request.input.size());
}

} // namespace prefixlab
