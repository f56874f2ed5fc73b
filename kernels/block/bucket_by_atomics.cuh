// Bucketing by atomics, the lecture's first answer to where each element of a histogram goes (issue 37, seed
// 001: "allocate enough space; use atomics to decide the output position; problems: wasted space, the original
// order is not kept"). One key a thread, the bucket its lowest two bits (of its radix_key: 4 buckets), as
// bucket-by-scan's (radix_sort_digits.cuh), which keeps the order:
//  0. clear: the 4 bucket counts and the 4 cursors start at 0; each thread reads its key;
//  1. count: each thread adds 1 to its bucket's count (atomicAdd in shared memory): the histogram;
//  2. starts: thread 0 turns the counts into where each bucket starts (an exclusive scan of 4 numbers);
//  3. place: each thread takes its bucket's next slot (atomicAdd on the bucket's cursor) and writes its key
//     there. Every key lands in its bucket, but within a bucket the keys lie in the order their atomics came
//     in: the threads' schedule decides it, so two runs on a GPU, or two warp orders in the emulator, differ;
//  4. store: each thread writes the key at its index to the output.
#pragma once

#include "kernels/block/one_element_per_thread.hpp"
#include "kernels/common/block_bucket.hpp"
#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/radix_key.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/scan_operators.hpp"
#include "kernels/common/shared_layout.hpp"

#include <cstdint>

namespace prefixlab {

// Shared memory: the keys in bucket order (data), then the 4 counts and the 4 cursors (warp_totals).
struct BlockBucketByAtomics : OneElementPerThread {
    static constexpr const char* kSourcePath = "kernels/block/bucket_by_atomics.cuh";
    static constexpr BufferLabel kBufferLabels[] = {{BufferId::data, "keys"}, {BufferId::warp_totals, "counts"}};
    static constexpr std::uint32_t kCursors = kBlockBuckets; // the cursors follow the counts

    PL_HOST_DEVICE static constexpr SharedLayout layout(int n) {
        SharedLayout layout;
        layout.add(BufferId::data, static_cast<std::uint32_t>(n));
        layout.add(BufferId::warp_totals, 2 * kBlockBuckets);
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
        const auto keys = ctx.template shared<T>(shape.find(BufferId::data));
        const auto counts = ctx.template shared<std::uint32_t>(shape.find(BufferId::warp_totals));
        const int i = ctx.thread_index();
        const bool mine = i < io.n; // this thread owns a key

        ctx.begin(step_tag(kFile, kClear.phase, __LINE__));
        for (int b = i; b < 2 * kBlockBuckets; b += ctx.block_threads())
            counts[static_cast<std::uint32_t>(b)] = 0u;
        V x{};
        std::uint32_t bucket = 0;
        if (mine) {
            x = in[i];
            bucket = block_bucket(plain_value(x));
        }
        // barrier: every count is 0
        ctx.sync(step_tag(kFile, kCount.phase, __LINE__));
        if (mine)
            counts.atomic_add_unused(bucket, 1u);
        // barrier: the histogram is complete
        ctx.sync(step_tag(kFile, kStarts.phase, __LINE__));
        if (i == 0) {
            std::uint32_t start = 0;
            for (std::uint32_t b = 0; b < kBlockBuckets; ++b) {
                const U c = counts[b];
                counts[kCursors + b] = start;
                start += plain_value(c);
            }
        }
        // barrier: every bucket's start is in its cursor
        ctx.sync(step_tag(kFile, kPlace.phase, __LINE__));
        if (mine) {
            const std::uint32_t slot = counts.atomic_add(kCursors + bucket, 1u);
            keys[static_cast<int>(slot)] = x;
        }
        // barrier: every key is in its slot
        ctx.sync(step_tag(kFile, kStore.phase, __LINE__));
        if (mine) {
            const V placed = keys[i];
            out[i] = placed;
        }
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after run() so that the sync points above keep their source lines, which trace files record.
    static constexpr const char* kName = "bucket-by-atomics";
    static constexpr const char* kDescription =
        "Bucketing by atomics: each key into bucket = its lowest two bits. A histogram by atomicAdd, the buckets' "
        "starts, then each key takes its bucket's next slot by atomicAdd: every key in its bucket, but in the order "
        "the atomics came in, which changes from run to run.";
    static constexpr KernelFamily kFamily = KernelFamily::histogram;
    static constexpr KernelKind kKind = KernelKind::bucketing_unordered;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr PhaseSpec kClear{"bucket-atomics-clear", "clear the counts, read the keys", nullptr,
                                      "The 4 bucket counts and the 4 cursors start at 0: {writes}. Each thread t "
                                      "reads its key {reads}; its bucket is the key's lowest two bits."};
    static constexpr PhaseSpec kCount{"bucket-atomics-count", "count the buckets: atomicAdd", nullptr,
                                      "Each thread adds 1 to its bucket's count with an atomicAdd: {writes}. Threads "
                                      "of one bucket meet at its word; the old value is not used, and the H200 "
                                      "serves a warp's in one turn."};
    static constexpr PhaseSpec kStarts{"bucket-atomics-starts", "where each bucket starts", nullptr,
                                       "Thread 0 reads the 4 counts {reads} and writes where each bucket starts into "
                                       "its cursor: {writes}."};
    static constexpr PhaseSpec kPlace{"bucket-atomics-place", "take a slot: atomicAdd on the cursor", nullptr,
                                      "Each thread takes its bucket's next slot with an atomicAdd on the cursor and "
                                      "writes its key there: {writes}. The lanes at one cursor take turns, and the "
                                      "order the atomics come in decides the slots, so a bucket's keys need not keep "
                                      "their order."};
    static constexpr PhaseSpec kStore{"bucket-atomics-store", "store the bucketed keys", nullptr,
                                      "Each thread t reads the key now at its index {reads} and writes it to the "
                                      "output: {writes}."};
    static constexpr PhaseSpec kPhases[] = {kClear, kCount, kStarts, kPlace, kStore};
    // Its output depends on the threads' schedule (its kind checks it to be a bucketing, in any order within a
    // bucket): its GPU trace is not compared with the emulator's.
    static constexpr bool kScheduleDependent = true;
};

} // namespace prefixlab
