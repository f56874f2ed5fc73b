// The kernel catalogue: the one list of every kernel PrefixLab runs, and what is derived from it.
// Adding a kernel is its body file (with its catalogue entry) plus one line in BlockKernels below;
// dispatch, the GPU instantiations (kernels/CMakeLists.txt generates one translation unit per line),
// the command line's and the GUI's lists, the benchmark catalogue, trace-file names, source paths and
// step labels all follow from here (docs/architecture.md, "Adding a kernel").
//
// A catalogue entry is a kernel struct's static members:
//   kName               its name on the command line (--algo), in trace files and results: "blelloch"
//   kDescription        one sentence for the GUI and --help texts
//   kFamily, kKind      what it is (kernels/common/kernel_kind.hpp)
//   kSourcePath         its body's file in the repository, shown beside the trace
//   kFile               kernel_file_at(kSourcePath): the id its step tags carry
//   kMaxN               the largest N one block takes
//   threads_for(n)      the fewest threads that scan n elements
//   layout(n)           its shared memory (kernels/common/shared_layout.hpp)
//   kPhases             every phase its steps open, with names and labels (PhaseSpec)
//   kWatchesRegisters   whether its traces snapshot a register per thread
//   kElementsPerThread  elements each thread owns
// and, where they apply (absent means the default in brackets):
//   kHelperSourcePaths  other files its steps open in, e.g. the warp scan's [none]
//   kRacy               wrong by design: no benchmark driver, no reference check [false]
//   Companion           a kernel to compare with side by side, e.g. the other Blelloch layout [none]
//   CorrectTwin         for a wrong-by-design kernel, the correct one it breaks: compare mode's first
//                       choice beside it (and beside the twin, the wrong one) [none; void is none too]
//   kDivergentSync      a barrier or shuffle inside a divergent branch (issue 16's quiz variants): the
//                       emulator reports it instead of a trace, and on a GPU it may hang, so it runs there
//                       only in a child process with a timeout (app/core/quiz/quiz_gpu_run.hpp) [false]
//   kTextbookOrder      1, 2, …: the order in which a lecture reaches for its multi-block scans (the
//                       benchmark's lecture preset); 0: not a textbook scan [0]
//   kScheduleDependent  its output depends on the order the threads' atomics come in (bucketing by atomics):
//                       checked to be right, not compared with one output, on the GPU or across warp orders
//                       [false]
#pragma once

#include "kernels/block/blelloch.cuh"
#include "kernels/block/bucket_by_atomics.cuh"
#include "kernels/block/compact_split.cuh"
#include "kernels/block/hillis_steele.cuh"
#include "kernels/block/hillis_steele_barrier_in_branch.cuh"
#include "kernels/block/hillis_steele_double_buffer.cuh"
#include "kernels/block/hillis_steele_racy.cuh"
#include "kernels/block/histogram_global_atomics.cuh"
#include "kernels/block/histogram_privatised.cuh"
#include "kernels/block/radix_sort_bits.cuh"
#include "kernels/block/radix_sort_digits.cuh"
#include "kernels/block/reduce_add_on_load.cuh"
#include "kernels/block/reduce_barrier_in_branch.cuh"
#include "kernels/block/reduce_interleaved.cuh"
#include "kernels/block/reduce_interleaved_strided.cuh"
#include "kernels/block/reduce_sequential.cuh"
#include "kernels/block/reduce_unroll_complete.cuh"
#include "kernels/block/reduce_unroll_last_warp.cuh"
#include "kernels/block/reduce_warp_shuffle.cuh"
#include "kernels/block/segmented_scan.cuh"
#include "kernels/block/warp_shuffle_scan.cuh"
#include "kernels/common/scan_types.hpp"
#include "kernels/grid/atomic_global_scan.cuh"
#include "kernels/grid/propagate_tile_prefix.cuh"
#include "kernels/grid/reduce_then_scan.cuh"
#include "kernels/grid/scan_then_propagate.cuh"
#include "kernels/grid/register_tile_scan.cuh"
#include "kernels/grid/single_pass_compact.cuh"
#include "kernels/grid/single_pass_scan.cuh"
#include "kernels/grid/two_level_scan.cuh"

#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>

