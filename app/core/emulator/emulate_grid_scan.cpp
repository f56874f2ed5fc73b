#include "core/emulator/emulate_grid_scan.hpp"

#include "core/emulator/emulator_context.hpp"
#include "kernels/block_scan_dispatch.hpp"
#include "kernels/grid/single_pass_scan.cuh"

#include <stdexcept>
#include <string>

namespace prefixlab {

std::vector<std::uint32_t> emulate_grid_scan(const GridScanRequest& request, const GridSchedule& schedule,
                                             GridRecording* recording) {
    if (request.input.empty())
        throw std::invalid_argument("a grid scan needs at least one element");
    return dispatch_tile_body(request.body, [&]<class Body>() {
        using Scan = SinglePassScan<Body>;
        if (!Scan::threads_valid(request.tile_threads))
            throw std::invalid_argument(
                "a grid scan's tile has a multiple of 32 threads up to the body's limit, not " +
                std::to_string(request.tile_threads));
        return dispatch_element(request.type, request.op, [&]<class Op>() {
            using T = typename Op::value_type;
            const std::size_t n = request.input.size();
            std::vector<T> input(n);
            for (std::size_t i = 0; i < n; ++i)
                input[i] = from_bits<T>(request.input[i]);
            std::vector<T> output(n, from_bits<T>(kUnwrittenPattern));
            const int tile = Scan::tile_elements(request.tile_threads);
            const std::size_t tiles = tiles_for(n, tile);
            std::vector<std::uint64_t> status(tiles, pack_tile_status(TileStatus::invalid, 0));
            std::uint32_t tile_counter = 0;
            const GridScanIo<T> io{input.data(),
                                   output.data(),
                                   n,
                                   request.exclusive,
                                   tile,
                                   {status.data(), BufferId::tile_status, static_cast<std::uint32_t>(tiles)},
                                   {&tile_counter, BufferId::tile_counter, 1},
                                   request.protocol,
                                   request.order};

            EmulatedGrid grid(static_cast<std::uint32_t>(tiles),
                              static_cast<std::uint32_t>(request.tile_threads),
                              Scan::layout(request.tile_threads).shared, schedule);
            if (recording != nullptr) {
                recording->launch = static_cast<std::uint16_t>(recording->launches.size());
                recording->launches.push_back(RecordedLaunch{
                    request.protocol == GridProtocol::chained ? "chained scan" : "decoupled look-back",
                    Scan::kSourcePath, static_cast<std::uint32_t>(tiles),
                    static_cast<std::uint32_t>(request.tile_threads), static_cast<std::uint32_t>(tile)});
            }
            grid.run(
                [&](EmulatedBlock& block, std::uint32_t thread) {
                    EmulatorContext ctx(block, thread);
                    Scan::template run<Op>(ctx, io);
                    ctx.finish();
                },
                recording);
            std::vector<std::uint32_t> bits(n);
            for (std::size_t i = 0; i < n; ++i)
                bits[i] = to_bits(output[i]);
            return bits;
        });
    });
}

} // namespace prefixlab
