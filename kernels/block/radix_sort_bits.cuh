// LSD radix sort of one block, one bit a pass: the lecture's split applied once per bit (CIS 565's radix
// sort from split; PMPP ch. 13), one key a thread, the keys in shared memory between passes:
//  0. load: each thread copies its key into shared memory;
//  then a pass for each bit b from 0 up to the highest bit in which two keys differ (io.radix_end_bit,
//  kernels/common/radix_key.hpp: the bits of the key's radix_key, the order-preserving word of its type):
//  1. flag: each thread reads its key and writes the flag 1 where bit b is 0 (those go first), else 0;
//  2. scan: an inclusive Hillis–Steele scan of the flags (read, barrier, write, as compact_split.cuh),
//     after which word i counts the keys with bit b = 0 among keys 0..i;
//  3. scatter: a key with bit b = 0 goes to [such keys before it]; one with bit b = 1 after all of
//     those, at [all 0s + 1s before it]. The split is stable, so the order the earlier passes made
//     among keys with equal bit b is kept: after pass b the keys are sorted by bits 0..b.
//     Every key was read in step 1, before the scan's barriers, so the scatter writes in place;
//  4. store: each thread writes the key now at its index to the output.
// A sort has no operator: the flags are counted with +, as a compaction's are.
#pragma once

#include "kernels/block/one_element_per_thread.hpp"
#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/radix_key.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/scan_operators.hpp"
#include "kernels/common/shared_layout.hpp"

#include <cstdint>

namespace prefixlab {

// Shared memory: the keys (data), then the flags and their scan (ping), one word a thread each.
struct RadixSortBits : OneElementPerThread {
    static constexpr const char* kSourcePath = "kernels/block/radix_sort_bits.cuh";
    static constexpr BufferLabel kBufferLabels[] = {{BufferId::data, "keys"}, {BufferId::ping, "flags"}};

    PL_HOST_DEVICE static constexpr SharedLayout layout(int n) {
        SharedLayout layout;
        layout.add(BufferId::data, static_cast<std::uint32_t>(n));
        layout.add(BufferId::ping, static_cast<std::uint32_t>(n));
        return layout;
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const ScanIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        using Count = AddOp<T>; // the flags are counted, whatever the operator
        const auto in = block_input(ctx, io);
        const auto out = block_output(ctx, io);
        const SharedLayout shape = layout(io.n);
        const auto keys = ctx.template shared<T>(shape.find(BufferId::data));
        const auto counts = ctx.template shared<T>(shape.find(BufferId::ping));
        const int i = ctx.thread_index();
        const bool mine = i < io.n; // this thread owns a key

        ctx.begin(step_tag(kFile, kLoad.phase, __LINE__));
        if (mine) {
            const V loaded = in[i];
            keys[i] = loaded;
        }

        for (int bit = 0; bit < io.radix_end_bit; ++bit) {
            const auto pass = static_cast<std::uint16_t>(bit);
            // barrier: the keys the previous pass scattered (the loaded ones, first) are in place
            ctx.sync(step_tag(kFile, kFlag.phase, __LINE__, pass));
            V x{};
            bool zero = false;
            if (mine) {
                x = keys[i];
                zero = (radix_key(plain_value(x)) >> bit & 1u) == 0;
                counts[i] = derived_value(x, T(zero ? 1 : 0));
            }
            for (int offset = 1; offset < io.n; offset *= 2) {
                // barrier: the previous iteration's counts (the flags, first) are visible to every thread
                ctx.sync(step_tag(kFile, kCountRead.phase, __LINE__, pass, static_cast<std::uint32_t>(offset)));
                V partner = Count::identity();
                if (mine && i >= offset)
                    partner = counts[i - offset];
                // barrier: every thread has read its partner before anyone overwrites it
                ctx.sync(step_tag(kFile, kCountWrite.phase, __LINE__, pass, static_cast<std::uint32_t>(offset)));
                if (mine && i >= offset)
                    counts[i] = Count::apply(partner, counts[i]);
            }
            // barrier: every count is final before the scatter reads it
            ctx.sync(step_tag(kFile, kScatter.phase, __LINE__, pass));
            if (mine) {
                const V zeros_through_i = counts[i];
                const int zeros_before_i = static_cast<int>(plain_value(zeros_through_i)) - (zero ? 1 : 0);
                int place = zeros_before_i;
                if (!zero) { // after every 0: all 0s + the 1s before i
                    const V zeros = counts[io.n - 1];
                    place = static_cast<int>(plain_value(zeros)) + (i - zeros_before_i);
                }
                keys[place] = x;
            }
        }

        // barrier: the last pass's keys are in place
        ctx.sync(step_tag(kFile, kStore.phase, __LINE__));
        if (mine) {
            const V sorted = keys[i];
            out[i] = sorted;
        }
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after run() so that the sync points above keep their source lines, which trace files record.
    static constexpr const char* kName = "radix-sort-1bit";
    static constexpr const char* kDescription =
        "LSD radix sort, one bit a pass: each pass splits the keys by one bit (flag the 0s, scan the flags, "
        "scatter the 0s then the 1s, each in order), from bit 0 up to the highest bit in which two keys differ.";
    static constexpr KernelFamily kFamily = KernelFamily::sort;
    static constexpr KernelKind kKind = KernelKind::sort;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr PhaseSpec kLoad{
        "sort-load", "load the keys into shared memory", nullptr,
        "Each thread t copies its key {reads} into shared memory: {writes}. A pass follows for each bit up to "
        "the highest in which two keys differ: the bits above it are the same in every key."};
    static constexpr PhaseSpec kFlag{
        "sort-bit-flags", "pass {level}: flag the keys whose bit {level} is 0", nullptr,
        "Pass {level}: keys with bit {level} = 0 go first, in order. Each thread t reads its key {reads} and "
        "writes its flag, 1 where bit {level} is 0, else 0: {writes}."};
    static constexpr PhaseSpec kCountRead{
        "sort-bit-count-read", "pass {level}: scan the flags, offset {offset}: read partner", nullptr,
        "Pass {level}, scan of the flags (offset {offset}): each thread t ≥ {first} reads the count {reads} "
        "into a register."};
    static constexpr PhaseSpec kCountWrite{
        "sort-bit-count-write", "pass {level}: scan the flags, offset {offset}: add and write", nullptr,
        "Pass {level}: each thread t ≥ {first} adds the partner's count to {reads} and writes {writes}; after "
        "the last offset, word i counts the keys with bit {level} = 0 among keys 0..i."};
    static constexpr PhaseSpec kScatter{
        "sort-bit-scatter", "pass {level}: scatter, the 0s then the 1s", nullptr,
        "Pass {level}: each thread t reads its count {reads}; a key with bit {level} = 0 goes to [0s before t], "
        "one with bit {level} = 1 to [all 0s + 1s before t]: {writes}. Each group keeps its order, so the "
        "keys are now sorted by bits 0..{level}."};
    static constexpr PhaseSpec kStore{
        "sort-store", "store the sorted keys", nullptr,
        "Each thread t reads the key now at its index {reads} and writes it to the output: {writes}."};
    static constexpr PhaseSpec kPhases[] = {kLoad, kFlag, kCountRead, kCountWrite, kScatter, kStore};
};

} // namespace prefixlab
