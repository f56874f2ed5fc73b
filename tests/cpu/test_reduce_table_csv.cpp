// Harris's tables as CSV and as a figure (core/bench/reduce_table.hpp, timed_table_csv.hpp, _figure.hpp): a
// table written and read back is the same table; malformed and hostile files are refused with the line
// and the problem; the shipped H100 table reads and shows the lecture's rows; the rows a table plans
// are the rows it times.
#include "core/bench/reduce_table.hpp"
#include "core/util/input_limits.hpp"
#include "support/synthetic_bench_files.hpp"

#include <algorithm>
#include <chrono>
#include <gtest/gtest.h>
#include <sstream>

namespace prefixlab::test {
namespace {

ReduceTable small_table() {
    ReduceTable table;
    table.n = 4194304;
    table.device = "NVIDIA H100 80GB HBM3, \"quoted\"";
    table.driver = "580.159.04";
    table.date = "2026-11-24T07:07:49Z";
    const auto row = [](const char* method, const char* setup, double ms, double step, bool correct) {
        ReduceTableRow r;
        r.method = method;
        r.setup = setup;
        r.median_ms = ms;
        r.gb_per_s = 4194304 * 4.0 / (ms * 1e6);
        r.values = {0.0116 / ms, step, step}; // of the read-only pass, step, cumulative
        r.checked = true;
        r.correct = correct;
        return r;
    };
    table.rows = {row("read-only", "16-byte loads", 0.0116, 0, true),
                  row("reduce-interleaved", "recursive, 256 threads", 0.0712, 0, true),
                  row("reduce-butterfly", "atomic, 512 threads", 0.0125, 0, true),
                  row("reduce-shuffle-down", "atomic, 256 threads", 0.0120, 0, false), // wrong: not our best
                  row("cub", "DeviceReduce::Sum", 0.0146, 0, true),
                  row("cpu-loop", "one core", 1.69, 0, true)};
    find_best_rows(reduce_table_kind(), table);
    return table;
}

std::string csv_of(const std::vector<ReduceTable>& tables) {
    std::ostringstream out;
    write_reduce_table_csv(out, tables);
    return out.str();
}

TEST(ReduceTableCsv, ATableReadsBackAsItWasWritten) {
    ReduceTable second = small_table();
    second.n = 268435456;
    const std::vector<ReduceTable> read = parse_reduce_table_csv(csv_of({small_table(), second}));
    ASSERT_EQ(read.size(), 2u);
    const ReduceTable written = small_table();
    EXPECT_EQ(read[1].n, 268435456u);
    EXPECT_EQ(read[0].n, written.n);
    EXPECT_EQ(read[0].device, written.device) << "commas and quotes survive";
    EXPECT_EQ(read[0].driver, written.driver);
    EXPECT_EQ(read[0].date, written.date);
    ASSERT_EQ(read[0].rows.size(), written.rows.size());
    for (std::size_t r = 0; r < written.rows.size(); ++r) {
        EXPECT_EQ(read[0].rows[r].method, written.rows[r].method);
        EXPECT_EQ(read[0].rows[r].setup, written.rows[r].setup);
        EXPECT_NEAR(read[0].rows[r].median_ms, written.rows[r].median_ms, 1e-9 * written.rows[r].median_ms);
        EXPECT_EQ(read[0].rows[r].correct, written.rows[r].correct);
    }
    EXPECT_EQ(read[0].best_own, 2) << "the fastest correct reduction, not the wrong faster one";
    EXPECT_EQ(read[0].cub, 4);
}

TEST(ReduceTableCsv, MalformedFilesAreRefusedWithTheLineAndTheProblem) {
    const std::string good = csv_of({small_table()});
    const std::string header = std::string(kReduceTableCsvHeader) + "\n";
    const std::string row = "4096,cpu-loop,\"one core\",0.002,8,0,0,0,yes,\"CPU\",\"\",\"2026\"\n";
    const struct {
        std::string text;
        std::string problem;
    } cases[] = {
        {"", "line 1: the file is empty"},
        {"n,method,setup\n" + row, "line 1: not a reduction table's header"},
        {header, "no rows under the header"},
        {header + "4096,cpu-loop,\"one core\",0.002,8,0,0,0,yes\n", "line 2: 9 fields where a row has 12"},
        {header + row + row.substr(0, row.size() - 1) + ",extra\n", "line 3: more than 12 fields"},
        {header + "4096,cpu-loop,\"one core,0.002,8,0,0,0,yes,\"CPU\",\"\",\"2026\"\n", "line 2:"},
        {header + "4096,cpu-loop,\"one core\",-1,8,0,0,0,yes,\"CPU\",\"\",\"2026\"\n", "line 2: median_ms '-1'"},
        {header + "4096,cpu-loop,\"one core\",nan,8,0,0,0,yes,\"CPU\",\"\",\"2026\"\n", "line 2: median_ms 'nan'"},
        {header + "4096,cpu-loop,\"one core\",0.002,8,0,0,0,maybe,\"CPU\",\"\",\"2026\"\n", "line 2: correct 'maybe'"},
        {header + "0,cpu-loop,\"one core\",0.002,8,0,0,0,yes,\"CPU\",\"\",\"2026\"\n", "line 2: n '0'"},
        {header + "4096.5,cpu-loop,\"one core\",0.002,8,0,0,0,yes,\"CPU\",\"\",\"2026\"\n", "line 2: n '4096.5'"},
        {header + "4096,,\"one core\",0.002,8,0,0,0,yes,\"CPU\",\"\",\"2026\"\n", "line 2: a row without a method"},
        {header + "4096,cpu-loop,\"" + std::string(1200, 'x') + "\",0.002,8,0,0,0,yes,\"CPU\",\"\",\"2026\"\n",
         "line 2: a field longer than 1000 characters"},
    };
    for (const auto& c : cases) {
        try {
            parse_reduce_table_csv(c.text);
            ADD_FAILURE() << "accepted: " << c.text;
        } catch (const ReduceTableCsvError& e) {
            EXPECT_NE(std::string(e.what()).find(c.problem), std::string::npos) << e.what() << "\nwanted: " << c.problem;
            EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << "one line";
        }
    }
    EXPECT_NO_THROW(parse_reduce_table_csv(good));
    // a Windows line end and control bytes in a text field: read, the bytes made printable
    std::string crlf = header + "4096,cpu-loop,\"one\x1b[31m core\",0.002,8,0,0,0,yes,\"CPU\",\"\",\"2026\"\r\n";
    const std::vector<ReduceTable> read = parse_reduce_table_csv(crlf);
    EXPECT_EQ(read[0].date, "2026");
    EXPECT_EQ(read[0].rows[0].setup.find('\x1b'), std::string::npos) << read[0].rows[0].setup;
}

// The message of the refusal of `text`, "" where it was read.
std::string refusal_of(const std::string& text) {
    try {
        parse_reduce_table_csv(text);
    } catch (const ReduceTableCsvError& e) {
        return e.what();
    }
    return "";
}

TEST(ReduceTableCsvLimits, MoreTablesThanTheLimitAreRefusedAtOnceInOneLine) {
    // The file: 26,000 N of one row each (2.6 MB), read in 10 s before any limit. Refused at
    // the first table over the limit, on its line (the header is line 1).
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(refusal_of(synthetic_reduce_table_csv(26000, 1)),
              "line " + std::to_string(kMaxReduceTables + 2) + ": more than " +
                  std::to_string(kMaxReduceTables) +
                  " tables (distinct N), the most a reduction table CSV holds");
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
    EXPECT_EQ(refusal_of(synthetic_reduce_table_csv(kMaxReduceTables, 2)), "") << "the limit itself reads";
}

TEST(ReduceTableCsvLimits, MoreRowsThanTheLimitInOneTableAreRefusedInOneLine) {
    EXPECT_EQ(refusal_of(synthetic_reduce_table_csv(2, kMaxReduceTableRows)), "");
    // one table's rows, then its N again in a row of its own after another table's: counted together
    std::string text = synthetic_reduce_table_csv(1, kMaxReduceTableRows);
    text += "1025,cpu-loop,\"one core\",0.002,8,0,0,0,yes,\"CPU\",\"\",\"2026\"\n";
    EXPECT_EQ(refusal_of(text), "");
    text += "1024,cpu-loop,\"one core\",0.002,8,0,0,0,yes,\"CPU\",\"\",\"2026\"\n";
    EXPECT_EQ(refusal_of(text), "line " + std::to_string(kMaxReduceTableRows + 3) + ": more than " +
                                    std::to_string(kMaxReduceTableRows) +
                                    " rows for N = 1024, the most a reduction table holds");
}

TEST(ReduceTableCsvLimits, ProgressIsReportedByBytesUpToTheEnd) {
    const std::string text = synthetic_reduce_table_csv(16, kMaxReduceTableRows); // 16,385 lines
    std::vector<double> heard;
    parse_reduce_table_csv(text, [&](double fraction) { heard.push_back(fraction); });
    ASSERT_GE(heard.size(), 3u);
    EXPECT_TRUE(std::is_sorted(heard.begin(), heard.end()));
    EXPECT_GT(heard.front(), 0.0);
    EXPECT_LE(heard.back(), 1.0);
}

TEST(ReduceTableCsv, AFileThatIsNotRegularIsRefusedByTheBoundedReader) {
    EXPECT_THROW(read_reduce_table_csv("/dev/zero"), InputLimitError);
    EXPECT_THROW(read_reduce_table_csv("/nonexistent/table.csv"), InputLimitError);
}

TEST(ReduceTableFigure, TheShippedH100TableShowsTheLecturesRows) {
    const std::vector<ReduceTable> tables = read_reduce_table_csv(PREFIXLAB_SOURCE_DIR "/assets/bench/h100-reduce-table.csv");
    ASSERT_EQ(tables.size(), 2u);
    EXPECT_EQ(tables[0].n, 1u << 22);
    EXPECT_EQ(tables[1].n, 1u << 28);
    for (const ReduceTable& table : tables) {
        EXPECT_NE(table.device.find("H100"), std::string::npos);
        for (const ReduceTableRow& row : table.rows)
            EXPECT_TRUE(row.correct) << row.method << " " << row.setup;
        ASSERT_GE(table.best_own, 0);
        ASSERT_GE(table.cub, 0);
        const TableFigure figure = reduce_table_figure(table);
        ASSERT_EQ(figure.rows.size(), reduce_table_figure_rows(table).size());
        // the read-only pass, Harris's seven by number, the shuffle reductions, ours at our best (emphasised
        // with CUB), Thrust and the CPU's three
        EXPECT_EQ(figure.rows[0].cells[0], "read-only pass");
        for (int k = 1; k <= 7; ++k)
            EXPECT_TRUE(figure.rows[std::size_t(k)].cells[0].starts_with(std::to_string(k) + "  reduce-"))
                << figure.rows[std::size_t(k)].cells[0];
        int emphasised = 0;
        for (const TableFigureRow& row : figure.rows)
            emphasised += row.emphasised;
        EXPECT_EQ(emphasised, 2);
        EXPECT_EQ(figure.rows.back().cells[0], "CPU threads");
        EXPECT_EQ(figure.rows[1].cells[5], "") << "no step speedup for kernel 1";
        EXPECT_NE(figure.rows[2].cells[5], "") << "kernel 2's step speedup";
        EXPECT_NE(figure.rows[7].cells[6], "") << "kernel 7's cumulative speedup";
        EXPECT_NE(figure.notes.front().find("× CUB's time"), std::string::npos);
        EXPECT_NE(figure.subtitle.find("580.159.04"), std::string::npos);
    }
}

TEST(ReduceTableFigure, ACpuOnlyTableHasItsPlannedRowsAndNoHarrisColumns) {
    ReduceTableOptions options;
    options.gpu = false;
    options.repetitions = 1;
    options.warmup = 0;
    const ReduceTable table = run_reduce_table(1024, options);
    EXPECT_EQ(table.rows.size(), reduce_table_rows_planned(options));
    EXPECT_EQ(harris_kernel_of_row(table, 1), 0);
    const TableFigure figure = reduce_table_figure(table);
    EXPECT_EQ(figure.rows.size(), table.rows.size());
    EXPECT_EQ(figure.rows[0].cells[0], "CPU loop");
    EXPECT_FALSE(table.date.empty());
}

} // namespace
} // namespace prefixlab::test
