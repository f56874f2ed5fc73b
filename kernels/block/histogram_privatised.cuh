// Histograms privatised in shared memory (kernels/common/block_histogram.hpp; PMPP chapter 9): the bins'
// atomics go to the block's own copy instead of global memory, then the block writes its counts out. Three
// steps of the lecture's progression, one body (PrivatisedHistogram) and a catalogue entry each:
//   histogram-shared-atomics  one copy of the 4 bins for the block: every lane of a bin, of every warp, adds 1
//                             at the same shared word, but shared atomics are cheap beside global ones
//   histogram-warp-private    a copy for each warp: a warp's lanes meet only their own warp's lanes at a word,
//                             and the copies are added up at the end
//   histogram-aggregated      one copy, but a warp's keys of one bin are matched first by ballots (which lanes
//                             hold a key, then one ballot a bin bit): the lowest lane of the bin adds them all,
//                             one atomic a bin and warp instead of one a key
// Steps: 0. clear the copies, each thread reads its key; (aggregated: the ballots); 1. count: atomicAdd in
// shared memory; 2. merge: thread b < 4 adds up its bin over the copies and writes it to out[b].
#pragma once

#include "kernels/common/block_histogram.hpp"
#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/cuda_limits.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/scan_operators.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/warp/warp_lanes.hpp"

#include <cstdint>

namespace prefixlab {

enum class BlockHistogramCopies : std::uint8_t { block, warp, block_aggregated };

// Entry: the kernel (its catalogue entry names the phases its steps open). Shared memory: the copies of the 4
// bins (warp_totals), copy c's bin b at word 4c + b.
template <BlockHistogramCopies kCopies, class Entry>
struct PrivatisedHistogram {
    static constexpr const char* kSourcePath = "kernels/block/histogram_privatised.cuh";
    static constexpr BufferLabel kBufferLabels[] = {{BufferId::warp_totals, "bins"}};
    static constexpr int kMaxN = kMaxBlockThreads;
    static constexpr int kElementsPerThread = 1;
    // Each thread's key, from its read to its count: histogram-aggregated's ballots are warp exchanges, and a trace
    // with them records registers (as the radix sort's); the three show the keys there alike.
    static constexpr bool kWatchesRegisters = true;
    static constexpr bool kPerWarp = kCopies == BlockHistogramCopies::warp;
    static constexpr bool kAggregated = kCopies == BlockHistogramCopies::block_aggregated;

    // One key a thread, and at least a thread for each bin.
    PL_HOST_DEVICE static constexpr int threads_for(int n) { return n < kBlockBins ? kBlockBins : n; }
    PL_HOST_DEVICE static constexpr int copies_for(int n) { return kPerWarp ? warps_in(threads_for(n)) : 1; }

