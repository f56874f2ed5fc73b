// CSV export of benchmark results (bench_csv.hpp). Numbers are written in their shortest form that
// reads back to the same double, so a script gets exactly the values of the JSON file.
#include "core/bench/bench_csv.hpp"

#include "core/bench/bench_scan.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/csv_field.hpp"

#include <algorithm>
#include <charconv>
#include <ostream>
#include <sstream>
#include <vector>

namespace prefixlab {

namespace {

std::string number(double value) {
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    return std::string(text, end);
}

// RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled.
std::string csv_field(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos)
        return text;
    return csv_quoted(text);
}

// A comment must stay on its line: a command typed over several lines is joined with spaces.
std::string one_line(std::string text) {
    for (char& c : text)
        if (c == '\n' || c == '\r')
            c = ' ';
    return text;
}

void write_comments(std::ostream& out, const BenchRun& run) {
    const BenchEnvironment& e = run.environment;
    const BenchMethod& m = run.method;
    out << "# PrefixLab benchmark results: one row per (algorithm, scan, n, block_threads), times in ms\n";
    out << "# label: " << one_line(run.label) << '\n';
    if (e.device.empty())
        out << "# device: none (CPU only)\n";
    else
        out << "# device: " << one_line(e.device) << " (driver " << one_line(e.driver) << ", CUDA runtime "
            << one_line(e.cuda_runtime) << ")\n";
    out << "# cpu: " << one_line(e.cpu_model) << " (" << e.cpu_threads << " hardware threads)\n";
    out << "# host: " << one_line(e.host) << '\n';
    out << "# date: " << one_line(e.date) << '\n';
    out << "# command: " << one_line(e.command) << '\n';
    out << "# prefixlab: " << one_line(e.prefixlab_version) << '\n';
    out << "# method: input " << one_line(m.input) << " (seed " << m.seed << "); "
        << m.warmup << " warm-up + " << m.repetitions << " timed repetitions per point; L2 "
        << (m.l2_flushed ? "flushed" : "not flushed")
        << " before each GPU run; GPU timer: " << one_line(m.gpu_timer)
        << "; CPU timer: " << one_line(m.cpu_timer) << '\n';
    out << "# scan: element type and operator, inclusive unless it ends in -exclusive (uint32-add, "
           "float-max-exclusive)\n";
    out << "# gb_per_s: 2 * n * 4 bytes / median time (10^9 bytes per second); "
           "gelem_per_s: n / median time (10^9 elements per second)\n";
    for (const std::string& line : run.skipped)
        out << "# skipped: " << one_line(line) << '\n';
    if (run.cancelled)
        out << "# cancelled: the run was stopped before it finished; the rows are the finished points\n";
}

} // namespace

std::string phase_column_name(const std::string& phase) {
    std::string name = "phase_";
    for (char c : phase)
        name += c == ' ' ? '_' : c;
    return name + "_median_ms";
}

std::string bench_csv_text(const BenchRun& run) {
    // The union of phase columns over the run, in order of first appearance.
    std::vector<std::string> phase_columns;
    for (const BenchPoint& point : run.points)
        for (const PhaseTiming& phase : point.phases) {
            const std::string column = phase_column_name(phase.name);
            if (std::find(phase_columns.begin(), phase_columns.end(), column) == phase_columns.end())
                phase_columns.push_back(column);
        }

    std::ostringstream out;
    write_comments(out, run);
    // Elements per thread where the run holds a tuned scan (their tile is a choice): a column of its own
    // then, and no column otherwise, so that every other run's CSV reads as it always did.
    const bool items_column = std::any_of(run.points.begin(), run.points.end(),
                                          [](const BenchPoint& p) { return elements_per_thread(p) > 0; });
    out << "algorithm,scan,n,block_threads," << (items_column ? "items," : "") << "median_ms,mean_ms,stddev_ms,min_ms,max_ms,repetitions,"
           "with_transfers_median_ms,gb_per_s,gelem_per_s";
    for (const std::string& column : phase_columns)
        out << ',' << csv_field(column);
    out << ",verified\n";

    for (const BenchPoint& p : run.points) {
        out << csv_field(p.algorithm) << ',' << bench_scan_name(p.scan) << ',' << p.n << ',' << p.block_threads << ',';
        if (items_column)
            out << elements_per_thread(p) << ',';
        out << number(p.ms.median)
            << ',' << number(p.ms.mean) << ',' << number(p.ms.stddev) << ',' << number(p.ms.min) << ','
            << number(p.ms.max) << ',' << p.ms.count << ','
            << (p.with_transfers_ms ? number(p.with_transfers_ms->median) : "") << ','
            << number(effective_gbps(p.n, p.ms.median)) << ','
            << number(gelements_per_second(p.n, p.ms.median));
        for (const std::string& column : phase_columns) {
            out << ',';
            for (const PhaseTiming& phase : p.phases)
                if (phase_column_name(phase.name) == column) {
                    out << number(phase.ms.median);
                    break; // names equal up to spaces vs. underscores share a column: the first wins
                }
        }
        out << ',' << (p.verified ? "true" : "false") << '\n';
    }
    return out.str();
}

void write_bench_csv(const std::string& path, const BenchRun& run) {
    const std::string text = bench_csv_text(run);
    write_file_atomically(path, [&](std::ostream& out) { out << text; });
}

} // namespace prefixlab
