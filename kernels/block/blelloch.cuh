// Blelloch's work-efficient scan of one block (Blelloch 1990; GPU Gems 3 ch. 39, Algorithms 3-4):
// each thread owns two elements; the array is padded with the identity to a power of two m.
//
//   up-sweep (reduce)   for d = 0 .. log2 m - 1, stride 2^d: s[bi] = s[ai] ⊕ s[bi]
//                       builds a tree of partial sums; the root s[m-1] holds the total
//   clear the root      s[m-1] = identity
//   down-sweep          for d = log2 m - 1 .. 0: t = s[ai]; p = s[bi]; s[ai] = p; s[bi] = t ⊕ p
//                       each node passes its prefix to its left child, prefix ⊕ left to its right
//
// leaving the exclusive scan in shared memory: O(n) work, 2 log2 m levels. The inclusive result is
// exclusive[i] ⊕ x[i], for every operator (a shift would need the total).
//
// ai and bi are 2^d apart; with 32 banks the accesses of one warp then fall into ever fewer banks as
// d grows. kPadded inserts one unused word after every 32 (index + index / 32, GPU Gems 3's
// CONFLICT_FREE_OFFSET), which spreads them out again: blelloch-padded.
#pragma once

#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"

namespace prefixlab {

template <bool kPadded>
struct BlellochScan {
    static constexpr int kMaxN = 2048;
    static constexpr const char* kSourcePath = "kernels/block/blelloch.cuh";
    static constexpr bool kWatchesRegisters = false;
    static constexpr int kElementsPerThread = 2;
    static constexpr std::uint32_t kBankPadding = 32; // one unused word after every 32
    static constexpr int kLevels = 11;                  // log2(kMaxN): the levels of the largest tree
    static_assert(1 << kLevels == kMaxN);
    static constexpr int kUnroll = kPadded ? kLevels : 1; // see run()

    // The tree's size: the smallest power of two >= n, and at least 2 (one thread, two elements).
    PL_HOST_DEVICE static constexpr int padded_n(int n) {
        const int width = tree_width(n); // kernels/common/shared_layout.hpp
        if (width < 2)
            return 2;
        return width;
    }

    PL_HOST_DEVICE static constexpr int threads_for(int n) { return padded_n(n) / 2; }

