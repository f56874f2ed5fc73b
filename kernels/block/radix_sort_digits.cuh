// LSD radix sort of one block, a 4-bit digit a pass: CUB's BlockRadixSort idea, stepped; and bucketing by scan,
// which is one such pass with a 2-bit digit (BlockBucketByScan, at the end). Where the 1-bit
// sort (radix_sort_bits.cuh) splits in two a pass, this one splits in sixteen: each key goes after every
// key of a smaller digit and after the keys of its own digit that come before it. One key a thread, the
// keys in shared memory between passes:
//  0. load: each thread copies its key into shared memory;
//  then a pass for each 4 bits from bit 0 up to the highest bit in which two keys differ (io.radix_end_bit,
//  kernels/common/radix_key.hpp), digit d of a key the bits 4d..4d+3 of its radix_key:
//  1. clear: the first 16 × W threads (W: the warps holding keys) clear the digit counts, one word per
//     (digit, warp), digit-major; after a barrier each thread reads its key and takes its digit;
//  2. match: five ballots (which lanes hold a key, then one per digit bit) give each lane its peers, the
//     lanes of its warp with the same digit (the match Onesweep and CUB's warp ranks make): its rank is
//     the peers below it, and the lowest peer writes the warp's count of the digit;
//  3. scan: an inclusive Hillis–Steele scan of the 16 × W counts; digit-major, so word (d, w) then counts
//     every key of a smaller digit and the keys of digit d in warps 0..w;
//  4. scatter: a key goes to (its word's count − its warp's count of the digit) + its rank. Stable: keys
//     of one digit keep their order, so after pass d the keys are sorted by digits 0..d. Every key was
//     read in step 1, before the barriers, so the scatter writes in place;
//  5. store: each thread writes the key now at its index to the output.
// A sort has no operator: the counts are added with +, as a compaction's flags are.
#pragma once

#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/cuda_limits.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/radix_key.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/scan_operators.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/warp/warp_lanes.hpp"

#include <cstdint>

namespace prefixlab {

// The digit passes, written once for the radix sort below and for bucketing by scan (a pass of 2-bit digits:
// the keys into 4 buckets, in order; bucketing is a radix sort's pass). Entry is the kernel: its catalogue entry
// names the phases its steps open. kOnePass: the digit at bits 0 … kBits − 1 only.
// Shared memory: the keys (data), then the digit counts (warp_totals), kDigits words for each warp holding keys.
template <int kBits, bool kOnePass, class Entry>
struct DigitPasses {
    static constexpr const char* kSourcePath = "kernels/block/radix_sort_digits.cuh";
    static constexpr BufferLabel kBufferLabels[] = {{BufferId::data, "keys"}, {BufferId::warp_totals, "counts"}};
    static constexpr int kDigitBits = kBits;
    static constexpr int kDigits = 1 << kDigitBits;
    static constexpr int kMaxN = kMaxBlockThreads;
    static constexpr int kElementsPerThread = 1;
    // Each thread's key, as it holds it from its pass's first step to the scatter: a trace with ballots
    // records registers (the ballots are warp exchanges, as shuffles are), and this one shows the keys
    // there. The counts lie in warp_totals, which the Dataflow tab draws in columns of their own, right of
    // the keys' and registers' (in ping they drew over the registers in the same columns).
    static constexpr bool kWatchesRegisters = true;

    // One key a thread, and at least a thread for each of the kDigits counts of the one warp that fewer keys
    // make (kDigits × W counts are at most N from N = kDigits up).
    PL_HOST_DEVICE static constexpr int threads_for(int n) { return n < kDigits ? kDigits : n; }
    PL_HOST_DEVICE static constexpr int counts_for(int n) { return kDigits * warps_in(n); }

