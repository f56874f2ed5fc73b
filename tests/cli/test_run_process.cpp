// The test harness's run_process: what it captures, and that a crash of LeakSanitizer's tracer (the
// tool's, google/sanitizers#1353) runs the command again while any other failure stands.
#include "support/process.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sys/stat.h>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

// A command that fails with the tracer's crash the first `crashes` times it runs (counted in a file),
// then prints its try number and whether the leak check was off. The messages are split in the command
// ('… has ''encountered …', joined by the shell): the harness's notes echo the command into the test
// log, where whole messages would look like the real crash to tools/bootstrap.sh's rerun.
std::string crashing_command(const fs::path& counter, int crashes) {
    return "n=$(( $(cat " + shell_quote(counter.string()) + " 2>/dev/null || echo 0) + 1 )); echo $n > " +
           shell_quote(counter.string()) + "; if [ $n -le " + std::to_string(crashes) +
           " ]; then echo 'Tracer caught ''signal 11: addr=0x1bf0' >&2; echo '==1==LeakSanitizer has ''encountered a fatal "
           "error.' >&2; exit 134; fi; case \"$ASAN_OPTIONS\" in *detect_leaks=0*) echo \"try $n, no leak check\";; "
           "*) echo \"try $n\";; esac";
}

class RunProcess : public ::testing::Test {
protected:
    void SetUp() override {
        counter_ = fs::path(::testing::TempDir()) / ("prefixlab_run_process_" + std::to_string(::getpid()));
        fs::remove(counter_);
    }
    void TearDown() override { fs::remove(counter_); }
    fs::path counter_;
};

TEST_F(RunProcess, CapturesOutputErrorAndExitCode) {
    const ProcessResult result = run_process("echo out; echo err >&2; exit 3");
    EXPECT_EQ(result.exit_code, 3);
    EXPECT_EQ(result.out, "out\n");
    EXPECT_EQ(result.err, "err\n");
}

TEST_F(RunProcess, ATracerCrashRunsTheCommandAgain) {
    const ProcessResult result = run_process(crashing_command(counter_, 2));
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(result.out, "try 3\n");
}

TEST_F(RunProcess, ThreeTracerCrashesRunItOnceMoreWithoutTheLeakCheck) {
    const ProcessResult result = run_process(crashing_command(counter_, 3));
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(result.out, "try 4, no leak check\n");
}

TEST_F(RunProcess, AnyOtherFailureIsNotRunAgain) {
    const ProcessResult result = run_process("n=$(( $(cat " + shell_quote(counter_.string()) +
                                             " 2>/dev/null || echo 0) + 1 )); echo $n > " + shell_quote(counter_.string()) +
                                             "; echo '==1==ERROR: LeakSanitizer: detected memory leaks' >&2; exit 23");
    EXPECT_EQ(result.exit_code, 23);
    std::ifstream in(counter_);
    int runs = 0;
    in >> runs;
    EXPECT_EQ(runs, 1);
}

// A script that saved a file, run again after the tracer's crash, finds the folder as before its first run:
// the second save is not refused as "exists", and the settings do not remember the first run (seen in CI).
TEST_F(RunProcess, ARunAgainStartsFromTheFolderAsItWasBeforeTheFirst) {
    const fs::path folder = counter_.string() + "_folder";
    fs::remove_all(folder);
    fs::create_directories(folder / "config");
    std::ofstream(folder / "config" / "settings") << "before\n";
    ASSERT_EQ(::mkfifo((folder / "pipe").c_str(), 0600), 0); // a hostile-input test's FIFO: never read
    const std::string log = shell_quote((folder / "config" / "settings").string());
    const ProcessResult result =
        run_process("echo saved >> " + log + "; echo copy > " + shell_quote((folder / "copy.md").string()) + "; " +
                        crashing_command(counter_, 1),
                    folder);
    EXPECT_EQ(result.out, "try 2\n") << result.err;
    std::ifstream in(folder / "config" / "settings");
    const std::string settings((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(settings, "before\nsaved\n") << "the first run's line was not taken back";
    EXPECT_TRUE(fs::exists(folder / "copy.md"));
    EXPECT_TRUE(fs::is_fifo(folder / "pipe")) << "left as it was";
    EXPECT_FALSE(fs::exists(folder.string() + ".before-the-run")) << "the kept copy is removed";
    fs::remove_all(folder);
}

} // namespace
} // namespace prefixlab::test
