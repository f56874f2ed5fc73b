#include "core/capture/grid_capture.hpp"

#include "core/capture/grid_trace_cost.hpp"
#include "core/capture/trace_capture.hpp"
#include "core/emulator/emulate_grid_scan.hpp"
#include "core/ground/input_generator.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/ground/output_check.hpp"
#include "core/trace/grid_trace_json.hpp"
#include "kernels/gpu/gpu_block_scan.hpp"
#include "kernels/gpu/gpu_grid_trace.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace prefixlab {

namespace {

std::string driver_name(const GridScanRequest& scan) {
    return std::string(name_of(scan.driver));
}

// A block's element writes: its writes of the launch's output, in step order (the emulator appends
// them in the order the schedule made them, which within a step is any).
std::vector<GridElementWrite> element_writes(const RawTrace& raw) {
    std::vector<GridElementWrite> writes;
    for (const AccessRecord& a : raw.accesses)
        if (a.buffer == static_cast<std::uint8_t>(BufferId::output) && a.kind == AccessKind::write)
            writes.push_back(GridElementWrite{a.step, a.word, a.value});
    std::stable_sort(writes.begin(), writes.end(),
                     [](const GridElementWrite& x, const GridElementWrite& y) { return x.step < y.step; });
    return writes;
}

std::vector<GridBlockRun> block_runs(const GridTrace& trace, GridRecording& recording) {
    std::vector<std::vector<std::uint32_t>> tiles(trace.launches.size());
    for (std::uint16_t l = 0; l < trace.launches.size(); ++l)
        tiles[l] = tiles_of_blocks(trace, l);
    std::vector<GridBlockRun> runs;
    for (RecordedBlock& recorded : recording.blocks) {
        GridBlockRun run;
        run.launch = recorded.launch;
        run.block = recorded.block;
        run.tile = tiles.at(recorded.launch).at(recorded.block);
        const std::size_t steps = std::min<std::size_t>(recorded.trace.step_count, recorded.trace.steps.size());
        run.steps.assign(recorded.trace.steps.begin(), recorded.trace.steps.begin() + std::ptrdiff_t(steps));
        run.writes = element_writes(recorded.trace);
        runs.push_back(std::move(run));
    }
    std::sort(runs.begin(), runs.end(), [](const GridBlockRun& x, const GridBlockRun& y) {
        return x.launch != y.launch ? x.launch < y.launch : x.block < y.block;
    });
    return runs;
}

// The outputs unequal to the reference: the scan's, or a compaction's (std::copy_if's, the rest unwritten).
std::size_t wrong_outputs(const GridScanRequest& scan, const std::vector<std::uint32_t>& input,
                          const std::vector<std::uint32_t>& output) {
    if (scan.compaction)
        return check_compaction_output(scan.type, false, scan.keep, input, output).wrong_count;
    if (scan.sort != GridSortForm::none)
        return check_sort_output(scan.type, input, output).wrong_count;
    return check_output(scan.type, scan.op, scan.exclusive, input, output).wrong_count;
}

GridTraceConfig config_of(const GridCaptureRequest& request) {
    GridTraceConfig config;
    config.driver = driver_name(request.scan);
    config.n = request.n;
    config.tile_body = std::string(name_of(request.scan.body));
    config.tile_threads = static_cast<std::uint32_t>(request.scan.tile_threads);
    config.type = request.scan.type;
    config.op = request.scan.op;
    config.exclusive = request.scan.exclusive;
    config.input_kind = request.input;
    config.seed = request.seed;
    config.device_name = kEmulatorDeviceName;
    config.emulated = true;
    config.resident = request.schedule.resident;
    config.start_order = describe_start_order(request.schedule);
    config.tiles_from_counter = request.scan.order == TileOrder::atomic_counter;
    // a compaction's or a sort's trace is at tile level: the grid views' elements are a scan's
    config.element_detail =
        request.n <= kMaxElementDetailN && !request.scan.compaction && request.scan.sort == GridSortForm::none;
    config.compaction = request.scan.compaction;
    config.keep = request.scan.keep;
    config.sort = request.scan.sort;
    return config;
}

// The times of a GPU run from its first access (%globaltimer counts from an arbitrary origin).
void times_from_first_access(std::vector<GridAccessRecord>& accesses) {
    if (accesses.empty())
        return;
    std::uint64_t first = accesses.front().time_ns;
    for (const GridAccessRecord& a : accesses)
        first = std::min(first, a.time_ns);
    for (GridAccessRecord& a : accesses)
        a.time_ns -= first;
}

GridTrace capture_gpu_grid_trace(const GridCaptureRequest& asked) {
    GridCaptureRequest request = asked;
    request.device = DeviceChoice::gpu; // the costs of a GPU run (a sort's tiles are the GPU's)
    if (request.n == 0 || request.n > kMaxGpuGridN)
        throw std::invalid_argument("N = " + std::to_string(request.n) + ": the GPU traces grids of 1 to " +
                                    std::to_string(kMaxGpuGridN) + " elements");
    // CUDA does not promise that blocks start in index order: a tile that waits for its predecessor's
    // word with tiles by block index may wait for a block that never starts (the emulator shows it).
    if (is_single_pass(request.scan.driver) && request.scan.order == TileOrder::block_index)
        throw std::invalid_argument("tiles by block index can hang on the GPU (blocks need not start in order): "
                                    "take tiles from the counter, or run it in the emulator");
    check_grid_trace_cost(request);
    GridScanRequest scan = request.scan;
    scan.input = generate_input(request.input, scan.type, scan.op, static_cast<int>(request.n), request.seed);
    // A chained scan's tiles poll their predecessor's word until it turns: millions of polls at 2^22
    // (16.8 million accesses with 1024-element tiles on the H100), more than a trace file holds.
    GpuGridRun run;
    try {
        run = gpu_trace_grid_scan(scan, kEmulatedTwoLevelBlocks, kMaxGridTraceAccesses);
    } catch (const std::length_error& e) {
        throw GridTraceTooLarge(e.what()); // more accesses than a trace holds: the user can ask for less
    }
    return grid_trace_of_gpu_run(request, scan.input, std::move(run));
}

} // namespace

