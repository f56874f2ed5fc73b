// The one timed-table path (core/bench/timed_table*.hpp), with no GPU: a plan's rows are timed in order,
// each answer checked (a wrong one marked wrong, in the text too), rows cancelled before their first
// repetition left out; the CSV's header comes from the kind, and a table of any kind reads back as it
// was written (the compaction table's too, which had no reader before).
#include "core/bench/compact_table.hpp"
#include "core/bench/reduce_table.hpp"
#include "core/bench/timed_table.hpp"
#include "core/bench/timed_table_csv.hpp"
#include "core/bench/timed_table_run.hpp"

#include <gtest/gtest.h>
#include <numeric>
#include <sstream>
#include <stdexcept>

namespace prefixlab::test {
namespace {

// A made-up kind with a parameter and a column of each style, as a sort or histogram table would be.
const TimedTableKind& sum_kind() {
    static const TimedTableKind kind = [] {
        TimedTableKind k;
        k.name = "sum";
        k.data = "uint32 +";
        k.max_n = 1 << 20;
        k.parameters = {{"bins", 64}};
        k.columns = {{"of_loop", "of loop", "% of loop", 8, true, 0},
                     {"speedup", "speedup", "speedup", 8, false, 3}};
        k.wrong = "WRONG SUM";
        k.cub_method = "cub";
        k.ours = [](const std::string& method) { return method.starts_with("ours"); };
        return k;
    }();
    return kind;
}

std::uint64_t sum(const std::vector<std::uint32_t>& input) {
    return std::accumulate(input.begin(), input.end(), 0ull);
}

// Three CPU rows: the right sum, a wrong one, and one that is right by its check but ours.
TimedTablePlan sum_plan(const std::vector<std::uint32_t>& input) {
    const std::uint64_t expected = sum(input);
    const auto right = [expected](const TableAnswer& a) { return a.value == expected; };
    const double bytes = 4.0 * double(input.size());
    TimedTablePlan plan;
    const auto sum_of = [&input](std::uint64_t off_by) {
        return [&input, off_by] { return TableAnswer{sum(input) + off_by, {}}; };
    };
    plan.rows.push_back(cpu_row("cpu-loop", "one core", bytes, sum_of(0), right));
    plan.rows.push_back(cpu_row("ours-off-by-one", "", bytes, sum_of(1), right));
    plan.rows.push_back(cpu_row("ours", "", bytes, sum_of(0), right));
    return plan;
}

TEST(TimedTable, EveryRowIsTimedInOrderAndEachAnswerChecked) {
    const std::vector<std::uint32_t> input(1000, 3);
    TimedTableOptions options;
    options.gpu = false;
    options.repetitions = 3;
    options.warmup = 1;
    TimedTable table;
    std::vector<std::string> heard;
    time_table_rows(table, input, sum_plan(input), options,
                    [&](const std::string& row) { heard.push_back(row); });
    ASSERT_EQ(table.rows.size(), 3u);
    EXPECT_EQ(heard, (std::vector<std::string>{"cpu-loop (one core)", "ours-off-by-one", "ours"}));
    EXPECT_TRUE(table.rows[0].correct);
    EXPECT_FALSE(table.rows[1].correct) << "an answer unequal to the CPU reference's";
    EXPECT_TRUE(table.rows[2].correct);
    for (const TimedRow& row : table.rows) {
        EXPECT_TRUE(row.checked) << row.method;
        EXPECT_GT(row.median_ms, 0) << row.method;
        EXPECT_NEAR(row.gb_per_s, 4000 / (row.median_ms * 1e6), 1e-9) << row.method;
    }
    EXPECT_EQ(table.device, "CPU only");
    EXPECT_FALSE(table.date.empty());
    find_best_rows(sum_kind(), table);
    EXPECT_EQ(table.best_own, 2) << "the fastest correct row of ours: the wrong one is never our best";
    EXPECT_EQ(table.cub, -1);
    const std::string text = timed_table_text(sum_kind(), table);
    EXPECT_NE(text.find("ours-off-by-one"), std::string::npos);
    EXPECT_EQ(text.find("WRONG SUM"), text.rfind("WRONG SUM")) << "one wrong row, marked once:\n" << text;
    EXPECT_NE(text.find("WRONG SUM"), std::string::npos) << text;
}

TEST(TimedTable, ACancelledTableKeepsTheRowsDoneAndLeavesOutTheRest) {
    const std::vector<std::uint32_t> input(100, 1);
    TimedTableOptions options;
    options.gpu = false;
    options.repetitions = 2;
    options.warmup = 0;
    TimedTable table;
    int rows_started = 0;
    time_table_rows(
        table, input, sum_plan(input), options, [&](const std::string&) { ++rows_started; },
        [&] { return rows_started == 2; }); // the second row is cancelled before its first repetition
    ASSERT_EQ(table.rows.size(), 1u);
    EXPECT_EQ(table.rows[0].method, "cpu-loop");
    options.repetitions = 0;
    EXPECT_THROW(time_table_rows(table, input, sum_plan(input), options), std::invalid_argument);
}

TEST(TimedTable, GpuRowsArePlannedOnlyWhereTheyRun) {
    const std::vector<std::uint32_t> none;
    TimedTablePlan plan = sum_plan(none);
    const auto no_runner = [](std::size_t) { return std::unique_ptr<GpuTableRunner>(); }; // never made here
    plan.rows.insert(plan.rows.begin(), gpu_row("cub", "", 0, no_runner, {}));
    TimedTableOptions options;
    options.gpu = false;
    EXPECT_EQ(timed_rows_planned(plan, options), 3u);
    options.gpu = true;
    EXPECT_EQ(timed_rows_planned(plan, options), timed_table_uses_gpu(options) ? 4u : 3u);
}

TimedTable sample_table() {
    TimedTable table;
    table.n = 4096;
    table.parameters = {16};
    table.device = "GPU, \"quoted\"";
    table.driver = "580.159.04";
    table.date = "2026-11-24T07:07:49Z";
    TimedRow a{"ours", "256 threads", 0.0125, 1310.7, {0.5, 1.25}, true, true};
    TimedRow b{"cub", "DeviceReduce::Sum", 0.0146, 1122.1, {0.43, 0}, true, false};
    table.rows = {a, b};
    return table;
}

TEST(TimedTableCsv, TheHeaderComesFromTheKindAndATableReadsBackAsItWasWritten) {
    EXPECT_EQ(timed_table_csv_header(sum_kind()),
              "n,bins,method,setup,median_ms,gb_per_s,of_loop,speedup,correct,device,driver,date");
    EXPECT_EQ(timed_table_csv_header(reduce_table_kind()), kReduceTableCsvHeader);
    EXPECT_EQ(timed_table_csv_header(compact_table_kind()),
              "n,percent,kept,method,setup,median_ms,gb_per_s,of_cub,of_copy,correct,device,driver,date");
    TimedTable second = sample_table();
    second.parameters = {32}; // same N, another parameter: another table
    std::ostringstream out;
    write_timed_table_csv(out, sum_kind(), {sample_table(), second});
    const std::vector<TimedTable> read = parse_timed_table_csv(out.str(), sum_kind());
    ASSERT_EQ(read.size(), 2u);
    const TimedTable written = sample_table();
    EXPECT_EQ(read[0].n, written.n);
    EXPECT_EQ(read[0].parameters, written.parameters);
    EXPECT_EQ(read[1].parameters, std::vector<std::uint64_t>{32});
    EXPECT_EQ(read[0].device, written.device);
    EXPECT_EQ(read[0].driver, written.driver);
    EXPECT_EQ(read[0].date, written.date);
    ASSERT_EQ(read[0].rows.size(), 2u);
    for (std::size_t r = 0; r < 2; ++r) {
        EXPECT_EQ(read[0].rows[r].method, written.rows[r].method);
        EXPECT_EQ(read[0].rows[r].values, written.rows[r].values);
        EXPECT_EQ(read[0].rows[r].correct, written.rows[r].correct);
    }
    EXPECT_EQ(read[0].best_own, 0);
    EXPECT_EQ(read[0].cub, 1);
    EXPECT_THROW(parse_timed_table_csv(out.str(), reduce_table_kind()), TimedTableCsvError)
        << "another kind's file";
}

TEST(TimedTableCsv, AParameterOutOfItsRangeIsRefusedWithItsName) {
    std::ostringstream out;
    TimedTable table = sample_table();
    table.parameters = {65}; // bins: at most 64
    write_timed_table_csv(out, sum_kind(), {table});
    try {
        parse_timed_table_csv(out.str(), sum_kind());
        ADD_FAILURE() << "accepted: " << out.str();
    } catch (const TimedTableCsvError& e) {
        EXPECT_NE(std::string(e.what()).find("line 2: bins '65'"), std::string::npos) << e.what();
    }
}

TEST(TimedTableCsv, ACompactionTableReadsBack) {
    TimedTableOptions options;
    options.gpu = false;
    options.repetitions = 1;
    options.warmup = 0;
    const TimedTable table = run_compact_table(2048, 30, options);
    std::ostringstream out;
    write_compact_table_csv(out, {table});
    const std::vector<TimedTable> read = parse_timed_table_csv(out.str(), compact_table_kind());
    ASSERT_EQ(read.size(), 1u);
    EXPECT_EQ(read[0].parameters, table.parameters);
    ASSERT_EQ(read[0].rows.size(), table.rows.size());
    EXPECT_EQ(read[0].rows[1].method, "cpu-stable-partition");
}

} // namespace
} // namespace prefixlab::test
