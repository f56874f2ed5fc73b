// Results files: what is written reads back identical (optional fields included), writes are atomic,
// and each kind of malformed file is rejected with a one-line message naming the file and the field.
#include "core/bench/bench_json.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/input_limits.hpp"
#include "support/hostile_inputs.hpp"
#include "support/synthetic_bench_files.hpp"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

namespace prefixlab::test {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

std::vector<double> random_times(std::size_t count, std::uint32_t seed, double scale) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> jitter(0.9, 1.3); // full-precision doubles, not round numbers
    std::vector<double> samples(count);
    for (double& s : samples)
        s = scale * jitter(random);
    return samples;
}

BenchPoint make_point(std::string algorithm, std::uint64_t n, int block_threads, double scale,
                      std::uint32_t seed) {
    BenchPoint point;
    point.algorithm = std::move(algorithm);
    point.n = n;
    point.block_threads = block_threads;
    point.samples_ms = random_times(5, seed, scale);
    point.ms = sample_stats(point.samples_ms);
    point.verified = true;
    return point;
}

// Every field away from its default, with each optional part both present and absent.
BenchRun sample_run() {
    BenchRun run;
    run.label = "NVIDIA H100 80GB HBM3, 2026-11-22 \"quoted\", ünïcödé";
    run.environment = {.device = "NVIDIA H100 80GB HBM3",
                       .driver = "580.159.04",
                       .cuda_runtime = "13.0",
                       .cpu_model = "AMD EPYC 9654 96-Core Processor",
                       .cpu_threads = 192,
                       .host = "gpu-node-7",
                       .date = "2026-11-22T14:03:11Z",
                       .command = "prefixlab bench --out h100.json --n 2^24",
                       .prefixlab_version = "0.1.0"};
    run.method.seed = UINT64_MAX;
    run.method.warmup = 2;
    run.method.repetitions = 5;
    run.method.l2_flushed = false;

    run.points.push_back(make_point("cpu-loop", 1000, 0, 0.004, 1)); // no transfers, no phases
    run.points.back().scan = {ElementType::float32, ScanOperator::max, true};
    BenchPoint multi = make_point("scan-then-propagate", std::uint64_t(1) << 24, 256, 0.12, 2);
    multi.with_transfers_ms = sample_stats(random_times(5, 3, 11.0));
    for (const char* name : {"block scans", "spine", "propagate"})
        multi.phases.push_back(
            {name, sample_stats(random_times(5, static_cast<std::uint32_t>(name[0]), 0.04))});
    run.points.push_back(multi);
    BenchPoint big = make_point("scan-then-propagate", std::uint64_t(1) << 33, 1024, 40.0, 4); // n > 2^32
    big.with_transfers_ms = sample_stats({900.5});
    run.points.push_back(big);
    BenchPoint same_key_other_scan = make_point("cpu-loop", 1000, 0, 0.005, 5); // differs by its scan only
    same_key_other_scan.scan = {ElementType::int32, ScanOperator::add, false};
    run.points.push_back(same_key_other_scan);
    run.skipped = {"N = 2^34: needs 64 GiB of GPU memory, the device has 80 GiB free",
                   "cub: built without CUDA"};
    run.cancelled = true;
    return run;
}

void expect_same_stats(const SampleStats& a, const SampleStats& b, const std::string& where) {
    EXPECT_EQ(a.count, b.count) << where;
    EXPECT_EQ(a.median, b.median) << where;
    EXPECT_EQ(a.mean, b.mean) << where;
    EXPECT_EQ(a.stddev, b.stddev) << where;
    EXPECT_EQ(a.min, b.min) << where;
    EXPECT_EQ(a.max, b.max) << where;
}

