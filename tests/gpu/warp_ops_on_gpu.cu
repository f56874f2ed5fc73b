#include "gpu/warp_ops_on_gpu.hpp"

#include "kernels/gpu/cuda_grid_context.cuh"
#include "kernels/gpu/gpu_block_scan_impl.cuh"
#include "support/warp_ops_probe.hpp"

#include <stdexcept>

namespace prefixlab::test {
namespace {

using ProbeOp = AddOp<std::uint32_t>;

// The probe, then one atomic on a counter: the grid trace records it at the step the thread reached,
// which must be the emulator's step for it.
__global__ void warp_ops_probe_grid_kernel(const std::uint32_t* input, std::uint32_t* output, int n,
                                           std::uint32_t* counter, DeviceGridSink sink) {
    extern __shared__ __align__(16) unsigned char shared_memory[];
    CudaGridContext ctx(shared_memory, sink);
    WarpOpsProbe::run<ProbeOp>(ctx, ScanIo<std::uint32_t>{input, output, n, false});
    ctx.atomic_combine<ProbeOp>(GridWords<std::uint32_t>{counter, BufferId::tile_counter, 1}, 0, 1u);
    ctx.finish();
}

struct GridRun {
    std::vector<std::uint32_t> output;
    std::vector<GridAccessRecord> records;
};

GridRun run_in_grid_context(const std::vector<std::uint32_t>& input) {
    const int n = static_cast<int>(input.size());
    DeviceBuffer<std::uint32_t> in(n), out(n), counter(1), errors(1);
    DeviceBuffer<GridAccessRecord> records(n);
    DeviceBuffer<unsigned long long> ticket(1);
    in.upload(input);
    counter.zero();
    errors.zero();
    ticket.zero();
    DeviceGridSink sink;
    sink.records = records.get();
    sink.capacity = static_cast<unsigned long long>(n);
    sink.ticket = ticket.get();
    sink.errors = errors.get();
    const std::size_t shared_bytes = WarpOpsProbe::layout(n).total_words * sizeof(std::uint32_t);
    warp_ops_probe_grid_kernel<<<1, n, shared_bytes>>>(in.get(), out.get(), n, counter.get(), sink);
    PL_CUDA_CHECK_LAUNCH();
    PL_CUDA_CHECK(cudaDeviceSynchronize());
    if (errors.download(1)[0] != 0)
        throw std::runtime_error("grid trace of the probe: error bits " +
                                 std::to_string(errors.download(1)[0]));
    if (ticket.download(1)[0] != static_cast<unsigned long long>(n))
        throw std::runtime_error("grid trace of the probe: " + std::to_string(ticket.download(1)[0]) +
                                 " records, not one per thread");
    return GridRun{out.download(n), records.download(n)};
}

} // namespace

WarpOpsGpuRuns run_warp_ops_probe_on_gpu(const std::vector<std::uint32_t>& input) {
    BlockRequest request;
    request.type = ElementType::uint32;
    request.op = ScanOperator::add;
    request.input = input;
    WarpOpsGpuRuns runs;
    runs.traced = trace_on_gpu<WarpOpsProbe, ProbeOp>(request);
    runs.untraced = run_untraced_on_gpu<WarpOpsProbe, ProbeOp>(request);
    GridRun grid = run_in_grid_context(input);
    runs.grid_output = std::move(grid.output);
    runs.grid_records = std::move(grid.records);
    return runs;
}

} // namespace prefixlab::test