    PL_HOST_DEVICE static constexpr SharedLayout layout(int n) {
        SharedLayout layout;
        layout.add(BufferId::warp_totals, static_cast<std::uint32_t>(kBlockBins * copies_for(n)));
        return layout;
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const ScanIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        using U = typename Ctx::template value<std::uint32_t>;
        const auto in = block_input(ctx, io);
        const auto out = block_output(ctx, io);
        const SharedLayout shape = layout(io.n);
        const auto bins = ctx.template shared<std::uint32_t>(shape.find(BufferId::warp_totals));
        const int i = ctx.thread_index();
        const int lane = i % kWarpLanes, warp = i / kWarpLanes;
        const bool mine = i < io.n; // this thread owns a key
        const int bins_out = block_bins_out(io.n), copies = copies_for(io.n);
        const std::uint32_t copy = kPerWarp ? std::uint32_t(warp) * kBlockBins : 0u;
        constexpr KernelFile kFile = Entry::kFile;

        ctx.begin(step_tag(kFile, Entry::kClear.phase, __LINE__));
        for (int w = i; w < kBlockBins * copies; w += ctx.block_threads())
            bins[std::uint32_t(w)] = 0u;
        V x{};
        const auto watching_x = ctx.watch_register(x);
        std::uint32_t bin = 0;
        if (mine) {
            x = in[i];
            bin = block_bucket(plain_value(x));
        }
        const bool counted = mine && int(bin) < bins_out;
        // barrier: every copy is 0
        ctx.sync(step_tag(kFile, Entry::kCount.phase, __LINE__));
        if constexpr (kAggregated) {
            // the lanes of this warp whose key is in this lane's bin: a ballot of who counts a key, then one a bin
            // bit; the last ballot's step makes the atomics (shared memory is written in steps that end at a
            // barrier, where a trace snapshots it)
            const std::uint32_t lanes = present_lane_mask(ctx.block_threads(), warp);
            std::uint32_t peers = ctx.ballot(counted, lanes, step_tag(kFile, Entry::kMatch.phase, __LINE__, 0, 0));
            constexpr int kBinBits = 2;
            for (int b = 0; b < kBinBits; ++b) {
                const bool set = (bin >> b & 1u) != 0;
                const Phase next = b + 1 < kBinBits ? Entry::kMatch.phase : Entry::kCountAggregated.phase;
                const std::uint32_t votes =
                    ctx.ballot(set, lanes, step_tag(kFile, next, __LINE__, 0, static_cast<std::uint32_t>(b + 1)));
                peers &= set ? votes : ~votes;
            }
            if (counted && (peers & lanes_below(lane)) == 0) // the lowest lane of its bin adds them all
                bins.atomic_add_unused(bin, static_cast<std::uint32_t>(vote_count(peers)));
        } else {
            if (counted)
                bins.atomic_add_unused(copy + bin, 1u);
        }
        // barrier: every key is counted
        ctx.sync(step_tag(kFile, Entry::kMerge.phase, __LINE__));
        if (i < bins_out) {
            std::uint32_t total = 0;
            U last{};
            for (int c = 0; c < copies; ++c) {
                last = bins[std::uint32_t(c * kBlockBins + i)];
                total += plain_value(last);
            }
            out[i] = converted_value<T>(derived_value(last, total));
        }
    }
};

// One copy of the bins for the block.
struct BlockHistogramSharedAtomics : PrivatisedHistogram<BlockHistogramCopies::block, BlockHistogramSharedAtomics> {
    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    static constexpr const char* kName = "histogram-shared-atomics";
    static constexpr const char* kDescription =
        "Histogram privatised in shared memory: each key adds 1 to its bin (its lowest two bits: 4 bins) in the "
        "block's own copy, by a shared atomicAdd, then threads 0 to 3 write the counts out.";
    static constexpr KernelFamily kFamily = KernelFamily::histogram;
    static constexpr KernelKind kKind = KernelKind::histogram;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr PhaseSpec kClear{"histogram-shared-clear", "clear the block's bins, read the keys", nullptr,
                                      "The block's 4 bins in shared memory start at 0: {writes}. Each thread reads "
                                      "its key {reads}; its bin is the key's lowest two bits."};
    static constexpr PhaseSpec kCount{"histogram-shared-count", "count: atomicAdd in shared memory", nullptr,
                                      "Each thread adds 1 to its bin in the block's copy with a shared atomicAdd: "
                                      "{writes}. The lanes of a bin meet at its word; the count's old value is "
                                      "not used, and the H200 serves a warp's in one turn."};
    static constexpr PhaseSpec kMerge{"histogram-shared-merge", "write the block's counts out", nullptr,
                                      "Threads 0 to 3 read their bin's count {reads} and write it to the output: "
                                      "{writes}. (Across blocks each would add its counts to the global ones.)"};
    static constexpr PhaseSpec kPhases[] = {kClear, kCount, kMerge};
    static constexpr bool kScheduleDependent = true; // the atomics' order decides what each reads
};

// A copy of the bins for each warp, added up at the end.
struct BlockHistogramWarpPrivate : PrivatisedHistogram<BlockHistogramCopies::warp, BlockHistogramWarpPrivate> {
    static constexpr const char* kName = "histogram-warp-private";
    static constexpr const char* kDescription =
        "Histogram with a copy of the 4 bins for each warp in shared memory: a warp's lanes meet only their own "
        "warp's at a word; threads 0 to 3 then add up their bin over the warps' copies.";
    static constexpr KernelFamily kFamily = KernelFamily::histogram;
    static constexpr KernelKind kKind = KernelKind::histogram;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr PhaseSpec kClear{"histogram-warp-clear", "clear every warp's bins, read the keys", nullptr,
                                      "Each warp's copy of the 4 bins starts at 0: {writes}. Each thread reads its "
                                      "key {reads}; its bin is the key's lowest two bits."};
    static constexpr PhaseSpec kCount{"histogram-warp-count", "count: atomicAdd in the warp's own bins", nullptr,
                                      "Each thread adds 1 to its bin in its warp's copy with a shared atomicAdd: "
                                      "{writes}. Only a warp's own lanes meet at a word."};
    static constexpr PhaseSpec kMerge{"histogram-warp-merge", "add up the warps' copies", nullptr,
                                      "Threads 0 to 3 add up their bin over every warp's copy {reads} and write "
                                      "the sum to the output: {writes}."};
    static constexpr PhaseSpec kPhases[] = {kClear, kCount, kMerge};
    static constexpr bool kScheduleDependent = true;
};

// One copy; a warp's keys of a bin counted by one atomic.
struct BlockHistogramAggregated
    : PrivatisedHistogram<BlockHistogramCopies::block_aggregated, BlockHistogramAggregated> {
    static constexpr const char* kName = "histogram-aggregated";
    static constexpr const char* kDescription =
        "Histogram with aggregation: a warp's keys of one bin are matched by ballots and the lowest lane adds "
        "them all with one shared atomicAdd, one atomic a bin and warp instead of one a key.";
    static constexpr KernelFamily kFamily = KernelFamily::histogram;
    static constexpr KernelKind kKind = KernelKind::histogram;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr PhaseSpec kClear{"histogram-aggregated-clear", "clear the block's bins, read the keys",
                                      nullptr,
                                      "The block's 4 bins start at 0: {writes}. Each thread reads its key "
                                      "{reads}; its bin is the key's lowest two bits."};
    static constexpr PhaseSpec kCount{"histogram-aggregated-holders", "ballot: the lanes holding a key", nullptr,
                                      "Each warp votes on which of its lanes hold a key."};
    static constexpr PhaseSpec kMatch{"histogram-aggregated-match", "ballot on bit {offset} of the bin", nullptr,
                                      "Each warp votes on bit {offset} of its lanes' bins; each lane keeps as "
                                      "peers the lanes that voted as it did."};
    static constexpr PhaseSpec kCountAggregated{
        "histogram-aggregated-count", "one atomicAdd a bin and warp", nullptr,
        "A lane's peers are now its warp's lanes with its bin. The lowest of them adds their number to the bin "
        "with one shared atomicAdd: {writes}."};
    static constexpr PhaseSpec kMerge{"histogram-aggregated-merge", "write the block's counts out", nullptr,
                                      "Threads 0 to 3 read their bin's count {reads} and write it to the output: "
                                      "{writes}."};
    static constexpr PhaseSpec kPhases[] = {kClear, kCount, kMatch, kCountAggregated, kMerge};
    static constexpr bool kScheduleDependent = true;
};

} // namespace prefixlab
