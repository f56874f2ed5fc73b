#include "core/emulator/emulate_grid_sort.hpp"

#include "core/emulator/element_arrays.hpp"
#include "core/emulator/emulator_launcher.hpp"
#include "kernels/block_dispatch.hpp"

namespace prefixlab {

GridSortResult emulate_grid_sort(const GridSortRequest& request, const GridSchedule& schedule,
                                 GridRecording* recording) {
    require_sort_request(request);
    const int end_bit = sort_end_bit(request);
    return dispatch_value_type(request.type, [&]<class T>() {
        const std::size_t n = request.keys.size();
        const bool pairs = !request.values.empty();
        const std::vector<T> keys = elements_as<T>(request.keys);
        std::vector<T> out(n, from_bits<T>(kUnwrittenPattern)), scratch(n, from_bits<T>(kUnwrittenPattern));
        std::vector<std::uint32_t> values_out(pairs ? n : 0, kUnwrittenPattern), values_scratch = values_out;
        std::vector<std::uint32_t> counts(request.onesweep ? 0 : grid_sort_counts(n, request.threads), kUnwrittenPattern);
        SortArrays<T> arrays{keys.data(), out.data(), scratch.data()};
        if (pairs)
            arrays = {keys.data(), out.data(), scratch.data(), request.values.data(), values_out.data(),
                      values_scratch.data()};
        EmulatorLauncher launcher(schedule, recording);
        if (request.onesweep) {
            std::vector<std::uint32_t> digit_counts(kOnesweepMaxPasses * kOnesweepDigits, kUnwrittenPattern);
            std::vector<std::uint64_t> status(onesweep_status_words(n, kOnesweepTracedItems), 0);
            std::uint32_t counter = kUnwrittenPattern;
            const OnesweepWords words{
                {digit_counts.data(), BufferId::tile_totals, static_cast<std::uint32_t>(digit_counts.size())},
                {status.data(), BufferId::tile_status, static_cast<std::uint32_t>(status.size())},
                {&counter, BufferId::tile_counter, 1}};
            constexpr bool kCounts = kOnesweepSharedCounts;
            if (request.onesweep_shared_counts != kCounts) // the other histogram, at the tuned window
                run_onesweep_sort<kOnesweepTracedItems, kOnesweepWindow, !kCounts, AddOp<T>>(launcher, arrays, n,
                                                                                              end_bit, words);
            else if (request.onesweep_window == 8)
                run_onesweep_sort<kOnesweepTracedItems, 8, kCounts, AddOp<T>>(launcher, arrays, n, end_bit, words);
            else if (request.onesweep_window == 4)
                run_onesweep_sort<kOnesweepTracedItems, 4, kCounts, AddOp<T>>(launcher, arrays, n, end_bit, words);
            else
                run_onesweep_sort<kOnesweepTracedItems, 1, kCounts, AddOp<T>>(launcher, arrays, n, end_bit, words);
            return GridSortResult{bits_of(out), values_out};
        }
        run_grid_sort<AddOp<T>>(launcher, arrays, n, end_bit, request.threads,
                                GridWords<std::uint32_t>{counts.data(), BufferId::tile_totals,
                                                         static_cast<std::uint32_t>(counts.size())});
        return GridSortResult{bits_of(out), values_out};
    });
}

} // namespace prefixlab