GridTrace grid_trace_of_gpu_run(const GridCaptureRequest& request, const std::vector<std::uint32_t>& input,
                                GpuGridRun&& run) {
    GridTrace trace;
    trace.config = config_of(request);
    trace.config.device_name = gpu_status().name;
    trace.config.emulated = false;
    trace.config.resident = 0;
    trace.config.start_order.clear();
    trace.config.element_detail = false;
    for (const GpuGridLaunch& launch : run.launches)
        trace.launches.push_back(GridLaunch{launch.name, launch.source_path, launch.blocks, launch.threads, launch.tile});
    if (!trace.launches.empty())
        trace.config.tile = trace.launches.front().tile;
    times_from_first_access(run.accesses);
    trace.accesses = std::move(run.accesses);
    trace.wrong_outputs = wrong_outputs(request.scan, input, run.output);
    return trace;
}

GridTrace capture_grid_trace(const GridCaptureRequest& asked) {
    const GpuStatus& gpu = gpu_status();
    if (asked.device == DeviceChoice::gpu && !gpu.available)
        throw ScanSetupError(ScanSetting::device, {}, "--device gpu: no CUDA GPU available (" + gpu.reason + ")");
    if (asked.device != DeviceChoice::cpu && gpu.available)
        return capture_gpu_grid_trace(asked);
    if (asked.n == 0 || asked.n > kMaxEmulatedGridN)
        throw std::invalid_argument("N = " + std::to_string(asked.n) +
                                    ": the emulator traces grids of 1 to " + std::to_string(kMaxEmulatedGridN) +
                                    " elements");
    // More resident blocks than tiles change nothing: the trace says how many could be resident.
    GridCaptureRequest request = asked;
    request.schedule.resident = static_cast<std::uint32_t>(
        std::min<std::uint64_t>(request.schedule.resident, std::max<std::uint64_t>(check_grid_trace_cost(asked).tiles, 1)));
    GridScanRequest scan = request.scan;
    scan.input = generate_input(request.input, scan.type, scan.op, static_cast<int>(request.n), request.seed);

    GridTrace trace;
    trace.config = config_of(request);
    GridRecording recording;
    recording.keep_block_traces = trace.config.element_detail;
    recording.most_accesses = kMaxGridTraceAccesses;
    std::vector<std::uint32_t> output;
    try {
        output = emulate_grid_scan(scan, request.schedule, &recording);
    } catch (const GridRecordingFull&) {
        throw GridTraceTooLarge(std::string(name_of(request.scan.driver)) + " at N = " + std::to_string(request.n) +
                                " made more than the " + std::to_string(kMaxGridTraceAccesses) +
                                " accesses to the shared arrays a grid trace holds (its tiles polled their "
                                "predecessors that long): a smaller N, larger tiles or more resident blocks fit");
    }

    for (const RecordedLaunch& launch : recording.launches)
        trace.launches.push_back(GridLaunch{launch.name, launch.source_path, launch.blocks, launch.threads, launch.tile});
    if (!trace.launches.empty())
        trace.config.tile = trace.launches.front().tile;
    trace.accesses = std::move(recording.accesses);
    if (trace.config.element_detail)
        trace.blocks = block_runs(trace, recording);
    trace.wrong_outputs = wrong_outputs(scan, scan.input, output);
    if (trace.config.element_detail) {
        trace.input = std::move(scan.input);
        trace.output = std::move(output);
    }
    return trace;
}

} // namespace prefixlab
