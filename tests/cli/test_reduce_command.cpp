// `prefixlab reduce` and `prefixlab reduce-table` as a user runs them: a multi-block reduction in the
// emulator is checked and said to be right; bad input is one line and exit code 2 before any work; the
// table's CSV holds every row it timed (the CPU rows where there is no GPU), written whole or not at all.
#include "core/bench/reduce_table.hpp"
#include "support/process.hpp"
#include "support/synthetic_bench_files.hpp"
#include "support/text_files.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

TEST(ReduceCommand, AReductionInTheEmulatorIsCheckedAndRight) {
    for (const char* finish : {"recursive", "atomic", "cpu"}) {
        const ProcessResult r = run_prefixlab(std::string("reduce --device cpu --algo reduce-sequential --n 5000 --threads 32 "
                                                      "--type float --finish ") + finish);
        EXPECT_EQ(r.exit_code, 0) << r.err;
        EXPECT_NE(r.out.find("reduced N=5000 with reduce-sequential (" + std::string(finish) +
                             " finish, 32 threads) on the CPU emulator"),
                  std::string::npos)
            << r.out;
        EXPECT_NE(r.out.find(": correct\n"), std::string::npos) << r.out;
    }
}

TEST(ReduceCommand, BadInputIsOneLineAndExitCodeTwo) {
    const std::pair<const char*, const char*> cases[] = {
        {"reduce --device cpu --algo hillis-steele", "--algo 'hillis-steele': not a block reduction"},
        {"reduce --device cpu --algo nope", "--algo: unknown value 'nope'"},
        {"reduce --device cpu --algo reduce-barrier-in-branch",
         "--algo 'reduce-barrier-in-branch': a quiz's wrong fragment, never run across blocks"},
        {"reduce --device cpu --n 2^23", "--n '2^23': at most 4194304 elements in the emulator (2^22)"},
        {"reduce --device cpu --n 0", "--n"},
        {"reduce --device cpu --n 5,6", "--n '5,6': expected one size"},
        {"reduce --device cpu --threads 48", "--threads '48': expected a power of two from 32 to 1024"},
        {"reduce --device cpu --threads 16", "--threads '16': expected a power of two from 32 to 1024"},
        {"reduce --device cpu --finish twice", "--finish: unknown value 'twice'"},
        {"reduce --device cpu --type int64", "--type: unknown value 'int64'"},
        {"reduce --device mars", "--device: unknown value 'mars'"},
        {"reduce-table --n 2^40", "--n"},
        {"reduce-table --threads 100", "--threads '100': expected a power of two"},
        {"reduce-table --reps 0", "--reps"}};
    for (const auto& [arguments, expected] : cases) {
        const ProcessResult r = run_prefixlab(arguments);
        EXPECT_EQ(r.exit_code, 2) << arguments << ": " << r.err;
        EXPECT_EQ(count_lines(r.err), 1u) << arguments << ": " << r.err;
        EXPECT_NE(r.err.find(expected), std::string::npos) << arguments << ": " << r.err;
        EXPECT_EQ(r.out, "") << arguments;
    }
}

class ReduceTableCommand : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_reduce_table_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    fs::path dir_;
};

TEST_F(ReduceTableCommand, TheCsvHoldsEveryRowTimed) {
    const fs::path csv = dir_ / "table.csv";
    const ProcessResult r = run_prefixlab("reduce-table --n 2^10,2^12 --reps 2 --warmup 0 --csv " + shell_quote(csv.string()));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::ifstream in(csv);
    std::stringstream text;
    text << in.rdbuf();
    const std::string rows = text.str();
    EXPECT_EQ(rows.rfind("n,method,setup,median_ms,gb_per_s,of_read_speed,step_speedup,cumulative_speedup,correct,"
                         "device,driver,date\n", 0), 0u);
    for (const char* n : {"1024,", "4096,"})
        for (const char* method : {"cpu-loop", "cpu-std-reduce", "cpu-threads"})
            EXPECT_NE(rows.find(std::string("\n") + n + "\"" + method + "\","), std::string::npos) << n << method << "\n" << rows;
    EXPECT_EQ(rows.find(",no\n"), std::string::npos) << rows; // every total right
    EXPECT_NE(r.out.find("N = 1024 (4 KiB), uint32 +"), std::string::npos) << r.out;
}

TEST_F(ReduceTableCommand, AnUnwritableCsvIsRefusedBeforeAnyWork) {
    const fs::path csv = dir_ / "missing" / "table.csv";
    const ProcessResult r = run_prefixlab("reduce-table --n 2^10 --csv " + shell_quote(csv.string()));
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(count_lines(r.err), 1u) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_FALSE(fs::exists(csv));
}

