#include "core/emulator/emulate_grid_scan.hpp"

#include "core/emulator/element_arrays.hpp"
#include "core/emulator/emulate_grid_sort.hpp"
#include "core/emulator/emulator_launcher.hpp"
#include "kernels/block_dispatch.hpp"
#include "kernels/grid/grid_driver_plan.hpp"
#include "kernels/grid/single_pass_compact_plan.hpp"
#include "kernels/grid/tile_threads.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace prefixlab {

void require_tile_threads(TileScanBody body, int threads) {
    dispatch_tile_body(body, [&]<class Body>() {
        // the same rule as the GPU's (kernels/grid/tile_threads.hpp)
        if (!SinglePassKernel<Body>::threads_valid(threads))
            throw std::invalid_argument("a grid scan's tile has " + tile_threads_rule(SinglePassKernel<Body>::max_threads()) +
                                        " threads, not " + std::to_string(threads));
    });
}

namespace {

// The single-pass compaction of the request (GridScanRequest::compaction): the kept elements first, the
// other words unwritten.
std::vector<std::uint32_t> emulate_compaction(const GridScanRequest& request, const GridSchedule& schedule,
                                              GridRecording* recording) {
    return dispatch_value_type(request.type, [&]<class T>() {
        using Kernel = SinglePassCompact<kTracedRegisterItems>;
        const std::size_t n = request.input.size();
        const std::vector<T> input = elements_as<T>(request.input);
        std::vector<T> output(n, from_bits<T>(kUnwrittenPattern));
        std::vector<std::uint64_t> status(tiles_for(n, Kernel::tile_elements(request.tile_threads)), 0);
        std::uint32_t counter = 0, kept = kUnwrittenPattern;
        SinglePassCompactOptions options;
        options.threads = request.tile_threads;
        options.keep = request.keep;
        options.order = request.order;
        EmulatorLauncher launcher(schedule, recording);
        run_single_pass_compact<Kernel, AddOp<T>>(
            launcher, options, input.data(), output.data(), nullptr, n,
            SinglePassCompactWords{{status.data(), BufferId::tile_status, static_cast<std::uint32_t>(status.size())},
                                   {&counter, BufferId::tile_counter, 1},
                                   {&kept, BufferId::tile_totals, 1}});
        return bits_of(output);
    });
}

} // namespace

std::vector<std::uint32_t> emulate_grid_scan(const GridScanRequest& request, const GridSchedule& schedule,
                                             GridRecording* recording) {
    if (request.input.empty())
        throw std::invalid_argument("a grid scan needs at least one element");
    require_grid_compaction(request);
    require_grid_sort(request);
    if (request.sort != GridSortForm::none) { // the sort of the input as keys: the scan's tile body has no part
        GridSortRequest sort;
        sort.keys = request.input;
        sort.type = request.type;
        sort.threads = request.tile_threads;
        sort.onesweep = request.sort == GridSortForm::onesweep;
        return emulate_grid_sort(sort, schedule, recording).keys;
    }
    require_tile_threads(request.body, request.tile_threads);
    if (request.compaction)
        return emulate_compaction(request, schedule, recording);
    return dispatch_tile_body(request.body, [&]<class Body>() {
        return dispatch_element(request.type, request.op, [&]<class Op>() {
            using T = typename Op::value_type;
            const std::size_t n = request.input.size();
            const std::vector<T> input = elements_as<T>(request.input);
            std::vector<T> output(n, from_bits<T>(kUnwrittenPattern));
            const GridDriverOptions options{request.driver, request.order, request.tile_threads,
                                            kEmulatedTwoLevelBlocks};
            const int tile = request.tile_threads * Body::kElementsPerThread;
            std::vector<T> totals(std::max<std::size_t>(grid_driver_totals(options, n, tile), 1),
                                  from_bits<T>(kUnwrittenPattern));
            std::vector<std::uint64_t> status(std::max<std::size_t>(grid_driver_status_words(options, n, tile), 1));
            std::uint32_t counter = 0;
            const GridDriverWorkspace<T> workspace{
                {totals.data(), BufferId::tile_totals, static_cast<std::uint32_t>(totals.size())},
                {status.data(), BufferId::tile_status, static_cast<std::uint32_t>(status.size())},
                {&counter, BufferId::tile_counter, 1}};
            EmulatorLauncher launcher(schedule, recording);
            run_grid_driver<Body, Op>(launcher, options, input.data(), output.data(), n, request.exclusive,
                                      workspace);
            return bits_of(output);
        });
    });
}

} // namespace prefixlab
