// Facts about the GPU scan methods that need no GPU: the scans they time, phase names and tile sizes. Built with and
// without CUDA, so the command line and the GUI can describe every method anywhere.
#include "kernels/bench/gpu_bench.hpp"
#include "kernels/bench/gpu_tuned_scan.hpp"
#include "kernels/block_dispatch.hpp"

namespace prefixlab {

bool gpu_scan_is_library(GpuScanKind kind) {
    return kind == GpuScanKind::copy || kind == GpuScanKind::cub || kind == GpuScanKind::thrust;
}

bool gpu_scan_times_scan(GpuScanKind kind, const BenchScan& scan) {
    // No default: a new kind must say which scans it times (the compiler warns of a missing case).
    switch (kind) {
    case GpuScanKind::copy:
    case GpuScanKind::cub:
    case GpuScanKind::thrust:
        return true;
    case GpuScanKind::scan_then_propagate:
    case GpuScanKind::reduce_then_scan:
    case GpuScanKind::global_hillis_steele:
    case GpuScanKind::two_level:
    case GpuScanKind::atomic_global:
    case GpuScanKind::chained:
    case GpuScanKind::decoupled_look_back:
        return scan == kDefaultBenchScan;
    case GpuScanKind::tuned_look_back:
    case GpuScanKind::tuned_reduce_then_scan:
        return true;
    }
    return false;
}

const std::vector<int>& tuned_scan_item_choices() {
    static const std::vector<int> choices = {8, 12, 16, 20, 24, 32, 40, 48};
    return choices;
}

bool is_tuned_scan(GpuScanKind kind) {
    return kind == GpuScanKind::tuned_look_back || kind == GpuScanKind::tuned_reduce_then_scan;
}

bool gpu_scan_synchronizes(GpuScanKind kind) { return kind == GpuScanKind::thrust; }

std::size_t gpu_scan_max_n(GpuScanKind kind) { return kind == GpuScanKind::atomic_global ? kAtomicGlobalScanMaxN : 0; }

std::vector<std::string> gpu_scan_phase_names(const GpuScanMethod& method) {
    switch (method.kind) {
    case GpuScanKind::scan_then_propagate:
    case GpuScanKind::global_hillis_steele:
        return {"block scans", "spine", "propagate"};
    case GpuScanKind::reduce_then_scan:
    case GpuScanKind::two_level:
    case GpuScanKind::tuned_reduce_then_scan:
        return {"reduce", "spine", "scan"};
    case GpuScanKind::atomic_global:
        return {"scan and add to later tiles", "propagate"};
    default: // the library baselines and the single-pass scans: one call, one launch
        return {};
    }
}

std::size_t gpu_scan_tile(const GpuScanMethod& method, int threads) {
    switch (method.kind) {
    case GpuScanKind::global_hillis_steele:
        return std::size_t(threads);
    case GpuScanKind::scan_then_propagate:
    case GpuScanKind::reduce_then_scan:
    case GpuScanKind::two_level:
    case GpuScanKind::atomic_global:
    case GpuScanKind::chained:
    case GpuScanKind::decoupled_look_back:
        return dispatch_algorithm(method.block,
                                  [&]<class Algo>() { return std::size_t(threads) * Algo::kElementsPerThread; });
    case GpuScanKind::tuned_look_back:
    case GpuScanKind::tuned_reduce_then_scan:
        return std::size_t(threads) * std::size_t(method.items > 0 ? method.items : kTunedScanItems);
    default:
        return 1;
    }
}

} // namespace prefixlab
