#include "core/emulator/emulate_grid_reduce.hpp"

#include "core/emulator/element_arrays.hpp"
#include "core/emulator/emulator_launcher.hpp"
#include "kernels/block_dispatch.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace prefixlab {

std::uint32_t emulate_grid_reduce(const GridReduceRequest& request, const GridSchedule& schedule,
                                  GridRecording* recording) {
    if (request.input.empty())
        throw std::invalid_argument("a reduction needs at least one element");
    return dispatch_block_reduction<std::uint32_t>(request.algorithm, [&]<class Body>() {
        require_reduce_threads<Body>(request.threads);
        return dispatch_element(request.type, request.op, [&]<class Op>() {
            using T = typename Op::value_type;
            const std::size_t n = request.input.size();
            const std::vector<T> input = elements_as<T>(request.input);
            const int tile = request.threads * Body::kElementsPerThread;
            std::vector<T> totals(grid_reduce_totals(request.finish, n, tile), from_bits<T>(kUnwrittenPattern));
            EmulatorLauncher launcher(schedule, recording);
            const GridReduceResult<T> result = run_grid_reduce<Body, Op>(
                launcher, request.finish, request.threads, input.data(), n,
                GridWords<T>{totals.data(), BufferId::tile_totals, static_cast<std::uint32_t>(totals.size())});
            return to_bits(result.on_host ? result.host_total : totals[result.index]);
        });
    });
}

} // namespace prefixlab
