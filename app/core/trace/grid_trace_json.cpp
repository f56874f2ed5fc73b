#include "core/trace/grid_trace_json.hpp"

#include "core/ground/keep_names.hpp"

#include "core/ground/kernel_names.hpp"
#include "core/ground/step_label.hpp"
#include "core/trace/trace_fields.hpp"
#include "core/trace/trace_value_json.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/build_info.hpp"
#include "core/util/enum_names.hpp"
#include "core/util/input_limits.hpp"
#include "core/util/json_fields.hpp"
#include "core/util/printable.hpp"
#include "kernels/common/cuda_limits.hpp"
#include "kernels/common/trace_records.hpp"
#include "kernels/grid/tile_scan_bodies.hpp"
#include "kernels/grid/tile_threads.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>
#include <regex>
#include <string_view>

namespace prefixlab {

using json = nlohmann::json;
using namespace json_fields;
using namespace trace_fields;

namespace {

constexpr const char* kGridFormatName = "prefixlab-grid-trace";
constexpr RangeWording kGridRanges = RangeWording::whole_range;
const std::string kVersionText = "version " + std::to_string(kGridTraceFormatVersion);

constexpr const char* kAccessKindNames[] = {"read", "write", "atomic", "release", "acquire"};

const char* name_of_kind(GridAccessKind kind) {
    return name_in<GridAccessKind::acquire>(kAccessKindNames, kind, "?");
}

// ---------------------------------------------------------------- writing

json values_json(ElementType type, const std::vector<std::uint32_t>& bits) {
    json list = json::array();
    for (std::uint32_t b : bits)
        list.push_back(value_to_json(type, b));
    return list;
}

json tag_json(const StepTag& tag) {
    return {{"label", step_label(tag)},           {"phase", name_of(tag.phase)}, {"opening", name_of(tag.opening)},
            {"level", tag.level},                 {"offset", tag.offset},        {"source", kernel_file_path(tag.file)},
            {"line", tag.line}};
}

json config_json(const GridTraceConfig& c) {
    json config = scan_fields_json(c);
    config.update({
        {"driver", c.driver},
        {"n", c.n},
        {"tile_body", c.tile_body},
        {"tile_threads", c.tile_threads},
        {"tile", c.tile},
        {"device",
         {{"name", c.device_name}, {"emulated", c.emulated}, {"resident", c.resident}, {"start_order", c.start_order}}},
        {"tiles_from_counter", c.tiles_from_counter},
        {"element_detail", c.element_detail},
    });
    if (c.compaction) // a scan's file stays as it was
        config["compaction"] = {{"keep", name_of(c.keep)}};
    if (c.sort != GridSortForm::none)
        config["sort"] = {{"form", name_of(c.sort)}};
    return config;
}

// ---------------------------------------------------------------- reading

void only_known(const json& object, std::string_view path, std::initializer_list<std::string_view> known) {
    reject_unknown_fields(object, path, known, kVersionText);
}

const json& array_at(const json& object, std::string_view path, const char* key, std::size_t max) {
    const json& value = field(object, path, key);
    if (!value.is_array())
        malformed(member(path, key), "expected an array");
    if (value.size() > max)
        malformed(member(path, key), "more than " + std::to_string(max) + " items");
    return value;
}

// What describe_start_order() writes: "in order", "reversed", "random (seed 7)"; "" on the GPU.
bool is_start_order_description(const std::string& text, bool emulated) {
    if (!emulated)
        return text.empty();
    static const std::regex random(R"(random \(seed (0|[1-9][0-9]{0,19})\))");
    return text == "in order" || text == "reversed" || (text.size() < 40 && std::regex_match(text, random));
}

// A compaction's config (GridTraceConfig::compaction): its predicate; decoupled look-back, register tiles
// of whole warps, at tile level.
void read_compaction(const json& c, const std::string& path, TileScanBody body, GridTraceConfig& config) {
    const std::string compaction_path = member(path, "compaction");
    const json& compaction = field(c, path, "compaction");
    only_known(compaction, compaction_path, {"keep"});
    std::string problem;
    const std::string keep = string_field(compaction, compaction_path, "keep");
    const std::optional<KeepPredicate> parsed = parse_keep_predicate(keep, problem);
    if (!parsed)
        malformed(member(compaction_path, "keep"), problem);
    if (config.driver != name_of(GridDriver::decoupled_look_back) || body != TileScanBody::registers ||
        config.tile_threads % 32 != 0)
        malformed(compaction_path, "a compaction is decoupled-look-back over register tiles of whole warps");
    if (config.element_detail)
        malformed(compaction_path, "a compaction's grid trace is at tile level");
    config.compaction = true;
    config.keep = *parsed;
}

// A sort's config (GridTraceConfig::sort): its form, with the driver, the block and the trace's level
// that form has.
GridSortForm read_sort(const json& c, const std::string& path, const GridTraceConfig& config) {
    const std::string sort_path = member(path, "sort");
    const json& sort = field(c, path, "sort");
    only_known(sort, sort_path, {"form"});
    if (c.contains("compaction"))
        malformed(sort_path, "a grid trace is of a sort or of a compaction, not both");
    const GridSortForm form = enum_field<GridSortForm>(sort, sort_path, "form", parse_grid_sort_form);
    if (form == GridSortForm::none)
        malformed(member(sort_path, "form"), "expected textbook or onesweep");
    GridScanRequest request;
    request.sort = form;
    request.driver = parse_grid_driver(config.driver).value_or(GridDriver::decoupled_look_back);
    request.tile_threads = static_cast<int>(config.tile_threads);
    try {
        require_grid_sort(request);
    } catch (const std::invalid_argument& e) {
        malformed(sort_path, e.what());
    }
    if (config.element_detail)
        malformed(sort_path, "a sort's grid trace is at tile level");
    return form;
}

GridTraceConfig config_from(const json& root) {
    const std::string path = "config";
    const json& c = field(root, "", "config");
    only_known(c, path,
               {"driver", "n", "tile_body", "tile_threads", "tile", "element_type", "operator", "exclusive", "input",
                "device", "tiles_from_counter", "element_detail", "compaction", "sort"});
    GridTraceConfig config;
    config.driver = std::string(name_of(enum_field<GridDriver>(c, path, "driver", parse_grid_driver)));
    config.n = integer_field(c, path, "n", 1, kMaxGridTraceN, kGridRanges);
    const TileScanBody body = enum_field<TileScanBody>(c, path, "tile_body", parse_tile_body);
    config.tile_body = std::string(name_of(body));
    config.tile_threads = static_cast<std::uint32_t>(integer_field(c, path, "tile_threads", 1, kMaxBlockThreads, kGridRanges));
    if (!tile_threads_valid(static_cast<int>(config.tile_threads), kMaxBlockThreads))
        malformed(member(path, "tile_threads"), tile_threads_rule(kMaxBlockThreads) + ", not " + std::to_string(config.tile_threads));
    config.element_detail = bool_field(c, path, "element_detail");
    if (c.contains("sort"))
        config.sort = read_sort(c, path, config);
    read_scan_fields(c, path, kVersionText, config);
    const std::string device_path = member(path, "device");
    const json& device = field(c, path, "device");
    only_known(device, device_path, {"name", "emulated", "resident", "start_order"});
    config.device_name = printable(string_field(device, device_path, "name"), 200);
    config.emulated = bool_field(device, device_path, "emulated");
    config.resident = static_cast<std::uint32_t>(
        integer_field(device, device_path, "resident", config.emulated ? 1 : 0, config.emulated ? kMaxGridResident : 0, kGridRanges));
    config.start_order = string_field(device, device_path, "start_order");
    if (!is_start_order_description(config.start_order, config.emulated))
        malformed(member(device_path, "start_order"),
                  config.emulated ? "expected in order, reversed or random (seed S), found '" + printable(config.start_order) + "'"
                                  : "a GPU schedules its blocks itself: expected \"\", found '" + printable(config.start_order) + "'");
    // A tile is what its threads scan (or sort): a hostile tile of 1 made 2^22 tiles of every per-tile table.
    // A sort's is the emulator's, or a traced GPU run's (grid_sort_tile).
    const std::uint64_t tile = config.sort != GridSortForm::none
                                   ? grid_sort_tile(config.sort, static_cast<int>(config.tile_threads), !config.emulated)
                                   : std::uint64_t(config.tile_threads) * std::uint64_t(tile_elements_per_thread(body));
    config.tile = static_cast<std::uint32_t>(integer_field(c, path, "tile", tile, tile, kGridRanges));
    config.tiles_from_counter = bool_field(c, path, "tiles_from_counter");
    if (c.contains("compaction"))
        read_compaction(c, path, body, config);
    if (config.element_detail && config.n > kMaxElementDetailN)
        malformed(member(path, "element_detail"),
                  "element detail is kept up to N = " + std::to_string(kMaxElementDetailN) + ", not " +
                      std::to_string(config.n));
    return config;
}

GridLaunch launch_from(const json& l, const std::string& path, const GridTraceConfig& config) {
    only_known(l, path, {"name", "source", "blocks", "threads", "tile"});
    GridLaunch launch;
    launch.name = printable(string_field(l, path, "name"), 80);
    launch.source_path = printable(string_field(l, path, "source"), 200);
    // No launch has more blocks than the array has tiles (the spine's and two-level's have fewer): a
    // hostile count would size every per-block table the views build.
    const std::uint64_t tiles = (config.n + config.tile - 1) / std::max<std::uint64_t>(config.tile, 1);
    launch.blocks = static_cast<std::uint32_t>(integer_field(l, path, "blocks", 1, tiles, kGridRanges));
    launch.threads = static_cast<std::uint32_t>(integer_field(l, path, "threads", 1, kMaxBlockThreads, kGridRanges));
    launch.tile = static_cast<std::uint32_t>(integer_field(l, path, "tile", 0, config.n, kGridRanges));
    return launch;
}

// Row: launch, block, thread, step, buffer, kind, index, value, operand, time_ns. The order is the row's.
GridAccessRecord access_from(const json& row, const std::string& path, std::size_t order,
                             const std::vector<GridLaunch>& launches, const GridTraceConfig& config) {
    if (!row.is_array() || row.size() != 10)
        malformed(path, "expected a row of 10 values, found " + value_in_message(row));
    GridAccessRecord a;
    a.order = order;
    a.launch = static_cast<std::uint16_t>(integer_at(row[0], element(path, 0), 0, launches.size() - 1, kGridRanges));
    const GridLaunch& launch = launches[a.launch];
    a.block = static_cast<std::uint32_t>(integer_at(row[1], element(path, 1), 0, launch.blocks - 1, kGridRanges));
    a.thread = static_cast<std::uint16_t>(integer_at(row[2], element(path, 2), 0, launch.threads - 1, kGridRanges));
    a.step = static_cast<std::uint16_t>(integer_at(row[3], element(path, 3), 0, kMaxGridBlockSteps - 1, kGridRanges));
    if (!row[4].is_string())
        malformed(element(path, 4), "expected a buffer name, found " + value_in_message(row[4]));
    const auto buffer = parse_buffer_id(row[4].get<std::string>());
    if (!buffer || !is_grid_shared(*buffer))
        malformed(element(path, 4), "expected tile_totals, tile_status or tile_counter, found " + value_in_message(row[4]));
    a.buffer = *buffer;
    const std::optional<GridAccessKind> kind =
        row[5].is_string() ? enumerator_named<GridAccessKind::acquire>(kAccessKindNames, row[5].get<std::string>())
                           : std::nullopt;
    if (!kind)
        malformed(element(path, 5), "expected read, write, atomic, release or acquire, found " + value_in_message(row[5]));
    a.kind = *kind;
    // status words and totals are indexed by tile (or block): never past N (a sort's, grid_access_index_bound)
    a.index = static_cast<std::uint32_t>(
        integer_at(row[6], element(path, 6), 0, grid_access_index_bound(config), kGridRanges));
    a.value = integer_at(row[7], element(path, 7), 0, UINT64_MAX, kGridRanges);
    a.operand = static_cast<std::uint32_t>(integer_at(row[8], element(path, 8), 0, UINT32_MAX, kGridRanges));
    a.time_ns = integer_at(row[9], element(path, 9), 0, UINT64_MAX, kGridRanges);
    return a;
}

StepTag tag_from(const json& s, const std::string& path) {
    only_known(s, path, {"label", "phase", "opening", "level", "offset", "source", "line"});
    StepTag tag;
    tag.phase = enum_field<Phase>(s, path, "phase", parse_phase);
    tag.opening = enum_field<StepOpening>(s, path, "opening", parse_step_opening);
    tag.level = static_cast<std::uint16_t>(integer_field(s, path, "level", 0, UINT16_MAX, kGridRanges));
    tag.offset = static_cast<std::uint32_t>(integer_field(s, path, "offset", 0, UINT32_MAX, kGridRanges));
    tag.file = enum_field<KernelFile>(s, path, "source", parse_kernel_file_path);
    tag.line = static_cast<std::uint32_t>(integer_field(s, path, "line", 0, UINT32_MAX, kGridRanges));
    return tag;
}

GridBlockRun block_from(const json& b, const std::string& path, const std::vector<GridLaunch>& launches,
                        const GridTraceConfig& config) {
    only_known(b, path, {"launch", "block", "tile", "steps", "writes"});
    GridBlockRun run;
    run.launch = static_cast<std::uint16_t>(integer_field(b, path, "launch", 0, launches.size() - 1, kGridRanges));
    const GridLaunch& launch = launches[run.launch];
    run.block = static_cast<std::uint32_t>(integer_field(b, path, "block", 0, launch.blocks - 1, kGridRanges));
    run.tile = static_cast<std::uint32_t>(integer_field(b, path, "tile", 0, config.n - 1, kGridRanges));
    const json& steps = array_at(b, path, "steps", kMaxGridBlockSteps);
    for (std::size_t k = 0; k < steps.size(); ++k)
        run.steps.push_back(tag_from(steps[k], element(member(path, "steps"), k)));
    const std::size_t most_writes = std::size_t(kMaxTraceSteps) * kMaxElementDetailN;
    const json& writes = array_at(b, path, "writes", most_writes);
    const std::string writes_path = member(path, "writes");
    for (std::size_t i = 0; i < writes.size(); ++i) {
        const std::string w_path = element(writes_path, i);
        const json& w = writes[i];
        if (!w.is_array() || w.size() != 3)
            malformed(w_path, "expected [step, element, value], found " + value_in_message(w));
        if (run.steps.empty())
            malformed(w_path, "a write in a block with no steps");
        GridElementWrite write;
        write.step = static_cast<std::uint16_t>(integer_at(w[0], element(w_path, 0), 0, run.steps.size() - 1, kGridRanges));
        write.element = static_cast<std::uint32_t>(integer_at(w[1], element(w_path, 1), 0, config.n - 1, kGridRanges));
        write.value = value_at(config.type, w[2], element(w_path, 2));
        run.writes.push_back(write);
    }
    return run;
}

GridTrace grid_trace_from(const json& root) {
    require_trace_format(root, kGridFormatName, "grid trace", kGridTraceFormatVersion);
    only_known(root, "",
               {"format", "version", "config", "launches", "accesses", "blocks", "input", "output", "wrong_outputs",
                "written_by"});
    if (root.contains("written_by") && !root["written_by"].is_string())
        malformed("written_by", "expected the text of the build that wrote the file");
    GridTrace trace;
    trace.config = config_from(root);
    const GridTraceConfig& config = trace.config;

    const json& launches = array_at(root, "", "launches", kMaxGridLaunches);
    if (launches.empty())
        malformed("launches", "expected at least one launch");
    std::uint64_t all_blocks = 0;
    for (std::size_t l = 0; l < launches.size(); ++l) {
        trace.launches.push_back(launch_from(launches[l], element("launches", l), config));
        all_blocks += trace.launches.back().blocks;
    }
    // Every driver's launches together: the tiles twice (scan, propagate) and each spine level's fewer.
    const std::uint64_t tiles = (config.n + config.tile - 1) / std::max<std::uint64_t>(config.tile, 1);
    if (all_blocks > 3 * tiles + kMaxGridLaunches)
        malformed("launches", std::to_string(all_blocks) + " blocks in all for " + std::to_string(tiles) +
                                  " tiles: more than any driver launches");

    const json& accesses = field(root, "", "accesses");
    only_known(accesses, "accesses", {"columns", "rows"});
    const json& rows = array_at(accesses, "accesses", "rows", kMaxGridTraceAccesses);
    trace.accesses.reserve(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i)
        trace.accesses.push_back(access_from(rows[i], element("accesses.rows", i), i, trace.launches, config));

    const std::size_t detail = config.element_detail ? config.n : 0;
    const json& blocks = array_at(root, "", "blocks", config.element_detail ? kMaxElementDetailN * kMaxGridLaunches : 0);
    for (std::size_t b = 0; b < blocks.size(); ++b)
        trace.blocks.push_back(block_from(blocks[b], element("blocks", b), trace.launches, config));
    trace.input = values_field(root, "", "input", config.type, detail);
    trace.output = values_field(root, "", "output", config.type, detail);
    trace.wrong_outputs = integer_field(root, "", "wrong_outputs", 0, config.n, kGridRanges);
    return trace;
}

} // namespace

namespace {

// The longest row: two 20-digit words, a 10-digit block, index and operand, the longest names.
constexpr std::size_t kLongestGridAccessRowBytes = 160;
using RowText = std::array<char, kLongestGridAccessRowBytes>;

// One row of the accesses table, as nlohmann would dump the array, without a separator: the one
// function that both counts the bytes and writes them.
std::size_t render_row(const GridAccessRecord& a, RowText& text) {
    char* at = text.data();
    char* const end = text.data() + text.size();
    const auto number = [&](std::uint64_t v) { at = std::to_chars(at, end, v).ptr; };
    const auto name = [&](std::string_view n) {
        *at++ = '"';
        at = std::copy(n.begin(), n.end(), at);
        *at++ = '"';
    };
    *at++ = '[';
    number(a.launch), *at++ = ',', number(a.block), *at++ = ',', number(a.thread), *at++ = ',';
    number(a.step), *at++ = ',', name(name_of(a.buffer)), *at++ = ',', name(name_of_kind(a.kind)), *at++ = ',';
    number(a.index), *at++ = ',', number(a.value), *at++ = ',', number(a.operand), *at++ = ',', number(a.time_ns);
    *at++ = ']';
    return static_cast<std::size_t>(at - text.data());
}

// The text before the rows and after them: the header ("format" and "version" first, so that
// is_grid_trace_text() finds the format in the first bytes of a file of megabytes; nlohmann's objects
// sort their keys, and "accesses" comes first of the rest) and every other field.
struct GridTraceFrame {
    std::string before_rows;
    std::string after_rows;
};

GridTraceFrame frame_of(const GridTrace& trace) {
    const ElementType type = trace.config.type;
    json launches = json::array();
    for (const GridLaunch& l : trace.launches)
        launches.push_back({{"name", l.name}, {"source", l.source_path}, {"blocks", l.blocks},
                            {"threads", l.threads}, {"tile", l.tile}});
    json blocks = json::array();
    for (const GridBlockRun& run : trace.blocks) {
        json steps = json::array(), writes = json::array();
        for (const StepTag& tag : run.steps)
            steps.push_back(tag_json(tag));
        for (const GridElementWrite& w : run.writes)
            writes.push_back(json::array({w.step, w.element, value_to_json(type, w.value)}));
        blocks.push_back({{"launch", run.launch}, {"block", run.block}, {"tile", run.tile}, {"steps", std::move(steps)},
                          {"writes", std::move(writes)}});
    }
    const json rest = {
        {"config", config_json(trace.config)},
        {"launches", std::move(launches)},
        {"blocks", std::move(blocks)},
        {"input", values_json(type, trace.input)},
        {"output", values_json(type, trace.output)},
        {"wrong_outputs", trace.wrong_outputs},
        {"written_by", written_by()}, // the build that wrote it (core/util/build_info.hpp); not read back
    };
    const json columns = {"launch", "block", "thread", "step", "buffer", "kind", "index", "value", "operand", "time_ns"};
    return GridTraceFrame{std::string("{\"format\":\"") + kGridFormatName + "\",\"version\":" +
                              std::to_string(kGridTraceFormatVersion) + ",\"accesses\":{\"columns\":" + columns.dump() +
                              ",\"rows\":[",
                          "]}," + rest.dump().substr(1) + "\n"};
}

std::uint64_t rows_bytes(const std::vector<GridAccessRecord>& accesses) {
    RowText text;
    std::uint64_t bytes = accesses.empty() ? 0 : accesses.size() - 1; // the commas between rows
    for (const GridAccessRecord& a : accesses)
        bytes += render_row(a, text);
    return bytes;
}

std::string megabytes(std::uint64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MB", double(bytes) / 1e6);
    return text;
}

} // namespace

std::uint64_t grid_trace_json_bytes(const GridTrace& trace) {
    const GridTraceFrame frame = frame_of(trace);
    return frame.before_rows.size() + rows_bytes(trace.accesses) + frame.after_rows.size();
}

void write_grid_trace_json(const GridTrace& trace, std::ostream& out) {
    const GridTraceFrame frame = frame_of(trace);
    const std::uint64_t bytes = frame.before_rows.size() + rows_bytes(trace.accesses) + frame.after_rows.size();
    if (bytes > kMaxGridTraceFileBytes)
        throw GridTraceTooLarge("the grid trace would be " + megabytes(bytes) + " (" +
                                std::to_string(trace.accesses.size()) + " accesses), more than the limit of " +
                                std::to_string(kMaxGridTraceFileBytes >> 20) +
                                " MiB for a grid trace: a smaller N or larger tiles fit");
    out << frame.before_rows;
    RowText text;
    for (std::size_t k = 0; k < trace.accesses.size(); ++k) {
        if (k > 0)
            out.put(',');
        out.write(text.data(), static_cast<std::streamsize>(render_row(trace.accesses[k], text)));
    }
    out << frame.after_rows;
}

GridTrace grid_trace_from_json_text(std::string_view text) {
    try {
        return grid_trace_from(parse_document(text));
    } catch (const JsonFieldError& e) {
        throw TraceFormatError(e.what());
    }
}

bool is_grid_trace_text(std::string_view text) {
    // The writer puts "format" first; a hand-made file may not, so look a little further than that.
    const std::string_view head = text.substr(0, 4096);
    return head.find(std::string("\"") + kGridFormatName + "\"") != std::string_view::npos;
}

void save_grid_trace_file(const GridTrace& trace, const std::string& path) {
    write_file_atomically(path, [&](std::ostream& out) { write_grid_trace_json(trace, out); });
}

GridTrace load_grid_trace_file(const std::string& path) {
    return load_trace_document(path, kMaxGridTraceFileBytes, "grid trace", grid_trace_from_json_text);
}

} // namespace prefixlab
