// Interrupts at every moment (issue 9, defect 6): SIGINT, once or twice 1-50 ms apart, sent to the real
// binary early, during a trace's capture and write, mid-sweep, while a benchmark's export writes its
// temporary files and while it commits them. Whatever the moment, the folder holds either the older
// run exactly or the whole new one: no "*.tmp-*" file, every file complete (the JSON loads, the CSV is
// the JSON's table, the PNGs decode, the SVGs and PDFs are finished), never plots of the older run
// beside the new bench.json.
//
// PREFIXLAB_TEST_WRITE_DELAY_MS (read by atomic_file.cpp alone) pauses after each file written and
// between the renames of a commit, so that the export and the commit last long enough to be hit.
#include "core/bench/bench_csv.hpp"
#include "core/bench/bench_export.hpp"
#include "core/bench/bench_json.hpp"
#include "core/trace/grid_trace_json.hpp"
#include "core/trace/trace_json.hpp"
#include "support/child_process.hpp"
#include "support/process.hpp"
#include "support/text_files.hpp"

#include <gtest/gtest.h>

#if PREFIXLAB_HAVE_CAIRO
#include <cairo.h>
#endif

#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;
using Files = std::map<std::string, std::string>; // name -> content

constexpr int kDelayMs = 100; // per file written and per rename, while the tests want to hit the export

bool killed_by_sigint(int status) {
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGINT;
}
bool exited_with(int status, int code) {
    return WIFEXITED(status) && WEXITSTATUS(status) == code;
}

Files read_folder(const fs::path& folder) {
    Files files;
    if (!fs::exists(folder))
        return files;
    for (const auto& entry : fs::directory_iterator(folder)) {
        std::ifstream in(entry.path(), std::ios::binary);
        files[entry.path().filename().string()] = std::string(std::istreambuf_iterator<char>(in), {});
    }
    return files;
}

