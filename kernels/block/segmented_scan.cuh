// Segmented scans of one block (issue 37): a block scan run with the segmented operator on (flag, value) pairs
// (kernels/common/segmented_pairs.hpp). Nothing in the scan changes: its steps, barriers and shuffles are the
// plain scan's, only what each combine computes differs, which is the lecture's point (Blelloch 1990: any scan
// becomes a segmented one through the operator). Two levels, each from the catalogue's own scan:
//   segmented-hillis-steele  the block's pairs in shared memory, Hillis–Steele's log n iterations
//   segmented-warp-shuffle   each warp scans its pairs with shuffles (the warp level: a lane adds lane l − δ's
//                            pair, which stops at a head), warp 0 the warps' pairs, and each warp combines the
//                            pair of the warps before it (which stops at its first head)
// Each element's input word carries its head flag in the top bit; its result is the sum (max, min) of its
// segment's elements up to it, with the flag set where a head lies at or before it. uint32 elements only (the
// flag takes a value bit: kernels/kernel_instances.hpp; app/core/ground/kernel_facts.hpp, fixed_element_type); inclusive only (an exclusive
// segmented scan puts the identity at each head, which a shifted scan of pairs does not).
#pragma once

#include "kernels/block/hillis_steele.cuh"
#include "kernels/block/warp_shuffle_scan.cuh"
#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/segmented_pairs.hpp"

#include <cstdint>

namespace prefixlab {

// Body: the block scan whose steps these are; its limits, layout and phases are the segmented kernel's.
template <class Body>
struct SegmentedBlockScan {
    static constexpr const char* kSourcePath = "kernels/block/segmented_scan.cuh";
    static constexpr int kMaxN = Body::kMaxN;
    static constexpr bool kWatchesRegisters = Body::kWatchesRegisters;
    static constexpr int kElementsPerThread = Body::kElementsPerThread;
    PL_HOST_DEVICE static constexpr int threads_for(int n) { return Body::threads_for(n); }
    PL_HOST_DEVICE static constexpr SharedLayout layout(int n) { return Body::layout(n); }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const ScanIo<typename Op::value_type>& io) {
        // compiled for uint32 alone (kernels/kernel_instances.hpp); an exclusive request is scanned inclusive
        static_assert(std::is_same_v<typename Op::value_type, std::uint32_t>, "a segmented scan's words are uint32");
        ScanIo<std::uint32_t> inclusive = io;
        inclusive.exclusive = false;
        Body::template run<SegmentedOp<Op>>(ctx, inclusive);
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    static constexpr KernelFamily kFamily = KernelFamily::scan;
    static constexpr KernelKind kKind = KernelKind::segmented_scan;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr const char* kHelperSourcePaths[] = {Body::kSourcePath}; // its steps open in the scan's file
    static constexpr const auto& kPhases = Body::kPhases;
};

struct SegmentedHillisSteele : SegmentedBlockScan<HillisSteele> {
    static constexpr const char* kName = "segmented-hillis-steele";
    static constexpr const char* kDescription =
        "Segmented scan: Hillis–Steele on (head flag, value) pairs, whose operator adds the partner's value only "
        "where no head lies between, so every segment's sums restart at its head.";
};

struct SegmentedWarpShuffle : SegmentedBlockScan<WarpShuffleScan> {
    static constexpr const char* kName = "segmented-warp-shuffle";
    static constexpr const char* kDescription =
        "Segmented scan at warp level: each warp scans its (head flag, value) pairs with shuffles, warp 0 the "
        "warps' pairs, and a warp's pairs take the earlier warps' sum only up to their first head.";
    static constexpr const char* kHelperSourcePaths[] = {WarpShuffleScan::kSourcePath, kWarpScanSourcePath};
};

} // namespace prefixlab
