// The trace model: everything one traced block scan did, as the views, exports and tests see it.
// Built from a RawTrace by assemble_trace() (GPU and emulator alike) or read from a trace file.
// Values are kept as 4-byte bit patterns and interpreted through config.type.
#pragma once

#include "core/ground/kernel_names.hpp"
#include "core/ground/output_check.hpp"
#include "kernels/common/compaction_predicate.hpp"
#include "kernels/common/scan_types.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/common/step_tag.hpp"
#include "kernels/common/trace_records.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace prefixlab {

inline constexpr int kTraceFormatVersion = 1;

struct TraceConfig {
    BlockAlgorithm algorithm = kDefaultBlockAlgorithm;
    int n = 0;
    int block_threads = 0;
    ElementType type = ElementType::int32;
    ScanOperator op = ScanOperator::add;
    bool exclusive = false;
    InputKind input_kind = InputKind::iota;
    std::uint64_t seed = 0;
    std::string device_name; // GPU model, or the CPU emulator's name
    bool emulated = false;
    WarpOrder warp_order = WarpOrder::in_order; // the emulator's schedule; in_order for a GPU trace
    KeepPredicate keep{}; // a compaction's or a split's predicate; the default (odd) for every other kernel
    std::string kernel_source; // repository path of the kernel body (steps name their own file)
    std::uint32_t shared_words = 0;
    std::vector<SharedBufferDesc> buffers;
    bool records_registers = false;
};

// A snapshot of words (shared memory) or of per-thread registers. `defined[i]` is 0 for a word that
// nothing has written yet (a register that was never snapshotted): views show it empty.
struct Snapshot {
    std::vector<std::uint32_t> bits;
    std::vector<std::uint8_t> defined;
    friend bool operator==(const Snapshot&, const Snapshot&) = default;
};

struct TraceStep {
    StepTag tag;
    bool shared_taken = false; // false: the step ended at a shuffle, shared memory is carried forward
    Snapshot shared;           // [shared_words], at the step's end
    // When config.records_registers (else empty): each thread's watched register at the step's end,
    // whether it was snapshotted at this step (else carried forward), and its provenance then.
    Snapshot registers;                          // [block_threads]
    std::vector<std::uint8_t> registers_taken;   // [block_threads]
    std::vector<std::uint32_t> register_sources; // [block_threads][2]
    friend bool operator==(const TraceStep&, const TraceStep&) = default;
};

struct Trace {
    TraceConfig config;
    std::vector<std::uint32_t> input;
    std::vector<std::uint32_t> output;
    std::vector<TraceStep> steps;
    std::vector<AccessRecord> accesses; // canonical order: step, warp, seq, lane
    OutputCheck check;                  // derived from input and output by check_output()
};

bool operator==(const AccessRecord& a, const AccessRecord& b);

// Equal in everything the kernel did: configuration (except device and emulated), steps, snapshots,
// accesses and output. This is what "the GPU trace equals the emulator trace" means.
bool same_execution(const Trace& a, const Trace& b);

// Describes the first difference same_execution() finds, or "" when there is none.
std::string first_difference(const Trace& a, const Trace& b);

} // namespace prefixlab
