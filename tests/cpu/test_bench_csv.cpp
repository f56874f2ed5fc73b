// CSV export: the comment lines say where the numbers came from, the header names every column,
// and each row's values read back to the point's statistics and derived rates.
#include "core/bench/bench_csv.hpp"
#include "core/util/atomic_file.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <random>
#include <sstream>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

BenchPoint make_point(std::string algorithm, std::uint64_t n, int block_threads, std::uint32_t seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> time(0.01, 2.0);
    BenchPoint point;
    point.algorithm = std::move(algorithm);
    point.n = n;
    point.block_threads = block_threads;
    for (int i = 0; i < 7; ++i)
        point.samples_ms.push_back(time(random));
    point.ms = sample_stats(point.samples_ms);
    point.verified = true;
    return point;
}

BenchRun csv_sample_run() {
    BenchRun run;
    run.label = "H100, test";
    run.environment = {.device = "NVIDIA H100 80GB HBM3",
                       .driver = "580.159.04",
                       .cuda_runtime = "13.0",
                       .cpu_model = "AMD EPYC 9654 96-Core Processor",
                       .cpu_threads = 192,
                       .host = "gpu-node-7",
                       .date = "2026-11-22T14:03:11Z",
                       .command = "prefixlab bench\n  --out r.json",
                       .prefixlab_version = "0.1.0"};
    run.method.repetitions = 7;
    run.points.push_back(make_point("cpu-parallel", 1 << 20, 0, 1));
    BenchPoint stp = make_point("scan-then-propagate", 1 << 24, 256, 2);
    stp.with_transfers_ms = sample_stats({5.5, 5.25, 6.0});
    stp.phases = {{"block scans", sample_stats({0.5, 0.75})},
                  {"spine", sample_stats({0.125})},
                  {"propagate", sample_stats({0.25, 0.5, 1.0})}};
    stp.scan = {ElementType::float32, ScanOperator::min, true};
    run.points.push_back(stp);
    BenchPoint rtr = make_point("reduce-then-scan", 1 << 24, 512, 3);
    rtr.phases = {
        {"reduce", sample_stats({0.3})}, {"spine", sample_stats({0.0625})}, {"scan", sample_stats({0.4})}};
    run.points.push_back(rtr);
    run.points.push_back(make_point("odd, \"name\"", 33, 32, 4)); // needs RFC 4180 quoting
    run.skipped = {"N = 2^34: needs more GPU memory than the device has"};
    return run;
}

// A minimal RFC 4180 line splitter, enough for one-line rows.
std::vector<std::string> split_row(const std::string& line) {
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"')
            fields.back() += line[++i];
        else if (c == '"')
            quoted = !quoted;
        else if (c == ',' && !quoted)
            fields.emplace_back();
        else
            fields.back() += c;
    }
    return fields;
}

struct ParsedCsv {
    std::vector<std::string> comments;
    std::vector<std::string> header;
    std::vector<std::map<std::string, std::string>> rows; // column name -> field
};

ParsedCsv parse(const std::string& text) {
    ParsedCsv csv;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("#", 0) == 0) {
            EXPECT_TRUE(csv.header.empty()) << "comment after the header: " << line;
            csv.comments.push_back(line);
        } else if (csv.header.empty()) {
            csv.header = split_row(line);
        } else {
            const auto fields = split_row(line);
            EXPECT_EQ(fields.size(), csv.header.size()) << line;
            std::map<std::string, std::string> row;
            for (std::size_t i = 0; i < fields.size() && i < csv.header.size(); ++i)
                row[csv.header[i]] = fields[i];
            csv.rows.push_back(row);
        }
    }
    return csv;
}

double as_double(const std::string& field) {
    char* end = nullptr;
    const double value = std::strtod(field.c_str(), &end);
    EXPECT_TRUE(!field.empty() && *end == '\0') << "not a number: '" << field << "'";
    return value;
}

bool has_comment(const ParsedCsv& csv, const std::string& text) {
    for (const std::string& line : csv.comments)
        if (line.find(text) != std::string::npos)
            return true;
    return false;
}

TEST(BenchCsv, HeaderHasFixedColumnsThenUnionOfPhases) {
    const ParsedCsv csv = parse(bench_csv_text(csv_sample_run()));
    const std::vector<std::string> expected = {
        "algorithm", "scan", "n", "block_threads", "median_ms", "mean_ms", "stddev_ms", "min_ms", "max_ms",
        "repetitions", "with_transfers_median_ms", "gb_per_s", "gelem_per_s",
        // first appearance order over the run; "spine" once although two points have it
        "phase_block_scans_median_ms", "phase_spine_median_ms", "phase_propagate_median_ms",
        "phase_reduce_median_ms", "phase_scan_median_ms", "verified"};
    EXPECT_EQ(csv.header, expected);
}

