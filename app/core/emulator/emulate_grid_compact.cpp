#include "core/emulator/emulate_grid_compact.hpp"

#include "core/emulator/element_arrays.hpp"
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
        const std::vector<T> input = elements_as<T>(request.input);
        std::vector<T> output(n, from_bits<T>(kUnwrittenPattern));
        std::vector<std::uint32_t> counts(grid_compact_counts(n, request.threads), kUnwrittenPattern);
        EmulatorLauncher launcher(schedule, recording);
        run_grid_compact<Op>(launcher, request.split, request.keep, request.threads, input.data(), output.data(), n,
                             GridWords<std::uint32_t>{counts.data(), BufferId::tile_totals,
                                                      static_cast<std::uint32_t>(counts.size())});
        GridCompactResult result;
        result.output = bits_of(output);
        result.kept = counts[grid_compact_kept_index(n, request.threads)];
        return result;
    });
}

} // namespace prefixlab
