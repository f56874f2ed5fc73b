// Stream compaction and stream split of one block (GPU Gems 3 ch. 39.3.1; the course projects' "map,
// scan, scatter"), one element per thread:
//  1. map: each thread marks whether its element is kept (the setup's predicate: odd by default), a
//     flag of 0 or 1 in shared memory;
//  2. scan: an inclusive Hillis–Steele scan of the flags (read, barrier, write, as hillis_steele.cuh),
//     after which flag word i holds how many of elements 0..i are kept;
//  3. scatter: a kept element i goes to output[kept before i] (its inclusive count less its own flag).
// Compaction writes the kept elements only, in order, and leaves the rest of the output alone (views
// show no value there). Split (a stable partition, the lecture's "stream split") also writes every
// element not kept, after all the kept ones and in order: output[kept + (i - kept before i)].
// The predicate (kernels/common/compaction_predicate.hpp) is a run-time value (io.keep) every element
// type reads; the scan adds the flags whatever the operator, since it counts. The texts below say
// {keep}, which the narration fills with the trace's predicate ("x ≠ 0").
#pragma once

#include "kernels/block/one_element_per_thread.hpp"
#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/compaction_predicate.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/scan_operators.hpp"
#include "kernels/common/shared_layout.hpp"

namespace prefixlab {

// Shared memory: the flags, then their scan, one word a thread.
template <bool kSplit>
struct FlagScanScatter : OneElementPerThread {
    static constexpr const char* kSourcePath = "kernels/block/compact_split.cuh";
    static constexpr BufferLabel kBufferLabels[] = {{BufferId::data, "flags"}};

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const ScanIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        using Count = AddOp<T>; // the flags are counted, whatever the operator
        const auto in = block_input(ctx, io);
        const auto out = block_output(ctx, io);
        const auto s = ctx.template shared<T>(layout(io.n).find(BufferId::data));
        const int i = ctx.thread_index();
        const bool mine = i < io.n; // this thread owns an element

        ctx.begin(step_tag(kFile, kMarkKept.phase, __LINE__));
        V x{};
        bool keep = false;
        if (mine) {
            x = in[i];
            keep = kept_element(plain_value(x), io.keep);
            s[i] = derived_value(x, T(keep ? 1 : 0));
        }

        std::uint16_t iteration = 1;
        for (int offset = 1; offset < io.n; offset *= 2, ++iteration) {
            // barrier: the previous iteration's counts (the flags, first) are visible to every thread
            ctx.sync(step_tag(kFile, kCountRead.phase, __LINE__, iteration, offset));
            V partner = Count::identity();
            if (mine && i >= offset)
                partner = s[i - offset];
            // barrier: every thread has read its partner before anyone overwrites it
            ctx.sync(step_tag(kFile, kCountWrite.phase, __LINE__, iteration, offset));
            if (mine && i >= offset)
                s[i] = Count::apply(partner, s[i]);
        }

        // barrier: every count is final before the scatter reads it
        ctx.sync(step_tag(kFile, kScatter.phase, __LINE__));
        if (!mine)
            return;
        const V through_i = s[i];
        const int kept_through_i = static_cast<int>(plain_value(through_i));
        const int kept_before_i = kept_through_i - (keep ? 1 : 0);
        int place = kept_before_i;
        if constexpr (kSplit) {
            if (!keep) { // the others after every kept element: all kept + the others before i
                const V in_all = s[io.n - 1];
                place = static_cast<int>(plain_value(in_all)) + (i - kept_before_i);
            }
        }
        // One store, the place chosen first: a store in each branch was two store instructions a warp
        // (Nsight Compute counted 64 store requests at N = 1000 against 32).
        if (keep || kSplit)
            out[place] = x;
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after run() so that the sync points above keep their source lines, which trace files record.
    static constexpr const char* kName = kSplit ? "split" : "compact";
    static constexpr const char* kDescription =
        kSplit ? "Stream split (stable partition): flag the elements the predicate keeps (odd by default), scan "
                 "the flags, and scatter the kept ones to the front and the others after them, each group in "
                 "its order."
               : "Stream compaction: flag the elements the predicate keeps (odd by default), scan the flags "
                 "(Hillis–Steele), and scatter each kept element to the count of kept ones before it.";
    static constexpr KernelFamily kFamily = KernelFamily::compaction;
    static constexpr KernelKind kKind = kSplit ? KernelKind::split : KernelKind::compaction;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr PhaseSpec kMarkKept{
        "compact-flags", "map: flag the kept elements", nullptr,
        "Keep the elements where {keep}: each thread t reads {reads} and writes its flag, 1 (kept) or 0: "
        "{writes}."};
    static constexpr PhaseSpec kCountRead{
        "compact-count-read", "scan the flags, iteration {level}, offset {offset}: read partner", nullptr,
        "Scan of the flags, iteration {level} (offset {offset}): each thread t ≥ {first} reads the count "
        "{reads} into a register."};
    static constexpr PhaseSpec kCountWrite{
        "compact-count-write", "scan the flags, iteration {level}, offset {offset}: add and write", nullptr,
        "Iteration {level}: each thread t ≥ {first} adds the partner's count to {reads} and writes {writes}; "
        "after the last iteration word i counts the kept elements (where {keep}) among 0..i."};
    static constexpr PhaseSpec kScatter{
        kSplit ? "split-scatter" : "compact-scatter",
        kSplit ? "scatter: kept to the front, the rest after them" : "scatter: each kept element to its place",
        nullptr,
        kSplit ? "Each thread t reads its count {reads}; an element where {keep} goes to output[kept before t], "
                 "the others to output[all kept + others before t]: {writes}."
               : "Each thread t whose element is kept ({keep}) reads its count {reads} and writes it to "
                 "output[kept elements before t]: {writes}. The others write nothing."};
    static constexpr PhaseSpec kPhases[] = {kMarkKept, kCountRead, kCountWrite, kScatter};
};

using BlockCompact = FlagScanScatter<false>;
using BlockSplit = FlagScanScatter<true>;

} // namespace prefixlab
