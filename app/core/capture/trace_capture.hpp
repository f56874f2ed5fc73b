// Producing a trace: generate the input, pick the device (GPU when asked or available, else the CPU
// emulator), run the traced kernel and assemble the Trace. The one entry point the command line and
// the GUI use.
#pragma once

#include "core/ground/scan_setup.hpp"
#include "core/trace/trace.hpp"

#include <string>

namespace prefixlab {

struct CaptureResult {
    Trace trace;
    double capture_ms = 0;        // running the traced kernel and assembling the trace
    double context_ms = 0;        // CUDA context creation before it (not part of capture_ms)
};

inline constexpr const char* kEmulatorDeviceName = "CPU emulator";

// Traces a setup that validate_scan_setup() accepted (each entry point checks once, where it can word
// the refusal its own way; the emulator and the GPU launcher still refuse what they cannot run).
// Throws ScanSetupError for DeviceChoice::gpu without a GPU.
CaptureResult capture_trace(const ScanSetup& setup);

// The setup that records a trace like `trace` (the inverse of config_for, which writes a setup into a
// trace's configuration; a list of values comes from the trace's input); the device choice and block size, which a
// configuration does not hold as a choice, come from `base`; so does the warp order of a GPU trace,
// which records none.
ScanSetup request_like(const Trace& trace, ScanSetup base);

} // namespace prefixlab