void expect_same_run(const BenchRun& a, const BenchRun& b) {
    EXPECT_EQ(a.format_version, b.format_version);
    EXPECT_EQ(a.label, b.label);
    const BenchEnvironment &ea = a.environment, &eb = b.environment;
    EXPECT_EQ(ea.device, eb.device);
    EXPECT_EQ(ea.driver, eb.driver);
    EXPECT_EQ(ea.cuda_runtime, eb.cuda_runtime);
    EXPECT_EQ(ea.cpu_model, eb.cpu_model);
    EXPECT_EQ(ea.cpu_threads, eb.cpu_threads);
    EXPECT_EQ(ea.host, eb.host);
    EXPECT_EQ(ea.date, eb.date);
    EXPECT_EQ(ea.command, eb.command);
    EXPECT_EQ(ea.prefixlab_version, eb.prefixlab_version);
    const BenchMethod &ma = a.method, &mb = b.method;
    EXPECT_EQ(ma.input, mb.input);
    EXPECT_EQ(ma.seed, mb.seed);
    EXPECT_EQ(ma.warmup, mb.warmup);
    EXPECT_EQ(ma.repetitions, mb.repetitions);
    EXPECT_EQ(ma.l2_flushed, mb.l2_flushed);
    EXPECT_EQ(ma.gpu_timer, mb.gpu_timer);
    EXPECT_EQ(ma.cpu_timer, mb.cpu_timer);
    ASSERT_EQ(a.points.size(), b.points.size());
    for (std::size_t i = 0; i < a.points.size(); ++i) {
        const BenchPoint &pa = a.points[i], &pb = b.points[i];
        const std::string where = "points[" + std::to_string(i) + "]";
        EXPECT_EQ(pa.algorithm, pb.algorithm) << where;
        EXPECT_TRUE(pa.scan == pb.scan) << where;
        EXPECT_EQ(pa.n, pb.n) << where;
        EXPECT_EQ(pa.block_threads, pb.block_threads) << where;
        EXPECT_EQ(pa.samples_ms, pb.samples_ms) << where; // exact: doubles are written to round-trip
        expect_same_stats(pa.ms, pb.ms, where + ".ms");
        ASSERT_EQ(pa.with_transfers_ms.has_value(), pb.with_transfers_ms.has_value()) << where;
        if (pa.with_transfers_ms)
            expect_same_stats(*pa.with_transfers_ms, *pb.with_transfers_ms, where + ".with_transfers_ms");
        ASSERT_EQ(pa.phases.size(), pb.phases.size()) << where;
        for (std::size_t k = 0; k < pa.phases.size(); ++k) {
            EXPECT_EQ(pa.phases[k].name, pb.phases[k].name) << where;
            expect_same_stats(pa.phases[k].ms, pb.phases[k].ms, where + ".phases");
        }
        EXPECT_EQ(pa.verified, pb.verified) << where;
    }
    EXPECT_EQ(a.skipped, b.skipped);
    EXPECT_EQ(a.cancelled, b.cancelled);
}

json sample_document() {
    return json::parse(bench_run_to_json(sample_run()));
}

// The error message for `text` ("" if it was accepted).
std::string rejection_of_text(const std::string& text) {
    try {
        bench_run_from_json(text, "r.json");
    } catch (const BenchFileError& e) {
        return e.what();
    }
    return "";
}
std::string rejection(const json& document) {
    return rejection_of_text(document.dump());
}

// A fresh, empty folder for one test's files.
fs::path scratch_folder(const std::string& name) {
    const fs::path folder = fs::path(::testing::TempDir()) / ("prefixlab_bench_json_" + name);
    fs::remove_all(folder);
    fs::create_directories(folder);
    return folder;
}

std::vector<std::string> files_in(const fs::path& folder) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder))
        names.push_back(entry.path().filename().string());
    return names;
}

TEST(BenchJson, RoundTripPreservesEverything) {
    const BenchRun original = sample_run();
    expect_same_run(bench_run_from_json(bench_run_to_json(original), "memory"), original);
}

TEST(BenchJson, RoundTripOfDefaultsAndNoPoints) {
    BenchRun empty; // a run cancelled before its first point
    empty.cancelled = true;
    expect_same_run(bench_run_from_json(bench_run_to_json(empty), "memory"), empty);
}

TEST(BenchJson, LayoutIsVersionedPrettyAndOmitsAbsentTransfers) {
    const std::string text = bench_run_to_json(sample_run());
    const json document = json::parse(text);
    EXPECT_EQ(document["format"], "prefixlab-bench");
    EXPECT_EQ(document["version"], kBenchFormatVersion);
    EXPECT_EQ(text.rfind("{\n  \"format\": \"prefixlab-bench\",\n  \"version\": 2,\n", 0), 0u)
        << text.substr(0, 80);
    EXPECT_EQ(document["points"][0]["scan"], "float-max-exclusive");
    EXPECT_EQ(document["points"][1]["scan"], "uint32-add");
    EXPECT_FALSE(document["method"].contains("element_type")); // each point names its scan
    EXPECT_FALSE(document["points"][0].contains("with_transfers_ms"));
    EXPECT_TRUE(document["points"][1].contains("with_transfers_ms"));
    EXPECT_EQ(document["points"][1]["phases"].size(), 3u);
    EXPECT_EQ(document["points"][0]["ms"]["median"].get<double>(), sample_run().points[0].ms.median);
}

