#include "core/bench/bench_catalog.hpp"

#include "core/bench/bench_sizes.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/util/printable.hpp"
#include "kernels/bench/gpu_tuned_scan.hpp"
#include "kernels/common/cuda_limits.hpp"
#include "kernels/kernel_catalog.hpp"

#include <algorithm>
#include <bit>

namespace prefixlab {

namespace {

// The block scans our drivers wrap: every correct one of the kernel catalogue, in its order (a racy
// variant's output is wrong by design), each with its threads per block for the default tiles.
struct DriverBlock {
    BlockAlgorithm algorithm;
    int threads;
};

// The default tile is as large as one block with one element per thread can scan: CUDA's limit, 1024
// elements (Blelloch, two elements per thread, scans it with 512 threads).
constexpr int kDefaultTileElements = kMaxBlockThreads;

std::vector<DriverBlock> driver_blocks() {
    std::vector<DriverBlock> blocks;
    for_each_block_kernel([&]<class Kernel>() {
        if constexpr (!is_racy<Kernel>() && is_block_scan<Kernel>())
            blocks.push_back({block_algorithm_of<Kernel>, Kernel::threads_for(kDefaultTileElements)});
    });
    return blocks;
}

std::vector<BenchAlgorithm> make_catalog() {
    std::vector<BenchAlgorithm> all;
    const auto gpu = [&](std::string name, std::string description, GpuScanMethod method, bool baseline,
                         int threads) {
        all.push_back({std::move(name), std::move(description), BenchTarget::gpu, method, CpuScanKind::loop,
                       baseline, threads, gpu_scan_max_n(method.kind)});
    };
    const auto cpu = [&](std::string name, std::string description, CpuScanKind kind) {
        all.push_back({std::move(name), std::move(description), BenchTarget::cpu, {}, kind, true, 0});
    };
    gpu("copy", "device-to-device copy of the same bytes (speed of light: read N, write N)",
        {GpuScanKind::copy, {}}, true, 0);
    gpu("cub", "cub::DeviceScan::InclusiveScan (ExclusiveScan)", {GpuScanKind::cub, {}}, false, 0);
    gpu("thrust", "thrust::inclusive_scan", {GpuScanKind::thrust, {}}, false, 0);
    for (const DriverBlock& block : driver_blocks())
        gpu("stp-" + std::string(name_of(block.algorithm)),
            "scan-then-propagate with the " + std::string(name_of(block.algorithm)) + " block scan",
            {GpuScanKind::scan_then_propagate, block.algorithm}, false, block.threads);
    for (const DriverBlock& block : driver_blocks())
        gpu("rts-" + std::string(name_of(block.algorithm)),
            "reduce-then-scan with the " + std::string(name_of(block.algorithm)) + " block scan",
            {GpuScanKind::reduce_then_scan, block.algorithm}, false, block.threads);
    // Its own tile kernel, no block scan (the method's block is unused); a multi-block driver of the
    // catalogue-to-come, named here until then.
    gpu("global-hillis-steele", "Hillis–Steele in global memory per block, then scan-then-propagate",
        {GpuScanKind::global_hillis_steele, kDefaultBlockAlgorithm}, false, kMaxBlockThreads);
    // The other grid drivers around one block scan, warp shuffle (the fastest tile scan of rts-), with
    // 1024-element tiles: the drivers differ in how tiles learn their prefix, not in the tile scan.
    const BlockAlgorithm shuffle = block_algorithm_of<WarpShuffleScan>;
    const int shuffle_threads = WarpShuffleScan::threads_for(kDefaultTileElements);
    gpu(std::string(name_of(GridDriver::two_level)),
        "two-level reduce-then-scan (a fixed number of blocks, each a run of tiles) with the warp-shuffle block scan",
        {GpuScanKind::two_level, shuffle}, false, shuffle_threads);
    gpu(std::string(name_of(GridDriver::atomic_global)),
        "the lecture's atomic global scan (each tile's total atomically added to every later tile) with the "
        "warp-shuffle block scan; up to N = 2^24",
        {GpuScanKind::atomic_global, shuffle}, false, shuffle_threads);
    gpu(std::string(name_of(GridDriver::chained)),
        "single-pass chained scan (tile counter) with the warp-shuffle block scan", {GpuScanKind::chained, shuffle},
        false, shuffle_threads);
    gpu(std::string(name_of(GridDriver::decoupled_look_back)),
        "single-pass scan with decoupled look-back (tile counter) with the warp-shuffle block scan",
        {GpuScanKind::decoupled_look_back, shuffle}, false, shuffle_threads);
    // PrefixLab's tuned scan and its deterministic form (docs/tuned-scan.md), with their own tile.
    gpu("tuned-look-back",
        "PrefixLab's tuned scan: single pass, decoupled look-back with a window of 32 predecessors, each "
        "tile in registers (" + std::to_string(kTunedScanItems) + " elements per thread, 16-byte loads and stores)",
        {GpuScanKind::tuned_look_back, shuffle}, false, kTunedScanThreads);
    gpu("tuned-reduce-then-scan",
        "the tuned scan's deterministic form: reduce-then-scan around the same register tile (float sums give "
        "the same bits on every run; the input is read twice)",
        {GpuScanKind::tuned_reduce_then_scan, shuffle}, false, kTunedScanThreads);
    cpu("cpu-loop", "CPU, one core: a plain loop", CpuScanKind::loop);
    cpu("cpu-std", "CPU, one core: std::inclusive_scan", CpuScanKind::std_scan);
    cpu("cpu-parallel", "CPU, every core: reduce-then-scan on a thread pool", CpuScanKind::parallel);
    return all;
}

} // namespace

const std::vector<BlockAlgorithm>& bench_block_scans() {
    static const std::vector<BlockAlgorithm> blocks = [] {
        std::vector<BlockAlgorithm> all;
        for (const DriverBlock& block : driver_blocks())
            all.push_back(block.algorithm);
        return all;
    }();
    return blocks;
}

const std::vector<std::string>& textbook_bench_scans() {
    static const std::vector<std::string> names = [] {
        std::vector<std::pair<int, BlockAlgorithm>> ranked;
        for_each_block_kernel([&]<class Kernel>() {
            if constexpr (requires { Kernel::kTextbookOrder; })
                if (Kernel::kTextbookOrder > 0)
                    ranked.emplace_back(Kernel::kTextbookOrder, block_algorithm_of<Kernel>);
        });
        std::sort(ranked.begin(), ranked.end());
        std::vector<std::string> all;
        for (const char* driver : {"stp-", "rts-"})
            for (const auto& [order, block] : ranked)
                all.push_back(driver + std::string(name_of(block)));
        return all;
    }();
    return names;
}

std::string max_n_reason(const BenchAlgorithm& algorithm) {
    if (algorithm.max_n == 0)
        return {};
    if (algorithm.gpu.kind == GpuScanKind::atomic_global)
        return "its T(T-1)/2 atomics for T tiles grow as N²: timed up to N = 2^" +
               std::to_string(std::bit_width(algorithm.max_n) - 1) + " only";
    return "timed up to N = " + std::to_string(algorithm.max_n) + " only";
}

const std::vector<BenchAlgorithm>& bench_algorithms() {
    static const std::vector<BenchAlgorithm> catalog = make_catalog();
    return catalog;
}

std::string item_choices_text() {
    std::string text;
    for (int items : tuned_scan_item_choices())
        text += (text.empty() ? "" : ", ") + std::to_string(items);
    return text;
}

const BenchAlgorithm* find_bench_algorithm(std::string_view name) {
    for (const BenchAlgorithm& algorithm : bench_algorithms())
        if (algorithm.name == name)
            return &algorithm;
    return nullptr;
}

std::vector<std::string> expand_bench_algorithms(std::string_view list) {
    std::vector<std::string> names;
    // "cpu,cpu-std" names cpu-std twice: it is timed once, where it first appears.
    const auto add = [&](const std::string& name) {
        if (std::find(names.begin(), names.end(), name) == names.end())
            names.push_back(name);
    };
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        const std::string item(list.substr(start, comma - start));
        start = comma + 1;
        if (item == "all" || item == "gpu" || item == "cpu") {
            for (const BenchAlgorithm& algorithm : bench_algorithms())
                if (item == "all" || (item == "gpu") == (algorithm.target == BenchTarget::gpu))
                    add(algorithm.name);
            continue;
        }
        if (find_bench_algorithm(item) == nullptr)
            throw BenchSpecError("unknown algorithm '" + printable(item) +
                                 "' (prefixlab bench --list shows them)");
        add(item);
    }
    return names;
}

} // namespace prefixlab