bool ends_with(const std::string& text, const std::string& end) {
    return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

bool png_decodes(const std::string& bytes, const fs::path& file) {
#if PREFIXLAB_HAVE_CAIRO
    cairo_surface_t* surface = cairo_image_surface_create_from_png(file.c_str());
    const bool ok = cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS &&
                    cairo_image_surface_get_width(surface) == 1600 &&
                    cairo_image_surface_get_height(surface) == 900;
    cairo_surface_destroy(surface);
    return ok;
#else
    return bytes.rfind("\x89PNG", 0) == 0 && !file.empty();
#endif
}

class Interrupts : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) /
               ("prefixlab_interrupts_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        folder_ = dir_ / "results";
    }
    void TearDown() override { fs::remove_all(dir_); }

    // An older run in the folder, with every plot format: what an interrupted new run must not touch.
    void make_older_run() {
        const ProcessResult r =
            run_process(shell_quote(PREFIXLAB_BINARY) +
                        " bench --algos cpu-loop,cpu-std --n 2^10,2^11 --reps 1 --warmup 0 "
                        "--label older --plots png,svg,pdf --out " +
                        folder_.string());
        ASSERT_EQ(r.exit_code, 0) << r.err;
        older_ = read_folder(folder_);
    }

    // The new run: the three CPU baselines at `sizes`, its plots as PNG only (so the older run's SVGs
    // and PDFs must go when it is written).
    std::unique_ptr<ChildProcess> start_bench(const std::string& sizes, int repetitions, int delay_ms) const {
        const std::vector<std::string> argv = {PREFIXLAB_BINARY,
                                               "bench",
                                               "--algos",
                                               "cpu",
                                               "--n",
                                               sizes,
                                               "--reps",
                                               std::to_string(repetitions),
                                               "--warmup",
                                               "0",
                                               "--label",
                                               "newer",
                                               "--plots",
                                               "png",
                                               "--out",
                                               folder_.string()};
        return std::make_unique<ChildProcess>(
            argv, std::vector<std::pair<std::string, std::string>>{
                      {"PREFIXLAB_TEST_WRITE_DELAY_MS", std::to_string(delay_ms)}});
    }

    bool holds_older_run() const { return read_folder(folder_) == older_; }
    // "name (bytes)" of each file in the folder, for messages (the contents would be megabytes).
    std::string listing() const {
        std::string text;
        for (const auto& [name, content] : read_folder(folder_))
            text += name + " (" + std::to_string(content.size()) + ") ";
        return text;
    }

    // The folder holds the older run exactly ("older") or the whole new run ("newer"); fails otherwise.
    std::string expect_older_or_whole_newer(const std::string& context) const {
        const Files files = read_folder(folder_);
        for (const auto& [name, content] : files)
            EXPECT_EQ(name.find(".tmp-"), std::string::npos) << context << ": temporary file " << name;
        if (files == older_)
            return "older";
        if (!files.count("bench.json")) {
            ADD_FAILURE() << context << ": neither the older run nor a new one (" << files.size()
                          << " files)";
            return "broken";
        }
        BenchRun run;
        try {
            run = read_bench_json((folder_ / "bench.json").string());
        } catch (const std::exception& e) {
            ADD_FAILURE() << context << ": bench.json does not load: " << e.what();
            return "broken";
        }
        EXPECT_EQ(run.label, "newer") << context;
        std::set<std::string> expected = {"bench.json", "bench.csv"};
        if (plot_export_available())
            for (BenchPlotKind kind : plot_kinds_with_data(run))
                expected.insert(bench_plot_file_name(kind, PlotFileFormat::png));
        std::set<std::string> names;
        for (const auto& [name, content] : files) {
            names.insert(name);
            if (ends_with(name, ".png"))
                EXPECT_TRUE(png_decodes(content, folder_ / name))
                    << context << ": " << name << " does not decode";
        }
        EXPECT_EQ(names, expected) << context << ": the new run's files, and no plot of the older run";
        EXPECT_EQ(files.at("bench.csv"), bench_csv_text(run))
            << context << ": bench.csv is not the run's table";
        return "newer";
    }

    // The trace target holds the older trace or a whole new one; no temporary file beside it.
    std::string expect_older_or_whole_trace(const std::string& context) const {
        const Files files = read_folder(dir_);
        for (const auto& [name, content] : files)
            EXPECT_EQ(name.find(".tmp-"), std::string::npos) << context << ": temporary file " << name;
        EXPECT_EQ(files.size(), 1u) << context;
        if (files.at("trace.json") == "the older trace")
            return "older";
        try {
            EXPECT_EQ(load_trace_file((dir_ / "trace.json").string()).config.n, 2048) << context;
        } catch (const std::exception& e) {
            ADD_FAILURE() << context << ": the trace does not load: " << e.what();
        }
        return "newer";
    }

    std::unique_ptr<ChildProcess> start_trace(int delay_ms) const {
        std::ofstream(dir_ / "trace.json") << "the older trace";
        const std::vector<std::string> argv = {PREFIXLAB_BINARY,
                                               "trace",
                                               "--algo",
                                               "blelloch-padded",
                                               "--n",
                                               "2048",
                                               "--input",
                                               "random",
                                               "--device",
                                               "cpu",
                                               "--out",
                                               (dir_ / "trace.json").string()};
        return std::make_unique<ChildProcess>(
            argv, std::vector<std::pair<std::string, std::string>>{
                      {"PREFIXLAB_TEST_WRITE_DELAY_MS", std::to_string(delay_ms)}});
    }

    // A grid trace (issue 13) onto "grid.json", which holds an older file: 2048 tiles at tile level, about
    // 0.2 s of emulation on the 2-core development machine.
    std::unique_ptr<ChildProcess> start_grid_trace(int delay_ms) const {
        std::ofstream(dir_ / "grid.json") << "the older grid trace";
        const std::vector<std::string> argv = {PREFIXLAB_BINARY, "grid-trace", "--n", "65536", "--input", "random",
                                               "--start-order", "random", "--out", (dir_ / "grid.json").string()};
        return std::make_unique<ChildProcess>(
            argv, std::vector<std::pair<std::string, std::string>>{
                      {"PREFIXLAB_TEST_WRITE_DELAY_MS", std::to_string(delay_ms)}});
    }

    // The grid trace target holds the older file or a whole new grid trace; no temporary file beside it.
    std::string expect_older_or_whole_grid_trace(const std::string& context) const {
        const Files files = read_folder(dir_);
        for (const auto& [name, content] : files)
            EXPECT_EQ(name.find(".tmp-"), std::string::npos) << context << ": temporary file " << name;
        EXPECT_EQ(files.size(), 1u) << context;
        if (files.at("grid.json") == "the older grid trace")
            return "older";
        try {
            EXPECT_EQ(load_grid_trace_file((dir_ / "grid.json").string()).config.n, 65536u) << context;
        } catch (const std::exception& e) {
            ADD_FAILURE() << context << ": the grid trace does not load: " << e.what();
        }
        return "newer";
    }

    // Two SIGINTs at random moments of a command that writes one file: it either finished (exit 0, the
    // newer file whole) or was stopped (either file whole: the signal may come after the rename).
    template <class Start, class State>
    static void interrupt_at_random_moments(std::uint32_t seed, int most_delay_ms, Start start, State state_of) {
        for (int trial = 0; trial < 6; ++trial) {
            std::mt19937 random(seed + trial);
            auto child = start(0);
            std::this_thread::sleep_for(milliseconds(std::uniform_int_distribution<int>(0, most_delay_ms)(random)));
            interrupt_twice(*child, random);
            const int status = child->wait();
            const std::string state = state_of("trial " + std::to_string(trial));
            if (killed_by_sigint(status))
                continue;
            EXPECT_TRUE(exited_with(status, 0)) << describe_status(status) << "\n" << child->output();
            EXPECT_EQ(state, "newer");
        }
    }

    // Two SIGINTs while the command's temporary file waits a second for its rename: it is removed, the
    // older file stays.
    template <class Start, class State>
    static void interrupt_while_written(std::uint32_t seed, const fs::path& dir, Start start, State state_of) {
        std::mt19937 random(seed);
        auto child = start(1000);
        const auto deadline = std::chrono::steady_clock::now() + milliseconds(20000);
        bool seen = false;
        while (!seen && std::chrono::steady_clock::now() < deadline) {
            for (const auto& entry : fs::directory_iterator(dir))
                seen = seen || entry.path().filename().string().find(".tmp-") != std::string::npos;
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
        ASSERT_TRUE(seen) << "no temporary file appeared";
        interrupt_twice(*child, random);
        const int status = child->wait();
        EXPECT_TRUE(killed_by_sigint(status)) << describe_status(status) << "\n" << child->output();
        EXPECT_EQ(state_of("while written"), "older");
    }

    // Two SIGINTs, the second 1-50 ms after the first reached the process: a user pressing Ctrl-C
    // twice (two sent before the first is delivered would merge into one).
    static void interrupt_twice(const ChildProcess& child, std::mt19937& random) {
        child.send(SIGINT);
        EXPECT_TRUE(child.wait_until_delivered(SIGINT, milliseconds(10000)));
        std::this_thread::sleep_for(milliseconds(std::uniform_int_distribution<int>(1, 50)(random)));
        child.send(SIGINT);
    }

    // Waits until the commit has begun: a file of the older run was removed or replaced.
    bool wait_for_commit(milliseconds timeout) const {
        std::map<std::string, ino_t> inodes;
        for (const auto& [name, content] : older_) {
            struct stat info {};
            ::stat((folder_ / name).c_str(), &info);
            inodes[name] = info.st_ino;
        }
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (std::chrono::steady_clock::now() < deadline) {
            for (const auto& [name, inode] : inodes) {
                struct stat info {};
                if (::stat((folder_ / name).c_str(), &info) != 0 || info.st_ino != inode)
                    return true;
            }
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
        return false;
    }

    fs::path dir_, folder_;
    Files older_;
};

TEST_F(Interrupts, SigintTwiceAtRandomMomentsOfABench) {
    make_older_run();
    for (int trial = 0; trial < 6; ++trial) {
        std::mt19937 random(1000 + trial);
        const std::string context = "trial " + std::to_string(trial);
        auto child = start_bench("2^10..2^18", 20, 30);
        std::this_thread::sleep_for(milliseconds(std::uniform_int_distribution<int>(0, 900)(random)));
        interrupt_twice(*child, random);
        const int status = child->wait();
        const std::string state = expect_older_or_whole_newer(context);
        EXPECT_TRUE(killed_by_sigint(status) || exited_with(status, 130) || exited_with(status, 0))
            << context << ": " << describe_status(status) << "\n"
            << child->output();
        if (exited_with(status, 0))
            EXPECT_EQ(state, "newer") << context;
        if (killed_by_sigint(status) && state == "newer")
            EXPECT_FALSE(read_bench_json((folder_ / "bench.json").string()).cancelled) << context;
        if (state == "newer") { // put the older run back for the next trial
            fs::remove_all(folder_);
            make_older_run();
        }
    }
}

TEST_F(Interrupts, SigintBeforeTheFirstPointWritesNothing) {
    make_older_run();
    auto child = start_bench("2^22", 1000, 0); // the first point alone takes seconds
    ASSERT_TRUE(child->wait_for_output("Ctrl-C stops", milliseconds(20000))) << child->output();
    child->send(SIGINT);
    const int status = child->wait();
    EXPECT_TRUE(exited_with(status, 130)) << describe_status(status) << "\n" << child->output();
    EXPECT_NE(child->output().find("prefixlab: interrupted before the first point: nothing written to '" +
                                   folder_.string() + "'"),
              std::string::npos)
        << child->output();
    EXPECT_TRUE(holds_older_run()) << "an empty run must not replace the older one: " << listing();
}

TEST_F(Interrupts, SigintOnceMidSweepWritesTheFinishedPoints) {
    make_older_run();
    auto child = start_bench("2^10..2^20", 30, 0);
    ASSERT_TRUE(child->wait_for_output("] cpu-", milliseconds(20000))) << child->output();
    child->send(SIGINT);
    const int status = child->wait();
    EXPECT_TRUE(exited_with(status, 130)) << describe_status(status) << "\n" << child->output();
    ASSERT_EQ(expect_older_or_whole_newer("mid-sweep"), "newer");
    const BenchRun run = read_bench_json((folder_ / "bench.json").string());
    EXPECT_TRUE(run.cancelled);
    EXPECT_GE(run.points.size(), 1u);
    EXPECT_NE(child->output().find("prefixlab: interrupted during the sweep: its " +
                                   std::to_string(run.points.size()) + " finished points were written to '" +
                                   folder_.string() + "'\n"),
              std::string::npos)
        << child->output();
}

TEST_F(Interrupts, SigintTwiceMidSweepWritesNothing) {
    make_older_run();
    for (int trial = 0; trial < 3; ++trial) {
        std::mt19937 random(2000 + trial);
        auto child = start_bench("2^10..2^20", 30, kDelayMs);
        ASSERT_TRUE(child->wait_for_output("] cpu-", milliseconds(20000))) << child->output();
        interrupt_twice(*child, random);
        const int status = child->wait();
        EXPECT_TRUE(killed_by_sigint(status)) << describe_status(status) << "\n" << child->output();
        EXPECT_TRUE(holds_older_run()) << "trial " << trial << ": " << listing();
        if (!holds_older_run()) { // keep the trials independent
            fs::remove_all(folder_);
            make_older_run();
        }
    }
}

TEST_F(Interrupts, SigintTwiceWhileTheExportWritesLeavesTheOlderRun) {
    make_older_run();
    for (int trial = 0; trial < 3; ++trial) {
        std::mt19937 random(3000 + trial);
        auto child = start_bench("2^10..2^12", 3, kDelayMs);
        ASSERT_TRUE(child->wait_for_output("writing " + folder_.string(), milliseconds(20000)))
            << child->output();
        // The export writes 6 files, kDelayMs apart, before its commit: the signals land before it.
        std::this_thread::sleep_for(
            milliseconds(std::uniform_int_distribution<int>(0, 3 * kDelayMs)(random)));
        interrupt_twice(*child, random);
        const int status = child->wait();
        EXPECT_TRUE(killed_by_sigint(status)) << describe_status(status) << "\n" << child->output();
        EXPECT_TRUE(holds_older_run()) << "trial " << trial << ": " << listing();
        if (!holds_older_run()) { // keep the trials independent
            fs::remove_all(folder_);
            make_older_run();
        }
    }
}

// Issue 31: a first Ctrl-C during the export lets it finish (the files are whole), and then the exit says
// that the user asked to stop: 130 and one line, as every interrupted command ends (it exited 0 silently).
TEST_F(Interrupts, SigintOnceWhileTheExportWritesLetsItFinishAndExitsInterrupted) {
    make_older_run();
    std::mt19937 random(4000);
    auto child = start_bench("2^10..2^12", 3, kDelayMs);
    ASSERT_TRUE(child->wait_for_output("writing " + folder_.string(), milliseconds(20000)))
        << child->output();
    std::this_thread::sleep_for(milliseconds(std::uniform_int_distribution<int>(0, 3 * kDelayMs)(random)));
    child->send(SIGINT);
    const int status = child->wait();
    EXPECT_TRUE(exited_with(status, 130)) << describe_status(status) << "\n" << child->output();
    EXPECT_EQ(expect_older_or_whole_newer("one SIGINT in the export"), "newer");
    const std::string line =
        "prefixlab: interrupted while the results were written: the whole run was written to '" +
        folder_.string() + "'\n";
    EXPECT_NE(child->output().find(line), std::string::npos) << child->output();
    EXPECT_EQ(lines_starting(child->output(), "prefixlab: interrupted").size(), 1u) << child->output();
    EXPECT_TRUE(lines_starting(child->output(), "prefixlab: error").empty()) << child->output();
}

TEST_F(Interrupts, SigintTwiceDuringTheCommitTakesEffectAfterIt) {
    make_older_run();
    for (int trial = 0; trial < 3; ++trial) {
        std::mt19937 random(5000 + trial);
        auto child = start_bench("2^10..2^12", 3, kDelayMs);
        ASSERT_TRUE(wait_for_commit(milliseconds(20000))) << child->output();
        interrupt_twice(*child, random); // the commit renames 6 files, kDelayMs apart: it is under way
        const int status = child->wait();
        EXPECT_TRUE(killed_by_sigint(status)) << describe_status(status) << "\n" << child->output();
        EXPECT_EQ(expect_older_or_whole_newer("trial " + std::to_string(trial)), "newer");
        fs::remove_all(folder_);
        make_older_run();
    }
}

// The tables stop as a sweep does: a first Ctrl-C ends the one being timed, and the exit is 130 with one
// line saying how far it got (it was 130 without a word).
TEST_F(Interrupts, SigintOnceDuringATableExitsInterruptedWithOneLine) {
    ChildProcess child({PREFIXLAB_BINARY, "compact-table", "--n", "2^16..2^26", "--keep", "50", "--reps",
                        "50", "--warmup", "0"});
    ASSERT_TRUE(child.wait_for_output("N = 65536", milliseconds(20000))) << child.output();
    child.send(SIGINT);
    const int status = child.wait();
    EXPECT_TRUE(exited_with(status, 130)) << describe_status(status) << "\n" << child.output();
    const std::vector<std::string> said = lines_starting(child.output(), "prefixlab: ");
    ASSERT_EQ(said.size(), 1u) << child.output();
    EXPECT_EQ(said[0].rfind("prefixlab: interrupted after ", 0), 0u) << said[0];
    EXPECT_TRUE(said[0].ends_with(" of 11 tables: the finished ones are kept")) << said[0];
}

TEST_F(Interrupts, SigintTwiceAtRandomMomentsOfATrace) {
    interrupt_at_random_moments(
        6000, 150, [&](int delay) { return start_trace(delay); },
        [&](const std::string& what) { return expect_older_or_whole_trace(what); });
}

TEST_F(Interrupts, SigintWhileATraceIsWrittenRemovesItsTemporaryFile) {
    interrupt_while_written(
        7000, dir_, [&](int delay) { return start_trace(delay); },
        [&](const std::string& what) { return expect_older_or_whole_trace(what); });
}

TEST_F(Interrupts, SigintTwiceAtRandomMomentsOfAGridTrace) {
    interrupt_at_random_moments(
        8000, 250, [&](int delay) { return start_grid_trace(delay); },
        [&](const std::string& what) { return expect_older_or_whole_grid_trace(what); });
}

TEST_F(Interrupts, SigintWhileAGridTraceIsWrittenRemovesItsTemporaryFile) {
    interrupt_while_written(
        9000, dir_, [&](int delay) { return start_grid_trace(delay); },
        [&](const std::string& what) { return expect_older_or_whole_grid_trace(what); });
}

} // namespace
} // namespace prefixlab::test
