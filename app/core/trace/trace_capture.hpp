// Producing a trace: generate the input, pick the device (GPU when asked or available, else the CPU
// emulator), run the traced kernel and assemble the Trace. The one entry point the command line and
// the GUI use.
#pragma once

#include "../scan_names.hpp"
#include "trace.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>

namespace prefixlab {

enum class DeviceChoice : std::uint8_t { automatic, gpu, cpu };

std::string_view name_of(DeviceChoice choice);
std::optional<DeviceChoice> parse_device_choice(std::string_view name);

struct CaptureRequest {
    BlockAlgorithm algorithm = BlockAlgorithm::hillis_steele;
    int n = 32;
    ElementType type = ElementType::int32;
    ScanOperator op = ScanOperator::add;
    bool exclusive = false;
    int block_threads = 0; // 0: the algorithm's minimum for N
    InputKind input = InputKind::iota;
    std::uint64_t seed = 1;
    DeviceChoice device = DeviceChoice::automatic;
};

struct CaptureResult {
    Trace trace;
    double capture_ms = 0;        // running the traced kernel and assembling the trace
    double context_ms = 0;        // CUDA context creation before it (not part of capture_ms)
};

// A request PrefixLab cannot serve (N out of range, no GPU for --device gpu); the message is one line.
class CaptureError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The device a request would run on, as a user-facing name; throws CaptureError for --device gpu
// without a GPU.
std::string resolve_device_name(DeviceChoice choice);

inline constexpr const char* kEmulatorDeviceName = "CPU emulator";

CaptureResult capture_trace(const CaptureRequest& request);

// The request that records a trace like one made with `config` (the inverse of what a capture writes
// into its configuration); the device choice and block size, which a configuration does not hold as
// a choice, come from `base`.
CaptureRequest request_like(const TraceConfig& config, CaptureRequest base);

} // namespace prefixlab