TEST_F(ReduceTableCommand, TheShippedTableReadsBackAndBecomesASlideInEachFormat) {
    const std::string shipped = shell_quote(PREFIXLAB_SOURCE_DIR "/assets/bench/h100-reduce-table.csv");
    for (const char* format : {"png", "svg", "pdf"}) {
        const fs::path image = dir_ / (std::string("harris.") + format);
        const ProcessResult r = run_prefixlab("reduce-table --from " + shipped + " --image " + shell_quote(image.string()));
        if (r.err.find("built without Cairo") != std::string::npos)
            GTEST_SKIP() << "SKIPPED: " << r.err;
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_NE(r.out.find("N = 268435456 (1048576 KiB), uint32 +, on NVIDIA H100 80GB HBM3"), std::string::npos) << r.out;
        EXPECT_NE(r.out.find("ours at our best: "), std::string::npos) << r.out;
        // two tables, two files: -nN before the extension
        for (const char* n : {"4194304", "268435456"}) {
            const fs::path file = dir_ / (std::string("harris-n") + n + "." + format);
            ASSERT_TRUE(fs::is_regular_file(file)) << file << "\n" << r.out;
            std::ifstream in(file, std::ios::binary);
            std::string start(200, '\0');
            in.read(start.data(), 200);
            const std::string magic = format == std::string("png") ? "\x89PNG" : format == std::string("svg") ? "<svg" : "%PDF";
            EXPECT_NE(start.find(magic), std::string::npos) << file;
        }
    }
}

TEST_F(ReduceTableCommand, BadImagesAndTablesAreRefusedInOneLine) {
    const std::string shipped = shell_quote(PREFIXLAB_SOURCE_DIR "/assets/bench/h100-reduce-table.csv");
    const fs::path not_table = dir_ / "not-a-table.csv";
    std::ofstream(not_table) << "n,method\n1,2\n";
    // A well-named image is refused without Cairo (the GPU machine's build) before its folder is looked at.
    const std::string unwritable_image = PREFIXLAB_HAVE_CAIRO ? "cannot write" : "built without Cairo";
    const struct {
        std::string arguments;
        std::string message;
    } cases[] = {
        {"--from " + shipped + " --image " + shell_quote((dir_ / "t.jpg").string()), "expected a file name ending in .png, .svg or .pdf"},
        {"--n 2^10 --image " + shell_quote((dir_ / "t.gif").string()), "expected a file name ending in .png, .svg or .pdf"},
        {"--n 2^10 --image " + shell_quote((dir_ / "missing" / "t.png").string()), unwritable_image},
        {"--from " + shell_quote(not_table.string()), "line 1: not a reduction table's header"},
        {"--from /dev/zero", "cannot read"},
        {"--from " + shipped + " --reps 3", "excludes --from"},
    };
    for (const auto& c : cases) {
        const ProcessResult r = run_prefixlab("reduce-table " + c.arguments);
        EXPECT_EQ(r.exit_code, 2) << c.arguments << "\n" << r.err;
        EXPECT_EQ(count_lines(r.err), 1u) << r.err;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
        EXPECT_EQ(r.out, "") << c.arguments;
    }
    EXPECT_FALSE(fs::exists(dir_ / "missing"));
}