TEST(BenchCsv, OneRowPerPointWhoseValuesParseBack) {
    const BenchRun run = csv_sample_run();
    const ParsedCsv csv = parse(bench_csv_text(run));
    ASSERT_EQ(csv.rows.size(), run.points.size());
    for (std::size_t i = 0; i < run.points.size(); ++i) {
        const BenchPoint& p = run.points[i];
        auto row = csv.rows[i];
        SCOPED_TRACE(p.algorithm);
        EXPECT_EQ(row["algorithm"], p.algorithm);
        EXPECT_EQ(row["scan"], i == 1 ? "float-min-exclusive" : "uint32-add");
        EXPECT_EQ(std::stoull(row["n"]), p.n);
        EXPECT_EQ(std::stoi(row["block_threads"]), p.block_threads);
        // Exact: numbers are written in a form that reads back to the same double.
        EXPECT_EQ(as_double(row["median_ms"]), p.ms.median);
        EXPECT_EQ(as_double(row["mean_ms"]), p.ms.mean);
        EXPECT_EQ(as_double(row["stddev_ms"]), p.ms.stddev);
        EXPECT_EQ(as_double(row["min_ms"]), p.ms.min);
        EXPECT_EQ(as_double(row["max_ms"]), p.ms.max);
        EXPECT_EQ(std::stoi(row["repetitions"]), static_cast<int>(p.samples_ms.size()));
        if (p.with_transfers_ms)
            EXPECT_EQ(as_double(row["with_transfers_median_ms"]), p.with_transfers_ms->median);
        else
            EXPECT_EQ(row["with_transfers_median_ms"], "");
        // Rates from the median, by their definitions: 8 bytes and 1 element per n, per second.
        const double seconds = p.ms.median / 1000;
        EXPECT_DOUBLE_EQ(as_double(row["gb_per_s"]), 8.0 * static_cast<double>(p.n) / seconds / 1e9);
        EXPECT_DOUBLE_EQ(as_double(row["gelem_per_s"]), static_cast<double>(p.n) / seconds / 1e9);
        for (const char* phase : {"block scans", "spine", "propagate", "reduce", "scan"}) {
            const std::string column = phase_column_name(phase);
            const PhaseTiming* timing = nullptr;
            for (const PhaseTiming& t : p.phases)
                timing = t.name == phase ? &t : timing;
            if (timing)
                EXPECT_EQ(as_double(row[column]), timing->ms.median) << column;
            else
                EXPECT_EQ(row[column], "") << column;
        }
        EXPECT_EQ(row["verified"], "true");
    }
}

TEST(BenchCsv, CommentLinesSayWhereTheNumbersCameFrom) {
    const BenchRun run = csv_sample_run();
    const ParsedCsv csv = parse(bench_csv_text(run));
    const BenchEnvironment& e = run.environment;
    EXPECT_TRUE(has_comment(csv, "# device: " + e.device + " (driver " + e.driver + ", CUDA runtime " +
                                     e.cuda_runtime + ")"));
    EXPECT_TRUE(has_comment(csv, "# cpu: " + e.cpu_model + " (192 hardware threads)"));
    EXPECT_TRUE(has_comment(csv, "# host: " + e.host));
    EXPECT_TRUE(has_comment(csv, "# date: " + e.date));
    EXPECT_TRUE(has_comment(csv, "# command: prefixlab bench   --out r.json")); // the line break joined
    EXPECT_TRUE(has_comment(csv, "# prefixlab: " + e.prefixlab_version));
    EXPECT_TRUE(has_comment(csv,
                            "# method: input random (seed 1); 3 warm-up + 7 "
                            "timed repetitions per point; L2 flushed"));
    EXPECT_TRUE(has_comment(csv, "# scan: element type and operator, inclusive unless it ends in -exclusive"));
    EXPECT_TRUE(has_comment(csv, "# skipped: " + run.skipped[0]));
    EXPECT_FALSE(has_comment(csv, "# cancelled"));

    BenchRun cpu_only = run;
    cpu_only.environment.device.clear();
    cpu_only.cancelled = true;
    const ParsedCsv cpu_csv = parse(bench_csv_text(cpu_only));
    EXPECT_TRUE(has_comment(cpu_csv, "# device: none (CPU only)"));
    EXPECT_TRUE(has_comment(cpu_csv, "# cancelled"));
}

TEST(BenchCsv, EmptyRunHasHeaderAndNoRows) {
    const ParsedCsv csv = parse(bench_csv_text(BenchRun{}));
    EXPECT_EQ(csv.header.front(), "algorithm");
    EXPECT_EQ(csv.header.back(), "verified");
    EXPECT_EQ(csv.header.size(), 14u); // the fixed columns only
    EXPECT_TRUE(csv.rows.empty());
}

TEST(BenchCsv, WritesAtomically) {
    const fs::path folder = fs::path(::testing::TempDir()) / "prefixlab_bench_csv";
    fs::remove_all(folder);
    fs::create_directories(folder);
    const std::string path = (folder / "run.csv").string();
    write_bench_csv(path, csv_sample_run());
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(text.str(), bench_csv_text(csv_sample_run()));
    EXPECT_THROW(write_bench_csv((folder / "missing" / "run.csv").string(), csv_sample_run()), FileError);
    EXPECT_FALSE(fs::exists(folder / "missing"));
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(folder))
        ++files;
    EXPECT_EQ(files, 1u); // run.csv, no temporary left behind
}

} // namespace
} // namespace prefixlab::test