    PL_HOST_DEVICE static constexpr SharedLayout layout(int n) {
        SharedLayout layout;
        layout.add(BufferId::data, static_cast<std::uint32_t>(n));
        layout.add(BufferId::warp_totals, static_cast<std::uint32_t>(counts_for(n)));
        return layout;
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const ScanIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        using Count = AddOp<T>; // the counts are added, whatever the operator
        const auto in = block_input(ctx, io);
        const auto out = block_output(ctx, io);
        const SharedLayout shape = layout(io.n);
        const auto keys = ctx.template shared<T>(shape.find(BufferId::data));
        const auto counts = ctx.template shared<T>(shape.find(BufferId::warp_totals));
        const int i = ctx.thread_index();
        const int lane = i % kWarpLanes, warp = i / kWarpLanes;
        const int warps = warps_in(io.n), slots = counts_for(io.n);
        const std::uint32_t lanes = present_lane_mask(ctx.block_threads(), warp);
        const bool mine = i < io.n; // this thread owns a key

        constexpr KernelFile kFile = Entry::kFile;
        ctx.begin(step_tag(kFile, Entry::kLoad.phase, __LINE__));
        if (mine) {
            const V loaded = in[i];
            keys[i] = loaded;
        }

        const int end_bit = kOnePass ? kDigitBits : io.radix_end_bit;
        for (int shift = 0; shift < end_bit; shift += kDigitBits) {
            const auto pass = static_cast<std::uint16_t>(shift / kDigitBits);
            // barrier: the keys the previous pass scattered (the loaded ones, first) are in place, and its
            // scatter has read every count
            ctx.sync(step_tag(kFile, Entry::kClear.phase, __LINE__, pass));
            if (i < slots)
                counts[i] = T(0);
            // barrier: every count is cleared before a warp writes its own. (Shared memory is written only
            // in steps that end at a barrier, where a trace snapshots it: not in a step a ballot ends.)
            ctx.sync(step_tag(kFile, Entry::kRead.phase, __LINE__, pass));
            V x{};
            const auto watching_x = ctx.watch_register(x); // from the read to the scatter
            int digit = 0;
            if (mine) {
                x = keys[i];
                digit = static_cast<int>(radix_key(plain_value(x)) >> shift & (kDigits - 1));
            }
            // the peers: lanes of this warp that hold a key, narrowed by one ballot per digit bit to those
            // whose bit agrees with this lane's; the last ballot's step writes each warp's counts
            std::uint32_t peers = ctx.ballot(mine, lanes, step_tag(kFile, Entry::kHolders.phase, __LINE__, pass));
            for (int b = 0; b < kDigitBits; ++b) {
                const bool set = (digit >> b & 1) != 0;
                const Phase next = b + 1 < kDigitBits ? Entry::kMatch.phase : Entry::kWarpCounts.phase;
                const std::uint32_t votes =
                    ctx.ballot(set, lanes, step_tag(kFile, next, __LINE__, pass, static_cast<std::uint32_t>(b)));
                peers &= set ? votes : ~votes;
            }
            const int rank = vote_count(peers & lanes_below(lane));
            const int in_warp = vote_count(peers);
            if (mine && rank == 0)
                counts[digit * warps + warp] = derived_value(x, T(in_warp));
            for (int offset = 1; offset < slots; offset *= 2) {
                // barrier: the warps' counts (then the previous iteration's sums) are visible to every thread
                ctx.sync(
                    step_tag(kFile, Entry::kCountRead.phase, __LINE__, pass, static_cast<std::uint32_t>(offset)));
                V partner = Count::identity();
                if (i < slots && i >= offset)
                    partner = counts[i - offset];
                // barrier: every thread has read its partner before anyone overwrites it
                ctx.sync(
                    step_tag(kFile, Entry::kCountWrite.phase, __LINE__, pass, static_cast<std::uint32_t>(offset)));
                if (i < slots && i >= offset)
                    counts[i] = Count::apply(partner, counts[i]);
            }
            // barrier: every count is final before the scatter reads it
            ctx.sync(step_tag(kFile, Entry::kScatter.phase, __LINE__, pass));
            if (mine) {
                const V through_warp = counts[digit * warps + warp];
                keys[static_cast<int>(plain_value(through_warp)) - in_warp + rank] = x;
            }
        }

        // barrier: the last pass's keys are in place
        ctx.sync(step_tag(kFile, Entry::kStore.phase, __LINE__));
        if (mine) {
            const V sorted = keys[i];
            out[i] = sorted;
        }
    }

};

// LSD radix sort of one block, a 4-bit digit a pass.
struct RadixSortDigits : DigitPasses<4, false, RadixSortDigits> {
    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after run() so that the sync points above keep their source lines, which trace files record.
    static constexpr const char* kName = "radix-sort-4bit";
    static constexpr const char* kDescription =
        "LSD radix sort, a 4-bit digit a pass (CUB's BlockRadixSort idea): each warp counts its keys of "
        "each digit by ballots, a scan of the 16 counts of every warp places them, and each key is "
        "scattered after the smaller digits and its own digit's keys before it.";
    static constexpr KernelFamily kFamily = KernelFamily::sort;
    static constexpr KernelKind kKind = KernelKind::sort;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr PhaseSpec kLoad{
        "sort-digit-load", "load the keys into shared memory", nullptr,
        "Each thread t copies its key {reads} into shared memory: {writes}. A pass follows for each 4 bits "
        "up to the highest bit in which two keys differ: the digits above it are the same in every key."};
    static constexpr PhaseSpec kClear{
        "sort-digit-clear", "pass {level}: clear the digit counts", nullptr,
        "Pass {level} sorts by digit {level}, bits 4×{level} to 4×{level}+3. The counts of the 16 digits of "
        "every warp start at 0: {writes}."};
    static constexpr PhaseSpec kRead{
        "sort-digit-read", "pass {level}: each thread reads its key and its digit", nullptr,
        "Pass {level}: each thread t reads its key {reads} and takes its digit {level} into a register."};
    static constexpr PhaseSpec kHolders{
        "sort-digit-holders", "pass {level}: ballot: the lanes holding a key", nullptr,
        "Pass {level}: each warp votes on which of its lanes hold a key; those are every lane's first peers."};
    static constexpr PhaseSpec kMatch{
        "sort-digit-match", "pass {level}: ballot on bit {offset} of the digit", nullptr,
        "Pass {level}: each warp votes on bit {offset} of its lanes' digits, and each lane keeps as peers the "
        "lanes that voted as it did."};
    static constexpr PhaseSpec kWarpCounts{
        "sort-digit-warp-counts", "pass {level}: ballot on bit {offset}, then each warp's digit counts", nullptr,
        "Pass {level}: after the vote on bit {offset}, a lane's peers are the lanes of its warp with its digit, "
        "and its rank the peers below it. The lowest lane of each digit in each warp writes how many of the "
        "warp's keys have that digit: {writes}. Digits no key has stay 0."};
    static constexpr PhaseSpec kCountRead{
        "sort-digit-count-read", "pass {level}: scan the digit counts, offset {offset}: read partner", nullptr,
        "Pass {level}, scan of the counts, digit by digit and warp by warp within a digit (offset "
        "{offset}): each thread t ≥ {first} reads the count {reads} into a register."};
    static constexpr PhaseSpec kCountWrite{
        "sort-digit-count-write", "pass {level}: scan the digit counts, offset {offset}: add and write", nullptr,
        "Pass {level}: each thread t ≥ {first} adds the partner's count to {reads} and writes {writes}; "
        "after the last offset, word (d, w) counts the keys of a smaller digit and those of digit d in "
        "warps 0..w."};
    static constexpr PhaseSpec kScatter{
        "sort-digit-scatter", "pass {level}: scatter by digit", nullptr,
        "Pass {level}: each thread t reads its digit's count {reads}; its key goes after every key of a "
        "smaller digit and after the keys of its digit before it (the earlier warps', then its lower "
        "peers): {writes}. Each digit keeps its order, so the keys are now sorted by digits 0..{level}."};
    static constexpr PhaseSpec kStore{
        "sort-digit-store", "store the sorted keys", nullptr,
        "Each thread t reads the key now at its index {reads} and writes it to the output: {writes}."};
    static constexpr PhaseSpec kPhases[] = {kLoad,       kClear,     kRead,       kHolders, kMatch,
                                            kWarpCounts, kCountRead, kCountWrite, kScatter, kStore};
};

// The lecture's answer to where each element of a histogram goes (issue 37): each key into its bucket, bucket b
// after every key of a smaller bucket, in the keys' order, every run the same. The bucket is the key's lowest two
// bits (of its radix_key: 4 buckets), so this is the radix sort's first pass with a 2-bit digit. Its twin by
// atomics is kernels/block/bucket_by_atomics.cuh.
struct BlockBucketByScan : DigitPasses<2, true, BlockBucketByScan> {
    static constexpr const char* kName = "bucket-by-scan";
    static constexpr const char* kDescription =
        "Bucketing by scan: each key into bucket = its lowest two bits, in order. Each warp counts its keys of "
        "each bucket by ballots, a scan of the counts gives each bucket's place, and a key goes after the smaller "
        "buckets and its own bucket's keys before it: the same order every run.";
    static constexpr KernelFamily kFamily = KernelFamily::histogram;
    static constexpr KernelKind kKind = KernelKind::bucketing;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr PhaseSpec kLoad{"bucket-scan-load", "load the keys into shared memory", nullptr,
                                     "Each thread t copies its key {reads} into shared memory: {writes}. A key's "
                                     "bucket is its lowest two bits: 0 to 3."};
    static constexpr PhaseSpec kClear{"bucket-scan-clear", "clear the bucket counts", nullptr,
                                      "The counts of the 4 buckets of every warp start at 0: {writes}."};
    static constexpr PhaseSpec kRead{"bucket-scan-read", "each thread reads its key and its bucket", nullptr,
                                     "Each thread t reads its key {reads} and takes its bucket, the key's lowest "
                                     "two bits, into a register."};
    static constexpr PhaseSpec kHolders{"bucket-scan-holders", "ballot: the lanes holding a key", nullptr,
                                        "Each warp votes on which of its lanes hold a key; those are every lane's "
                                        "first peers."};
    static constexpr PhaseSpec kMatch{"bucket-scan-match", "ballot on bit {offset} of the bucket", nullptr,
                                      "Each warp votes on bit {offset} of its lanes' buckets, and each lane keeps as "
                                      "peers the lanes that voted as it did."};
    static constexpr PhaseSpec kWarpCounts{
        "bucket-scan-warp-counts", "ballot on bit {offset}, then each warp's bucket counts", nullptr,
        "After the vote on bit {offset}, a lane's peers are the lanes of its warp with its bucket, and its rank the "
        "peers below it. The lowest lane of each bucket in each warp writes how many of the warp's keys are in "
        "that bucket: {writes}. This is the histogram, warp by warp."};
    static constexpr PhaseSpec kCountRead{
        "bucket-scan-count-read", "scan the bucket counts, offset {offset}: read partner", nullptr,
        "Scan of the counts, bucket by bucket and warp by warp within a bucket (offset {offset}): each thread t ≥ "
        "{first} reads the count {reads} into a register."};
    static constexpr PhaseSpec kCountWrite{
        "bucket-scan-count-write", "scan the bucket counts, offset {offset}: add and write", nullptr,
        "Each thread t ≥ {first} adds the partner's count to {reads} and writes {writes}; after the last offset, "
        "word (b, w) counts the keys of a smaller bucket and those of bucket b in warps 0..w."};
    static constexpr PhaseSpec kScatter{
        "bucket-scan-scatter", "scatter by bucket, in order", nullptr,
        "Each thread t reads its bucket's count {reads}; its key goes after every key of a smaller bucket and "
        "after the keys of its bucket before it: {writes}. The scan, not the order of arrival, decides the place, "
        "so each bucket keeps the keys' order."};
    static constexpr PhaseSpec kStore{"bucket-scan-store", "store the bucketed keys", nullptr,
                                      "Each thread t reads the key now at its index {reads} and writes it to the "
                                      "output: {writes}."};
    static constexpr PhaseSpec kPhases[] = {kLoad,       kClear,     kRead,       kHolders, kMatch,
                                            kWarpCounts, kCountRead, kCountWrite, kScatter, kStore};
};

} // namespace prefixlab
