#include "dataflow.hpp"

#include "../trace/trace_index.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <unordered_map>

namespace prefixlab {

std::string describe(const InputRange& range) {
    if (!range.is_valid())
        return "?";
    if (range.is_empty())
        return "∅";
    if (range.first == range.last)
        return "x" + std::to_string(range.first);
    std::string text = "x";
    text += std::to_string(range.first);
    text += "..x";
    text += std::to_string(range.last);
    return text;
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

// Concatenates the ranges of a value's sources; invalid unless they tile a contiguous range.
InputRange combine_ranges(std::vector<InputRange> parts) {
    parts.erase(std::remove_if(parts.begin(), parts.end(), [](const InputRange& r) { return r.is_empty(); }),
                parts.end());
    if (parts.empty())
        return InputRange::empty();
    std::sort(parts.begin(), parts.end(), [](const InputRange& a, const InputRange& b) { return a.first < b.first; });
    InputRange whole = parts.front();
    for (std::size_t i = 1; i < parts.size(); ++i) {
        if (!parts[i].is_valid() || !whole.is_valid() || parts[i].first != whole.last + 1)
            return InputRange::invalid();
        whole.last = parts[i].last;
    }
    return whole;
}

std::uint64_t access_key(std::uint32_t step, std::uint32_t thread, std::uint32_t seq) {
    return std::uint64_t(step) << 32 | std::uint64_t(thread) << 8 | seq;
}

class DataflowBuilder {
public:
    explicit DataflowBuilder(const Trace& trace) : trace_(trace), config_(trace.config) {}

    DataflowGraph build() {
        assign_columns();
        graph_.rows = static_cast<int>(trace_.steps.size());
        latest_shared_.assign(config_.shared_words, -1);
        register_node_.assign(trace_.steps.size() * config_.block_threads, -1);
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
    struct ReadSource {
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
            if (is_shared_word(access) && !is_element_buffer(static_cast<BufferId>(access.buffer)) &&
                access.kind == AccessKind::write)
                used[access.word] = 0;
        for (auto& [word, column] : used) {
            column = graph_.columns();
            const SharedBufferDesc* buffer = buffer_of(word);
            graph_.extra_columns.push_back(std::string(name_of(buffer->id)) + "[" +
                                           std::to_string(word - buffer->base_word) + "]");
        }
        extra_column_of_word_ = std::move(used);
    }

    static bool is_shared_word(const AccessRecord& a) {
        return a.buffer != kShuffleSource && is_shared(static_cast<BufferId>(a.buffer));
    }

    const SharedBufferDesc* buffer_of(std::uint32_t word) const {
        for (const SharedBufferDesc& b : config_.buffers)
            if (word >= b.base_word && word < b.base_word + b.words)
                return &b;
        return nullptr;
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
            it->second = add_node(NodeKind::input, -1, element, trace_.input.at(element), kNoThread);
            graph_.nodes[it->second].range = InputRange::single(element);
        }
        return it->second;
    }

    // The node holding thread t's watched register as snapshotted at the end of `step`.
    int register_at(std::uint32_t thread, std::uint32_t step) const {
        for (int guard = 0; guard < static_cast<int>(kMaxTraceSteps); ++guard) {
            if (step >= trace_.steps.size() || !trace_.steps[step].registers_taken.at(thread))
                return -1;
            const int node = register_node_[std::size_t(step) * config_.block_threads + thread];
            if (node >= 0)
                return node;
            const std::uint32_t carried = trace_.steps[step].register_sources[2 * thread];
            if (!is_register_source(carried) || source_step(carried) >= step)
                return -1;
            step = source_step(carried);
        }
        return -1;
    }

    // The node a value's source reference points at (and whether that read raced).
    ReadSource resolve(std::uint32_t thread, std::uint32_t ref) const {
        if (is_register_source(ref))
            return {register_at(thread, source_step(ref)), false};
        const auto it = reads_.find(access_key(source_step(ref), thread, source_seq(ref)));
        if (it == reads_.end())
            throw std::runtime_error("dataflow: a value's source is a read the trace does not contain");
        return it->second;
    }

    void connect(int to, std::uint32_t thread, const std::uint32_t* sources) {
        std::vector<InputRange> parts;
        for (int i = 0; i < 2; ++i) {
            if (!is_source(sources[i]))
                continue;
            const ReadSource source = resolve(thread, sources[i]);
            if (source.node < 0)
                continue;
            graph_.edges.push_back(DataflowEdge{static_cast<std::uint32_t>(source.node), static_cast<std::uint32_t>(to),
                                                source.racy});
            parts.push_back(graph_.nodes[source.node].range);
        }
        graph_.nodes[to].range = combine_ranges(parts);
    }

    void process_step(std::uint32_t k, std::size_t first, std::size_t end) {
        // 1. this step's writes become nodes
        std::unordered_map<std::uint64_t, int> write_nodes;    // (k, thread, seq) -> node
        std::unordered_map<std::uint32_t, std::vector<std::size_t>> written; // shared word -> its writes here
        for (std::size_t i = first; i < end; ++i) {
            const AccessRecord& a = trace_.accesses[i];
            if (a.kind != AccessKind::write)
                continue;
            const int column = column_of(a);
            if (column < 0)
                continue;
            const NodeKind kind = a.buffer == static_cast<std::uint8_t>(BufferId::output) ? NodeKind::output
                                                                                          : NodeKind::shared_write;
            write_nodes[access_key(k, a.thread, a.seq)] = add_node(kind, static_cast<int>(k), column, a.value, a.thread);
            if (is_shared_word(a))
                written[a.word].push_back(i);
        }
        // 2. where each read's value came from
        for (std::size_t i = first; i < end; ++i) {
            const AccessRecord& a = trace_.accesses[i];
            if (a.kind != AccessKind::read)
                continue;
            reads_[access_key(k, a.thread, a.seq)] = source_of_read(a, k, written, write_nodes);
        }
        // 3. the writes' edges, from their provenance
        for (std::size_t i = first; i < end; ++i) {
            const AccessRecord& a = trace_.accesses[i];
            const auto node = write_nodes.find(access_key(k, a.thread, a.seq));
            if (a.kind == AccessKind::write && node != write_nodes.end())
                connect(node->second, a.thread, a.sources);
        }
        // 4. the shared words' latest values after this step (the last write in canonical order)
        for (std::size_t i = first; i < end; ++i) {
            const AccessRecord& a = trace_.accesses[i];
            const auto node = write_nodes.find(access_key(k, a.thread, a.seq));
            if (a.kind == AccessKind::write && is_shared_word(a) && node != write_nodes.end() && a.word < latest_shared_.size())
                latest_shared_[a.word] = node->second;
        }
        // 5. registers that took a new value at the end of this step
        if (config_.records_registers)
            add_register_nodes(k);
    }

    ReadSource source_of_read(const AccessRecord& read, std::uint32_t k,
                              const std::unordered_map<std::uint32_t, std::vector<std::size_t>>& written,
                              const std::unordered_map<std::uint64_t, int>& write_nodes) {
        if (read.buffer == kShuffleSource)
            return {k == 0 ? -1 : register_at(read.word, k - 1), false}; // the source lane's register before the round
        if (read.buffer == static_cast<std::uint8_t>(BufferId::input))
            return {input_node(static_cast<int>(read.word)), false};
        if (!is_shared_word(read) || read.word >= latest_shared_.size())
            return {-1, false};
        const auto same_step = written.find(read.word);
        if (same_step == written.end())
            return {latest_shared_[read.word], false};
        // Written in this very step: by this thread before the read, or by another thread (a race).
        int own = -1;
        for (std::size_t w : same_step->second) {
            const AccessRecord& write = trace_.accesses[w];
            if (write.thread == read.thread && write.seq < read.seq)
                own = write_nodes.at(access_key(k, write.thread, write.seq));
        }
        if (own >= 0)
            return {own, false};
        bool raced = false; // another thread wrote the word in this step, with no barrier between
        for (std::size_t w : same_step->second) {
            const AccessRecord& write = trace_.accesses[w];
            if (write.thread == read.thread)
                continue; // the thread's own later write: no race
            raced = true;
            if (write.value == read.value &&
                (latest_shared_[read.word] < 0 || graph_.nodes[latest_shared_[read.word]].bits != read.value))
                return {write_nodes.at(access_key(k, write.thread, write.seq)), true}; // it read the new value
        }
        return {latest_shared_[read.word], raced}; // the value from before this step
    }

    void add_register_nodes(std::uint32_t k) {
        const TraceStep& step = trace_.steps[k];
        for (std::uint32_t t = 0; t < static_cast<std::uint32_t>(config_.block_threads); ++t) {
            if (!step.registers_taken[t])
                continue;
            const std::uint32_t* sources = &step.register_sources[2 * t];
            const bool carried = is_register_source(sources[0]) && sources[1] == kNoSource && source_step(sources[0]) < k;
            if (carried)
                continue; // unchanged since an earlier snapshot: no new node
            const int node = add_node(NodeKind::register_value, static_cast<int>(k), static_cast<int>(t),
                                      step.registers.bits[t], t);
            register_node_[std::size_t(k) * config_.block_threads + t] = node;
            connect(node, t, sources);
        }
    }

    const Trace& trace_;
    const TraceConfig& config_;
    DataflowGraph graph_;
    std::map<std::uint32_t, int> extra_column_of_word_;
    std::map<int, int> input_nodes_;
    std::vector<int> latest_shared_;
    std::vector<int> register_node_;
    std::unordered_map<std::uint64_t, ReadSource> reads_;
};

} // namespace

DataflowGraph build_dataflow(const Trace& trace) { return DataflowBuilder(trace).build(); }

} // namespace prefixlab
