// The emulator's launcher for the driver plans (kernels/grid/grid_driver_plan.hpp): what
// emulate_grid_scan() runs every driver with, and what a test runs a tile body outside the run-time
// choices with (the tuned scan's register tile of many elements per thread).
#pragma once

#include "core/emulator/emulated_grid.hpp"
#include "core/emulator/emulator_context.hpp"
#include "kernels/grid/grid_driver_plan.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace prefixlab {

// The emulator's launcher for the driver plans: one EmulatedGrid run per launch, under the request's
// schedule, each launch named in the recording before it runs.
class EmulatorLauncher {
public:
    EmulatorLauncher(const GridSchedule& schedule, GridRecording* recording)
        : schedule_(schedule), recording_(recording) {}

    template <class Launch, class Op, class Io>
    void launch(const DriverLaunch& shape, const Io& io) {
        std::uint32_t blocks = shape.blocks;
        // Blocks that loop over tiles from the counter: no more of them than are resident, as the GPU
        // launches them (kernels/gpu/grid_driver_scan.cuh).
        if constexpr (requires { Launch::kLoopsOverTiles; })
            if (io.loop_over_tiles && io.order == TileOrder::atomic_counter)
                blocks = std::min(blocks, schedule_.resident);
        EmulatedGrid grid(blocks, static_cast<std::uint32_t>(shape.threads),
                          launch_layout<Launch>(shape.threads), schedule_);
        if (recording_ != nullptr) {
            recording_->launch = static_cast<std::uint16_t>(recording_->launches.size());
            recording_->launches.push_back(RecordedLaunch{shape.name, Launch::kSourcePath, blocks,
                                                          static_cast<std::uint32_t>(shape.threads),
                                                          static_cast<std::uint32_t>(shape.tile)});
        }
        grid.run(
            [&](EmulatedBlock& block, std::uint32_t thread) {
                EmulatorContext ctx(block, thread);
                Launch::template run<Op>(ctx, io);
                ctx.finish();
            },
            recording_);
    }

    template <class W>
    void fill(GridWords<W> words, std::size_t count, W value) {
        std::fill_n(words.data, count, value);
    }

    void phase_done() {}

    // A reduction's CPU finish (kernels/grid/grid_reduce_plan.hpp): the totals combined in order.
    template <class Op>
    typename Op::value_type combine_on_host(GridWords<typename Op::value_type> totals, std::size_t count) {
        typename Op::value_type total = Op::identity();
        for (std::size_t i = 0; i < count; ++i)
            total = Op::combine(total, totals.data[i]);
        return total;
    }

private:
    GridSchedule schedule_;
    GridRecording* recording_;
};

} // namespace prefixlab