TEST(BenchJson, FileRoundTripAndContent) {
    const fs::path folder = scratch_folder("file_round_trip");
    const std::string path = (folder / "run.json").string();
    const BenchRun original = sample_run();
    write_bench_json(path, original);
    expect_same_run(read_bench_json(path), original);
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(text.str(), bench_run_to_json(original));
    EXPECT_EQ(files_in(folder), std::vector<std::string>{"run.json"}); // no temporary left behind
}

TEST(BenchJson, FailedWritesLeaveNoFile) {
    const fs::path folder = scratch_folder("atomic");
    // No such folder: FileError, nothing created.
    const std::string nowhere = (folder / "missing" / "run.json").string();
    EXPECT_THROW(write_bench_json(nowhere, sample_run()), FileError);
    EXPECT_FALSE(fs::exists(folder / "missing"));

    // A run the reader would reject is not written, and an earlier file survives it whole.
    const std::string path = (folder / "run.json").string();
    BenchRun unverified = sample_run();
    unverified.points[1].verified = false;
    try {
        write_bench_json(path, unverified);
        ADD_FAILURE() << "an unverified point was written";
    } catch (const BenchFileError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "cannot write results file '" + path +
                      "': points[1].verified: must be true (a point whose output did not "
                      "match the CPU reference belongs in \"skipped\", not among the results)");
    }
    EXPECT_TRUE(files_in(folder).empty());
    const BenchRun good = sample_run();
    write_bench_json(path, good);
    EXPECT_THROW(write_bench_json(path, unverified), BenchFileError);
    expect_same_run(read_bench_json(path), good);
    EXPECT_EQ(files_in(folder), std::vector<std::string>{"run.json"});
}

TEST(BenchJson, UnreadableFilesNameFileAndReason) {
    const fs::path folder = scratch_folder("unreadable");
    const std::string missing = (folder / "missing.json").string();
    try {
        read_bench_json(missing);
        ADD_FAILURE() << "a missing file was read";
    } catch (const BenchFileError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "cannot read results file '" + missing + "': No such file or directory");
    }
    try {
        read_bench_json(folder.string());
        ADD_FAILURE() << "a directory was read";
    } catch (const BenchFileError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "cannot read results file '" + folder.string() + "': it is a directory");
    }
    const std::string trace = (folder / "trace.json").string();
    std::ofstream(trace) << R"({"format": "prefixlab-trace", "version": 1})";
    try {
        read_bench_json(trace);
        ADD_FAILURE() << "a trace was read as results";
    } catch (const BenchFileError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "malformed results file '" + trace +
                      "': format: expected \"prefixlab-bench\", found \"prefixlab-trace\"");
    }
}

struct Malformation {
    const char* what;                  // for the failure message
    std::function<void(json&)> mutate; // applied to sample_document()
    std::string expected;              // "WHERE: WHAT" (a prefix of the message's rest)
};