// Issue 31: nothing bounded the tables of a CSV (one CSV became 200 PNGs, and a file of 600,000 N was
// still being read after a minute); now a file with more than the limit is refused in one line before
// any image, and reduce-table never writes more tables than it reads back.
TEST_F(ReduceTableCommand, MoreTablesThanACsvHoldsAreRefusedInOneLine) {
    const fs::path csv = dir_ / "many.csv";
    std::ofstream(csv) << synthetic_reduce_table_csv(kMaxReduceTables + 1, 3);
    std::string sizes = "1";
    for (std::size_t n = 2; n <= kMaxReduceTables + 1; ++n)
        sizes += "," + std::to_string(n);
    const struct {
        std::string arguments;
        std::string message;
    } cases[] = {
        {"--from " + shell_quote(csv.string()) + " --image " + shell_quote((dir_ / "t.png").string()),
         "line " + std::to_string(kMaxReduceTables * 3 + 2) + ": more than " +
             std::to_string(kMaxReduceTables) + " tables (distinct N), the most a reduction table CSV holds"},
        {"--n " + sizes + " --reps 1 --warmup 0 --csv " + shell_quote((dir_ / "out.csv").string()),
         "--n: " + std::to_string(kMaxReduceTables + 1) + " sizes, more than the " +
             std::to_string(kMaxReduceTables) + " tables a reduction table CSV holds"},
    };
    for (const auto& c : cases) {
        const ProcessResult r = run_prefixlab("reduce-table " + c.arguments);
        EXPECT_EQ(r.exit_code, 2) << r.err.substr(0, 300);
        EXPECT_EQ(count_lines(r.err), 1u) << r.err.substr(0, 300);
        // A build without Cairo (the GPU machine's) refuses --image first, as one line too.
        const bool no_cairo = c.arguments.find("--image") != std::string::npos &&
                              r.err.find("built without Cairo") != std::string::npos;
        EXPECT_TRUE(no_cairo || r.err.find(c.message) != std::string::npos) << r.err.substr(0, 300);
        EXPECT_EQ(r.out, "") << r.out.substr(0, 300);
    }
    EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1)
        << "no image, no CSV written";
    // the limit itself reads, and 256 sizes are taken (checked, not timed: one is out of range)
    std::ofstream(csv) << synthetic_reduce_table_csv(kMaxReduceTables, 3);
    EXPECT_EQ(run_prefixlab("reduce-table --from " + shell_quote(csv.string())).exit_code, 0);
    const ProcessResult r =
        run_prefixlab("reduce-table --n " + sizes.substr(sizes.find(",3,") + 1) + ",2^31"); // 3..257
    EXPECT_NE(r.err.find("is more than the 2147483647 elements a table takes"), std::string::npos) << r.err;
}

// `prefixlab compact-table` without a GPU: the CPU rows of each N and share, the CSV, and bad input.
TEST_F(ReduceTableCommand, CompactTableTimesTheCpuRowsAndRefusesBadInput) {
    const fs::path csv = dir_ / "compact.csv";
    const ProcessResult r =
        run_prefixlab("compact-table --n 2^12 --keep 1,99 --reps 2 --warmup 0 --csv " + shell_quote(csv.string()));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("N = 4096, 1% kept"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("N = 4096, 99% kept"), std::string::npos) << r.out;
    std::ifstream in(csv);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(text.str().rfind("n,percent,kept,method,setup,median_ms,gb_per_s,of_cub,of_copy,correct,device,driver,date\n", 0), 0u);
    EXPECT_NE(text.str().find("4096,99,"), std::string::npos) << text.str();
    EXPECT_EQ(text.str().find(",no,"), std::string::npos) << text.str();
    for (const char* bad : {"--keep 101", "--keep -1", "--keep ''", "--n 2^31", "--reps 0",
                            "--csv /nonexistent/dir/x.csv"}) {
        const ProcessResult b = run_prefixlab(std::string("compact-table ") + bad);
        EXPECT_EQ(b.exit_code, 2) << bad << "\n" << b.err;
        EXPECT_EQ(count_lines(b.err), 1u) << bad << "\n" << b.err;
    }
}

// `compact-table --gpu-only` leaves out the CPU's rows; without a GPU it would time nothing, so it says
// so in one line. (On a GPU machine the flag times the GPU rows: nothing to check here.)
TEST_F(ReduceTableCommand, CompactTableGpuOnlyWithoutAGpuSaysSoInOneLine) {
    const ProcessResult probe = run_prefixlab("compact-table --n 2^10 --keep 50 --reps 1 --warmup 0");
    ASSERT_EQ(probe.exit_code, 0) << probe.err;
    if (probe.out.find("CPU only") == std::string::npos && probe.out.find("no GPU") == std::string::npos)
        GTEST_SKIP() << "SKIPPED: this machine has a GPU, where --gpu-only times the GPU's rows";
    const ProcessResult r = run_prefixlab("compact-table --n 2^10 --keep 50 --reps 1 --warmup 0 --gpu-only");
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(count_lines(r.err), 1u) << r.err;
    EXPECT_NE(r.err.find("--gpu-only: there is no CUDA GPU here"), std::string::npos) << r.err;
}

