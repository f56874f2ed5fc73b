// The warp-exchange probe (warp_ops_probe.hpp) on the host: run in the emulator, assembled into a
// Trace (which validates its shuffle and ballot records), and its output worked out independently,
// lane by lane, without any warp exchange. Shared by the emulator's tests and the GPU's.
#pragma once

#include "core/emulator/emulated_block.hpp"
#include "core/emulator/emulator_context.hpp"
#include "core/trace/trace_assembly.hpp"
#include "kernels/common/scan_operators.hpp"
#include "support/warp_ops_probe.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab::test {

// Odd and even elements in an irregular pattern, so that each warp's votes differ.
inline std::vector<std::uint32_t> warp_ops_probe_input(int threads) {
    std::vector<std::uint32_t> input(threads);
    for (int i = 0; i < threads; ++i)
        input[i] = static_cast<std::uint32_t>(i * 37 % 11 + 5 * i);
    return input;
}

// output[i] = the sum of the elements of i's warp + (votes >> (l ^ 1)) + the element 5 lanes to the right,
// votes having bit k for each odd element of lane k (l ^ 1 is l itself in a warp of one lane; the element
// to the right is i's own from lane 27 on, and in a partial warp).
inline std::vector<std::uint32_t> warp_ops_probe_expected(const std::vector<std::uint32_t>& input) {
    const int threads = static_cast<int>(input.size());
    std::vector<std::uint32_t> expected(threads);
    for (int i = 0; i < threads; ++i) {
        const int first = i / 32 * 32;
        const int lanes = lanes_present(threads, i / 32);
        std::uint32_t sum = 0, votes = 0;
        for (int k = 0; k < lanes; ++k) {
            sum += input[first + k];
            if (input[first + k] % 2 == 1)
                votes |= 1u << k;
        }
        const int partner = lanes > 1 ? (i - first) ^ 1 : i - first;
        const int right = lanes == 32 && i - first + 5 < 32 ? i + 5 : i;
        expected[i] = sum + (votes >> partner) + input[right];
    }
    return expected;
}

inline RawTrace emulate_warp_ops_probe(const std::vector<std::uint32_t>& input, WarpOrder order) {
    const int n = static_cast<int>(input.size());
    std::vector<std::uint32_t> output(n, kUnwrittenPattern);
    const ScanIo<std::uint32_t> io{input.data(), output.data(), n, false};
    EmulatedBlock block(static_cast<std::uint32_t>(n), WarpOpsProbe::layout(n),
                        WarpOpsProbe::kWatchesRegisters, order);
    block.run([&](std::uint32_t thread) {
        EmulatorContext ctx(block, thread);
        WarpOpsProbe::run<AddOp<std::uint32_t>>(ctx, io);
        ctx.finish();
    });
    RawTrace trace = std::move(block.trace());
    trace.output = output;
    return trace;
}

inline Trace assemble_warp_ops_probe(const std::vector<std::uint32_t>& input, const RawTrace& raw) {
    TraceConfig config;
    config.n = static_cast<int>(input.size());
    config.type = ElementType::uint32;
    config.op = ScanOperator::add;
    const SharedLayout layout = WarpOpsProbe::layout(config.n);
    config.buffers.assign(layout.buffers, layout.buffers + layout.count);
    return assemble_trace(config, input, raw);
}

} // namespace prefixlab::test
