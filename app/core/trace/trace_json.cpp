#include "core/trace/trace_json.hpp"

#include "core/ground/kernel_facts.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/ground/keep_names.hpp"
#include "core/ground/step_label.hpp"
#include "core/trace/trace_assembly.hpp"
#include "core/trace/trace_fields.hpp"
#include "core/trace/trace_validation.hpp"
#include "core/trace/trace_value_json.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/build_info.hpp"
#include "core/util/input_limits.hpp"
#include "core/util/json_fields.hpp"
#include "core/util/printable.hpp"
#include "kernels/common/cuda_limits.hpp"

#include <algorithm>
#include <iterator>
#include <utility>
#include <initializer_list>
#include <istream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string_view>

namespace prefixlab {

using nlohmann::json;
using namespace json_fields;
using namespace trace_fields;

namespace {

constexpr const char* kFormatName = "prefixlab-trace";

// ---------------------------------------------------------------- writing

json snapshot_to_json(ElementType type, const Snapshot& snapshot) {
    json values = json::array();
    for (std::size_t i = 0; i < snapshot.bits.size(); ++i)
        values.push_back(snapshot.defined[i] ? value_to_json(type, snapshot.bits[i]) : json(nullptr));
    return values;
}

json values_to_json(ElementType type, const std::vector<std::uint32_t>& bits) {
    json values = json::array();
    for (std::uint32_t b : bits)
        values.push_back(value_to_json(type, b));
    return values;
}

json check_to_json(ElementType type, const OutputCheck& check) {
    json wrong = json::array();
    for (std::size_t i = 0; i < check.wrong.size(); ++i)
        if (check.wrong[i])
            wrong.push_back(i);
    json result = {{"reference", values_to_json(type, check.reference)}, {"wrong", std::move(wrong)}};
    if (type == ElementType::float32) {
        result["error"] = check.error;
        result["error_bound"] = check.bound;
    }
    return result;
}

// The warp order only where it is not the default, so that a default-order trace is the file it
// always was (the golden hashes, tests/cli/test_trace_golden.cpp, hold that), and only for the
// emulator: the GPU's hardware picks its own order, which nothing records.
json device_to_json(const TraceConfig& c) {
    json device = {{"name", c.device_name}, {"emulated", c.emulated}};
    if (c.emulated && c.warp_order != WarpOrder::in_order)
        device["warp_order"] = name_of(c.warp_order);
    return device;
}

json config_to_json(const TraceConfig& c) {
    json buffers = json::array();
    for (const SharedBufferDesc& b : c.buffers)
        buffers.push_back(
            {{"name", name_of(b.id)}, {"base_word", b.base_word}, {"words", b.words}, {"padding", b.padding}});
    json config = scan_fields_json(c);
    config.update({
        {"algorithm", name_of(c.algorithm)},
        {"n", c.n},
        {"block_threads", c.block_threads},
        {"device", device_to_json(c)},
        {"kernel_source", c.kernel_source},
        {"shared_memory", {{"words", c.shared_words}, {"buffers", buffers}}},
        {"registers", c.records_registers},
    });
    // Only where it is not the default (odd), as the warp order: every trace written before issue 34 is
    // still the same file (the golden hashes).
    if (c.keep != KeepPredicate{})
        config["keep"] = name_of(c.keep);
    return config;
}

// A source reference as text: "3:1" is the thread's read with seq 1 in step 3, "3:reg" its watched
// register at the end of step 3, "many" a value combined from more than two sources.
std::string source_to_text(std::uint32_t ref) {
    if (ref == kTooManySources)
        return "many";
    std::string text = std::to_string(source_step(ref));
    text += ':';
    text += is_register_source(ref) ? std::string("reg") : std::to_string(source_seq(ref));
    return text;
}

json sources_to_json(const std::uint32_t* sources) {
    json list = json::array();
    for (int i = 0; i < 2; ++i)
        if (sources[i] != kNoSource)
            list.push_back(source_to_text(sources[i]));
    return list;
}

// An access's kind as a trace file writes it: "r" or "w", "ar" or "aw" for an atomic's read or write, "ur" or
// "uw" for those of an atomic whose old value the thread does not use (kAccessResultUnused).
const char* access_kind_text(const AccessRecord& a) {
    const bool atomic = (a.flags & kAccessAtomic) != 0, unused = (a.flags & kAccessResultUnused) != 0;
    if (a.kind == AccessKind::read)
        return atomic ? (unused ? "ur" : "ar") : "r";
    return atomic ? (unused ? "uw" : "aw") : "w";
}

json access_to_row(ElementType type, const AccessRecord& a) {
    const std::string_view buffer =
        a.buffer == kShuffleSource ? std::string_view("shuffle") : name_of(static_cast<BufferId>(a.buffer));
    return json::array({a.step, warp_of(a.thread), lane_of(a.thread), a.seq, buffer, a.word,
                        access_kind_text(a), value_to_json(type, a.value), sources_to_json(a.sources)});
}

// ---------------------------------------------------------------- reading

// The field helpers (json_fields.hpp) throw JsonFieldError("WHERE: WHAT"); trace_from_json_text
// turns it into a TraceFormatError. A trace names an integer's whole range when it is outside it.
constexpr RangeWording kRanges = RangeWording::whole_range;

// The fields of format version 1 at each level (docs/trace-format.md); any other key is refused.
const std::string kFormatVersionText = "version " + std::to_string(kTraceFormatVersion);

void only_known_fields(const json& object, std::string_view path,
                       std::initializer_list<std::string_view> known) {
    reject_unknown_fields(object, path, known, kFormatVersionText);
}

Snapshot snapshot_field(const json& object, const std::string& path, const char* key, ElementType type,
                        std::size_t size) {
    const json& values = array_field(object, path, key, size);
    Snapshot snapshot{std::vector<std::uint32_t>(size, kUnwrittenPattern), std::vector<std::uint8_t>(size, 0)};
    for (std::size_t i = 0; i < size; ++i) {
        if (values[i].is_null())
            continue;
        snapshot.bits[i] = value_at(type, values[i], element(member(path, key), i));
        snapshot.defined[i] = 1;
    }
    return snapshot;
}

// Optional: a file without it (every file written before it existed) ran warps in order.
WarpOrder warp_order_field(const json& device, const std::string& path, bool emulated) {
    if (!device.contains("warp_order"))
        return WarpOrder::in_order;
    if (!emulated)
        malformed(member(path, "warp_order"), "only the emulator has a warp order; the GPU picks its own");
    return enum_field<WarpOrder>(device, path, "warp_order", parse_warp_order);
}

TraceConfig config_from_json(const json& root) {
    const std::string path = "config";
    const json& c = field(root, "", "config");
    only_known_fields(c, path,
                      {"algorithm", "n", "block_threads", "element_type", "operator", "exclusive", "input",
                       "device", "kernel_source", "shared_memory", "registers", "keep"});
    TraceConfig config;
    config.algorithm = enum_field<BlockAlgorithm>(c, path, "algorithm", parse_block_algorithm);
    config.n = static_cast<int>(integer_field(c, path, "n", 1, 1 << 20, kRanges));
    config.block_threads = static_cast<int>(integer_field(c, path, "block_threads", 1, kMaxBlockThreads, kRanges));
    read_scan_fields(c, path, kFormatVersionText, config);
    if (const std::optional<ElementType> fixed = fixed_element_type(config.algorithm); fixed && config.type != *fixed)
        malformed(member(path, "element_type"),
                  std::string(name_of(config.algorithm)) + " takes " + std::string(name_of(*fixed)) + " elements only");
    if (c.contains("keep")) {
        if (!keeps_elements(config.algorithm))
            malformed(member(path, "keep"), "only a compaction or a split keeps elements");
        std::string problem;
        const std::optional<KeepPredicate> keep = parse_keep_predicate(string_field(c, path, "keep"), problem);
        if (!keep)
            malformed(member(path, "keep"), problem);
        config.keep = *keep;
    }
    const json& device = field(c, path, "device");
    only_known_fields(device, member(path, "device"), {"name", "emulated", "warp_order"});
    config.device_name = string_field(device, member(path, "device"), "name");
    config.emulated = bool_field(device, member(path, "device"), "emulated");
    config.warp_order = warp_order_field(device, member(path, "device"), config.emulated);
    config.kernel_source = string_field(c, path, "kernel_source");
    const std::string shared_path = member(path, "shared_memory");
    const json& shared = field(c, path, "shared_memory");
    only_known_fields(shared, shared_path, {"words", "buffers"});
    config.shared_words =
        static_cast<std::uint32_t>(integer_field(shared, shared_path, "words", 0, kMaxTraceSharedWords, kRanges));
    const json& buffers = field(shared, shared_path, "buffers");
    if (!buffers.is_array() || buffers.empty() || buffers.size() > SharedLayout::kMaxBuffers)
        malformed(member(shared_path, "buffers"),
                  "expected an array of 1.." + std::to_string(SharedLayout::kMaxBuffers) + " buffers");
    for (std::size_t b = 0; b < buffers.size(); ++b) {
        const std::string bpath = element(member(shared_path, "buffers"), b);
        only_known_fields(buffers[b], bpath, {"name", "base_word", "words", "padding"});
        SharedBufferDesc desc;
        desc.id = enum_field<BufferId>(buffers[b], bpath, "name", parse_buffer_id);
        desc.base_word = static_cast<std::uint32_t>(
            integer_field(buffers[b], bpath, "base_word", 0, config.shared_words, kRanges));
        desc.words = static_cast<std::uint32_t>(
            integer_field(buffers[b], bpath, "words", 0, config.shared_words - desc.base_word, kRanges));
        desc.padding =
            static_cast<std::uint32_t>(integer_field(buffers[b], bpath, "padding", 0, kMaxTracePadding, kRanges));
        config.buffers.push_back(desc);
    }
    config.records_registers = bool_field(c, path, "registers");
    return config;
}

std::uint32_t source_from_text(const json& value, const std::string& path, std::size_t steps) {
    if (!value.is_string())
        malformed(path, "expected a source like \"3:1\" or \"3:reg\", found " + value_in_message(value));
    const std::string& text = value.get_ref<const std::string&>();
    if (text == "many")
        return kTooManySources;
    const auto colon = text.find(':');
    const std::string step_text = text.substr(0, colon == std::string::npos ? 0 : colon);
    const std::string seq_text = colon == std::string::npos ? "" : text.substr(colon + 1);
    const auto number = [](const std::string& digits, unsigned long max) -> long {
        if (digits.empty() || digits.size() > 6 || digits.find_first_not_of("0123456789") != std::string::npos)
            return -1;
        const unsigned long v = std::stoul(digits);
        return v <= max ? static_cast<long>(v) : -1;
    };
    const long step = number(step_text, steps - 1);
    const long seq = seq_text == "reg" ? long(kRegisterSeq) : number(seq_text, kMaxAccessSeq);
    if (step < 0 || seq < 0)
        malformed(path, "expected a source like \"3:1\" or \"3:reg\" within the trace's steps, found " +
                            value_in_message(value));
    return seq == long(kRegisterSeq) ? register_source(static_cast<std::uint32_t>(step))
                                     : read_source(static_cast<std::uint32_t>(step), static_cast<std::uint32_t>(seq));
}

void sources_from_json(const json& list, const std::string& path, std::size_t steps, std::uint32_t* out) {
    if (!list.is_array() || list.size() > 2)
        malformed(path, "expected a list of at most two sources");
    out[0] = out[1] = kNoSource;
    for (std::size_t i = 0; i < list.size(); ++i)
        out[i] = source_from_text(list[i], element(path, i), steps);
}

TraceStep step_from_json(const json& s, const std::string& path, const TraceConfig& config,
                         std::size_t steps_in_file) {
    // "label" is derived from the tag and not read back, but it is a field of the format.
    only_known_fields(s, path,
                      {"label", "phase", "opening", "level", "offset", "source", "line", "shared_snapshot",
                       "shared", "registers", "register_sources"});
    TraceStep step;
    step.tag.phase = enum_field<Phase>(s, path, "phase", parse_phase);
    step.tag.opening = enum_field<StepOpening>(s, path, "opening", parse_step_opening);
    step.tag.level = static_cast<std::uint16_t>(integer_field(s, path, "level", 0, UINT16_MAX, kRanges));
    step.tag.offset = static_cast<std::uint32_t>(integer_field(s, path, "offset", 0, UINT32_MAX, kRanges));
    step.tag.line = static_cast<std::uint32_t>(integer_field(s, path, "line", 0, UINT32_MAX, kRanges));
    step.tag.file = enum_field<KernelFile>(s, path, "source", parse_kernel_file_path);
    step.shared_taken = bool_field(s, path, "shared_snapshot");
    step.shared = snapshot_field(s, path, "shared", config.type, config.shared_words);
    if (config.records_registers) {
        step.registers = snapshot_field(s, path, "registers", config.type, config.block_threads);
        const json& provenance = array_field(s, path, "register_sources", config.block_threads);
        step.registers_taken.assign(config.block_threads, 0);
        step.register_sources.assign(2 * static_cast<std::size_t>(config.block_threads), kNoSource);
        for (int t = 0; t < config.block_threads; ++t) {
            if (provenance[t].is_null())
                continue;
            step.registers_taken[t] = 1;
            sources_from_json(provenance[t], element(member(path, "register_sources"), t), steps_in_file,
                              &step.register_sources[2 * t]);
        }
    }
    return step;
}

AccessRecord access_from_row(const json& row, const std::string& path, const TraceConfig& config,
                             std::size_t steps) {
    if (!row.is_array() || row.size() != 9)
        malformed(path, "expected [step, warp, lane, seq, buffer, word, kind, value, sources]");
    // The column's path is built only for a message: a trace holds up to millions of rows.
    const auto integer = [&](std::size_t column, std::uint64_t max) {
        const json& value = row[column];
        if (value.is_number_unsigned() && value.get<std::uint64_t>() <= max)
            return value.get<std::uint64_t>();
        return integer_at(value, element(path, column), 0, max, kRanges);
    };
    AccessRecord a{};
    a.step = static_cast<std::uint16_t>(integer(0, steps - 1));
    const auto warp = integer(1, (config.block_threads - 1) / 32);
    const auto lane = integer(2, 31);
    if (warp * 32 + lane >= static_cast<std::uint64_t>(config.block_threads))
        malformed(path, "thread " + std::to_string(warp * 32 + lane) + " is outside the block of " +
                            std::to_string(config.block_threads));
    a.thread = static_cast<std::uint16_t>(warp * 32 + lane);
    a.seq = static_cast<std::uint8_t>(integer(3, 255));
    if (!row[4].is_string())
        malformed(element(path, 4), "expected a buffer name");
    const std::string buffer = row[4].get<std::string>();
    if (buffer == "shuffle") {
        a.buffer = kShuffleSource;
        a.word = static_cast<std::uint32_t>(integer(5, config.block_threads - 1));
    } else {
        const auto id = parse_buffer_id(buffer);
        if (!id)
            malformed(element(path, 4), "unknown buffer '" + printable(buffer, kMaxQuotedValueChars) + "'");
        a.buffer = static_cast<std::uint8_t>(*id);
        const std::uint64_t words = is_shared(*id) ? config.shared_words : static_cast<std::uint64_t>(config.n);
        a.word = static_cast<std::uint32_t>(integer(5, words == 0 ? 0 : words - 1));
    }
    static const std::pair<const char*, std::pair<AccessKind, std::uint8_t>> kKinds[] = {
        {"r", {AccessKind::read, 0}},
        {"w", {AccessKind::write, 0}},
        {"ar", {AccessKind::read, kAccessAtomic}},
        {"aw", {AccessKind::write, kAccessAtomic}},
        {"ur", {AccessKind::read, kAccessAtomic | kAccessResultUnused}},
        {"uw", {AccessKind::write, kAccessAtomic | kAccessResultUnused}}};
    const auto kind = std::find_if(std::begin(kKinds), std::end(kKinds),
                                   [&](const auto& k) { return row[6].is_string() && row[6] == k.first; });
    if (kind == std::end(kKinds))
        malformed(element(path, 6),
                  "expected \"r\", \"w\", \"ar\", \"aw\", \"ur\" or \"uw\", found " + value_in_message(row[6]));
    a.kind = kind->second.first;
    a.flags = kind->second.second;
    a.value = value_at(config.type, row[7], element(path, 7));
    sources_from_json(row[8], element(path, 8), steps, a.sources);
    return a;
}

} // namespace

void write_trace_json(const Trace& trace, std::ostream& out) {
    const ElementType type = trace.config.type;
    json steps = json::array();
    for (const TraceStep& step : trace.steps) {
        json s = {
            {"label", step_label(step.tag)},
            {"phase", name_of(step.tag.phase)},
            {"opening", name_of(step.tag.opening)},
            {"level", step.tag.level},
            {"offset", step.tag.offset},
            {"source", kernel_file_path(step.tag.file)},
            {"line", step.tag.line},
            {"shared_snapshot", step.shared_taken},
            {"shared", snapshot_to_json(type, step.shared)},
        };
        if (trace.config.records_registers) {
            s["registers"] = snapshot_to_json(type, step.registers);
            json provenance = json::array();
            for (std::size_t t = 0; t < step.registers_taken.size(); ++t)
                provenance.push_back(step.registers_taken[t] ? sources_to_json(&step.register_sources[2 * t])
                                                             : json(nullptr));
            s["register_sources"] = std::move(provenance);
        }
        steps.push_back(std::move(s));
    }
    json rows = json::array();
    for (const AccessRecord& a : trace.accesses)
        rows.push_back(access_to_row(type, a));
    const json root = {
        {"format", kFormatName},
        {"version", kTraceFormatVersion},
        {"config", config_to_json(trace.config)},
        {"input", values_to_json(type, trace.input)},
        {"output", values_to_json(type, trace.output)},
        {"check", check_to_json(type, trace.check)},
        {"steps", std::move(steps)},
        {"accesses",
         {{"columns", {"step", "warp", "lane", "seq", "buffer", "word", "kind", "value", "sources"}},
          {"rows", std::move(rows)}}},
        {"written_by", written_by()}, // the build that wrote it (core/util/build_info.hpp); not read back
    };
    out << root.dump() << '\n';
}

namespace {

Trace trace_from_document(const json& root) {
    require_trace_format(root, kFormatName, "trace", kTraceFormatVersion);
    // "check" is recomputed from input and output, not read back: what it holds is not checked.
    only_known_fields(root, "",
                      {"format", "version", "config", "input", "output", "check", "steps", "accesses", "written_by"});
    if (root.contains("written_by") && !root["written_by"].is_string())
        malformed("written_by", "expected the text of the build that wrote the file");

    Trace trace;
    trace.config = config_from_json(root);
    const TraceConfig& config = trace.config;
    trace.input = values_field(root, "", "input", config.type, config.n);
    trace.output = values_field(root, "", "output", config.type, config.n);

    const json& steps = field(root, "", "steps");
    if (!steps.is_array() || steps.empty() || steps.size() > kMaxTraceSteps)
        malformed("steps", "expected an array of 1.." + std::to_string(kMaxTraceSteps) + " steps");
    for (std::size_t k = 0; k < steps.size(); ++k)
        trace.steps.push_back(step_from_json(steps[k], element("steps", k), config, steps.size()));

    const json& accesses = field(root, "", "accesses");
    // "columns" names the row layout for other readers; the reader knows it.
    only_known_fields(accesses, "accesses", {"columns", "rows"});
    const json& rows = field(accesses, "accesses", "rows");
    if (!rows.is_array())
        malformed("accesses.rows", "expected an array");
    trace.accesses.reserve(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i)
        trace.accesses.push_back(access_from_row(rows[i], element("accesses.rows", i), config, steps.size()));
    std::stable_sort(trace.accesses.begin(), trace.accesses.end(), canonical_access_order);
    trace.check = check_kernel_output(kind_of(config.algorithm), config.type, config.op, config.exclusive, trace.input,
                                      trace.output, config.keep);
    if (const auto problem = find_trace_violation(trace))
        throw TraceFormatError(*problem);
    return trace;
}

} // namespace

Trace trace_from_json_text(std::string_view text) {
    try {
        return trace_from_document(parse_document(text));
    } catch (const JsonFieldError& e) {
        throw TraceFormatError(e.what());
    }
}

Trace read_trace_json(std::istream& in) {
    std::string text;
    char chunk[1 << 16];
    while (in) {
        in.read(chunk, sizeof chunk);
        const auto got = static_cast<std::size_t>(in.gcount());
        if (text.size() + got > kMaxTraceFileBytes)
            throw TraceFormatError("larger than the limit of " + std::to_string(kMaxTraceFileBytes >> 20) +
                                   " MiB for a trace");
        text.append(chunk, got);
    }
    if (in.bad())
        throw TraceFormatError("read failed");
    return trace_from_json_text(text);
}

void save_trace_file(const Trace& trace, const std::string& path) {
    write_file_atomically(path, [&](std::ostream& out) { write_trace_json(trace, out); });
}

Trace load_trace_file(const std::string& path) {
    return load_trace_document(path, kMaxTraceFileBytes, "trace", trace_from_json_text);
}

} // namespace prefixlab
