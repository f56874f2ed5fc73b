// Every grid driver, traced on the GPU (gpu_trace_grid_scan): the driver plan run over a launcher that
// launches each body on CudaGridContext, with the records' device array sized by a first, counting run.
#include "kernels/block_dispatch.hpp"
#include "kernels/gpu/cuda_grid_context.cuh"
#include "kernels/gpu/gpu_grid_trace.hpp"
#include "kernels/gpu/grid_driver_scan.cuh"
#include "kernels/grid/grid_sort_request.hpp" // radix_end_bit
#include "kernels/grid/onesweep_sort_plan.hpp"
#include "kernels/grid/single_pass_compact_plan.hpp"

#include <memory>
#include <stdexcept>
#include <string>

namespace prefixlab {

namespace {

template <class Launch, class Op, class Io>
__global__ void grid_traced_kernel(Io io, DeviceGridSink sink) {
    extern __shared__ __align__(16) unsigned char shared_memory[];
    CudaGridContext ctx(shared_memory, sink);
    Launch::template run<Op>(ctx, io);
    ctx.finish();
}

// The plan's launcher (grid_driver_plan.hpp) for a traced run: each launch numbered in the sink and
// named in the run; fills as the untraced launcher's.
class GpuTracedLauncher {
public:
    GpuTracedLauncher(const DeviceGridSink& sink, std::vector<GpuGridLaunch>& launches)
        : sink_(sink), launches_(launches), fills_(nullptr, nullptr) {}

    template <class Launch, class Op, class Io>
    void launch(const DriverLaunch& shape, const Io& io) {
        DeviceGridSink sink = sink_;
        sink.launch = static_cast<std::uint16_t>(launches_.size());
        launches_.push_back(GpuGridLaunch{shape.name, Launch::kSourcePath, shape.blocks,
                                          static_cast<std::uint32_t>(shape.threads),
                                          static_cast<std::uint32_t>(shape.tile)});
        const std::size_t bytes = launch_layout<Launch>(shape.threads).total_words * sizeof(std::uint32_t);
        const auto kernel = grid_traced_kernel<Launch, Op, Io>;
        if (bytes > kDefaultSharedBytes) // Onesweep's traced tiles (kOnesweepGpuTracedItems): past what a launch has unasked
            PL_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes)));
        kernel<<<shape.blocks, shape.threads, bytes>>>(io, sink);
        PL_CUDA_CHECK_LAUNCH();
    }

    template <class W>
    void fill(GridWords<W> words, std::size_t count, W value) {
        fills_.fill(words, count, value);
    }

    void phase_done() {}

private:
    DeviceGridSink sink_;
    std::vector<GpuGridLaunch>& launches_;
    GpuDriverLauncher fills_;
};

// The single-pass compaction of the request (GridScanRequest::compaction), traced: one tile a block, as
// the emulator runs it.
template <class T>
void run_compaction(GpuTracedLauncher& launcher, const GridScanRequest& request, const std::uint32_t* input,
                    std::uint32_t* output, std::size_t n, DeviceBuffer<std::uint64_t>& status,
                    DeviceBuffer<std::uint32_t>& counter, DeviceBuffer<std::uint32_t>& kept) {
    SinglePassCompactOptions options;
    options.threads = request.tile_threads;
    options.keep = request.keep;
    options.order = request.order;
    run_single_pass_compact<SinglePassCompact<kTracedRegisterItems>, AddOp<T>>(
        launcher, options, reinterpret_cast<const T*>(input), reinterpret_cast<T*>(output), nullptr, n,
        SinglePassCompactWords{{status.get(), BufferId::tile_status, static_cast<std::uint32_t>(status.size())},
                               {counter.get(), BufferId::tile_counter, 1},
                               {kept.get(), BufferId::tile_totals, 1}});
}