TEST(BenchJson, RejectsEachMalformationNamingTheField) {
    const std::vector<Malformation> cases = {
        {"not an object",
         [](json& d) {
             d = json::array({1, 2});
         },
         "expected an object, found an array of 2 items"},
        {"format missing", [](json& d) { d.erase("format"); }, "format: missing"},
        {"another format", [](json& d) { d["format"] = "prefixlab-trace"; },
         "format: expected \"prefixlab-bench\", found \"prefixlab-trace\""},
        {"newer version", [](json& d) { d["version"] = 3; },
         "version: 3 is not supported (this PrefixLab reads versions 1 to 2)"},
        {"version 0", [](json& d) { d["version"] = 0; },
         "version: 0 is not supported (this PrefixLab reads versions 1 to 2)"},
        {"unknown top-level field", [](json& d) { d["notes"] = "fast"; }, "notes: unknown field"},
        {"label not a string", [](json& d) { d["label"] = 3; }, "label: expected a string, found 3"},
        {"environment field missing", [](json& d) { d["environment"].erase("host"); },
         "environment.host: missing"},
        {"cpu_threads negative", [](json& d) { d["environment"]["cpu_threads"] = -1; },
         "environment.cpu_threads: must be at least 0"},
        {"version 1's method fields in version 2", [](json& d) { d["method"]["element_type"] = "uint32"; },
         "method.element_type: unknown field (version 2 has no such field)"},
        {"scan missing", [](json& d) { d["points"][0].erase("scan"); }, "points[0].scan: missing"},
        {"unknown scan", [](json& d) { d["points"][0]["scan"] = "uint64-add"; },
         "points[0].scan: \"uint64-add\" is not a scan (TYPE-OP or TYPE-OP-exclusive"},
        {"scan of another case", [](json& d) { d["points"][0]["scan"] = "UINT32-add"; },
         "points[0].scan: \"UINT32-add\" is not a scan"},
        {"duplicate with its scan", [](json& d) { d["points"].push_back(d["points"][3]); },
         "points[4]: duplicates points[3] (algorithm \"cpu-loop\", scan int32-add, n 1000"},
        {"no repetitions", [](json& d) { d["method"]["repetitions"] = 0; },
         "method.repetitions: must be at least 1"},
        {"points not an array", [](json& d) { d["points"] = json::object(); }, "points: expected an array"},
        {"median not a number", [](json& d) { d["points"][1]["ms"]["median"] = "fast"; },
         "points[1].ms.median: expected a number, found \"fast\""},
        {"n zero", [](json& d) { d["points"][0]["n"] = 0; }, "points[0].n: must be at least 1, found 0"},
        {"n negative", [](json& d) { d["points"][0]["n"] = -5; },
         "points[0].n: must be at least 1, found -5"},
        {"n fractional", [](json& d) { d["points"][0]["n"] = 2.5; },
         "points[0].n: expected an integer, found 2.5"},
        {"block too large", [](json& d) { d["points"][1]["block_threads"] = 2048; },
         "points[1].block_threads: must be at most 1024, found 2048"},
        {"algorithm empty", [](json& d) { d["points"][0]["algorithm"] = ""; },
         "points[0].algorithm: must not be empty"},
        {"no samples", [](json& d) { d["points"][0]["samples_ms"] = json::array(); },
         "points[0].samples_ms: expected a non-empty array of times"},
        {"negative sample", [](json& d) { d["points"][0]["samples_ms"][2] = -0.25; },
         "points[0].samples_ms[2]: must be >= 0, found -0.25"},
        {"NaN sample (JSON null)", [](json& d) { d["points"][0]["samples_ms"][1] = nullptr; },
         "points[0].samples_ms[1]: expected a number, found null"},
        {"negative median", [](json& d) { d["points"][1]["ms"]["median"] = -1.0; },
         "points[1].ms.median: must be >= 0, found -1.0"},
        {"count disagrees with samples", [](json& d) { d["points"][0]["ms"]["count"] = 4; },
         "points[0].ms.count: 4, but samples_ms holds 5 samples"},
        {"mean disagrees with samples",
         [](json& d) { d["points"][1]["ms"]["mean"] = d["points"][1]["ms"]["mean"].get<double>() * 1.001; },
         "points[1].ms.mean: "},
        {"median disagrees with samples",
         [](json& d) { d["points"][1]["samples_ms"][0] = d["points"][1]["samples_ms"][0].get<double>() * 3; },
         "points[1].ms."},
        {"stats field unknown", [](json& d) { d["points"][0]["ms"]["p99"] = 1.0; },
         "points[0].ms.p99: unknown field"},
        {"misspelt optional field",
         [](json& d) { d["points"][0]["with_transfer_ms"] = d["points"][1]["with_transfers_ms"]; },
         "points[0].with_transfer_ms: unknown field"},
        {"transfers median above max",
         [](json& d) {
             auto& t = d["points"][1]["with_transfers_ms"];
             t["median"] = t["max"].get<double>() * 2;
         },
         "points[1].with_transfers_ms.median: "},
        {"single transfer sample with spread",
         [](json& d) { d["points"][2]["with_transfers_ms"]["stddev"] = 0.5; },
         "points[2].with_transfers_ms: a single sample must have min = max and stddev 0"},
        {"phases missing", [](json& d) { d["points"][0].erase("phases"); }, "points[0].phases: missing"},
        {"phase name twice", [](json& d) { d["points"][1]["phases"][2]["name"] = "spine"; },
         "points[1].phases[2].name: \"spine\" appears twice in this point"},
        {"phase stddev negative", [](json& d) { d["points"][1]["phases"][0]["ms"]["stddev"] = -0.1; },
         "points[1].phases[0].ms.stddev: must be >= 0"},
        {"unverified point", [](json& d) { d["points"][0]["verified"] = false; },
         "points[0].verified: must be true"},
        {"verified not a boolean", [](json& d) { d["points"][0]["verified"] = "yes"; },
         "points[0].verified: expected true or false, found \"yes\""},
        {"duplicate point", [](json& d) { d["points"].push_back(d["points"][1]); },
         "points[4]: duplicates points[1] (algorithm \"scan-then-propagate\", scan uint32-add, n 16777216, "
         "block_threads 256)"},
        {"skipped not strings", [](json& d) { d["skipped"][1] = 3; },
         "skipped[1]: expected a string, found 3"},
        {"cancelled not a boolean", [](json& d) { d["cancelled"] = "no"; },
         "cancelled: expected true or false, found \"no\""},
    };
    ASSERT_EQ(rejection(sample_document()), ""); // the unmodified document is accepted
    for (const Malformation& m : cases) {
        json document = sample_document();
        m.mutate(document);
        const std::string message = rejection(document);
        const std::string prefix = "malformed results file 'r.json': ";
        EXPECT_EQ(message.rfind(prefix + m.expected, 0), 0u) << m.what << "\n  got: " << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << m.what << ": not one line";
    }
}

