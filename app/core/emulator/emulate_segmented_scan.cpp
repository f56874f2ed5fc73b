#include "core/emulator/emulate_segmented_scan.hpp"

#include "core/emulator/emulator_launcher.hpp"

#include <stdexcept>
#include <string>

namespace prefixlab {

std::vector<std::uint32_t> emulate_segmented_scan(const std::vector<std::uint32_t>& keys,
                                                  const std::vector<std::uint32_t>& values, const GridSchedule& schedule,
                                                  int threads, GridRecording* recording) {
    require_segmented_scan(keys.size(), values.size());
    if (!SegmentedTileScan<kSegmentedTracedItems>::threads_valid(threads))
        throw std::invalid_argument("a segmented scan's blocks have a multiple of 32 threads up to 1024, not " +
                                    std::to_string(threads));
    const std::size_t n = values.size();
    std::vector<std::uint32_t> out(n, kUnwrittenPattern);
    std::vector<std::uint64_t> status(segmented_status_words(n, threads, kSegmentedTracedItems), 0);
    std::uint32_t counter = kUnwrittenPattern;
    const SegmentedWords words{{status.data(), BufferId::tile_status, static_cast<std::uint32_t>(status.size())},
                               {&counter, BufferId::tile_counter, 1}};
    EmulatorLauncher launcher(schedule, recording);
    run_segmented_scan<kSegmentedTracedItems, AddOp<std::uint32_t>>(launcher, keys.data(), values.data(), out.data(), n,
                                                                     threads, words);
    return out;
}

} // namespace prefixlab
