#include "bench_catalog.hpp"

#include "../scan_names.hpp"
#include "../util/printable.hpp"
#include "bench_sizes.hpp"

#include <algorithm>

namespace prefixlab {

namespace {

// The block scans our drivers wrap: every correct one (the racy variant's output is wrong by design).
const BlockAlgorithm kDriverBlocks[] = {BlockAlgorithm::hillis_steele, BlockAlgorithm::hillis_steele_double_buffer,
                                        BlockAlgorithm::blelloch, BlockAlgorithm::blelloch_padded,
                                        BlockAlgorithm::warp_shuffle};

// Threads per block for 1024-element tiles: one element per thread, Blelloch two.
int threads_for_1024_element_tiles(BlockAlgorithm block) {
    return block == BlockAlgorithm::blelloch || block == BlockAlgorithm::blelloch_padded ? 512 : 1024;
}

std::vector<BenchAlgorithm> make_catalog() {
    std::vector<BenchAlgorithm> all;
    const auto gpu = [&](std::string name, std::string description, GpuScanMethod method, bool baseline,
                         int threads) {
        all.push_back({std::move(name), std::move(description), BenchTarget::gpu, method, CpuScanKind::loop,
                       baseline, threads});
    };
    const auto cpu = [&](std::string name, std::string description, CpuScanKind kind) {
        all.push_back({std::move(name), std::move(description), BenchTarget::cpu, {}, kind, true, 0});
    };
    gpu("copy", "device-to-device copy of the same bytes (speed of light: read N, write N)",
        {GpuScanKind::copy, {}}, true, 0);
    gpu("cub", "cub::DeviceScan::InclusiveSum", {GpuScanKind::cub, {}}, false, 0);
    gpu("thrust", "thrust::inclusive_scan", {GpuScanKind::thrust, {}}, false, 0);
    for (BlockAlgorithm block : kDriverBlocks)
        gpu("stp-" + std::string(name_of(block)),
            "scan-then-propagate with the " + std::string(name_of(block)) + " block scan",
            {GpuScanKind::scan_then_propagate, block}, false, threads_for_1024_element_tiles(block));
    for (BlockAlgorithm block : kDriverBlocks)
        gpu("rts-" + std::string(name_of(block)),
            "reduce-then-scan with the " + std::string(name_of(block)) + " block scan",
            {GpuScanKind::reduce_then_scan, block}, false, threads_for_1024_element_tiles(block));
    gpu("global-hillis-steele", "Hillis–Steele in global memory per block, then scan-then-propagate",
        {GpuScanKind::global_hillis_steele, BlockAlgorithm::hillis_steele}, false, 1024);
    cpu("cpu-loop", "CPU, one core: a plain loop", CpuScanKind::loop);
    cpu("cpu-std", "CPU, one core: std::inclusive_scan", CpuScanKind::std_scan);
    cpu("cpu-parallel", "CPU, every core: reduce-then-scan on a thread pool", CpuScanKind::parallel);
    return all;
}

} // namespace

const std::vector<BenchAlgorithm>& bench_algorithms() {
    static const std::vector<BenchAlgorithm> catalog = make_catalog();
    return catalog;
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