// A version 1 file of the sample run: one scan for the whole run, in its method, and no point naming
// its scan (so the sample's last point, which differs from its first by its scan only, is left out).
json version_1_document(const std::string& op = "add", bool inclusive = true) {
    json document = sample_document();
    document["version"] = 1;
    json& method = document["method"];
    method["element_type"] = "uint32";
    method["op"] = op;
    method["inclusive"] = inclusive;
    document["points"].erase(3);
    for (json& point : document["points"])
        point.erase("scan");
    return document;
}

TEST(BenchJsonVersion1, ReadsAsUint32AddInclusive) {
    const BenchRun run = bench_run_from_json(version_1_document().dump(), "old.json");
    EXPECT_EQ(run.format_version, 1);
    ASSERT_EQ(run.points.size(), 3u);
    for (const BenchPoint& point : run.points)
        EXPECT_TRUE(point.scan == kDefaultBenchScan) << point.algorithm;
    EXPECT_EQ(run.points[1].phases.size(), 3u);
    EXPECT_EQ(run.points[2].n, std::uint64_t(1) << 33);
    EXPECT_EQ(run.method.seed, UINT64_MAX);
}

TEST(BenchJsonVersion1, TakesItsOperatorAndInclusiveFromTheMethod) {
    const BenchRun run = bench_run_from_json(version_1_document("max", false).dump(), "old.json");
    ASSERT_FALSE(run.points.empty());
    const BenchScan expected{ElementType::uint32, ScanOperator::max, true};
    for (const BenchPoint& point : run.points)
        EXPECT_TRUE(point.scan == expected);
}

TEST(BenchJsonVersion1, IsWrittenBackAsVersion2WithTheSameNumbers) {
    const BenchRun old = bench_run_from_json(version_1_document().dump(), "old.json");
    const std::string text = bench_run_to_json(old);
    const json rewritten = json::parse(text);
    EXPECT_EQ(rewritten["version"], 2);
    EXPECT_EQ(rewritten["points"][0]["scan"], "uint32-add");
    BenchRun again = bench_run_from_json(text, "new.json");
    EXPECT_EQ(again.format_version, 2);
    again.format_version = 1;
    expect_same_run(again, old);
}

