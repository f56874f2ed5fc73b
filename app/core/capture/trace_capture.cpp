#include "core/capture/trace_capture.hpp"

#include "core/emulator/emulate_block_scan.hpp"
#include "core/ground/input_values.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/trace/trace_assembly.hpp"
#include "kernels/block_dispatch.hpp"
#include "kernels/gpu/gpu_block_scan.hpp"

#include <chrono>

namespace prefixlab {

namespace {

// A kernel with a barrier or shuffle in a divergent branch may hang a GPU: it runs there only in a child
// process with a timeout (app/core/quiz/quiz_gpu_run.hpp), never in this one; automatic picks the emulator,
// which reports the error.
bool use_gpu(const ScanSetup& setup) {
    const GpuStatus& gpu = gpu_status();
    if (setup.device == DeviceChoice::gpu && has_divergent_sync(setup.algorithm))
        throw ScanSetupError(ScanSetting::device, {}, divergent_sync_refusal(setup.algorithm));
    if (setup.device == DeviceChoice::gpu && !gpu.available)
        throw ScanSetupError(ScanSetting::device, {}, "--device gpu: no CUDA GPU available (" + gpu.reason + ")");
    return setup.device != DeviceChoice::cpu && gpu.available && !has_divergent_sync(setup.algorithm);
}

// What a trace records of the setup it ran: the one mapping from setup to TraceConfig (request_like
// is its inverse). The launched block size, the shared words and whether registers were recorded
// come from the raw trace, in assemble_trace.
TraceConfig config_for(const ScanSetup& setup, bool on_gpu) {
    TraceConfig config;
    config.algorithm = setup.algorithm;
    config.n = setup.n;
    config.type = setup.type;
    config.op = setup.op;
    config.exclusive = setup.exclusive;
    config.input_kind = setup.input;
    config.seed = setup.seed;
    config.keep = setup.keep;
    config.emulated = !on_gpu;
    config.warp_order = on_gpu ? WarpOrder::in_order : setup.warp_order; // the GPU ignores the setup's
    config.device_name = on_gpu ? gpu_status().name : kEmulatorDeviceName;
    dispatch_algorithm(setup.algorithm, [&]<class Algo>() {
        config.kernel_source = std::string(kernel_file_path(Algo::kFile));
        const SharedLayout layout = Algo::layout(setup.n);
        config.buffers.assign(layout.buffers, layout.buffers + layout.count);
    });
    return config;
}

} // namespace

CaptureResult capture_trace(const ScanSetup& setup) {
    const bool on_gpu = use_gpu(setup);
    CaptureResult result;
    if (on_gpu)
        result.context_ms = gpu_create_context();

    const BlockRequest scan = block_request(setup);
    const auto start = std::chrono::steady_clock::now();
    const RawTrace raw = on_gpu ? gpu_trace_block_scan(scan) : emulate_block_scan(scan);
    result.trace = assemble_trace(config_for(setup, on_gpu), scan.input, raw);
    result.capture_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return result;
}

ScanSetup request_like(const Trace& trace, ScanSetup base) {
    const TraceConfig& config = trace.config;
    base.algorithm = config.algorithm;
    base.n = config.n;
    base.type = config.type;
    base.op = config.op;
    base.exclusive = config.exclusive;
    base.input = config.input_kind;
    base.seed = config.seed;
    base.keep = config.keep;
    if (config.input_kind == InputKind::values)
        base.values = input_values_text(config.type, trace.input, takes_head_flags(config.algorithm));
    if (config.emulated)
        base.warp_order = config.warp_order;
    return base;
}

} // namespace prefixlab
