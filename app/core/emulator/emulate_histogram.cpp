#include "core/emulator/emulate_histogram.hpp"

#include "core/emulator/emulator_launcher.hpp"
#include "kernels/grid/histogram_plan.hpp"

#include <stdexcept>

namespace prefixlab {

std::vector<std::uint32_t> emulate_histogram(const std::vector<std::uint32_t>& keys, std::uint32_t bins,
                                             HistogramMethod method, const GridSchedule& schedule,
                                             GridRecording* recording) {
    if (keys.empty())
        throw std::invalid_argument("a histogram needs at least one key");
    require_histogram_bins(bins);
    std::vector<std::uint32_t> counts(bins, kUnwrittenPattern);
    const GridWords<std::uint32_t> words{counts.data(), BufferId::tile_totals, bins};
    EmulatorLauncher launcher(schedule, recording);
    switch (method) {
    case HistogramMethod::global_atomics:
        run_histogram<kHistogramItems, HistogramMethod::global_atomics>(launcher, keys.data(), keys.size(), bins, words);
        break;
    case HistogramMethod::shared_atomics:
        run_histogram<kHistogramItems, HistogramMethod::shared_atomics>(launcher, keys.data(), keys.size(), bins, words);
        break;
    case HistogramMethod::warp_aggregated:
        run_histogram<kHistogramItems, HistogramMethod::warp_aggregated>(launcher, keys.data(), keys.size(), bins, words);
        break;
    }
    return counts;
}

} // namespace prefixlab
