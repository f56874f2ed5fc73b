#include "core/analysis/dataflow.hpp"

#include "core/analysis/read_origin.hpp"
#include "core/ground/kernel_info.hpp"
#include "core/trace/trace_index.hpp"
#include "core/trace/trace_validation.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

namespace prefixlab {

std::string describe(const InputRange& range) {
    if (!range.is_valid())
        return "?";
    if (range.is_empty())
        return "∅";
    const auto x = [](int i) { return "x" + std::to_string(i); };
    if (range.first == range.last)
        return x(range.first);
    if (range.stride == 1)
        return x(range.first) + ".." + x(range.last);
    if (range.count() == 2)
        return x(range.first) + "," + x(range.last);
    return x(range.first) + "," + x(range.first + range.stride) + ",…" + x(range.last);
}

InputRange combine(const InputRange& a, const InputRange& b) {
    if (a.is_empty())
        return b;
    if (b.is_empty())
        return a;
    if (!a.is_valid() || !b.is_valid())
        return InputRange::invalid();
    const InputRange& low = a.first <= b.first ? a : b;
    const InputRange& high = a.first <= b.first ? b : a;
    if (low.first == high.first)
        return InputRange::invalid(); // an input twice
    // A single input takes the other's spacing; two singles set it.
    const int low_stride = low.count() > 1 ? low.stride : 0;
    const int high_stride = high.count() > 1 ? high.stride : 0;
    if (low_stride == 0 && high_stride == 0)
        return {low.first, high.first, high.first - low.first};
    const int stride = low_stride != 0 ? low_stride : high_stride;
    const bool same_spacing = (low_stride == 0 || low_stride == stride) && (high_stride == 0 || high_stride == stride);
    if (!same_spacing)
        return InputRange::invalid();
    // one after the other: x0, x4, x8 then x12, x16
    if (high.first == low.last + stride)
        return {low.first, high.last, stride};
    // interleaved, as a strided reduction's halves meet: x0, x8 with x4, x12 is x0, x4, x8, x12
    // (the later half may be one shorter: x4, x68 with x36 where N = 100 leaves no x100)
    const bool interleaved = low_stride == stride && stride % 2 == 0 && high.first == low.first + stride / 2 &&
                             (high.count() == low.count() || high.count() == low.count() - 1);
    if (interleaved)
        return {low.first, std::max(low.last, high.last), stride / 2};
    return InputRange::invalid();
}

int element_of_word(const TraceConfig& config, std::uint32_t word) {
    for (const SharedBufferDesc& b : config.buffers) {
        if (word < b.base_word || word >= b.base_word + b.words)
            continue;
        const std::uint32_t local = word - b.base_word;
        if (b.padding == 0)
            return static_cast<int>(local);
        if ((local + 1) % (b.padding + 1) == 0)
            return -1; // the unused word after every `padding` words
        return static_cast<int>(local - local / (b.padding + 1));
    }
    return -1;
}

namespace {

bool is_element_buffer(BufferId id) {
    return id == BufferId::data || id == BufferId::ping || id == BufferId::pong || id == BufferId::input ||
           id == BufferId::output;
}

// The union of a value's (at most two) sources' inputs (combine()).
InputRange combine_ranges(const InputRange* begin, const InputRange* end) {
    InputRange whole = InputRange::empty();
    for (const InputRange* r = begin; r != end; ++r)
        whole = combine(whole, *r);
    return whole;
}

// A broken guarantee of trace_validation.hpp: a bug, not a problem with the user's file.
[[noreturn]] void internal_error(const char* what) {
    std::string message = "dataflow: internal error: ";
    message += what;
    message += " (was the trace validated?)";
    throw std::logic_error(message);
}

class DataflowBuilder {
public:
    explicit DataflowBuilder(const Trace& trace) : trace_(trace), config_(trace.config) {}

