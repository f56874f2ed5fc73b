// The capture side of scripted mode: the settings of a `trace` command (algo=NAME n=N input=KIND
// values=10,0,3 seed=S keep=PRED type=T op=OP exclusive=0|1 device=D order=O), read and checked when the script is read and applied
// to the GUI's capture settings when the command runs. Only the settings given change; the others
// keep what earlier commands (or the GUI) set.
#pragma once

#include "core/capture/trace_capture.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace prefixlab {

struct TraceSettings {
    std::optional<BlockAlgorithm> algorithm;
    std::optional<int> n;
    std::optional<InputKind> input;
    std::optional<std::uint64_t> seed;
    std::optional<ElementType> type;
    std::optional<ScanOperator> op;
    std::optional<bool> exclusive;
    std::optional<DeviceChoice> device;
    std::optional<WarpOrder> order; // the emulator's warp order; a GPU capture ignores it
    std::optional<std::string> values; // a list (input=values and N its count, unless given)
    std::optional<KeepPredicate> keep;  // a compaction's predicate
};

// Throws ScriptValueError naming the setting and quoting its value. N is checked against the largest
// N of any algorithm here, and against the algorithm's own by check_trace_size. device=gpu is
// refused on a machine without a CUDA GPU.
TraceSettings read_trace_settings(const std::vector<std::string>& settings);

void apply_trace_settings(const TraceSettings& settings, ScanSetup& setup);

// Checks N for the algorithm with validate_scan_setup(), when the script is read; throws
// ScriptValueError naming the setting of `settings` that made it out of range (the other value may
// come from an earlier command).
void check_trace_size(BlockAlgorithm algorithm, int n, const TraceSettings& settings);

} // namespace prefixlab
