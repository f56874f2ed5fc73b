// The child process the quiz's GPU runs go through (issue 16): a child that hangs is killed at its
// timeout with what it started, its output and exit are captured, a cancel stops it at once, and the
// outcome of a GPU run is read from what the child said.
#include "core/ground/kernel_names.hpp"
#include "core/quiz/quiz_gpu_run.hpp"
#include "core/quiz/quiz_outcome.hpp"
#include "core/util/child_process.hpp"
#include "support/child_process.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>
#include <thread>

namespace prefixlab::test {
namespace {

TEST(ChildProcess, CapturesOutputErrorAndExitCode) {
    const ChildResult run = run_child({"/bin/sh", "-c", "echo out; echo err >&2; exit 3"}, {});
    ASSERT_TRUE(run.started) << run.error;
    EXPECT_EQ(run.exit_code, 3);
    EXPECT_EQ(run.out, "out\n");
    EXPECT_EQ(run.err, "err\n");
    EXPECT_FALSE(run.timed_out);
}

TEST(ChildProcess, AHangingChildAndWhatItStartedAreKilledAtTheTimeout) {
    // the shell starts a grandchild that would outlive it: the group kill must take both
    const auto start = std::chrono::steady_clock::now();
    const ChildResult run = run_child({"/bin/sh", "-c", "sleep 30 & sleep 30; echo never"}, {0.5});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_TRUE(run.started);
    EXPECT_TRUE(run.timed_out);
    EXPECT_EQ(run.signal, SIGKILL);
    EXPECT_EQ(run.exit_code, -1);
    EXPECT_GE(seconds, 0.5);
    EXPECT_LT(seconds, 3.0); // the grandchild held the pipes: killed with the group, they close
    EXPECT_EQ(run.out.find("never"), std::string::npos);
}

TEST(ChildProcess, ACancelStopsTheChildAtOnce) {
    std::atomic<bool> cancel{false};
    std::thread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        cancel = true;
    });
    const ChildResult run = run_child({"/bin/sleep", "30"}, {30, 1 << 20, &cancel});
    canceller.join();
    EXPECT_TRUE(run.cancelled);
    EXPECT_FALSE(run.timed_out);
    EXPECT_LT(run.seconds, 3.0);
}

// The processes whose command line holds `marker` (read from /proc: no tool needed).
std::vector<std::string> processes_with(const std::string& marker) {
    std::vector<std::string> found;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
        std::string line;
        try {
            std::ifstream in(entry.path() / "cmdline", std::ios::binary);
            line.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        } catch (const std::exception&) {
            continue; // the process ended while it was read (libstdc++ throws ESRCH from the read): it is gone
        }
        std::replace(line.begin(), line.end(), '\0', ' ');
        if (line.find(marker) != std::string::npos && line.find("/bin/sh") == std::string::npos)
            found.push_back(entry.path().filename().string() + ": " + line);
    }
    return found;
}

bool wait_until(const std::function<bool()>& done, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!done()) {
        if (std::chrono::steady_clock::now() >= deadline)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
}

// Whether `pid` runs (an ended but unreaped process is a zombie, 'Z' in its stat).
bool is_running(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::size_t close = stat.rfind(')');
    return close != std::string::npos && close + 2 < stat.size() && stat[close + 2] != 'Z';
}

// How PrefixLab may end: signals, and a crash (SIGSEGV; under AddressSanitizer a SEGV is its report,
// which aborts, so the crash there is SIGABRT).
#if defined(__SANITIZE_ADDRESS__)
constexpr int kEndings[] = {SIGTERM, SIGINT, SIGHUP, SIGKILL, SIGABRT};
#else
constexpr int kEndings[] = {SIGTERM, SIGINT, SIGHUP, SIGKILL, SIGSEGV};
#endif