    DataflowGraph build() {
        assign_columns();
        graph_.rows = static_cast<int>(trace_.steps.size());
        latest_shared_.assign(config_.shared_words, -1);
        register_value_.assign(trace_.steps.size() * config_.block_threads, -1);
        read_source_.assign(trace_.accesses.size(), SourceNode{-1, false});
        // The inputs first, in element order, so that the nodes are in row order (the input row is -1):
        // made lazily at their first read, they followed that step's writes.
        std::set<std::uint32_t> read_inputs;
        for (const AccessRecord& access : trace_.accesses)
            if (access.kind == AccessKind::read && access.buffer == static_cast<std::uint8_t>(BufferId::input))
                read_inputs.insert(access.word);
        for (std::uint32_t element : read_inputs)
            input_node(static_cast<int>(element));
        std::size_t a = 0;
        for (std::uint32_t k = 0; k < trace_.steps.size(); ++k) {
            std::size_t end = a;
            while (end < trace_.accesses.size() && trace_.accesses[end].step == k)
                ++end;
            process_step(k, a, end);
            a = end;
        }
        return std::move(graph_);
    }

private:
    struct SourceNode {
        int node;
        bool racy;
    };

    void assign_columns() {
        int elements = config_.n;
        if (config_.records_registers)
            elements = std::max(elements, config_.block_threads);
        for (const SharedBufferDesc& b : config_.buffers) {
            if (!is_element_buffer(b.id))
                continue;
            for (std::uint32_t w = b.base_word; w < b.base_word + b.words; ++w)
                elements = std::max(elements, element_of_word(config_, w) + 1);
        }
        graph_.element_columns = elements;
        // Extra columns: the words of other buffers that something writes, in word order.
        std::map<std::uint32_t, int> used;
        for (const AccessRecord& access : trace_.accesses)
            if (is_shared_word_access(access) && !is_element_buffer(static_cast<BufferId>(access.buffer)) &&
                access.kind == AccessKind::write)
                used[access.word] = 0;
        for (auto& [word, column] : used) {
            column = graph_.columns();
            const SharedBufferDesc* buffer = buffer_of(word);
            graph_.extra_columns.push_back(std::string(buffer_name(config_.algorithm, buffer->id)) + "[" +
                                           std::to_string(word - buffer->base_word) + "]");
        }
        extra_column_of_word_ = std::move(used);
    }

    const SharedBufferDesc* buffer_of(std::uint32_t word) const {
        for (const SharedBufferDesc& b : config_.buffers)
            if (word >= b.base_word && word < b.base_word + b.words)
                return &b;
        internal_error("a shared word is in no buffer");
    }

    int column_of(const AccessRecord& a) const {
        const BufferId id = static_cast<BufferId>(a.buffer);
        if (id == BufferId::input || id == BufferId::output)
            return static_cast<int>(a.word);
        if (is_element_buffer(id))
            return element_of_word(config_, a.word);
        const auto it = extra_column_of_word_.find(a.word);
        return it == extra_column_of_word_.end() ? -1 : it->second;
    }

    int add_node(NodeKind kind, int row, int column, std::uint32_t bits, std::uint32_t thread) {
        graph_.nodes.push_back(DataflowNode{kind, row, column, bits, thread, InputRange::empty()});
        return static_cast<int>(graph_.nodes.size()) - 1;
    }

    int input_node(int element) {
        auto [it, inserted] = input_nodes_.try_emplace(element, -1);
        if (inserted) {
            it->second = add_node(NodeKind::input, -1, element, trace_.input[element], kNoThread);
            graph_.nodes[it->second].range = InputRange::single(element);
        }
        return it->second;
    }

    // The node holding thread t's watched register as snapshotted at the end of `step` (an earlier
    // step than the one being built), or -1 if it was not snapshotted then.
    int register_at(std::uint32_t thread, std::uint32_t step) const {
        return register_value_[std::size_t(step) * config_.block_threads + thread];
    }

    // The node a value's source reference points at (and whether that read raced).
    SourceNode resolve(std::uint32_t thread, std::uint32_t ref) const {
        if (is_register_source(ref))
            return {register_at(thread, source_step(ref)), false};
        const auto read = find_access(trace_, source_step(ref), thread, source_seq(ref));
        if (!read)
            internal_error("a value's source is a read the trace does not contain");
        return read_source_[*read];
    }

    void connect(int to, std::uint32_t thread, const std::uint32_t* sources) {
        InputRange parts[2];
        int count = 0;
        for (int i = 0; i < 2; ++i) {
            if (!is_source(sources[i]))
                continue;
            const SourceNode source = resolve(thread, sources[i]);
            if (source.node < 0)
                continue;
            graph_.edges.push_back(DataflowEdge{static_cast<std::uint32_t>(source.node),
                                                static_cast<std::uint32_t>(to), source.racy});
            parts[count++] = graph_.nodes[source.node].range;
        }
        graph_.nodes[to].range = combine_ranges(parts, parts + count);
    }