TEST(BenchJsonVersion1, RejectsWhatVersion1DidNotHold) {
    const std::vector<Malformation> cases = {
        {"another element type", [](json& d) { d["method"]["element_type"] = "float"; },
         "method.element_type: \"float\" is not supported (version 1 results are of uint32)"},
        {"element type missing", [](json& d) { d["method"].erase("element_type"); }, "method.element_type: missing"},
        {"unknown operator", [](json& d) { d["method"]["op"] = "mul"; },
         "method.op: \"mul\" is not an operator (add, max or min)"},
        {"inclusive not a boolean", [](json& d) { d["method"]["inclusive"] = "yes"; },
         "method.inclusive: expected true or false"},
        {"a point naming its scan", [](json& d) { d["points"][0]["scan"] = "uint32-add"; },
         "points[0].scan: unknown field (version 1 has no such field)"},
    };
    for (const Malformation& m : cases) {
        json document = version_1_document();
        m.mutate(document);
        const std::string message = rejection(document);
        EXPECT_EQ(message.rfind("malformed results file 'r.json': " + m.expected, 0), 0u)
            << m.what << "\n  got: " << message;
    }
    EXPECT_EQ(rejection(version_1_document()), "");
}

TEST(BenchJson, RejectsTextThatIsNotJson) {
    EXPECT_EQ(rejection_of_text("").rfind("malformed results file 'r.json': not valid JSON: ", 0), 0u)
        << rejection_of_text("");
    EXPECT_EQ(
        rejection_of_text("{\"format\": ").rfind("malformed results file 'r.json': not valid JSON: ", 0), 0u);
    // A number beyond double's range: nlohmann reports an overflow, not a parse error.
    std::string text = sample_document().dump();
    const std::string sample = json(sample_run().points[0].samples_ms[0]).dump();
    text.replace(text.find(sample), sample.size(), "1e400");
    const std::string message = rejection_of_text(text);
    EXPECT_NE(message.find("not valid JSON: number overflow"), std::string::npos) << message;
}

TEST(BenchJson, AcceptsStatsWithinRoundingAndSameSizeAtOtherBlockSizes) {
    json document = sample_document();
    // Another writer's rounding of the mean in the last digits is fine ...
    auto& mean = document["points"][1]["ms"]["mean"];
    mean = mean.get<double>() * (1 + 1e-12);
    // ... and one algorithm at one N with two block sizes is two points, not a duplicate.
    json other_block = document["points"][1];
    other_block["block_threads"] = 512;
    document["points"].push_back(other_block);
    EXPECT_EQ(rejection(document), "");
    EXPECT_EQ(bench_run_from_json(document.dump(), "r.json").points.size(), 5u);
}

// ---------------------------------------------------------------- hostile input (issue 9)

// Bounded, one line, and nothing a terminal would act on (printable()'s "…" aside).
void expect_short_and_safe(const std::string& message) {
    EXPECT_FALSE(message.empty());
    EXPECT_LT(message.size(), 300u) << message.substr(0, 300);
    std::string rest = message;
    for (std::size_t at; (at = rest.find("…")) != std::string::npos;)
        rest.erase(at, std::string("…").size());
    for (const char c : rest)
        EXPECT_TRUE(c >= 0x20 && c < 0x7f)
            << "byte " << int(static_cast<unsigned char>(c)) << " in: " << message.substr(0, 300);
}

TEST(BenchJsonHostile, NestingInATypedFieldIsRefusedBeforeParsing) {
    // The issue's reproducer: shown() dumped the 80,000-deep value recursively and overflowed the stack.
    const std::string deep = with_raw_value(sample_document(), "/label", nested_arrays(80000));
    EXPECT_EQ(rejection_of_text(deep),
              "malformed results file 'r.json': not valid JSON: arrays and objects nest "
              "deeper than the limit of " +
                  std::to_string(kMaxJsonDepth) + " levels");
    const std::string shallow = with_raw_value(sample_document(), "/label", nested_arrays(kMaxJsonDepth - 1));
    EXPECT_EQ(rejection_of_text(shallow),
              "malformed results file 'r.json': label: expected a string, found an "
              "array of 1 item");
}

