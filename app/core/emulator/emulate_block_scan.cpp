#include "core/emulator/emulate_block_scan.hpp"

#include "core/emulator/element_arrays.hpp"
#include "core/emulator/emulated_block.hpp"
#include "core/emulator/emulator_context.hpp"
#include "core/ground/block_limits.hpp"
#include "kernels/kernel_instances.hpp"

#include <vector>

namespace prefixlab {

RawTrace emulate_block_scan(const BlockRequest& request) {
    require_block_size_in_range(request.algorithm, request.input.size());
    require_block_threads_valid(request.algorithm, request.input.size(), request.block_threads);
    const int n = static_cast<int>(request.input.size());
    return dispatch_algorithm(request.algorithm, [&]<class Algo>() {
        return dispatch_instance<Algo>(request.type, request.op, [&]<class Op>() {
            using T = typename Op::value_type;
            const std::vector<T> input = elements_as<T>(request.input);
            std::vector<T> output(n, from_bits<T>(kUnwrittenPattern));
            ScanIo<T> io{input.data(), output.data(), n, request.exclusive};
            io.keep = request.keep;
            io.radix_end_bit = radix_end_bit(request);

            EmulatedBlock block(static_cast<std::uint32_t>(launch_threads<Algo>(request)), Algo::layout(n),
                                Algo::kWatchesRegisters, request.warp_order);
            block.run([&](std::uint32_t thread) {
                EmulatorContext ctx(block, thread);
                Algo::template run<Op>(ctx, io);
                ctx.finish();
            });
            RawTrace trace = std::move(block.trace());
            trace.output = bits_of(output);
            return trace;
        });
    });
}

} // namespace prefixlab
