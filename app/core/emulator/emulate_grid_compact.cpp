#include "core/emulator/emulate_grid_compact.hpp"

#include "core/emulator/element_arrays.hpp"
#include "core/emulator/emulator_launcher.hpp"
#include "kernels/block_dispatch.hpp"
#include "kernels/grid/single_pass_compact_plan.hpp"

#include <algorithm>

namespace prefixlab {

namespace {

// The single-pass form at the traced tile (kTracedRegisterItems elements a thread); a split's rejected
// elements in an array of their own, then after the kept ones.
template <class Op>
GridCompactResult emulate_single_pass(EmulatorLauncher& launcher, const GridCompactRequest& request,
                                      const std::vector<typename Op::value_type>& input,
                                      std::vector<typename Op::value_type>& output, bool loop_over_tiles) {
    using T = typename Op::value_type;
    using Kernel = SinglePassCompact<kTracedRegisterItems>;
    const std::size_t n = input.size();
    std::vector<T> rejected(request.split ? n : 0, from_bits<T>(kUnwrittenPattern));
    std::vector<std::uint64_t> status(tiles_for(n, Kernel::tile_elements(request.threads)), 0);
    std::uint32_t counter = 0, kept = kUnwrittenPattern;
    SinglePassCompactOptions options;
    options.threads = request.threads;
    options.keep = request.keep;
    options.loop_over_tiles = loop_over_tiles;
    run_single_pass_compact<Kernel, Op>(launcher, options, input.data(), output.data(),
                                        request.split ? rejected.data() : nullptr, n,
                                        SinglePassCompactWords{{status.data(), BufferId::tile_status,
                                                                static_cast<std::uint32_t>(status.size())},
                                                               {&counter, BufferId::tile_counter, 1},
                                                               {&kept, BufferId::tile_totals, 1}});
    GridCompactResult result;
    result.kept = kept;
    if (request.split && kept <= n)
        std::copy(rejected.begin(), rejected.begin() + std::ptrdiff_t(n - kept), output.begin() + std::ptrdiff_t(kept));
    result.output = bits_of(output);
    return result;
}

} // namespace

GridCompactResult emulate_grid_compact(const GridCompactRequest& request, const GridSchedule& schedule,
                                       GridRecording* recording, bool loop_over_tiles) {
    require_compact_request(request);
    // the element type is all that matters: AddOp of it
    return dispatch_value_type(request.type, [&]<class T>() {
        using Op = AddOp<T>;
        const std::size_t n = request.input.size();
        const std::vector<T> input = elements_as<T>(request.input);
        std::vector<T> output(n, from_bits<T>(kUnwrittenPattern));
        EmulatorLauncher launcher(schedule, recording);
        if (request.single_pass)
            return emulate_single_pass<Op>(launcher, request, input, output, loop_over_tiles);
        std::vector<std::uint32_t> counts(grid_compact_counts(n, request.threads), kUnwrittenPattern);
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