namespace prefixlab {

template <class... Kernels>
struct KernelList {
    static constexpr std::size_t size = sizeof...(Kernels);
};

// Every single-block kernel PrefixLab can trace (scans, and from issue 15 the block reductions: kKind
// says which; a reduction writes its total to output[0] and no other output), in the order of
// `prefixlab trace --list` and the GUI's menu. A BlockAlgorithm is a position in this list, and the
// first entry is the default.
// kernels/CMakeLists.txt reads the lines between the two markers (one kernel type per line) to generate
// one GPU translation unit per kernel.
using BlockKernels = KernelList<
    // catalogue: block kernels begin
    HillisSteele,
    HillisSteeleDoubleBuffer,
    HillisSteeleRacy,
    Blelloch,
    BlellochPadded,
    WarpShuffleScan,
    ReduceInterleaved,        // Harris's reduction kernels 1 to 7, in his order
    ReduceInterleavedStrided,
    ReduceSequential,
    ReduceAddOnLoad,
    ReduceUnrollLastWarp,
    ReduceUnrollComplete,
    ReduceManyPerThread,
    ReduceShuffleDown,        // the warp-shuffle reductions
    ReduceButterfly,
    BlockCompact,             // stream compaction and split (map, scan, scatter)
    BlockSplit,
    ReduceBarrierInBranch,    // the lecture's wrong fragments (issue 16's quiz), after the catalogue's
    HillisSteeleBarrierInBranch, // positions that settings and traces already name
    WarpShuffleInBranch,
    RadixSortBits,            // radix sort: a split a bit, then a 4-bit digit a pass
    RadixSortDigits,
    BlockBucketByAtomics,     // bucketing: where atomics decide each key's slot, and where a scan does
    BlockBucketByScan,
    BlockHistogramGlobalAtomics, // histograms: PMPP's progression from global atomics to aggregation
    BlockHistogramSharedAtomics,
    BlockHistogramWarpPrivate,
    BlockHistogramAggregated,
    SegmentedHillisSteele,       // segmented scans: a block scan with the segmented operator on (flag, value) pairs
    SegmentedWarpShuffle
    // catalogue: block kernels end
    >;

inline constexpr int kBlockAlgorithmCount = static_cast<int>(BlockKernels::size);

namespace catalog_detail {

template <std::size_t I, class List>
struct At;
template <std::size_t I, class First, class... Rest>
struct At<I, KernelList<First, Rest...>> : At<I - 1, KernelList<Rest...>> {};
template <class First, class... Rest>
struct At<0, KernelList<First, Rest...>> {
    using type = First;
};

template <class Kernel, class List>
struct IndexOf;
template <class Kernel, class... Kernels>
struct IndexOf<Kernel, KernelList<Kernels...>> {
    static constexpr std::size_t value = [] {
        constexpr bool same[] = {std::is_same_v<Kernel, Kernels>...};
        std::size_t i = 0;
        while (i < sizeof...(Kernels) && !same[i])
            ++i;
        return i;
    }();
    static_assert(value < sizeof...(Kernels), "this kernel is not in the catalogue");
};

} // namespace catalog_detail

template <std::size_t I>
using BlockKernel = typename catalog_detail::At<I, BlockKernels>::type;

template <class Kernel>
inline constexpr BlockAlgorithm block_algorithm_of{
    static_cast<std::uint8_t>(catalog_detail::IndexOf<Kernel, BlockKernels>::value)};

// Calls f.template operator()<Kernel>() for the algorithm's kernel type. A value outside the catalogue
// (never made by the parsers) gets the last kernel, as a switch's fall-through would.
template <std::size_t I = 0, class F>
decltype(auto) dispatch_algorithm(BlockAlgorithm algorithm, F&& f) {
    if constexpr (I + 1 < BlockKernels::size) {
        if (static_cast<std::size_t>(algorithm) != I)
            return dispatch_algorithm<I + 1>(algorithm, std::forward<F>(f));
    }
    return std::forward<F>(f).template operator()<BlockKernel<I>>();
}

// Calls f.template operator()<Kernel>() for every kernel of the catalogue, in its order.
template <class F>
void for_each_block_kernel(F&& f) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        (f.template operator()<BlockKernel<I>>(), ...);
    }(std::make_index_sequence<BlockKernels::size>{});
}

// The grid kernels (kernels/grid/): the bodies multi-block drivers launch, each with its source and
// phases, so that grid traces name their steps and the source panel shows them. The block scan a
// tile body runs does not change a grid kernel's phases: one instantiation stands for all.
template <class... Kernels>
struct GridKernelList {
    template <class F>
    static void for_each(F&& f) {
        (f.template operator()<Kernels>(), ...);
    }
};
using GridKernels = GridKernelList<SinglePassScan<WarpShuffleScan>,               // chained, decoupled look-back
                                   RegisterTileScan<kTracedRegisterItems>,        // the same, register tiles
                                   SinglePassCompact<kTracedRegisterItems>,       // compaction in one pass
                                   ScanTileStoreTotal<WarpShuffleScan>,           // scan-then-propagate
                                   PropagateTilePrefix,                           // its fan-out (and atomic-global's)
                                   ReduceTiles, ScanTileWithCarry<WarpShuffleScan>, // reduce-then-scan
                                   ReduceRuns, ScanRuns<WarpShuffleScan>,         // two-level
                                   ScanTileAddToLater<WarpShuffleScan>>;          // atomic-global

template <class F>
void for_each_grid_kernel(F&& f) {
    GridKernels::for_each(std::forward<F>(f));
}

// The number of phases a kernel lists. Read with sizeof: nvcc's front end leaves the deduced bound of a
// class template's member array (BlellochScan<kPadded>::kPhases) unknown to a range-for, not to sizeof.
template <class Kernel>
constexpr std::size_t phase_count() {
    return sizeof(Kernel::kPhases) / sizeof(PhaseSpec);
}

// --- the optional members, with their defaults ---

