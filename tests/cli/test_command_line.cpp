// The command line as a user meets it: every bad input gets one line naming the problem and exit
// code 2, and leaves no file behind; good input writes a trace that loads.
#include "core/trace/trace_json.hpp"
#include "kernels/cuda/gpu_block_scan.hpp"
#include "support/process.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

class CommandLine : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_cli_" + std::to_string(::getpid()) + "_" +
                                                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    ProcessResult prefixlab(const std::string& arguments) const {
        return run_process(shell_quote(PREFIXLAB_BINARY) + " " + arguments);
    }
    std::string out_path() const { return (dir_ / "trace.json").string(); }
    std::size_t files_in_dir() const {
        return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()));
    }

    // Exit code 2, exactly one line on stderr containing `expected`, nothing written.
    void expect_bad_input(const std::string& arguments, const std::string& expected) const {
        const ProcessResult r = prefixlab(arguments);
        EXPECT_EQ(r.exit_code, 2) << arguments << "\n" << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
        EXPECT_EQ(r.err.rfind("prefixlab: error: ", 0), 0u) << r.err;
        EXPECT_NE(r.err.find(expected), std::string::npos) << "expected '" << expected << "' in: " << r.err;
        EXPECT_EQ(files_in_dir(), 0u) << "no file may be left behind by: " << arguments;
    }

    fs::path dir_;
};

TEST_F(CommandLine, NOutOfRangeIsRejected) {
    expect_bad_input("trace --n 0 --out " + out_path(), "N = 0 is out of range for hillis-steele (1..1024)");
    expect_bad_input("trace --n 1025 --out " + out_path(), "N = 1025 is out of range for hillis-steele (1..1024)");
    expect_bad_input("trace --n -5 --out " + out_path(), "is out of range");
}

TEST_F(CommandLine, NonNumericNIsRejected) { expect_bad_input("trace --n abc --out " + out_path(), "--n"); }

TEST_F(CommandLine, UnknownAlgorithmIsRejected) {
    expect_bad_input("trace --algo bubble --n 8 --out " + out_path(),
                     "--algo: unknown value 'bubble' (prefixlab trace --list shows the algorithms)");
}

TEST_F(CommandLine, UnknownInputTypeOperatorAndDeviceAreRejected) {
    expect_bad_input("trace --input squares --out " + out_path(), "--input: unknown value 'squares'");
    expect_bad_input("trace --type double --out " + out_path(), "--type: unknown value 'double'");
    expect_bad_input("trace --op mul --out " + out_path(), "--op: unknown value 'mul'");
    expect_bad_input("trace --device tpu --out " + out_path(), "--device: unknown value 'tpu'");
}

TEST_F(CommandLine, MissingOutputIsRejected) { expect_bad_input("trace --n 8", "--out FILE is required"); }

TEST_F(CommandLine, UnwritableOutputPathIsRejected) {
    expect_bad_input("trace --n 8 --out /nonexistent-dir/trace.json",
                     "cannot write '/nonexistent-dir/trace.json': directory '/nonexistent-dir' does not exist");
    expect_bad_input("trace --n 8 --out " + dir_.string(), "it is a directory");
}

TEST_F(CommandLine, UnreadableTraceFileIsRejectedBeforeAnyWindowOpens) {
    expect_bad_input("--trace " + (dir_ / "missing.json").string(), "cannot read trace");
}

TEST_F(CommandLine, MalformedTraceFileIsRejectedBeforeAnyWindowOpens) {
    const fs::path bad = dir_ / "bad.json";
    std::ofstream(bad) << "{\"format\": \"prefixlab-trace\", \"version\": 1}";
    const ProcessResult r = prefixlab("--trace " + bad.string());
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "prefixlab: error: malformed trace '" + bad.string() + "': config: missing\n");
}

TEST_F(CommandLine, InconsistentTraceFileIsRejectedBeforeAnyWindowOpens) {
    // Issue 9, defect 9: a write whose source is a read the trace does not contain used to load, then
    // fail in the dataflow view. Now the loader names it.
    ASSERT_EQ(prefixlab("trace --n 40 --input random --device cpu --out " + out_path()).exit_code, 0);
    nlohmann::json document;
    std::ifstream(out_path()) >> document;
    for (nlohmann::json& row : document["accesses"]["rows"])
        if (row[0] == 2 && row[6] == "w") {
            row[8] = nlohmann::json::array({"2:200"});
            break;
        }
    std::ofstream(out_path()) << document.dump();
    const ProcessResult r = prefixlab("--trace " + out_path());
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(
        r.err.rfind("prefixlab: error: malformed trace '" + out_path() + "': accesses: step 2, thread ", 0),
        0u)
        << r.err;
    EXPECT_NE(r.err.find("source \"2:200\" is not an earlier read of thread"), std::string::npos) << r.err;
}

TEST_F(CommandLine, DeviceGpuWithoutGpuIsRejected) {
    if (gpu_status().available)
        GTEST_SKIP() << "this machine has a GPU (" << gpu_status().name << "): --device gpu is valid here";
    expect_bad_input("trace --n 8 --device gpu --out " + out_path(), "--device gpu: no CUDA GPU available");
}

TEST_F(CommandLine, GoodInputWritesATraceThatLoads) {
    const ProcessResult r = prefixlab("trace --algo hillis-steele --n 33 --input random --seed 4 --device cpu --out " +
                                      out_path());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("wrote " + out_path()), std::string::npos) << r.out;
    const Trace trace = load_trace_file(out_path());
    EXPECT_EQ(trace.config.n, 33);
    EXPECT_EQ(trace.config.input_kind, InputKind::random);
    EXPECT_EQ(files_in_dir(), 1u) << "no temporary file is left beside the trace";
}

TEST_F(CommandLine, ListPrintsOneAlgorithmPerLine) {
    const ProcessResult r = prefixlab("trace --list");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("hillis-steele\n"), std::string::npos) << r.out;
}

} // namespace
} // namespace prefixlab::test
