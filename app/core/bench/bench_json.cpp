// Benchmark results files (bench_json.hpp, docs/bench-format.md): writing with nlohmann::ordered_json
// so the keys appear in the documented order, and a strict reader that names the field at fault.
#include "core/bench/bench_json.hpp"

#include "core/bench/bench_catalog.hpp"

#include "core/bench/bench_scan.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/input_limits.hpp"
#include "core/util/json_fields.hpp"
#include "core/util/printable.hpp"
#include "kernels/common/cuda_limits.hpp" // kMaxBlockThreads

#include <algorithm>
#include <charconv>
#include <climits>
#include <cmath>
#include <initializer_list>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <tuple>

namespace prefixlab {

using nlohmann::json;
using nlohmann::ordered_json;
using namespace json_fields;

namespace {

constexpr const char* kFormatName = "prefixlab-bench";
constexpr double kRelativeTolerance = 1e-9;      // stats vs. samples: a few ulps of rounding, no more
constexpr double kAbsoluteTolerance = 1e-12;     // ms; for a stddev that should be 0

// ---------------------------------------------------------------- writing

ordered_json stats_to_json(const SampleStats& s) {
    return {{"count", s.count},   {"median", s.median}, {"mean", s.mean},
            {"stddev", s.stddev}, {"min", s.min},       {"max", s.max}};
}

ordered_json point_to_json(const BenchPoint& p) {
    ordered_json point = {{"algorithm", p.algorithm},
                          {"scan", bench_scan_name(p.scan)},
                          {"n", p.n},
                          {"block_threads", p.block_threads}};
    if (p.items != 0) // only a tuning sweep's other tiles: every other file reads as it always did
        point["items"] = p.items;
    point["samples_ms"] = p.samples_ms;
    point["ms"] = stats_to_json(p.ms);
    if (p.with_transfers_ms)
        point["with_transfers_ms"] = stats_to_json(*p.with_transfers_ms);
    ordered_json phases = ordered_json::array();
    for (const PhaseTiming& phase : p.phases)
        phases.push_back({{"name", phase.name}, {"ms", stats_to_json(phase.ms)}});
    point["phases"] = std::move(phases);
    point["verified"] = p.verified;
    return point;
}

ordered_json environment_to_json(const BenchEnvironment& e) {
    return {{"device", e.device},
            {"driver", e.driver},
            {"cuda_runtime", e.cuda_runtime},
            {"cpu_model", e.cpu_model},
            {"cpu_threads", e.cpu_threads},
            {"host", e.host},
            {"date", e.date},
            {"command", e.command},
            {"prefixlab_version", e.prefixlab_version}};
}

ordered_json method_to_json(const BenchMethod& m) {
    return {{"input", m.input},
            {"seed", m.seed},
            {"warmup", m.warmup},
            {"repetitions", m.repetitions},
            {"l2_flushed", m.l2_flushed},
            {"gpu_timer", m.gpu_timer},
            {"cpu_timer", m.cpu_timer}};
}

// ---------------------------------------------------------------- reading

// The field helpers (json_fields.hpp) throw JsonFieldError("WHERE: WHAT"); the public functions add
// which file. A results file names the bound an integer crossed.
constexpr RangeWording kRanges = RangeWording::bound_crossed;

// The oldest format version this PrefixLab reads: version 1 held one scan for the whole run (always
// uint32 +, inclusive) in "method"; version 2 names each point's scan.
constexpr int kOldestBenchFormatVersion = 1;

// The fields of the file's format version at each level (docs/bench-format.md); any other key is
// refused.
void only_known_fields(const json& object, std::string_view path, std::initializer_list<std::string_view> known,
                       int version) {
    reject_unknown_fields(object, path, known, "version " + std::to_string(version));
}

// The shortest text that reads back as `value` (0.6, not 0.59999999999999998).
std::string number_text(double value) {
    char text[32];
    return std::string(text, std::to_chars(text, text + sizeof text, value).ptr);
}

// Free text as the run keeps it: cut after `max_chars` characters and escaped (printable()), so that
// what a file holds, however long or odd, costs the plots and the tab no more than a real value.
std::string text_field(const json& object, const std::string& path, const char* key,
                       std::size_t max_chars = kMaxBenchTextChars) {
    return printable(string_field(object, path, key), max_chars);
}

// A string that must not be empty: an algorithm, an operator, an input kind, a phase name (kept as
// text_field keeps it).
std::string non_empty_string_field(const json& object, const std::string& path, const char* key) {
    std::string text = text_field(object, path, key);
    if (text.empty())
        malformed(member(path, key), "must not be empty");
    return text;
}

// A time in ms: a finite number >= 0 (the parser turns no JSON text into inf or NaN, but a number
// can still be negative).
double time_at(const json& value, const std::string& path) {
    if (!value.is_number())
        malformed(path, "expected a number, found " + value_in_message(value));
    const double ms = value.get<double>();
    if (!std::isfinite(ms))
        malformed(path, "expected a finite number, found " + value_in_message(value));
    if (ms < 0)
        malformed(path, "must be >= 0, found " + value_in_message(value));
    return ms;
}

SampleStats stats_field(const json& object, const std::string& path, const char* key, int version) {
    const std::string where = member(path, key);
    const json& value = field(object, path, key);
    only_known_fields(value, where, {"count", "median", "mean", "stddev", "min", "max"}, version);
    SampleStats s;
    s.count = static_cast<int>(integer_field(value, where, "count", 1, INT_MAX, kRanges));
    s.median = time_at(field(value, where, "median"), member(where, "median"));
    s.mean = time_at(field(value, where, "mean"), member(where, "mean"));
    s.stddev = time_at(field(value, where, "stddev"), member(where, "stddev"));
    s.min = time_at(field(value, where, "min"), member(where, "min"));
    s.max = time_at(field(value, where, "max"), member(where, "max"));
    return s;
}

bool close(double given, double expected) {
    return std::abs(given - expected) <=
           kRelativeTolerance * std::max(std::abs(given), std::abs(expected)) + kAbsoluteTolerance;
}

// Statistics whose samples are not in the file (transfers, phases) can still be impossible.
void check_stats_shape(const SampleStats& s, const std::string& path) {
    const auto below = [&](double value) { return value < s.min && !close(value, s.min); };
    const auto above = [&](double value) { return value > s.max && !close(value, s.max); };
    if (s.min > s.max)
        malformed(member(path, "min"), number_text(s.min) + " is greater than max " + number_text(s.max));
    const std::string range = "[min " + number_text(s.min) + ", max " + number_text(s.max) + "]";
    if (below(s.median) || above(s.median))
        malformed(member(path, "median"), number_text(s.median) + " is outside " + range);
    if (below(s.mean) || above(s.mean))
        malformed(member(path, "mean"), number_text(s.mean) + " is outside " + range);
    if (s.count == 1 && !(close(s.min, s.max) && close(s.stddev, 0)))
        malformed(path, "a single sample must have min = max and stddev 0");
}

// The file's stats of samples_ms must be what sample_stats computes from them: a plot shows the
// median, a table may show the samples, and the two must tell the same story.
void check_stats_match(const SampleStats& given, const SampleStats& computed, const std::string& path) {
    if (given.count != computed.count)
        malformed(member(path, "count"), std::to_string(given.count) + ", but samples_ms holds " +
                                             std::to_string(computed.count) + " samples");
    const std::pair<const char*, std::pair<double, double>> fields[] = {
        {"median", {given.median, computed.median}},
        {"mean", {given.mean, computed.mean}},
        {"stddev", {given.stddev, computed.stddev}},
        {"min", {given.min, computed.min}},
        {"max", {given.max, computed.max}}};
    for (const auto& [name, values] : fields)
        if (!close(values.first, values.second))
            malformed(member(path, name), number_text(values.first) + " does not match samples_ms (whose " +
                                              name + " is " + number_text(values.second) + ")");
}

BenchEnvironment environment_from_json(const json& root, int version) {
    const std::string path = "environment";
    const json& e = field(root, "", "environment");
    only_known_fields(e, path,
                      {"device", "driver", "cuda_runtime", "cpu_model", "cpu_threads", "host", "date",
                       "command", "prefixlab_version"},
                      version);
    BenchEnvironment environment;
    environment.device = text_field(e, path, "device");
    environment.driver = text_field(e, path, "driver");
    environment.cuda_runtime = text_field(e, path, "cuda_runtime");
    environment.cpu_model = text_field(e, path, "cpu_model");
    environment.cpu_threads = static_cast<int>(integer_field(e, path, "cpu_threads", 0, INT_MAX, kRanges));
    environment.host = text_field(e, path, "host");
    environment.date = text_field(e, path, "date");
    environment.command = text_field(e, path, "command", kMaxBenchLongTextChars);
    environment.prefixlab_version = text_field(e, path, "prefixlab_version");
    return environment;
}

// Version 1's one scan for the whole run, from its method: uint32 (the only type it held), an operator
// by its name, inclusive or not.
BenchScan version_1_scan(const json& m, const std::string& path) {
    const std::string type = string_field(m, path, "element_type");
    if (type != "uint32")
        malformed(member(path, "element_type"),
                  value_in_message(type) + " is not supported (version 1 results are of uint32)");
    const std::string op = non_empty_string_field(m, path, "op");
    const auto parsed = parse_scan_operator(op);
    if (!parsed)
        malformed(member(path, "op"), value_in_message(op) + " is not an operator (add, max or min)");
    BenchScan scan;
    scan.op = *parsed;
    scan.exclusive = !bool_field(m, path, "inclusive");
    return scan;
}

BenchMethod method_from_json(const json& root, int version, BenchScan& version_1) {
    const std::string path = "method";
    const json& m = field(root, "", "method");
    if (version == 1) {
        only_known_fields(m, path,
                          {"element_type", "op", "inclusive", "input", "seed", "warmup", "repetitions",
                           "l2_flushed", "gpu_timer", "cpu_timer"},
                          version);
        version_1 = version_1_scan(m, path);
    } else {
        only_known_fields(
            m, path, {"input", "seed", "warmup", "repetitions", "l2_flushed", "gpu_timer", "cpu_timer"}, version);
    }
    BenchMethod method;
    method.input = non_empty_string_field(m, path, "input");
    method.seed = integer_field(m, path, "seed", 0, UINT64_MAX, kRanges);
    method.warmup = static_cast<int>(integer_field(m, path, "warmup", 0, INT_MAX, kRanges));
    method.repetitions = static_cast<int>(integer_field(m, path, "repetitions", 1, INT_MAX, kRanges));
    method.l2_flushed = bool_field(m, path, "l2_flushed");
    method.gpu_timer = text_field(m, path, "gpu_timer");
    method.cpu_timer = text_field(m, path, "cpu_timer");
    return method;
}

std::vector<PhaseTiming> phases_from_json(const json& point, const std::string& path, int version) {
    const std::string where = member(path, "phases");
    const json& list = field(point, path, "phases");
    if (!list.is_array())
        malformed(where, "expected an array, found " + value_in_message(list));
    std::vector<PhaseTiming> phases;
    std::set<std::string> names;
    for (std::size_t k = 0; k < list.size(); ++k) {
        const std::string phase_path = element(where, k);
        only_known_fields(list[k], phase_path, {"name", "ms"}, version);
        PhaseTiming phase;
        phase.name = non_empty_string_field(list[k], phase_path, "name");
        if (!names.insert(phase.name).second)
            malformed(member(phase_path, "name"),
                      value_in_message(phase.name) + " appears twice in this point");
        phase.ms = stats_field(list[k], phase_path, "ms", version);
        check_stats_shape(phase.ms, member(phase_path, "ms"));
        phases.push_back(std::move(phase));
    }
    return phases;
}

// Version 2's scan of a point, by its name (bench_scan.hpp).
BenchScan scan_field(const json& p, const std::string& path) {
    const std::string name = string_field(p, path, "scan");
    const auto scan = parse_bench_scan(name);
    if (!scan)
        malformed(member(path, "scan"), value_in_message(name) +
                                            " is not a scan (TYPE-OP or TYPE-OP-exclusive: int32, uint32 or "
                                            "float; add, max or min)");
    return *scan;
}

// ", items 16" where a duplicate's tile is a tuning sweep's: the rest of the key alone would not say it.
std::string items_phrase(const BenchPoint& point) {
    return point.items != 0 ? ", items " + std::to_string(point.items) : "";
}

// A tuning sweep's elements per thread: a tuned scan's, one of tuned_scan_item_choices().
int items_field(const json& p, const std::string& path, const std::string& algorithm) {
    const auto& choices = tuned_scan_item_choices();
    const int items = static_cast<int>(integer_field(p, path, "items", 1, 1024, kRanges));
    const BenchAlgorithm* known = find_bench_algorithm(algorithm);
    if (known == nullptr || known->target != BenchTarget::gpu || !is_tuned_scan(known->gpu.kind))
        malformed(member(path, "items"), "only the tuned scans have a choice of elements per thread, not " +
                                             value_in_message(algorithm));
    if (std::find(choices.begin(), choices.end(), items) == choices.end())
        malformed(member(path, "items"), std::to_string(items) + " is not one of " + item_choices_text());
    return items;
}

// `version_1` is the scan of every point of a version 1 file (from its method).
BenchPoint point_from_json(const json& p, const std::string& path, int version, const BenchScan& version_1) {
    if (version == 1)
        only_known_fields(
            p, path,
            {"algorithm", "n", "block_threads", "samples_ms", "ms", "with_transfers_ms", "phases", "verified"},
            version);
    else
        only_known_fields(p, path,
                          {"algorithm", "scan", "n", "block_threads", "items", "samples_ms", "ms",
                           "with_transfers_ms", "phases", "verified"},
                          version);
    BenchPoint point;
    point.algorithm = non_empty_string_field(p, path, "algorithm");
    point.scan = version == 1 ? version_1 : scan_field(p, path);
    point.n = integer_field(p, path, "n", 1, UINT64_MAX, kRanges);
    point.block_threads =
        static_cast<int>(integer_field(p, path, "block_threads", 0, kMaxBlockThreads, kRanges));
    if (p.contains("items"))
        point.items = items_field(p, path, point.algorithm);

    const std::string samples_path = member(path, "samples_ms");
    const json& samples = field(p, path, "samples_ms");
    if (!samples.is_array() || samples.empty())
        malformed(samples_path, "expected a non-empty array of times, found " + value_in_message(samples));
    for (std::size_t i = 0; i < samples.size(); ++i)
        point.samples_ms.push_back(time_at(samples[i], element(samples_path, i)));
    point.ms = stats_field(p, path, "ms", version);
    check_stats_match(point.ms, sample_stats(point.samples_ms), member(path, "ms"));

    if (p.contains("with_transfers_ms")) {
        point.with_transfers_ms = stats_field(p, path, "with_transfers_ms", version);
        check_stats_shape(*point.with_transfers_ms, member(path, "with_transfers_ms"));
    }
    point.phases = phases_from_json(p, path, version);
    point.verified = bool_field(p, path, "verified");
    if (!point.verified)
        malformed(member(path, "verified"),
                  "must be true (a point whose output did not match the CPU reference "
                  "belongs in \"skipped\", not among the results)");
    return point;
}

BenchRun run_from_json(std::string_view text) {
    const json root = parse_document(text, kMaxBenchItems, "a results file");
    require_format(root, kFormatName, "results file");
    const json& version_value = field(root, "", "version");
    if (version_value != kOldestBenchFormatVersion && version_value != kBenchFormatVersion)
        malformed("version", value_in_message(version_value) + " is not supported (this PrefixLab reads versions " +
                                 std::to_string(kOldestBenchFormatVersion) + " to " +
                                 std::to_string(kBenchFormatVersion) + ")");
    const int version = version_value.get<int>();
    only_known_fields(
        root, "", {"format", "version", "label", "environment", "method", "points", "skipped", "cancelled"},
        version);

    BenchRun run;
    run.format_version = version;
    run.label = text_field(root, "", "label");
    run.environment = environment_from_json(root, version);
    BenchScan version_1_scan = kDefaultBenchScan;
    run.method = method_from_json(root, version, version_1_scan);

    const json& points = field(root, "", "points");
    if (!points.is_array())
        malformed("points", "expected an array, found " + value_in_message(points));
    std::map<std::tuple<std::string, BenchScan, std::uint64_t, int, int>, std::size_t> seen;
    std::set<std::string> algorithms;
    for (std::size_t i = 0; i < points.size(); ++i) {
        BenchPoint point = point_from_json(points[i], element("points", i), version, version_1_scan);
        if (algorithms.insert(point.algorithm).second && algorithms.size() > kMaxBenchAlgorithms)
            malformed(member(element("points", i), "algorithm"),
                      "more than " + std::to_string(kMaxBenchAlgorithms) +
                          " algorithms (the most a results file holds: the plots draw a series for each)");
        const auto [it, fresh] =
            seen.emplace(std::tuple(point.algorithm, point.scan, point.n, point.block_threads,
                                    elements_per_thread(point)),
                         i);
        if (!fresh)
            malformed(element("points", i), "duplicates " + element("points", it->second) + " (algorithm " +
                                                value_in_message(point.algorithm) + ", scan " +
                                                bench_scan_name(point.scan) + ", n " +
                                                std::to_string(point.n) + ", block_threads " +
                                                std::to_string(point.block_threads) + items_phrase(point) + ")");
        run.points.push_back(std::move(point));
    }

    const json& skipped = field(root, "", "skipped");
    if (!skipped.is_array())
        malformed("skipped", "expected an array of strings, found " + value_in_message(skipped));
    for (std::size_t i = 0; i < skipped.size(); ++i) {
        if (!skipped[i].is_string())
            malformed(element("skipped", i), "expected a string, found " + value_in_message(skipped[i]));
        run.skipped.push_back(printable(skipped[i].get_ref<const std::string&>(), kMaxBenchLongTextChars));
    }
    run.cancelled = bool_field(root, "", "cancelled");
    return run;
}

} // namespace

std::string bench_run_to_json(const BenchRun& run) {
    const ordered_json root = {
        {"format", kFormatName},
        {"version", kBenchFormatVersion},
        {"label", run.label},
        {"environment", environment_to_json(run.environment)},
        {"method", method_to_json(run.method)},
        {"points",
         [&] {
             ordered_json points = ordered_json::array();
             for (const BenchPoint& point : run.points)
                 points.push_back(point_to_json(point));
             return points;
         }()},
        {"skipped", run.skipped},
        {"cancelled", run.cancelled},
    };
    // Free text (label, command line, host) may hold bytes that are not UTF-8, e.g. a Latin-1 folder
    // name on the command line: they become U+FFFD instead of an exception after a finished sweep.
    return root.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

BenchRun bench_run_from_json(std::string_view text, const std::string& source_name) {
    try {
        return run_from_json(text);
    } catch (const JsonFieldError& e) {
        throw BenchFileError("malformed results file '" + printable_path(source_name) + "': " + e.what());
    }
}

std::string checked_bench_json(const BenchRun& run, const std::string& path) {
    const std::string text = bench_run_to_json(run);
    // Read back before writing: a file this PrefixLab would refuse to open is never written.
    try {
        run_from_json(text);
    } catch (const JsonFieldError& e) {
        throw BenchFileError("cannot write results file '" + printable_path(path) + "': " + e.what());
    }
    return text;
}

void write_bench_json(const std::string& path, const BenchRun& run) {
    const std::string text = checked_bench_json(run, path);
    write_file_atomically(path, [&](std::ostream& out) { out << text; });
}

BenchRun read_bench_json(const std::string& path) {
    // "cannot read results file 'PATH': REASON"
    return bench_run_from_json(read_bounded_file_as<BenchFileError>(path, kMaxResultsFileBytes, "results file"), path);
}

} // namespace prefixlab