TEST(BenchJsonHostile, HugeValuesAndKeysGiveShortMessages) {
    const std::string huge(20 << 20, 'x');
    json document = sample_document();
    document["format"] = huge;
    EXPECT_EQ(rejection(document),
              "malformed results file 'r.json': format: expected \"prefixlab-bench\", found \"" +
                  std::string(40, 'x') + "… (20971520 bytes)\"");
    // The issue's size once; 1 MB elsewhere, where the same bound applies.
    const std::string large(1 << 20, 'x');
    for (const char* pointer : {"/points/0/n", "/points/0/scan", "/environment/cpu_threads"}) {
        document = sample_document();
        document[json::json_pointer(pointer)] = large;
        const std::string message = rejection(document);
        expect_short_and_safe(message);
        EXPECT_NE(message.find("(1048576 bytes)"), std::string::npos) << pointer << ": " << message;
    }
    document = sample_document();
    document["points"][1]["algorithm"] = large; // quoted by the duplicate's message
    document["points"].push_back(document["points"][1]);
    expect_short_and_safe(rejection(document));
    EXPECT_NE(rejection(document).find("duplicates points[1]"), std::string::npos);
    document = sample_document();
    document["points"][0][large] = 1; // an unknown key is quoted in the field's path
    expect_short_and_safe(rejection(document));
    EXPECT_NE(rejection(document).find("unknown field"), std::string::npos);
    document = sample_document();
    document["points"][0]["samples_ms"] = json::array();
    document["points"][0]["samples_ms"].get_ref<json::array_t&>().assign(100000, "slow");
    EXPECT_EQ(rejection(document),
              "malformed results file 'r.json': points[0].samples_ms[0]: expected a number, "
              "found \"slow\"");
    document["points"][0]["ms"] = document["points"][0]["samples_ms"];
    document["points"][0]["samples_ms"] = json::array({1.0});
    EXPECT_EQ(rejection(document),
              "malformed results file 'r.json': points[0].ms: expected an object, found an "
              "array of 100000 items");
}

TEST(BenchJsonHostile, BytesThatAreNotUtf8OrControlsAreEscaped) {
    const std::string raw = with_raw_value(sample_document(), "/label", "\"H100\xff\xfe\"");
    const std::string message = rejection_of_text(raw);
    expect_short_and_safe(message);
    EXPECT_NE(message.find("\\xff"), std::string::npos) << message;
    json document = sample_document();
    document["points"][0]["scan"] = "\x1b]0;owned\x07";
    EXPECT_EQ(rejection(document).rfind("malformed results file 'r.json': points[0].scan: \"\\x1b]0;owned\\x07\" is "
                                        "not a scan",
                                        0),
              0u)
        << rejection(document);
}

TEST(BenchJsonHostile, DevicesFifosLinksAndHugeFilesAreRefusedUnread) {
    const fs::path folder = scratch_folder("hostile");
    const std::string fifo = (folder / "fifo.json").string(), zero = (folder / "zero.json").string(),
                      big = (folder / "big.json").string(), deep = (folder / "deep.json").string();
    make_fifo(fifo);
    make_link_to_dev_zero(zero);
    make_sparse_file(big, 100ull << 20);
    std::ofstream(deep) << with_raw_value(sample_document(), "/points/0/n", nested_arrays(80000));
    const std::pair<std::string, std::string> cases[] = {
        {"/dev/zero", "cannot read results file '/dev/zero': it is a device, not a regular file"},
        {zero, "cannot read results file '" + zero + "': it is a device, not a regular file"},
        {fifo, "cannot read results file '" + fifo + "': it is a FIFO, not a regular file"},
        {big, "cannot read results file '" + big + "': larger than the limit of " +
                  std::to_string(kMaxResultsFileBytes >> 20) + " MiB for a results file"},
        {deep, "malformed results file '" + deep +
                   "': not valid JSON: arrays and objects nest deeper than the "
                   "limit of " +
                   std::to_string(kMaxJsonDepth) + " levels"}};
    for (const auto& [path, expected] : cases) {
        const auto start = std::chrono::steady_clock::now();
        try {
            read_bench_json(path);
            ADD_FAILURE() << path << " was read";
        } catch (const BenchFileError& e) {
            EXPECT_EQ(std::string(e.what()), expected);
        }
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(500)) << path;
    }
}

// A top-level array of `items` zeros, as raw text: counted before anything in it is parsed.
std::string zeros(std::size_t items) {
    std::string text = "[0";
    for (std::size_t i = 1; i < items; ++i)
        text += ",0";
    return text + "]";
}

