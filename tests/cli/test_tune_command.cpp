// `prefixlab tune` as a user meets it (issue 14): bad input is one line and exit code 2 before any
// work, without a GPU one line and exit code 1 (as `prefixlab bench --algos gpu` ends) and nothing
// written. Its table, plot and files are tested on synthetic runs (tests/cpu/test_bench_tuning.cpp),
// the sweep itself on a GPU (tests/gpu/test_gpu_bench.cpp).
#include "kernels/gpu/gpu_block_scan.hpp"
#include "support/process.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

class TuneCommand : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_tune_" + std::to_string(::getpid()) + "_" +
                                                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    ProcessResult prefixlab(const std::string& arguments) const {
        return run_process(shell_quote(PREFIXLAB_BINARY) + " " + arguments);
    }
    std::string out() const { return (dir_ / "tune").string(); }

    // Exit code `code`, one line on stderr holding `expected`, no --out folder made.
    void expect_one_line(const std::string& arguments, int code, const std::string& expected) const {
        const ProcessResult r = prefixlab(arguments);
        EXPECT_EQ(r.exit_code, code) << arguments << "\n" << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
        EXPECT_EQ(r.err.rfind("prefixlab: error: ", 0), 0u) << r.err;
        EXPECT_NE(r.err.find(expected), std::string::npos) << "expected '" << expected << "' in: " << r.err;
        EXPECT_FALSE(fs::exists(out())) << arguments;
    }

    fs::path dir_;
};

TEST_F(TuneCommand, BadInputIsOneLineAndExitCode2BeforeAnyWork) {
    expect_one_line("tune --items 7 --out " + out(), 2,
                    "--items '7': expected one of 8, 12, 16, 20, 24, 32, 40, 48 (the tiles the tuned scan is built for)");
    expect_one_line("tune --items 8,-1 --out " + out(), 2, "--items '-1': expected one of 8, 12");
    expect_one_line("tune --block 48 --out " + out(), 2, "--block '48': expected a power of two from 32 to 1024");
    expect_one_line("tune --n 2^40 --out " + out(), 2, "--n: 2^40 is out of range");
    expect_one_line("tune --reps 0 --out " + out(), 2, "--reps");
    expect_one_line("tune --plots gif --out " + out(), 2, "--plots: unknown format 'gif'");
    expect_one_line("tune", 2, "--out DIR is required");
}

TEST_F(TuneCommand, WithoutAGpuRefusesInOneLineWithBenchsExitCode) {
    if (gpu_status().available)
        GTEST_SKIP() << "this machine has a GPU (" << gpu_status().name << "): tune runs here";
    expect_one_line("tune --out " + out(), 1, "tune needs a CUDA GPU (" + gpu_status().reason + ")");
    // The same exit code as the benchmark of GPU algorithms without a GPU.
    const ProcessResult bench = prefixlab("bench --algos gpu --n 2^10 --plots none --out " + out());
    EXPECT_EQ(bench.exit_code, 1) << bench.err;
}

TEST_F(TuneCommand, HelpNamesTheOptions) {
    const ProcessResult r = prefixlab("tune --help");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    for (const char* option : {"--items", "--block", "--n", "--reps", "--warmup", "--seed", "--out", "--plots"})
        EXPECT_NE(r.out.find(option), std::string::npos) << option << "\n" << r.out;
    EXPECT_NE(r.out.find("8, 12, 16, 20, 24, 32, 40, 48"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("64,128,256,512"), std::string::npos) << r.out;
    EXPECT_NE(prefixlab("--help").out.find("tune"), std::string::npos);
}

} // namespace
} // namespace prefixlab::test