    PL_HOST_DEVICE static constexpr SharedLayout layout(int n) {
        SharedLayout layout;
        layout.add(BufferId::data, static_cast<std::uint32_t>(padded_n(n)), kPadded ? kBankPadding : 0);
        return layout;
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const ScanIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        const auto in = block_input(ctx, io);
        const auto out = block_output(ctx, io);
        const auto s = ctx.template shared<T>(layout(io.n).find(BufferId::data));
        const int t = ctx.thread_index();
        const int m = padded_n(io.n);
        const int a = t, b = t + m / 2; // this thread's two elements
        const bool mine = t < m / 2;    // the block may have more threads than the tree needs

        ctx.begin(step_tag(kFile, kLoadIntoShared.phase, __LINE__));
        // The thread's two inputs stay in registers: the inclusive result adds them at the end.
        V va = Op::identity(), vb = Op::identity();
        if (mine) {
            // Choose the value first, then store once: an if/else with a store in each branch compiles
            // to two store instructions, both issued by a warp that straddles N (seen with Nsight Compute).
            if (a < io.n)
                va = in[a];
            if (b < io.n)
                vb = in[b];
            s[a] = va;
            s[b] = vb;
        }

        // The padded tree's levels are unrolled over the largest tree (kLevels): each level's stride is
        // then a constant, its index arithmetic (padding included) shifts and adds, and the tree's real
        // depth only decides which levels run. With the down-sweep reading each child once, this took
        // the padded multi-block scan at 2^28 on the H100 from 2.79 to 2.61 ms. The unpadded tree stays
        // a loop: unrolled, its first level's two neighbouring words merge into one 8-byte access (fewer
        // instructions than the bank heatmap shows, Nsight Compute found), and it ran slower (3.30 ms
        // against 3.15 ms as a loop).
        // --- up-sweep (reduce) ---
        PL_CUDA_PRAGMA(unroll kUnroll)
        for (int d = 0; d < kLevels; ++d) {
            const int offset = 1 << d;
            const int active = m >> (d + 1); // nodes of this level: m / 2, m / 4, ..., 1
            if (active == 0)
                break;
            // barrier: the level below is complete
            ctx.sync(step_tag(kFile, kUpSweep.phase, __LINE__, static_cast<std::uint16_t>(d), offset));
            if (t < active) {
                const int ai = offset * (2 * t + 1) - 1;
                const int bi = offset * (2 * t + 2) - 1;
                s[bi] = Op::apply(s[ai], s[bi]);
            }
        }

        // --- clear the root: its exclusive prefix is the identity ---
        ctx.sync(step_tag(kFile, kClearRoot.phase, __LINE__));
        if (t == 0)
            s[m - 1] = Op::identity();

        // --- down-sweep: the same levels, root first ---
        PL_CUDA_PRAGMA(unroll kUnroll)
        for (int d = kLevels - 1; d >= 0; --d) {
            const int offset = 1 << d;
            const int active = m >> (d + 1); // 1, 2, 4, ..., m / 2
            if (active == 0)
                continue; // above this tree's root
            // barrier: the level above has passed its prefixes down
            ctx.sync(step_tag(kFile, kDownSweep.phase, __LINE__, static_cast<std::uint16_t>(d), offset));
            if (t < active) {
                const int ai = offset * (2 * t + 1) - 1;
                const int bi = offset * (2 * t + 2) - 1;
                const V left = s[ai];
                const V prefix = s[bi];
                s[ai] = prefix;                  // the left child gets the parent's prefix
                s[bi] = Op::apply(left, prefix); // the right child: the parent's prefix ⊕ the left sum
            }
        }

        // barrier: the exclusive scan is complete
        ctx.sync(step_tag(kFile, kStoreOutput.phase, __LINE__));
        if (!mine)
            return;
        if (a < io.n) {
            if (io.exclusive)
                store_output<Op>(io, out, a, s[a]);
            else
                store_output<Op>(io, out, a, Op::apply(s[a], va)); // exclusive prefix ⊕ own input
        }
        if (b < io.n) {
            if (io.exclusive)
                store_output<Op>(io, out, b, s[b]);
            else
                store_output<Op>(io, out, b, Op::apply(s[b], vb));
        }
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after run() so that the sync points above keep their source lines, which trace files record.
    static constexpr const char* kName = kPadded ? "blelloch-padded" : "blelloch";
    static constexpr const char* kDescription =
        kPadded ? "Blelloch's scan with one unused word after every 32, which spreads the tree's accesses "
                  "over the banks again."
                : "Blelloch's work-efficient scan: an up-sweep builds a tree of partial sums, a down-sweep "
                  "passes the prefixes down; two elements per thread.";
    static constexpr KernelFamily kFamily = KernelFamily::scan;
    static constexpr KernelKind kKind = KernelKind::block_scan;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr PhaseSpec kUpSweep{
        "up-sweep", "up-sweep d={level}, stride {offset}", nullptr,
        "Up-sweep level {level}, {active_threads}: thread t combines {reads} into {writes}."};
    static constexpr PhaseSpec kClearRoot{"clear-root", "clear the root", nullptr,
                                          "Thread {first} sets the root {writes} to the identity."};
    static constexpr PhaseSpec kDownSweep{
        "down-sweep", "down-sweep d={level}, stride {offset}", nullptr,
        "Down-sweep level {level}, {active_threads}: thread t moves {read2} down to {write1} and writes the "
        "combination of both to {write2}."};
    static constexpr PhaseSpec kPhases[] = {kLoadIntoShared, kUpSweep, kClearRoot, kDownSweep, kStoreOutput};
    // GPU Gems 3's chapter 39 with scan-then-propagate: the scan a lecture reaches for first
    static constexpr int kTextbookOrder = kPadded ? 0 : 1;
    // The other layout of the same tree: the bank-conflict view shows the two side by side.
    using Companion = BlellochScan<!kPadded>;
};

using Blelloch = BlellochScan<false>;
using BlellochPadded = BlellochScan<true>;

} // namespace prefixlab
