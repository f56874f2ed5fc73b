// A histogram by global atomics, the lecture's starting point (kernels/common/block_histogram.hpp): every key
// adds 1 to its bin's word in global memory. On a GPU all the blocks' threads of a bin meet at
// one word of the L2 cache; in one block, all its lanes of a bin do:
//  0. clear: threads 0 … 3 set the output's 4 bins to 0; each thread copies its key into shared memory (the
//     block's view shows the keys there, beside the bins they go to);
//  1. count: each thread reads its key, and adds 1 to its bin in the output (atomicAdd in global memory, on
//     32-bit words);
//  2. (float keys only) type: threads 0 … 3 write their bin's count back as a float (1.0f, not the word 1). An
//     int's count is its word already: there the step would store what it read, and the compiler drops both
//     (Nsight Compute on the H200 counted no such load or store), so the kernel does not make it.
#pragma once

#include "kernels/block/one_element_per_thread.hpp"
#include "kernels/common/block_histogram.hpp"
#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/scan_operators.hpp"

#include <cstdint>
#include <type_traits>

namespace prefixlab {

// Shared memory: the keys (data), one a thread (OneElementPerThread's layout).
struct BlockHistogramGlobalAtomics : OneElementPerThread {
    static constexpr const char* kSourcePath = "kernels/block/histogram_global_atomics.cuh";
    static constexpr BufferLabel kBufferLabels[] = {{BufferId::data, "keys"}};

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const ScanIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        using U = typename Ctx::template value<std::uint32_t>;
        const auto in = block_input(ctx, io);
        const auto out = block_output(ctx, io);
        const auto keys = ctx.template shared<T>(layout(io.n).find(BufferId::data));
        // the output's words as counts
        const auto bins = ctx.template global<std::uint32_t>(reinterpret_cast<std::uint32_t*>(io.output), out.desc());
        const int i = ctx.thread_index();
        const bool mine = i < io.n; // this thread owns a key
        const int bins_out = block_bins_out(io.n);

        ctx.begin(step_tag(kFile, kClear.phase, __LINE__));
        if (i < bins_out)
            bins[std::uint32_t(i)] = 0u;
        if (mine) {
            const V x = in[i];
            keys[i] = x;
        }
        // barrier: every bin is 0
        ctx.sync(step_tag(kFile, kCount.phase, __LINE__));
        if (mine) {
            const V x = keys[i];
            const std::uint32_t bin = block_bucket(plain_value(x));
            if (int(bin) < bins_out)
                bins.atomic_add_unused(bin, 1u);
        }
        if constexpr (std::is_floating_point_v<T>) {
            // barrier: every key is counted
            ctx.sync(step_tag(kFile, kType.phase, __LINE__));
            if (i < bins_out) {
                const U count = bins[std::uint32_t(i)];
                out[i] = converted_value<T>(count);
            }
        }
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after run() so that the sync points above keep their source lines, which trace files record.
    static constexpr const char* kName = "histogram-global-atomics";
    static constexpr const char* kDescription =
        "Histogram by global atomics: each key adds 1 to its bin (its lowest two bits: 4 bins) with an atomicAdd "
        "on the output in global memory. Every thread of a bin, of every warp, waits at one word.";
    static constexpr KernelFamily kFamily = KernelFamily::histogram;
    static constexpr KernelKind kKind = KernelKind::histogram;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr PhaseSpec kClear{"histogram-global-clear", "clear the bins, read the keys", nullptr,
                                      "Threads 0 to 3 set the 4 bins in global memory to 0, and each thread copies "
                                      "its key into shared memory: {writes}."};
    static constexpr PhaseSpec kCount{"histogram-global-count", "count: atomicAdd in global memory", nullptr,
                                      "Each thread reads its key {reads}; its bin is the key's lowest two bits. It "
                                      "adds 1 to the bin in global memory with an atomicAdd: {writes}. Every thread "
                                      "of a bin, of every warp, meets the others at the same word."};
    static constexpr PhaseSpec kType{"histogram-global-type", "the counts as floats", nullptr,
                                     "Threads 0 to 3 read their bin's count {reads} and write it back as a "
                                     "float: {writes}."};
    static constexpr PhaseSpec kPhases[] = {kClear, kCount, kType};
    // The atomics' order decides what each one reads: its trace, not its output, differs from run to run.
    static constexpr bool kScheduleDependent = true;
};

} // namespace prefixlab