// Issue 31: a `prefixlab quiz` killed by `timeout` while a wrong fragment hung left a prefixlab
// process on the GPU. However PrefixLab ends — SIGTERM, SIGINT, SIGHUP, SIGKILL, a crash (SIGSEGV) —
// at whatever moment of its child's run, from the main thread or a background one, nothing the child
// started remains: here a program that starts a grandchild ignoring every catchable signal. Before the
// guard, the grandchild outlived every one of these (only the direct child had a parent-death signal).
TEST(ChildProcess, NothingItStartedOutlivesPrefixLabHoweverItEnds) {
    int run = 0;
    for (bool on_thread : {false, true})
        for (int signal : kEndings)
            for (int moment : {0, 1, 2}) { // at once, once the program runs, 0.3 s later
                const std::string marker = "3000." + std::to_string(::getpid()) + "0" + std::to_string(run++);
                const std::string script = "(trap '' TERM INT HUP; exec sleep " + marker + ") & exec sleep " + marker;
                std::vector<std::string> argv{PREFIXLAB_RUN_CHILD_PROBE, "/bin/sh", "-c", script};
                if (on_thread)
                    argv.insert(argv.begin() + 1, "--thread");
                SCOPED_TRACE("signal " + std::to_string(signal) + ", moment " + std::to_string(moment) +
                             (on_thread ? ", on a thread" : ""));
                test::ChildProcess probe(argv);
                ASSERT_TRUE(probe.wait_for_output("probe running", std::chrono::seconds(10)));
                if (moment > 0)
                    ASSERT_TRUE(wait_until([&] { return processes_with(marker).size() == 2; }, std::chrono::seconds(10)));
                if (moment > 1)
                    std::this_thread::sleep_for(std::chrono::milliseconds(300));
                probe.send(signal);
                // The probe ends at once; should it not (it hung under AddressSanitizer's SEGV report
                // once), it is killed after 10 s so that the test fails instead of waiting for ever.
                if (!wait_until([&] { return !is_running(probe.pid()); }, std::chrono::seconds(10))) {
                    ADD_FAILURE() << "the probe did not end";
                    probe.send(SIGKILL);
                }
                const int status = probe.wait();
                EXPECT_TRUE(WIFSIGNALED(status)) << describe_status(status);
                const bool all_gone = wait_until([&] { return processes_with(marker).empty(); }, std::chrono::seconds(5));
                EXPECT_TRUE(all_gone) << "still running: " << (all_gone ? "" : processes_with(marker).front());
                if (!all_gone)
                    std::system(("pkill -KILL -f " + marker).c_str());
            }
}

TEST(ChildProcess, OutputBeyondTheLimitIsDropped) {
    const ChildResult run = run_child({"/bin/sh", "-c", "head -c 100000 /dev/zero"}, {10, 1000});
    EXPECT_EQ(run.exit_code, 0);
    EXPECT_EQ(run.out.size(), 1000u);
}

TEST(ChildProcess, AProgramThatCannotStartSaysSo) {
    const ChildResult run = run_child({"/nonexistent/program"}, {});
    EXPECT_EQ(run.exit_code, 127); // exec failed in the child
    EXPECT_NE(last_line_of(run.err).find("cannot start"), std::string::npos) << run.err;
    EXPECT_THROW(run_child({}, {}), std::invalid_argument);
}

TEST(ChildProcess, LastLineAndExecutableLookUp) {
    EXPECT_EQ(last_line_of("a\n  b c  \n\n"), "b c");
    EXPECT_EQ(last_line_of(""), "");
    EXPECT_EQ(last_line_of("\n\n"), "");
    EXPECT_FALSE(this_executable_path().empty());
    EXPECT_EQ(find_executable("sh", {}).empty(), false);
    EXPECT_EQ(find_executable("no-such-program-anywhere", {"/usr/bin"}), "");
}

TEST(QuizChildProtocol, TheOutputLineReadsBackAndAnythingElseIsRefused) {
    const std::vector<std::uint32_t> words = {1, 2, 0xffffffffu};
    const std::string line = quiz_child_line(words);
    EXPECT_EQ(parse_quiz_child_output(line, 3), words);
    EXPECT_EQ(parse_quiz_child_output("========= COMPUTE-SANITIZER\n" + line + "========= done\n", 3), words);
    EXPECT_FALSE(parse_quiz_child_output(line, 2));
    EXPECT_FALSE(parse_quiz_child_output("{\"output\":[1,2,4294967296]}", 3));
    EXPECT_FALSE(parse_quiz_child_output("{\"output\":[1,2,-3]}", 3));
    EXPECT_FALSE(parse_quiz_child_output("{\"output\":[1,2,3],\"x\":1}", 3));
    EXPECT_FALSE(parse_quiz_child_output("{\"output\":[1,2,", 3));
    EXPECT_FALSE(parse_quiz_child_output("", 0));
}

// A GPU run through a "child" that is a script standing in for PrefixLab: each way a child can end.
class QuizGpuRun : public ::testing::Test {
protected:
    QuizOutcome run_with(const std::string& script, double timeout_s = 5) {
        const std::string path = ::testing::TempDir() + "/prefixlab_fake_child.sh";
        FILE* file = std::fopen(path.c_str(), "w");
        std::fputs(("#!/bin/sh\n" + script + "\n").c_str(), file);
        std::fclose(file);
        std::filesystem::permissions(path, std::filesystem::perms::owner_all);
        QuizGpuRunOptions options;
        options.executable = path;
        options.timeout_s = timeout_s;
        options.sanitizers = false;
        ScanSetup setup;
        setup.algorithm = parse_block_algorithm("hillis-steele").value();
        setup.n = 4;
        setup.input = InputKind::ones;
        setup.type = ElementType::uint32;
        return run_quiz_option_on_gpu(setup, options);
    }
};

