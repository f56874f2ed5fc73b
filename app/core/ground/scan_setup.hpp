// The one value that says which scan to run: the kernel (algorithm, element type, operator,
// inclusive or exclusive, block threads), N, how the input is made (kind and seed) and where to run it.
// The command line, the GUI and the settings file fill it in; validate_scan_setup() is the one check
// of it, and block_request() turns it into what a launcher takes. A trace records what it ran in
// a TraceConfig, built from the setup by capture_trace (trace_capture.cpp, config_for), and
// request_like() reads a setup back from one.
#pragma once

#include "core/ground/kernel_names.hpp"
#include "kernels/common/block_request.hpp"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace prefixlab {

// Where to run: the GPU when there is one (automatic), the GPU or refuse, or the CPU emulator.
enum class DeviceChoice : std::uint8_t { automatic, gpu, cpu };

std::string_view name_of(DeviceChoice choice);
std::optional<DeviceChoice> parse_device_choice(std::string_view name);

struct ScanSetup : KernelSetup {
    int n = 32;
    InputKind input = InputKind::iota;
    std::uint64_t seed = 1;
    // The list of InputKind::values ("10,0,3,9": input_values.hpp); N is its count. Kept when another
    // input is chosen, so that choosing values again brings it back.
    std::string values;
    // Not part of what the scan computes, so a launcher never sees it; the trace records the device
    // the scan ran on instead (TraceConfig::device_name).
    DeviceChoice device = DeviceChoice::automatic;
    friend bool operator==(const ScanSetup&, const ScanSetup&) = default;
};

// An inclusive range of whole numbers a setting may take.
struct WholeRange {
    int min = 0;
    int max = 0;
};

// N from 1 to the algorithm's per-block maximum.
WholeRange allowed_n(BlockAlgorithm algorithm);

// Block threads from the algorithm's minimum for N up to CUDA's 1024 (a setup's 0 asks for the minimum).
WholeRange allowed_block_threads(BlockAlgorithm algorithm, int n);

// The setting a ScanSetupError is about, so that each front end can word it its own way (the command
// line names its option: "--n '5000': expected a whole number from 1 to 1024 for hillis-steele").
enum class ScanSetting : std::uint8_t { n, block_threads, device, values, type };

// A setup PrefixLab cannot run (N or the block out of range, no GPU for DeviceChoice::gpu): input the
// user can fix. what() is one line naming the problem; allowed() is the setting's range (empty for
// the device).
class ScanSetupError : public std::invalid_argument {
public:
    ScanSetupError(ScanSetting setting, WholeRange allowed, const std::string& message)
        : std::invalid_argument(message), setting_(setting), allowed_(allowed) {}
    ScanSetting setting() const { return setting_; }
    WholeRange allowed() const { return allowed_; }

private:
    ScanSetting setting_;
    WholeRange allowed_;
};

// The one check of a setup: with InputKind::values, a list that reads as the element type and N its
// count; N in allowed_n, then block_threads 0 or in allowed_block_threads. Throws
// ScanSetupError ("N = 5000 is out of range for hillis-steele (1..1024)"). The device is checked where
// it is resolved, when the capture starts (capture_trace), with the same error type.
void validate_scan_setup(const ScanSetup& setup);

// The launch request for a validated setup: its kernel part and the input it generates.
BlockRequest block_request(const ScanSetup& setup);

} // namespace prefixlab
