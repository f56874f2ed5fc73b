// The command line as a user meets it: every bad input gets one line naming the problem and exit
// code 2, and leaves no file behind; good input writes a trace that loads.
#include "core/trace/trace_json.hpp"
#include "core/util/input_limits.hpp"
#include "kernels/cuda/gpu_block_scan.hpp"
#include "support/hostile_inputs.hpp"
#include "support/process.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

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

namespace prefixlab::test {
namespace {

// `prefixlab --trace FILE` with the hostile files of issue 9: each is one line and exit code 2, at
// once (nothing is read from a device or a FIFO), before any window opens.
class HostileTraceFile : public CommandLine {
protected:
    void SetUp() override {
        CommandLine::SetUp();
        inputs_ = dir_.string() + "_inputs"; // apart: expect_bad_input checks that dir_ stays empty
        fs::remove_all(inputs_);
        fs::create_directories(inputs_);
        std::ostringstream text;
        write_trace_json(
            capture_trace(make_capture(BlockAlgorithm::blelloch, 16, InputKind::iota, 1, DeviceChoice::cpu))
                .trace,
            text);
        trace_ = nlohmann::json::parse(text.str());
    }
    void TearDown() override {
        fs::remove_all(inputs_);
        CommandLine::TearDown();
    }
    std::string input(const std::string& name) const { return (inputs_ / name).string(); }
    std::string write_input(const std::string& name, const std::string& text) const {
        std::ofstream(input(name), std::ios::binary) << text;
        return input(name);
    }
    // expect_bad_input, and within a second.
    void expect_quick_bad_trace(const std::string& file, const std::string& expected) const {
        const auto start = std::chrono::steady_clock::now();
        expect_bad_input("--trace " + shell_quote(file), expected);
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1)) << file;
    }

    fs::path inputs_;
    nlohmann::json trace_;
};

TEST_F(HostileTraceFile, DeepNestingInATypedFieldIsOneLine) {
    const std::string file =
        write_input("deep.json", with_raw_value(trace_, "/config/n", nested_arrays(80000)));
    expect_quick_bad_trace(file, "malformed trace '" + file +
                                     "': not valid JSON: arrays and objects nest deeper than the limit of " +
                                     std::to_string(kMaxJsonDepth) + " levels");
}

TEST_F(HostileTraceFile, DevicesFifosLinksAndHugeFilesAreRefusedUnread) {
    make_fifo(input("fifo.json"));
    make_link_to_dev_zero(input("zero.json"));
    make_sparse_file(input("huge.json"), 100ull << 20);
    expect_quick_bad_trace("/dev/zero", "cannot read trace '/dev/zero': it is a device, not a regular file");
    expect_quick_bad_trace(input("zero.json"), "it is a device, not a regular file");
    expect_quick_bad_trace(input("fifo.json"), "it is a FIFO, not a regular file");
    expect_quick_bad_trace(input("huge.json"), "larger than the limit of " +
                                                   std::to_string(kMaxTraceFileBytes >> 20) +
                                                   " MiB for a trace");
}

TEST_F(HostileTraceFile, HugeAndRawValuesAreQuotedShortAndEscaped) {
    nlohmann::json document = trace_;
    document["config"]["algorithm"] = std::string(20 << 20, 'a');
    const std::string huge = write_input("huge-string.json", document.dump());
    ProcessResult r = prefixlab("--trace " + huge);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_LT(r.err.size(), 300u) << r.err.substr(0, 300);
    EXPECT_NE(r.err.find("config.algorithm: unknown value 'aaaa"), std::string::npos) << r.err.substr(0, 300);

    const std::string raw =
        write_input("raw.json", with_raw_value(trace_, "/config/device/name", "\"GPU\xff\""));
    r = prefixlab("--trace " + raw);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err.find('\xff'), std::string::npos) << "a raw byte reached the terminal";
    EXPECT_NE(r.err.find("\\xff"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

} // namespace
} // namespace prefixlab::test
