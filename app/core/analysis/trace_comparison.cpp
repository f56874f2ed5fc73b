#include "core/analysis/trace_comparison.hpp"

#include "core/analysis/value_table_model.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

namespace prefixlab {

namespace {

// What a Values column holds, comparable across traces: a thread's register, or a logical element of
// a shared buffer.
struct Holder {
    bool is_register = false;
    std::uint32_t buffer = 0;
    int element = 0;
    friend auto operator<=>(const Holder&, const Holder&) = default;
};

std::optional<Holder> holder_of(const TraceConfig& config, const ValueTableColumn& column) {
    if (column.is_register)
        return Holder{true, 0, static_cast<int>(column.index)};
    for (const SharedBufferDesc& b : config.buffers)
        if (column.index >= b.base_word && column.index < b.base_word + b.words) {
            const int element = element_of_word(config, column.index);
            if (element < 0)
                return std::nullopt; // a padding word holds nothing of the scan
            return Holder{false, static_cast<std::uint32_t>(b.id), element};
        }
    return std::nullopt;
}

// [column of `a`] → the column of `b` holding the same thing, or -1.
std::vector<int> counterpart_columns(const Trace& a, const ValueTableModel& ma, const Trace& b,
                                     const ValueTableModel& mb) {
    std::map<Holder, int> columns_of_b;
    for (std::size_t c = 0; c < mb.columns.size(); ++c)
        if (const auto h = holder_of(b.config, mb.columns[c]))
            columns_of_b.emplace(*h, static_cast<int>(c));
    std::vector<int> counterpart(ma.columns.size(), -1);
    for (std::size_t c = 0; c < ma.columns.size(); ++c)
        if (const auto h = holder_of(a.config, ma.columns[c]))
            if (const auto it = columns_of_b.find(*h); it != columns_of_b.end())
                counterpart[c] = it->second;
    return counterpart;
}

void mark_cells(ComparisonSide& side, const Trace& a, const ValueTableModel& ma, const Trace& b,
                const ValueTableModel& mb) {
    const std::vector<int> counterpart = counterpart_columns(a, ma, b, mb);
    side.cell_differs.assign(a.steps.size(), std::vector<std::uint8_t>(ma.columns.size(), 0));
    for (std::size_t k = 0; k < a.steps.size(); ++k)
        for (std::size_t c = 0; c < ma.columns.size(); ++c) {
            std::uint32_t mine = 0, theirs = 0;
            if (counterpart[c] < 0 || !table_cell_value(a, ma.columns[c], static_cast<int>(k), mine) ||
                !table_cell_value(b, mb.columns[counterpart[c]], side.paired_step[k], theirs) || mine == theirs)
                continue;
            side.cell_differs[k][c] = 1;
            if (side.first_differing_step < 0)
                side.first_differing_step = static_cast<int>(k);
        }
}

// A dataflow column's values by row, outputs apart: (column, is_output) → [(row, bits)] in row order.
using ColumnHistory = std::map<std::pair<int, bool>, std::vector<std::pair<int, std::uint32_t>>>;

ColumnHistory column_history(const DataflowGraph& graph) {
    ColumnHistory history;
    for (const DataflowNode& node : graph.nodes) // in row order
        history[{node.column, node.kind == NodeKind::output}].emplace_back(node.row, node.bits);
    return history;
}

// The value the column held at the end of `row`: its latest node up to that row.
std::optional<std::uint32_t> value_at(const ColumnHistory& history, int column, bool output, int row) {
    const auto it = history.find({column, output});
    if (it == history.end())
        return std::nullopt;
    const auto& values = it->second;
    const auto after = std::upper_bound(values.begin(), values.end(), row,
                                        [](int r, const std::pair<int, std::uint32_t>& v) { return r < v.first; });
    if (after == values.begin())
        return std::nullopt;
    return std::prev(after)->second;
}

// The k-th value the column took in `row` (atomics write a word several times in one step), or none.
std::optional<std::uint32_t> kth_value_in(const ColumnHistory& history, int column, bool output, int row, int k) {
    const auto it = history.find({column, output});
    if (it == history.end())
        return std::nullopt;
    const auto& values = it->second;
    const auto first = std::lower_bound(values.begin(), values.end(), row,
                                        [](const std::pair<int, std::uint32_t>& v, int r) { return v.first < r; });
    const auto at = first + k;
    if (at >= values.end() || at->first != row)
        return std::nullopt;
    return at->second;
}

void mark_nodes(ComparisonSide& side, const DataflowGraph& a, const DataflowGraph& b) {
    const ColumnHistory theirs = column_history(b);
    side.node_differs.assign(a.nodes.size(), 0);
    std::map<std::tuple<int, bool, int>, int> seen; // a's nodes so far in each column and row
    for (std::size_t i = 0; i < a.nodes.size(); ++i) {
        const DataflowNode& node = a.nodes[i];
        const bool output = node.kind == NodeKind::output;
        const int row = node.row < 0 ? -1 : side.paired_step[node.row];
        const int k = seen[{node.column, output, node.row}]++;
        // the same write of the paired step where there is one (the k-th), else what the column held then
        std::optional<std::uint32_t> other = kth_value_in(theirs, node.column, output, row, k);
        if (!other)
            other = value_at(theirs, node.column, output, row);
        side.node_differs[i] = other && *other != node.bits ? 1 : 0;
    }
}

void mark_conflicts(ComparisonSide& side, const BankAnalysis& a, const BankAnalysis& b) {
    side.conflicts_differ.assign(a.steps.size(), 0);
    for (std::size_t k = 0; k < a.steps.size() && k < side.paired_step.size(); ++k) {
        const auto paired = static_cast<std::size_t>(side.paired_step[k]);
        side.conflicts_differ[k] = paired < b.steps.size() && !(a.steps[k] == b.steps[paired]) ? 1 : 0;
    }
}

ComparisonSide compare_side(const LoadedTrace& a, const ValueTableModel& ma, const LoadedTrace& b,
                            const ValueTableModel& mb) {
    ComparisonSide side;
    side.paired_step = pair_steps(a.trace, b.trace);
    mark_cells(side, a.trace, ma, b.trace, mb);
    mark_nodes(side, a.dataflow, b.dataflow);
    mark_conflicts(side, a.banks, b.banks);
    return side;
}

std::string summarise(const TraceComparison& c, const Trace& a) {
    std::string text;
    if (c.output_differs.empty())
        text = "different N: outputs not compared";
    else if (c.outputs_differing == 0)
        text = "outputs equal";
    else
        text = "outputs differ at " + std::to_string(c.outputs_differing) + " of " + std::to_string(a.output.size());
    const int first = c.sides[0].first_differing_step;
    text += first < 0 ? " · no cell differs" : " · cells first differ at step " + std::to_string(first);
    return text;
}

} // namespace

std::vector<int> step_rounds(const Trace& trace) {
    std::vector<int> rounds(trace.steps.size(), 0);
    for (std::size_t k = 1; k < trace.steps.size(); ++k)
        rounds[k] = rounds[k - 1] + (trace.steps[k].tag.level != trace.steps[k - 1].tag.level ? 1 : 0);
    return rounds;
}

std::vector<int> pair_steps(const Trace& from, const Trace& to) {
    const std::vector<int> mine = step_rounds(from), theirs = step_rounds(to);
    std::vector<int> paired(mine.size(), 0);
    for (std::size_t k = 0; k < mine.size(); ++k) {
        const auto [my_first, my_end] = std::equal_range(mine.begin(), mine.end(), mine[k]);
        const auto [first, end] = std::equal_range(theirs.begin(), theirs.end(), mine[k]);
        if (first == end) { // no such round there: its last step before it (the first step where none is)
            paired[k] = first == theirs.begin() ? 0 : static_cast<int>(first - theirs.begin()) - 1;
            continue;
        }
        // Counted from the round's end, so that the steps that finish a round are shown together.
        const auto from_end = static_cast<int>(my_end - mine.begin()) - 1 - static_cast<int>(k);
        const int last = static_cast<int>(end - theirs.begin()) - 1, begin = static_cast<int>(first - theirs.begin());
        paired[k] = std::max(begin, last - from_end);
    }
    return paired;
}

TraceComparison compare_traces(const LoadedTrace& a, const LoadedTrace& b) {
    TraceComparison c;
    if (a.trace.steps.empty() || b.trace.steps.empty()) { // no valid trace has none; nothing to pair
        c.summary = "nothing to compare";
        return c;
    }
    const ValueTableModel ma = build_value_table_model(a.trace), mb = build_value_table_model(b.trace);
    c.sides[0] = compare_side(a, ma, b, mb);
    c.sides[1] = compare_side(b, mb, a, ma);
    if (a.trace.output.size() == b.trace.output.size()) {
        c.output_differs.resize(a.trace.output.size());
        for (std::size_t e = 0; e < c.output_differs.size(); ++e) {
            c.output_differs[e] = a.trace.output[e] != b.trace.output[e] ? 1 : 0;
            c.outputs_differing += c.output_differs[e];
        }
    }
    c.summary = summarise(c, a.trace);
    return c;
}

} // namespace prefixlab