TEST(BenchJsonLimits, MorePointsOrSkippedLinesThanTheLimitAreRefusedBeforeParsing) {
    // The issue's file held 100,000 points (24 MB): read whole, it took 1.46 GB in the GUI.
    for (const char* array : {"points", "skipped"}) {
        const auto start = std::chrono::steady_clock::now();
        EXPECT_EQ(rejection_of_text(
                      with_raw_value(sample_document(), std::string("/") + array, zeros(kMaxBenchItems + 1))),
                  "malformed results file 'r.json': " + std::string(array) + ": more than " +
                      std::to_string(kMaxBenchItems) + " items, the most a results file holds");
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1)) << array;
        // the limit itself is counted through, and then each item checked
        EXPECT_EQ(rejection_of_text(
                      with_raw_value(sample_document(), std::string("/") + array, zeros(kMaxBenchItems)))
                      .find("more than"),
                  std::string::npos)
            << array;
    }
    // commas in strings and in nested arrays are not items
    json document = sample_document();
    document["skipped"] = json::array({std::string(kMaxBenchItems + 10, ',')});
    document["points"][0]["samples_ms"] = json::array();
    document["points"][0]["samples_ms"].get_ref<json::array_t&>().assign(kMaxBenchItems + 10, 1.0);
    EXPECT_EQ(rejection(document).find("more than"), std::string::npos) << rejection(document);
    EXPECT_EQ(bench_run_from_json(synthetic_results_json(1000, 23), "r.json").points.size(), 1000u);
}

TEST(BenchJsonLimits, MoreAlgorithmsThanTheLimitAreRefusedInOneLine) {
    EXPECT_EQ(bench_run_from_json(synthetic_results_json(kMaxBenchAlgorithms, kMaxBenchAlgorithms), "r.json")
                  .points.size(),
              kMaxBenchAlgorithms);
    EXPECT_EQ(rejection_of_text(synthetic_results_json(kMaxBenchAlgorithms + 1, kMaxBenchAlgorithms + 1)),
              "malformed results file 'r.json': points[" + std::to_string(kMaxBenchAlgorithms) +
                  "].algorithm: more than " + std::to_string(kMaxBenchAlgorithms) +
                  " algorithms (the most a results file holds: the plots draw a series for each)");
}

TEST(BenchJsonLimits, FreeTextIsKeptCutAndEscaped) {
    // A 10 KB label cost the Benchmark tab ~1 s a frame and export-plots 121 s; a 10 KB algorithm name,
    // 35 s for a script.
    const std::string long_text(10240, 'x');
    BenchRun run = sample_run();
    run.label = long_text;
    run.environment.device = long_text;
    run.environment.command = "prefixlab bench --out h100.json\t--n 2^24 " + long_text;
    run.points[0].algorithm = long_text;
    run.points[1].phases[0].name = long_text;
    run.skipped.push_back(long_text);
    run.method.cpu_timer = "steady\x1b[31mclock";
    const BenchRun read = bench_run_from_json(bench_run_to_json(run), "r.json");
    // Compared by size and ending: a failure prints two lines, not 10 KB.
    const auto cut_to = [](const std::string& text, std::size_t chars) {
        const std::string tail = "… (10240 bytes)";
        return text.size() == chars + tail.size() && text.ends_with(tail) &&
               text.find_first_not_of('x') == chars;
    };
    EXPECT_TRUE(cut_to(read.label, kMaxBenchTextChars)) << read.label.size();
    EXPECT_TRUE(cut_to(read.environment.device, kMaxBenchTextChars)) << read.environment.device.size();
    EXPECT_TRUE(cut_to(read.points[0].algorithm, kMaxBenchTextChars)) << read.points[0].algorithm.size();
    EXPECT_TRUE(cut_to(read.points[1].phases[0].name, kMaxBenchTextChars))
        << read.points[1].phases[0].name.size();
    EXPECT_TRUE(cut_to(read.skipped.back(), kMaxBenchLongTextChars)) << read.skipped.back().size();
    // the command line is kept longer, and a control byte is escaped wherever it is
    EXPECT_EQ(read.environment.command.rfind("prefixlab bench --out h100.json\\x09--n 2^24 xxx", 0), 0u)
        << read.environment.command.substr(0, 60);
    EXPECT_EQ(read.environment.command.size(),
              kMaxBenchLongTextChars + 3 + std::string("… (10281 bytes)").size())
        << "4096 characters, the tab among them escaped in 4 bytes";
    EXPECT_NE(
        read.environment.command.find("… (" + std::to_string(run.environment.command.size()) + " bytes)"),
        std::string::npos);
    EXPECT_EQ(read.method.cpu_timer, "steady\\x1b[31mclock");
    // real values read back as they were written (RoundTripPreservesEverything has the rest)
    EXPECT_EQ(read.environment.host, sample_run().environment.host);
}

} // namespace
} // namespace prefixlab::test
