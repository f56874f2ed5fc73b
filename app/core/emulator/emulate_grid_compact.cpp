#include "core/emulator/emulate_grid_compact.hpp"

#include "core/emulator/emulator_launcher.hpp"
#include "kernels/block_dispatch.hpp"

namespace prefixlab {

GridCompactResult emulate_grid_compact(const GridCompactRequest& request, const GridSchedule& schedule,
                                       GridRecording* recording) {
    require_compact_request(request);
    // the element type is all that matters: AddOp of it
    return dispatch_element(request.type, ScanOperator::add, [&]<class Op>() {
        using T = typename Op::value_type;
        const std::size_t n = request.input.size();
        std::vector<T> input(n), output(n, from_bits<T>(kUnwrittenPattern));
        for (std::size_t i = 0; i < n; ++i)
            input[i] = from_bits<T>(request.input[i]);
        std::vector<std::uint32_t> counts(grid_compact_counts(n, request.threads), kUnwrittenPattern);
        EmulatorLauncher launcher(schedule, recording);
        run_grid_compact<Op>(launcher, request.split, request.threads, input.data(), output.data(), n,
                             GridWords<std::uint32_t>{counts.data(), BufferId::tile_totals,
                                                      static_cast<std::uint32_t>(counts.size())});
        GridCompactResult result;
        result.output.resize(n);
        for (std::size_t i = 0; i < n; ++i)
            result.output[i] = to_bits(output[i]);
        result.kept = counts[grid_compact_kept_index(n, request.threads)];
        return result;
    });
}

} // namespace prefixlab
