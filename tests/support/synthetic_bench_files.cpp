#include "support/synthetic_bench_files.hpp"

#include "core/bench/bench_catalog.hpp"
#include "core/bench/bench_json.hpp"
#include "core/bench/reduce_table.hpp"
#include "support/bench_points.hpp"

#include <sstream>
#include <vector>

namespace prefixlab::test {

std::string synthetic_reduce_table_csv(std::size_t tables, std::size_t rows) {
    // One table written once, its N changed for each: writing every table anew would take longer than
    // the read being timed.
    ReduceTable table;
    table.n = 1024;
    table.device = "NVIDIA H100 80GB HBM3";
    table.driver = "580.159.04";
    table.date = "2026-11-24T07:07:49Z";
    for (std::size_t r = 0; r < rows; ++r) {
        ReduceTableRow row;
        row.method = r % 2 == 0 ? "reduce-many-per-thread" : "cub";
        row.setup = "atomic, " + std::to_string(128 << (r % 4)) + " threads";
        row.median_ms = 0.0125 + 1e-6 * double(r);
        row.gb_per_s = 1342.5;
        row.values = {0.92, 0, 0}; // of the read-only pass
        table.rows.push_back(row);
    }
    std::ostringstream one;
    write_reduce_table_csv(one, {table});
    const std::string written = one.str();
    const std::string body = written.substr(written.find('\n') + 1); // every line starts "1024,"
    std::string text = written.substr(0, written.find('\n') + 1);
    text.reserve(text.size() + tables * (body.size() + rows * 4));
    for (std::size_t t = 0; t < tables; ++t) {
        const std::string n = std::to_string(1024 + t);
        for (std::size_t at = 0; at < body.size();) {
            const std::size_t end = body.find('\n', at) + 1;
            text += n;
            text.append(body, at + 4, end - at - 4); // the line after its "1024"
            at = end;
        }
    }
    return text;
}

std::string synthetic_results_json(std::size_t points, std::size_t algorithms) {
    std::vector<std::string> names;
    for (const BenchAlgorithm& algorithm : bench_algorithms())
        if (names.size() < algorithms)
            names.push_back(algorithm.name);
    while (names.size() < algorithms)
        names.push_back("algorithm-" + std::to_string(names.size()));
    BenchRun run;
    run.label = "synthetic";
    run.environment.date = "2026-11-24T07:07:49Z";
    run.environment.cpu_model = "synthetic CPU";
    run.method.repetitions = 3;
    run.points.reserve(points);
    for (std::size_t i = 0; i < points; ++i)
        run.points.push_back(
            verified_point(names[i % names.size()], 1 + i / names.size(), 0.5 + 1e-3 * double(i % 7)));
    return bench_run_to_json(run);
}

} // namespace prefixlab::test