    void process_step(std::uint32_t k, std::size_t first, std::size_t end) {
        // 1. this step's writes become nodes
        write_node_.assign(end - first, -1);
        step_first_ = first;
        for (std::size_t i = first; i < end; ++i) {
            const AccessRecord& a = trace_.accesses[i];
            if (a.kind != AccessKind::write)
                continue;
            const int column = column_of(a);
            if (column < 0)
                continue; // a padding word
            const NodeKind kind = a.buffer == static_cast<std::uint8_t>(BufferId::output)
                                      ? NodeKind::output
                                      : NodeKind::shared_write;
            const int node = add_node(kind, static_cast<int>(k), column, a.value, a.thread);
            write_node_[i - first] = node;
        }
        step_writes_.index(trace_, first, end);
        // 2. where each read's value came from
        for (std::size_t i = first; i < end; ++i)
            if (trace_.accesses[i].kind == AccessKind::read)
                read_source_[i] = source_of_read(trace_.accesses[i], k);
        // 3. the writes' edges, from their provenance
        for (std::size_t i = first; i < end; ++i)
            if (write_node_[i - first] >= 0)
                connect(write_node_[i - first], trace_.accesses[i].thread, trace_.accesses[i].sources);
        // 4. the shared words' latest values after this step (the last write in canonical order)
        for (std::size_t i = first; i < end; ++i)
            if (write_node_[i - first] >= 0 && is_shared_word_access(trace_.accesses[i]))
                latest_shared_[trace_.accesses[i].word] = write_node_[i - first];
        // 5. registers that took a new value at the end of this step
        if (config_.records_registers)
            add_register_nodes(k);
    }

    SourceNode source_of_read(const AccessRecord& read, std::uint32_t k) {
        if (read.buffer == kShuffleSource)
            return {k == 0 ? -1 : register_at(read.word, k - 1),
                    false}; // the source lane's register before the round
        if (read.buffer == static_cast<std::uint8_t>(BufferId::input))
            return {input_node(static_cast<int>(read.word)), false};
        if (!is_shared_word_access(read))
            return {-1, false};
        // read_origin.hpp decides; here only which node holds that value
        const ReadOrigin origin = step_writes_.origin_of(read);
        if (origin.source == ReadSource::before_step)
            return {latest_shared_[read.word], origin.racy};
        return {write_node_[origin.write - step_first_], origin.racy}; // -1 for a padding word's write
    }

    void add_register_nodes(std::uint32_t k) {
        const TraceStep& step = trace_.steps[k];
        for (std::uint32_t t = 0; t < static_cast<std::uint32_t>(config_.block_threads); ++t) {
            const std::size_t slot = std::size_t(k) * config_.block_threads + t;
            if (!step.registers_taken[t])
                continue;
            const std::uint32_t* sources = &step.register_sources[2 * t];
            const bool carried =
                is_register_source(sources[0]) && sources[1] == kNoSource && source_step(sources[0]) < k;
            if (carried) {
                // unchanged since an earlier snapshot: no new node
                register_value_[slot] = register_at(t, source_step(sources[0]));
                continue;
            }
            const int node = add_node(NodeKind::register_value, static_cast<int>(k), static_cast<int>(t),
                                      step.registers.bits[t], t);
            register_value_[slot] = node;
            connect(node, t, sources);
        }
    }

    const Trace& trace_;
    const TraceConfig& config_;
    DataflowGraph graph_;
    std::map<std::uint32_t, int> extra_column_of_word_;
    std::map<int, int> input_nodes_;
    std::vector<int> latest_shared_;
    std::vector<int> register_value_;     // [step][thread]: the node holding the snapshot's value, or -1
    std::vector<SourceNode> read_source_; // [access]: for reads, the node whose value it read
    std::vector<int> write_node_;         // [access of the current step]: for writes, their node or -1
    std::size_t step_first_ = 0;          // the current step's first access
    StepWriteIndex step_writes_;
};

} // namespace

DataflowGraph build_dataflow(const Trace& trace) {
    return DataflowBuilder(trace).build();
}

} // namespace prefixlab
