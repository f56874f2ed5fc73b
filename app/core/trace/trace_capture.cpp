#include "trace_capture.hpp"

#include "../../../kernels/block/block_scan_dispatch.hpp"
#include "../../../kernels/cuda/gpu_block_scan.hpp"
#include "../block_limits.hpp"
#include "../emulator/emulate_block_scan.hpp"
#include "../input_generator.hpp"
#include "trace_assembly.hpp"

#include <chrono>
#include <stdexcept>

namespace prefixlab {

std::string_view name_of(DeviceChoice choice) {
    switch (choice) {
    case DeviceChoice::automatic:
        return "auto";
    case DeviceChoice::gpu:
        return "gpu";
    case DeviceChoice::cpu:
        break;
    }
    return "cpu";
}

std::optional<DeviceChoice> parse_device_choice(std::string_view name) {
    for (DeviceChoice c : {DeviceChoice::automatic, DeviceChoice::gpu, DeviceChoice::cpu})
        if (name_of(c) == name)
            return c;
    return std::nullopt;
}

namespace {

bool use_gpu(DeviceChoice choice) {
    const GpuStatus& gpu = gpu_status();
    if (choice == DeviceChoice::gpu && !gpu.available)
        throw CaptureError("--device gpu: no CUDA GPU available (" + gpu.reason + ")");
    return choice != DeviceChoice::cpu && gpu.available;
}

TraceConfig config_for(const CaptureRequest& request, bool on_gpu) {
    TraceConfig config;
    config.algorithm = request.algorithm;
    config.n = request.n;
    config.type = request.type;
    config.op = request.op;
    config.exclusive = request.exclusive;
    config.input_kind = request.input;
    config.seed = request.seed;
    config.emulated = !on_gpu;
    config.device_name = on_gpu ? gpu_status().name : kEmulatorDeviceName;
    dispatch_algorithm(request.algorithm, [&]<class Algo>() {
        config.kernel_source = std::string(kernel_file_path(Algo::kFile));
        const SharedLayout layout = Algo::layout(request.n);
        config.buffers.assign(layout.buffers, layout.buffers + layout.count);
    });
    return config;
}

} // namespace

std::string resolve_device_name(DeviceChoice choice) {
    return use_gpu(choice) ? gpu_status().name : kEmulatorDeviceName;
}

CaptureResult capture_trace(const CaptureRequest& request) {
    try {
        require_block_size_in_range(request.algorithm, static_cast<std::size_t>(request.n < 0 ? 0 : request.n));
        require_block_threads_valid(request.algorithm, static_cast<std::size_t>(request.n), request.block_threads);
    } catch (const std::invalid_argument& e) {
        throw CaptureError(e.what());
    }
    const bool on_gpu = use_gpu(request.device);
    CaptureResult result;
    if (on_gpu)
        result.context_ms = gpu_create_context();

    BlockScanRequest scan;
    scan.algorithm = request.algorithm;
    scan.type = request.type;
    scan.op = request.op;
    scan.exclusive = request.exclusive;
    scan.block_threads = request.block_threads;
    scan.input = generate_input(request.input, request.type, request.op, request.n, request.seed);

    const auto start = std::chrono::steady_clock::now();
    const RawTrace raw = on_gpu ? gpu_trace_block_scan(scan) : emulate_block_scan(scan);
    result.trace = assemble_trace(config_for(request, on_gpu), scan.input, raw);
    result.capture_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return result;
}

CaptureRequest request_like(const TraceConfig& config, CaptureRequest base) {
    base.algorithm = config.algorithm;
    base.n = config.n;
    base.type = config.type;
    base.op = config.op;
    base.exclusive = config.exclusive;
    base.input = config.input_kind;
    base.seed = config.seed;
    return base;
}

} // namespace prefixlab
