// One GPU session for every timed table (the reduction table, the compaction table; sort and histogram
// to come), as nvbench's harness is one for every benchmark: a table hands in its methods as runners,
// the session does the rest the same way for all of them. The input is uploaded once; each method gets
// `warmup` untimed runs, then each timed repetition starts from a flushed L2 (at 2^22 elements, 16 MiB,
// the input would otherwise be read from the H100's 50 MiB L2) and an unwritten output, is queued behind
// the gate (gpu_timing.cuh) where the method does not wait for the GPU itself, and is timed with CUDA
// events; the last repetition's answer comes back for the table to check against the CPU.
// Plain C++: callers need no CUDA headers; a build without CUDA links gpu_table_unavailable.cpp, which
// refuses with the reason.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace prefixlab {

// One method of a table on the GPU, planned for the session's N. Device arrays travel as plain pointers,
// so a table's runners live in its own .cu files (gpu_reduce_table.cu, gpu_compact_table.cu).
class GpuTableRunner {
public:
    virtual ~GpuTableRunner() = default;
    // Before each repetition, untimed (thrust::stable_partition works in place: the input copied to the
    // output first).
    virtual void prepare(const std::uint32_t* /*input*/, std::uint32_t* /*output*/, std::size_t /*n*/) {}
    // Enqueues the method on input[0, n) on the default stream (or runs it, where it synchronises);
    // `output` is the session's output array, null where the table has none.
    virtual void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n) = 0;
    // Whether run() waits for the GPU itself (Thrust returns its result to the host; the CPU finish
    // reads the block totals back): such a run cannot be queued behind the timing gate.
    virtual bool synchronizes() const = 0;
    // The last run's answer for the table to check: a reduction's total, a compaction's kept count.
    // None for a speed-of-light pass (a read-only pass, a copy), which computes nothing. Waits for the GPU.
    virtual std::optional<std::uint64_t> answer() = 0;
};

// A method that hands its answer to the host as it runs (Thrust's reduce, copy_if and stable_partition
// return it): run() waits for the GPU and stores the answer in answer_, which answer() returns.
class HostAnswerRunner : public GpuTableRunner {
public:
    bool synchronizes() const override { return true; }
    std::optional<std::uint64_t> answer() override { return answer_; }

protected:
    std::uint64_t answer_ = 0;
};

// What a table's session holds on the GPU besides the input: an output array of N elements (for the
// methods that write one), and the most workspace one of its methods allocates (CUB's or Thrust's
// storage, a reduction's block totals), so that a size that cannot fit is refused before any work.
struct GpuTableBuffers {
    bool output = false;
    std::size_t workspace_bytes = 0;
};

// The speed of light of a pass that reads and writes every element, a row of every table that writes an
// array: a device-to-device copy of the input to the output.
std::unique_ptr<GpuTableRunner> make_copy_runner();

struct GpuTableSamples {
    std::vector<double> ms;            // one per timed repetition
    bool checked = false;              // the runner answered (not a speed-of-light pass)
    std::uint64_t answer = 0;          // the last repetition's
    std::vector<std::uint32_t> output; // the output array after it, where the session has one and checked
};

// One uint32 array on the GPU, timed by every method of a table in turn.
class GpuTableSession {
public:
    // Throws std::invalid_argument for n = 0, GpuOutOfMemory (gpu_bench.hpp) where the device cannot hold
    // the input, the buffers and the L2 flush, CudaError on other failures.
    GpuTableSession(const std::uint32_t* input, std::size_t n, const GpuTableBuffers& buffers);
    ~GpuTableSession();
    GpuTableSession(const GpuTableSession&) = delete;
    GpuTableSession& operator=(const GpuTableSession&) = delete;

    // `warmup` untimed runs, then `reps` timed ones; stops early (returning what it has, unchecked when
    // it has no repetition) when `cancelled` says so.
    GpuTableSamples time(GpuTableRunner& runner, int warmup, int reps,
                         const std::function<bool()>& cancelled = {});

private:
    struct State;
    std::unique_ptr<State> state_;
};

} // namespace prefixlab
