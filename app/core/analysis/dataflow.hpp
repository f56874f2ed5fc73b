// The dataflow diagram's model, built from a trace alone, with no per-algorithm code: one node per
// value a step produced (a shared-memory or output write, a watched register that changed) and per
// input element; an edge from the node that produced each value a thread read to the value it wrote
// with it (the provenance every traced write records). Blelloch then reads as the classic up-sweep
// and down-sweep trees, Hillis–Steele as its network, warp shuffle as lanes.
//
// Columns are element indices: input, output, data/ping/pong (padding words removed) and the
// registers of thread t share column t; any other shared buffer (warp_totals) gets extra columns to
// the right. Rows are steps; input nodes sit in row -1, above step 0.
#pragma once

#include "core/trace/trace.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace prefixlab {

enum class NodeKind : std::uint8_t { input, shared_write, output, register_value };

// The inputs a value combines: x_first, x_first+stride, …, x_last, each once. Stride 1 is the
// contiguous range of a scan; a reduction with sequential addressing (Harris's kernel 3) combines
// x_i with x_i+128, then with x_i+64 and x_i+192: stride 64. Empty: the operator's identity (nothing
// combined yet). Invalid: no such set, some input twice or out of the pattern (what a race produces).
struct InputRange {
    int first = 1;
    int last = 0;
    int stride = 1; // 1 for a single input
    static InputRange single(int i) { return {i, i}; }
    static InputRange empty() { return {1, 0}; }
    static InputRange invalid() { return {-1, -1}; }
    bool is_empty() const { return first == 1 && last == 0; }
    bool is_valid() const { return first >= 0; }
    int count() const { return is_valid() && !is_empty() ? (last - first) / stride + 1 : 0; }
    friend bool operator==(const InputRange&, const InputRange&) = default;
};

// The inputs of a value computed from values that combine `a` and `b`: their union where it is again
// one evenly spaced set of distinct inputs (one after the other, or interleaved), else invalid.
InputRange combine(const InputRange& a, const InputRange& b);

// "x3..x6", "x3", "x3,x131" (two), "x3,x67,…x195" (evenly spaced), "∅" (identity) or "?" (no such set).
std::string describe(const InputRange& range);

struct DataflowNode {
    NodeKind kind;
    int row;              // step, or -1 for inputs
    int column;
    std::uint32_t bits;   // the value
    std::uint32_t thread; // the thread that produced it (kNoThread for inputs)
    InputRange range;
};

struct DataflowEdge {
    std::uint32_t from;
    std::uint32_t to;
    bool racy; // the read raced with another thread's write of the same word in the same step
};

struct DataflowGraph {
    int element_columns = 0;
    std::vector<std::string> extra_columns; // labels of the columns after the elements, e.g. "warp_totals[2]"
    int rows = 0;                           // steps (input row not counted)
    std::vector<DataflowNode> nodes;        // in row order
    std::vector<DataflowEdge> edges;
    int columns() const { return element_columns + static_cast<int>(extra_columns.size()); }
};

// `trace` must be valid (trace_validation.hpp): every source reference names an access that exists.
// One that does not is a bug in PrefixLab: std::logic_error. O(accesses · log accesses) time: each
// step's writes are indexed once by word. When every read scanned its word's writes instead, a 40 MB
// synthetic trace (1024 threads writing one word 4 times a step) took 1.7 s of CPU here; now 0.1 s.
DataflowGraph build_dataflow(const Trace& trace);

// The logical element a shared word holds in its buffer (padding removed), or -1 for a padding word
// or a word outside every buffer.
int element_of_word(const TraceConfig& config, std::uint32_t word);

} // namespace prefixlab