TEST_F(QuizGpuRun, ACorrectOutputWrongCellsAHangAndAFailure) {
    EXPECT_EQ(run_with("echo '{\"output\":[1,2,3,4]}'").result, QuizResult::correct);
    const QuizOutcome wrong = run_with("echo '{\"output\":[1,2,9,4]}'");
    EXPECT_EQ(wrong.result, QuizResult::wrong_cells);
    EXPECT_EQ(describe(wrong), "wrong: 1 of 4 cells (cell 2: 9, expected 3)");
    const QuizOutcome hung = run_with("sleep 30", 0.5);
    EXPECT_EQ(hung.result, QuizResult::hung);
    EXPECT_EQ(describe(hung), "hung (killed after 0.5 s)");
    EXPECT_LT(hung.seconds, 3.0);
    const QuizOutcome failed = run_with("echo 'prefixlab: error: CUDA: unspecified launch failure' >&2; exit 1");
    EXPECT_EQ(failed.result, QuizResult::failed);
    EXPECT_EQ(describe(failed), "failed: prefixlab: error: CUDA: unspecified launch failure");
    EXPECT_EQ(run_with("echo nothing").result, QuizResult::failed);
}

TEST(SanitizerVerdict, SummaryAndFirstReportInOneLine) {
    ChildResult run;
    run.started = true;
    run.exit_code = 0;
    // as the H100's compute-sanitizer printed it (2026-11-24)
    run.out = "========= COMPUTE-SANITIZER\n"
              "========= Error: Race reported between Read access at void prefixlab::block_scan_kernel<prefixlab::"
              "HillisSteeleRacy, prefixlab::AddOp<unsigned int>, (bool)0>(const T2::value_type *, T2::value_type *, int, "
              "bool, prefixlab::DeviceTraceSink)+0x180\n"
              "=========     and Write access at void prefixlab::block_scan_kernel<prefixlab::HillisSteeleRacy, "
              "prefixlab::AddOp<unsigned int>, (bool)0>(const T2::value_type *, T2::value_type *, int, bool, "
              "prefixlab::DeviceTraceSink)+0x1a0 [5760 hazards]\n"
              "========= \n{\"output\":[1]}\n"
              "========= RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)\n";
    EXPECT_EQ(sanitizer_verdict("racecheck", run, 60),
              "racecheck: RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings). First: Error: Race reported "
              "between Read access at HillisSteeleRacy+0x180 and Write access at HillisSteeleRacy+0x1a0 [5760 hazards]");
    // with line information, the place is the file and line, from the repository's root
    run.out = "========= Error: Race reported between Read access at void prefixlab::k<A, (bool)0>(const T2 *)+0x1a0"
              " in /root/b/kernels/block/hillis_steele_racy.cuh:51\n"
              "========= RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)\n";
    EXPECT_EQ(sanitizer_verdict("racecheck", run, 60),
              "racecheck: RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings). First: Error: Race reported "
              "between Read access at A+0x1a0 in kernels/block/hillis_steele_racy.cuh:51");
    run.out = "========= COMPUTE-SANITIZER\n========= Barrier error detected. Divergent thread(s) in block.\n"
              "=========     at void k()+0x90 in /x/kernels/block/reduce_barrier_in_branch.cuh:57\n"
              "========= ERROR SUMMARY: 128 errors\n"
              "========= ERROR SUMMARY: 108 errors were not printed. Use --print-limit option to adjust\n";
    EXPECT_EQ(sanitizer_verdict("synccheck", run, 60),
              "synccheck: ERROR SUMMARY: 128 errors. First: Barrier error detected. Divergent thread(s) in block.");
    run.out = "========= COMPUTE-SANITIZER\n========= ERROR SUMMARY: 0 errors\n";
    EXPECT_EQ(sanitizer_verdict("synccheck", run, 60), "synccheck: ERROR SUMMARY: 0 errors");
    run.timed_out = true;
    EXPECT_EQ(sanitizer_verdict("synccheck", run, 60), "hung under synccheck (killed after 60.0 s)");
}

} // namespace
} // namespace prefixlab::test