template <class Kernel>
constexpr bool is_racy() {
    if constexpr (requires { Kernel::kRacy; })
        return Kernel::kRacy;
    else
        return false;
}

template <class Kernel>
constexpr bool is_schedule_dependent() {
    if constexpr (requires { Kernel::kScheduleDependent; })
        return Kernel::kScheduleDependent;
    else
        return false;
}

// A scan (the multi-block drivers are built around these), not a block reduction.
template <class Kernel>
constexpr bool is_block_scan() {
    return Kernel::kKind == KernelKind::block_scan;
}

template <class Kernel>
constexpr bool has_companion() {
    return requires { typename Kernel::Companion; };
}

template <class Kernel>
constexpr bool has_correct_twin() {
    if constexpr (requires { typename Kernel::CorrectTwin; })
        return !std::is_void_v<typename Kernel::CorrectTwin>;
    else
        return false;
}

template <class Kernel>
constexpr bool has_divergent_sync() {
    if constexpr (requires { Kernel::kDivergentSync; })
        return Kernel::kDivergentSync;
    else
        return false;
}

template <class Kernel>
constexpr std::size_t helper_source_count() {
    if constexpr (requires { Kernel::kHelperSourcePaths; })
        return sizeof(Kernel::kHelperSourcePaths) / sizeof(const char*);
    else
        return 0;
}

template <class Kernel>
constexpr const char* helper_source_path(std::size_t i) {
    if constexpr (requires { Kernel::kHelperSourcePaths; })
        return Kernel::kHelperSourcePaths[i];
    else
        return nullptr;
}

// --- checks that make a wrong entry a compile error ---

namespace catalog_detail {

template <class... Kernels>
constexpr bool names_are_unique(KernelList<Kernels...>) {
    const std::string_view names[] = {Kernels::kName...};
    for (std::size_t a = 0; a < std::size(names); ++a)
        for (std::size_t b = a + 1; b < std::size(names); ++b)
            if (names[a] == names[b])
                return false;
    return true;
}

// Two phases with one id must be one phase (the same name and labels, listed by several kernels); two
// names with one id would be a hash collision, which renaming one phase resolves.
constexpr bool same_phase(const PhaseSpec& a, const PhaseSpec& b) {
    const auto text = [](const char* s) { return s == nullptr ? std::string_view{} : std::string_view{s}; };
    return text(a.name) == text(b.name) && text(a.label) == text(b.label) &&
           text(a.label_at_even_level) == text(b.label_at_even_level);
}

template <class A, class B>
constexpr bool phases_agree() {
    for (std::size_t i = 0; i < phase_count<A>(); ++i)
        for (std::size_t j = 0; j < phase_count<B>(); ++j) {
            const PhaseSpec& a = A::kPhases[i];
            const PhaseSpec& b = B::kPhases[j];
            // one name has one id (a hash of it), so comparing ids finds both: equal names, and a collision.
            // Texts are compared only then: comparing every pair's names passed nvcc's constexpr step limit
            // at 22 kernels ("expression not folded to a constant due to excessive constexpr function call
            // complexity").
            if (a.phase == b.phase && !same_phase(a, b))
                return false;
        }
    return true;
}

template <class... Kernels>
constexpr bool phases_are_consistent(KernelList<Kernels...>) {
    return ([]<class A>() { return (phases_agree<A, Kernels>() && ...); }.template operator()<Kernels>() && ...);
}

template <class Kernel>
constexpr bool entry_is_complete() {
    return Kernel::kMaxN >= 1 && Kernel::kFile == kernel_file_at(Kernel::kSourcePath) &&
           std::string_view(Kernel::kName).size() > 0 && std::string_view(Kernel::kDescription).size() > 0 &&
           phase_count<Kernel>() > 0 && Kernel::threads_for(Kernel::kMaxN) <= kMaxBlockThreads;
}

template <class... Kernels>
constexpr bool divergent_sync_is_wrong(KernelList<Kernels...>) {
    return ((!has_divergent_sync<Kernels>() || (is_racy<Kernels>() && has_correct_twin<Kernels>())) && ...);
}

template <class... Kernels>
constexpr bool entries_are_complete(KernelList<Kernels...>) {
    return (entry_is_complete<Kernels>() && ...);
}

} // namespace catalog_detail

static_assert(kBlockAlgorithmCount <= 256, "BlockAlgorithm is one byte");
static_assert(!is_racy<BlockKernel<0>>(), "the first kernel is the default: it must be a correct one");
static_assert(catalog_detail::divergent_sync_is_wrong(BlockKernels{}),
              "a kernel with kDivergentSync is wrong by design: it needs kRacy and a CorrectTwin");
static_assert(catalog_detail::names_are_unique(BlockKernels{}), "two kernels share a name");
static_assert(catalog_detail::phases_are_consistent(BlockKernels{}),
              "two phases share a name or an id but differ: rename one");
static_assert(catalog_detail::entries_are_complete(BlockKernels{}),
              "a catalogue entry lacks its name, description, phases, or kFile = kernel_file_at(kSourcePath), "
              "or needs more threads at kMaxN than CUDA allows in a block");

} // namespace prefixlab