// The sort of the request's input as keys (GridScanRequest::sort), traced: the textbook's plan with the
// emulator's tiles, so that the two runs compare tile by tile; Onesweep's with larger ones
// (kOnesweepGpuTracedItems says why). The scratch and count arrays start as the emulator's do.
template <class T>
void run_sort(GpuTracedLauncher& launcher, const GridScanRequest& request, const std::uint32_t* input,
              std::uint32_t* output, std::size_t n, int end_bit, DeviceBuffer<std::uint32_t>& scratch,
              DeviceBuffer<std::uint32_t>& counts, DeviceBuffer<std::uint64_t>& status,
              DeviceBuffer<std::uint32_t>& counter) {
    const SortArrays<T> arrays{reinterpret_cast<const T*>(input), reinterpret_cast<T*>(output),
                               reinterpret_cast<T*>(scratch.get())};
    GpuDriverLauncher(nullptr, nullptr).fill(GridWords<std::uint32_t>{counts.get(), BufferId::tile_totals,
                                                                      static_cast<std::uint32_t>(counts.size())},
                                             counts.size(), kUnwrittenPattern);
    if (request.sort == GridSortForm::textbook) {
        run_grid_sort<AddOp<T>>(launcher, arrays, n, end_bit, request.tile_threads,
                                GridWords<std::uint32_t>{counts.get(), BufferId::tile_totals,
                                                         static_cast<std::uint32_t>(counts.size())});
        return;
    }
    run_onesweep_sort<kOnesweepGpuTracedItems, kOnesweepGpuTracedWindow, kOnesweepSharedCounts, AddOp<T>>(
        launcher, arrays, n, end_bit,
        OnesweepWords{{counts.get(), BufferId::tile_totals, static_cast<std::uint32_t>(counts.size())},
                      {status.get(), BufferId::tile_status, static_cast<std::uint32_t>(status.size())},
                      {counter.get(), BufferId::tile_counter, 1}});
}

std::string too_many_accesses(std::size_t n, unsigned long long count, std::uint64_t most) {
    return "a traced grid run of N = " + std::to_string(n) + " made " + std::to_string(count) +
           " accesses to the arrays the blocks share (a single-pass scan's polls of words not yet published "
           "count), more than this trace holds (" + std::to_string(most) + "): trace fewer tiles";
}

// Runs `run_once(launcher)` traced: first to count its accesses, then to record them (the single-pass
// drivers get room for twice the count: their polls vary between runs), at most most_accesses.
template <class RunOnce>
GpuGridRun count_then_record(std::size_t n, bool single_pass, std::uint64_t most_accesses,
                             DeviceBuffer<std::uint32_t>& output, RunOnce&& run_once) {
    DeviceBuffer<std::uint32_t> errors(1);
    DeviceBuffer<unsigned long long> ticket(1);
    std::unique_ptr<DeviceBuffer<GridAccessRecord>> records;
    for (int attempt = 0;; ++attempt) {
        ticket.zero();
        errors.zero();
        const DeviceGridSink sink{records ? records->get() : nullptr, records ? records->size() : 0, ticket.get(),
                                  errors.get(), 0};
        GpuGridRun run;
        GpuTracedLauncher launcher(sink, run.launches);
        run_once(launcher);
        PL_CUDA_CHECK(cudaDeviceSynchronize());
        if (const std::uint32_t error = errors.download(1)[0]; error != 0)
            throw std::runtime_error((error & kGridTraceStepOverflow) != 0
                                         ? "a block of the traced grid opened more than " +
                                               std::to_string(kMaxGridBlockSteps) +
                                               " steps, more than a trace records: use larger tiles"
                                         : std::string("a traced grid kernel indexed outside one of the grid's arrays"));
        const unsigned long long count = ticket.download(1)[0];
        if (records && count <= records->size()) {
            run.output = output.download(n);
            run.accesses = records->download(count);
            return run;
        }
        const unsigned long long wanted = single_pass ? 2 * count + 1024 : count;
        if (count > most_accesses || attempt == 3)
            throw std::length_error(too_many_accesses(n, count, most_accesses));
        records = std::make_unique<DeviceBuffer<GridAccessRecord>>(std::min<unsigned long long>(wanted, most_accesses));
    }
}

