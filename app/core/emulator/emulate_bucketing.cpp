#include "core/emulator/emulate_bucketing.hpp"

#include "core/emulator/emulator_launcher.hpp"

#include <stdexcept>

namespace prefixlab {

std::vector<std::uint32_t> emulate_bucketing(const std::vector<std::uint32_t>& keys, std::uint32_t bins,
                                             BucketMethod method, const GridSchedule& schedule,
                                             GridRecording* recording) {
    if (keys.empty())
        throw std::invalid_argument("a bucketing needs at least one key");
    require_buckets(bins);
    const std::size_t n = keys.size();
    std::vector<std::uint32_t> out(n, kUnwrittenPattern), counts(kOnesweepDigits, kUnwrittenPattern);
    std::vector<std::uint64_t> status(onesweep_status_words(n, kOnesweepTracedItems), 0);
    std::uint32_t counter = kUnwrittenPattern;
    const BucketWords words{{counts.data(), BufferId::tile_totals, static_cast<std::uint32_t>(counts.size())},
                            {status.data(), BufferId::tile_status, static_cast<std::uint32_t>(status.size())},
                            {&counter, BufferId::tile_counter, 1}};
    EmulatorLauncher launcher(schedule, recording);
    if (method == BucketMethod::atomics)
        run_bucketing<BucketMethod::atomics, kOnesweepTracedItems>(launcher, keys.data(), out.data(), n, bins, words);
    else
        run_bucketing<BucketMethod::scan, kOnesweepTracedItems>(launcher, keys.data(), out.data(), n, bins, words);
    return out;
}

} // namespace prefixlab