// `prefixlab sort-table` without a GPU: the CPU's three sorts of each N, the CSV, and bad input.
TEST_F(ReduceTableCommand, SortTableTimesTheCpuRowsAndRefusesBadInput) {
    const fs::path csv = dir_ / "sort.csv";
    const ProcessResult r =
        run_prefixlab("sort-table --n 2^12,1000 --bits 20 --reps 2 --warmup 0 --csv " + shell_quote(csv.string()));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("N = 4096, uint32 keys random in 20 bits"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("N = 1000, uint32 keys random in 20 bits"), std::string::npos) << r.out;
    std::ifstream in(csv);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(text.str().rfind("n,bits,method,setup,median_ms,gb_per_s,of_cub,of_copy,correct,device,driver,date\n", 0), 0u);
    for (const char* row : {"4096,20,\"cpu-sort\"", "4096,20,\"cpu-stable-sort\"", "1000,20,\"cpu-parallel-sort\""})
        EXPECT_NE(text.str().find(row), std::string::npos) << row << "\n" << text.str();
    EXPECT_EQ(text.str().find(",no,"), std::string::npos) << text.str();
    for (const char* bad : {"--bits 0", "--bits 33", "--n 2^31", "--n 0", "--reps 0", "--csv /nonexistent/dir/x.csv"}) {
        const ProcessResult b = run_prefixlab(std::string("sort-table ") + bad);
        EXPECT_EQ(b.exit_code, 2) << bad << "\n" << b.err;
        EXPECT_EQ(count_lines(b.err), 1u) << bad << "\n" << b.err;
    }
}

// `prefixlab histogram-table` without a GPU: the CPU's two histograms of each N, bins and input, uniform first (each
// skewed table's slowdown against it), the CSV, and bad input in one line.
TEST_F(ReduceTableCommand, HistogramTableTimesTheCpuRowsAndRefusesBadInput) {
    const fs::path csv = dir_ / "histogram.csv";
    const ProcessResult r = run_prefixlab("histogram-table --n 2^12 --bins 2,4096 --input one-bin,uniform --reps 2 "
                                          "--warmup 0 --csv " + shell_quote(csv.string()));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::size_t uniform = r.out.find("N = 4096, uint32 keys in 2 bins, uniform");
    const std::size_t one_bin = r.out.find("N = 4096, uint32 keys in 2 bins, one-bin");
    ASSERT_NE(uniform, std::string::npos) << r.out;
    ASSERT_NE(one_bin, std::string::npos) << r.out;
    EXPECT_LT(uniform, one_bin) << "uniform first";
    EXPECT_NE(r.out.find("N = 4096, uint32 keys in 4096 bins, one-bin"), std::string::npos) << r.out;
    std::ifstream in(csv);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(text.str().rfind("n,bins,input,method,setup,median_ms,gb_per_s,of_cub,of_read,of_uniform,correct,device,driver,date\n", 0), 0u)
        << text.str();
    for (const char* row : {"4096,2,0,\"cpu-histogram\"", "4096,4096,1,\"cpu-parallel-histogram\""})
        EXPECT_NE(text.str().find(row), std::string::npos) << row << "\n" << text.str();
    EXPECT_EQ(text.str().find(",no,"), std::string::npos) << text.str();
    for (const char* bad : {"--bins 0", "--bins 4097", "--bins 2,x", "--input skewed", "--n 2^31", "--n 0", "--reps 0",
                            "--csv /nonexistent/dir/x.csv"}) {
        const ProcessResult b = run_prefixlab(std::string("histogram-table ") + bad);
        EXPECT_EQ(b.exit_code, 2) << bad << "\n" << b.err;
        EXPECT_EQ(count_lines(b.err), 1u) << bad << "\n" << b.err;
    }
}

// `prefixlab segmented-table` without a GPU: the CPU's scan by key at each N and mean segment length, checked, the CSV,
// and bad input in one line.
TEST_F(ReduceTableCommand, SegmentedTableTimesTheCpuRowAndRefusesBadInput) {
    const fs::path csv = dir_ / "segmented.csv";
    const ProcessResult r = run_prefixlab("segmented-table --n 5000 --length 1,1000 --reps 2 --warmup 0 --csv " +
                                          shell_quote(csv.string()));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("N = 5000, uint32 values in 5000 segments of mean length 1"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("segments of mean length 1000"), std::string::npos) << r.out;
    std::ifstream in(csv);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(text.str().rfind("n,mean_length,segments,method,setup,median_ms,gb_per_s,of_cub,of_copy_bw,correct,device,driver,date\n", 0), 0u)
        << text.str();
    for (const char* row : {"5000,1,5000,\"cpu-segmented-scan\"", "5000,1000,"})
        EXPECT_NE(text.str().find(row), std::string::npos) << row << "\n" << text.str();
    EXPECT_EQ(text.str().find(",no,"), std::string::npos) << text.str();
    for (const char* bad : {"--length 0", "--length 2^31", "--length 5,x", "--n 2^31", "--n 0", "--reps 0",
                            "--csv /nonexistent/dir/x.csv"}) {
        const ProcessResult b = run_prefixlab(std::string("segmented-table ") + bad);
        EXPECT_EQ(b.exit_code, 2) << bad << "\n" << b.err;
        EXPECT_EQ(count_lines(b.err), 1u) << bad << "\n" << b.err;
    }
}

} // namespace
} // namespace prefixlab::test