// The request is one require_grid_sort took (its block a textbook sort or Onesweep is built for).
GpuGridRun gpu_trace_grid_sort(const GridScanRequest& request, std::uint64_t most_accesses) {
    const std::size_t n = request.input.size();
    const int end_bit = radix_end_bit(request.type, request.input.data(), n);
    return dispatch_value_type(request.type, [&]<class T>() {
        const bool onesweep = request.sort == GridSortForm::onesweep;
        DeviceBuffer<std::uint32_t> input(n), output(n), scratch(n);
        input.upload(request.input);
        DeviceBuffer<std::uint32_t> counts(onesweep ? std::size_t(kOnesweepMaxPasses) * kOnesweepDigits
                                                    : grid_sort_counts(n, request.tile_threads));
        DeviceBuffer<std::uint64_t> status(onesweep ? onesweep_status_words(n, kOnesweepGpuTracedItems) : 1);
        DeviceBuffer<std::uint32_t> counter(1);
        return count_then_record(n, onesweep, most_accesses, output, [&](GpuTracedLauncher& launcher) {
            run_sort<T>(launcher, request, input.get(), output.get(), n, end_bit, scratch, counts, status, counter);
        });
    });
}

} // namespace

GpuGridRun gpu_trace_grid_scan(const GridScanRequest& request, std::uint32_t two_level_blocks,
                               std::uint64_t most_accesses) {
    if (request.input.empty())
        throw std::invalid_argument("a grid scan needs at least one element");
    require_grid_compaction(request);
    require_grid_sort(request);
    if (request.sort != GridSortForm::none)
        return gpu_trace_grid_sort(request, most_accesses);
    return dispatch_tile_body(request.body, [&]<class Body>() {
        if (!SinglePassKernel<Body>::threads_valid(request.tile_threads))
            throw std::invalid_argument("a grid scan's tile cannot have " + std::to_string(request.tile_threads) +
                                        " threads with this tile body");
        return dispatch_element(request.type, request.op, [&]<class Op>() {
            using T = typename Op::value_type;
            const std::size_t n = request.input.size();
            const GridDriverOptions options{request.driver, request.order, request.tile_threads, two_level_blocks};
            const int tile = request.tile_threads * Body::kElementsPerThread;
            DeviceBuffer<std::uint32_t> input(n), output(n);
            input.upload(request.input);
            DeviceBuffer<T> totals(std::max<std::size_t>(grid_driver_totals(options, n, tile), 1));
            DeviceBuffer<std::uint64_t> status(
                std::max<std::size_t>(request.compaction ? tiles_for(n, tile) : grid_driver_status_words(options, n, tile), 1));
            DeviceBuffer<std::uint32_t> counter(1), kept(1);
            const GridDriverWorkspace<T> workspace{
                {totals.get(), BufferId::tile_totals, static_cast<std::uint32_t>(totals.size())},
                {status.get(), BufferId::tile_status, static_cast<std::uint32_t>(status.size())},
                {counter.get(), BufferId::tile_counter, 1}};
            return count_then_record(n, is_single_pass(request.driver), most_accesses, output,
                                     [&](GpuTracedLauncher& launcher) {
                // Unwritten totals hold the emulator's pattern, so that a read of one shows the same.
                GpuDriverLauncher(nullptr, nullptr).fill(workspace.totals, totals.size(), from_bits<T>(kUnwrittenPattern));
                if (request.compaction) {
                    output.upload(std::vector<std::uint32_t>(n, kUnwrittenPattern)); // the words past the kept ones
                    run_compaction<T>(launcher, request, input.get(), output.get(), n, status, counter, kept);
                } else {
                    run_grid_driver<Body, Op>(launcher, options, reinterpret_cast<const T*>(input.get()),
                                              reinterpret_cast<T*>(output.get()), n, request.exclusive, workspace);
                }
            });
        });
    });
}

} // namespace prefixlab
