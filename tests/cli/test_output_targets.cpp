// The output policy from the command line (issue 9, defects 5, 8 and 10): `--out` onto anything but a
// regular file or a new path is refused with one line and nothing is replaced; a benchmark checks
// every name it will write before the sweep; a spec that names a point twice still writes its run;
// a run that measured nothing writes nothing and says so.
#include "core/bench/bench_json.hpp"
#include "core/bench/bench_scan.hpp"
#include "core/plot/plot_export.hpp"
#include "kernels/gpu/gpu_block_scan.hpp"
#include "support/process.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

class OutputTargets : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) /
               ("prefixlab_targets_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    ProcessResult prefixlab(const std::string& arguments) const {
        return run_process(shell_quote(PREFIXLAB_BINARY) + " " + arguments);
    }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    // Each entry of the folder, recursively, with its type, inode, size and link target: equal
    // snapshots mean nothing was created, removed or replaced.
    std::string snapshot() const {
        std::set<std::string> lines;
        for (auto it = fs::recursive_directory_iterator(dir_); it != fs::recursive_directory_iterator();
             ++it) {
            struct stat info {};
            ::lstat(it->path().c_str(), &info);
            std::ostringstream line;
            line << it->path().string() << ' ' << (info.st_mode & S_IFMT) << ' ' << info.st_ino << ' '
                 << info.st_size;
            if (S_ISLNK(info.st_mode))
                line << " -> " << fs::read_symlink(it->path()).string();
            lines.insert(line.str());
        }
        std::string text;
        for (const std::string& line : lines)
            text += line + "\n";
        return text;
    }

    // Exit code 2, one line naming the target and what it is, and the folder exactly as before.
    void expect_refused(const std::string& arguments, const std::string& target,
                        const std::string& kind) const {
        const std::string before = snapshot();
        const ProcessResult r = prefixlab(arguments);
        EXPECT_EQ(r.exit_code, 2) << arguments << "\n" << r.err;
        EXPECT_EQ(r.err, "prefixlab: error: cannot write '" + target + "': it is " + kind +
                             " (PrefixLab replaces only regular files)\n");
        EXPECT_EQ(snapshot(), before) << arguments;
    }

    fs::path dir_;
};

TEST_F(OutputTargets, TraceOntoAnythingButARegularFileOrANewPathIsRefused) {
    std::ofstream(path("real.json")) << "the user's file";
    fs::create_directory(path("folder"));
    ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0644), 0);
    fs::create_symlink(path("real.json"), path("link-to-file"));
    fs::create_symlink("/dev/full", path("link-to-device")); // defect 5 was --out /dev/full as root
    fs::create_symlink(path("loop"), path("loop"));
    std::vector<std::pair<std::string, std::string>> targets = {
        {"folder", "a directory"},
        {"fifo", "a FIFO"},
        {"link-to-file", "a symbolic link to a regular file"},
        {"link-to-device", "a symbolic link to a character device"},
        {"loop", "a symbolic link in a loop"}};
    const int s = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    if (path("socket").size() < sizeof address.sun_path) {
        path("socket").copy(address.sun_path, path("socket").size());
        if (::bind(s, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0)
            targets.push_back({"socket", "a socket"});
    }
    ::close(s);
    // Defect 5 itself: a device node like /dev/full (1, 7), made here so that /dev is never at risk
    // (root only; CI runs as root).
    if (::mknod(path("full").c_str(), S_IFCHR | 0666, makedev(1, 7)) == 0)
        targets.push_back({"full", "a character device"});
    for (const auto& [name, kind] : targets) {
        expect_refused("trace --n 8 --device cpu --out " + path(name), path(name), kind);
        expect_refused("grid-trace --n 64 --out " + path(name), path(name), kind);
    }
    std::ifstream in(path("real.json"));
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "the user's file");
}

TEST_F(OutputTargets, BenchChecksEveryFileItWillWriteBeforeTheSweep) {
    fs::create_directory(path("results"));
    fs::create_symlink(path("elsewhere.pdf"), path("results/speedup.pdf"));
    const std::string before = snapshot();
    const ProcessResult r =
        prefixlab("bench --algos cpu-loop --n 2^10 --reps 1 --warmup 0 --out " + path("results"));
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(r.err,
              "prefixlab: error: cannot write '" + path("results/speedup.pdf") +
                  "': it is a symbolic link to a missing path (PrefixLab replaces only regular files)\n");
    EXPECT_EQ(r.out.find("cpu-loop"), std::string::npos) << "nothing was timed: " << r.out;
    EXPECT_EQ(snapshot(), before);
}

// Defect 8: "--algos cpu,cpu-std" finished the sweep, then failed to write it ("duplicates
// points[1]") and left the folder empty. Text that is not UTF-8 (a Latin-1 label) is the same class.
TEST_F(OutputTargets, BenchNamingAnAlgorithmTwiceWritesItsRunOnce) {
    const ProcessResult r =
        prefixlab("bench --algos cpu,cpu-std --n 2^10,1024 --reps 2 --warmup 0 --plots none "
                  "--label \"$(printf 'caf\\351')\" --out " +
                  path("results"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const BenchRun run = read_bench_json(path("results/bench.json"));
    std::vector<std::string> algorithms;
    for (const BenchPoint& point : run.points)
        algorithms.push_back(point.algorithm);
    EXPECT_EQ(algorithms, (std::vector<std::string>{"cpu-loop", "cpu-std", "cpu-parallel"}));
    EXPECT_EQ(run.label, "caf\uFFFD");
}

// Issue 14: one run times several scans; every point names its scan, the table prints one block per
// scan, and each scan gets its own plot set, named by the scan.
TEST_F(OutputTargets, BenchWithTwoScansWritesBothWithAPlotSetEach) {
    const ProcessResult r = prefixlab("bench --algos cpu-loop,cpu-parallel --scans uint32-add,float-max-exclusive "
                                      "--n 2^10,2^12 --reps 2 --warmup 0 --plots svg --out " +
                                      path("results"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const BenchRun run = read_bench_json(path("results/bench.json"));
    ASSERT_EQ(run.points.size(), 8u); // 2 algorithms × 2 scans × 2 sizes
    std::set<std::string> scans;
    for (const BenchPoint& point : run.points)
        scans.insert(bench_scan_name(point.scan));
    EXPECT_EQ(scans, (std::set<std::string>{"uint32-add", "float-max-exclusive"}));
    EXPECT_NE(r.out.find("\nuint32-add\nmedian ms"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\nfloat-max-exclusive\nmedian ms"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("cpu-loop float-max-exclusive"), std::string::npos) << "each point line names its scan";
    std::ifstream csv(path("results/bench.csv"));
    const std::string table((std::istreambuf_iterator<char>(csv)), std::istreambuf_iterator<char>());
    EXPECT_NE(table.find("\ncpu-loop,float-max-exclusive,1024,"), std::string::npos) << table;
    if (!plot_export_available())
        return; // the plots are left out with a note (tests/cpu/test_bench_export.cpp)
    for (const char* name : {"time-uint32-add.svg", "time-float-max-exclusive.svg", "throughput-float-max-exclusive.svg"})
        EXPECT_TRUE(fs::exists(path("results/") + name)) << name;
    EXPECT_FALSE(fs::exists(path("results/time.svg"))) << "a run of several scans names every plot by its scan";
}

TEST_F(OutputTargets, BenchOfTheDefaultScanPrintsNoScanNames) {
    const ProcessResult r = prefixlab("bench --algos cpu-loop --n 2^10 --reps 1 --warmup 0 --plots svg --out " +
                                      path("results"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.find("uint32"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.rfind("timing 1 algorithms at 1 sizes (", 0), 0u) << r.out;
    if (plot_export_available())
        EXPECT_TRUE(fs::exists(path("results/time.svg"))) << "plain plot names, as before --scans";
}

// Defect 10: a bench whose every point was skipped exited 0 (and wrote an empty run).
TEST_F(OutputTargets, BenchThatMeasuresNothingExitsNonZeroAndWritesNothing) {
    if (gpu_status().available)
        GTEST_SKIP() << "this machine has a GPU: --algos gpu measures something here";
    fs::create_directory(path("older"));
    std::ofstream(path("older/bench.json")) << "an older run";
    const std::string before = snapshot();
    for (const std::string folder : {path("older"), path("new")}) {
        const ProcessResult r = prefixlab("bench --algos gpu --n 2^10 --reps 1 --out " + folder);
        EXPECT_EQ(r.exit_code, 1) << r.err;
        const std::string last_line = r.err.substr(r.err.rfind('\n', r.err.size() - 2) + 1);
        EXPECT_EQ(last_line.rfind("prefixlab: error: nothing was measured (", 0), 0u) << r.err;
        EXPECT_NE(last_line.find("nothing written to '" + folder + "'"), std::string::npos) << last_line;
        EXPECT_EQ(snapshot(), before) << "not even the new folder is created";
    }
}

// Issue 31: an empty path given explicitly ("--csv ''") was silently ignored by reduce-table, compact-table
// and quiz (exit 0, nothing written), and even read as "no file" by --from (which then timed the tables
// for minutes) and --trace/--script (which opened the window), while grid-trace refused it. One policy
// now, option_values.hpp's add_path_option: exit 2 and one line naming the option. The options come from
// each command's --help (every FILE and DIR option), so a command added later is checked too.
TEST_F(OutputTargets, AnEmptyPathIsRefusedByEveryPathOptionOfEveryCommand) {
    // "command option" pairs: those known today, and every FILE or DIR option that a --help lists.
    std::map<std::string, std::string> option_of = {{"--trace ''", "--trace"},
                                                    {"--script ''", "--script"},
                                                    {"trace --out ''", "--out"},
                                                    {"grid-trace --out ''", "--out"},
                                                    {"bench --out ''", "--out"},
                                                    {"tune --out ''", "--out"},
                                                    {"reduce-table --csv ''", "--csv"},
                                                    {"reduce-table --image ''", "--image"},
                                                    {"reduce-table --from ''", "--from"},
                                                    {"compact-table --csv ''", "--csv"},
                                                    {"quiz --out ''", "--out"}};
    const std::size_t known = option_of.size();
    std::vector<std::string> commands = {""}; // "": the options before any command (--trace, --script)
    const ProcessResult help = prefixlab("--help");
    ASSERT_EQ(help.exit_code, 0) << help.err;
    std::istringstream lines(help.out);
    bool in_commands = false;
    for (std::string line; std::getline(lines, line);) {
        if (line == "Subcommands:")
            in_commands = true;
        else if (line.empty())
            in_commands = false;
        else if (in_commands)
            commands.push_back(line.substr(2, line.find(' ', 2) - 2));
    }
    std::size_t listed = 0;
    const std::regex path_option(R"(^\s+(--[a-z-]+) (FILE|DIR)\b)");
    for (const std::string& command : commands) {
        const ProcessResult usage = prefixlab(command + " --help");
        ASSERT_EQ(usage.exit_code, 0) << command << "\n" << usage.err;
        std::istringstream options(usage.out);
        for (std::string line; std::getline(options, line);) {
            std::smatch match;
            if (std::regex_search(line, match, path_option)) {
                option_of[(command.empty() ? "" : command + " ") + match[1].str() + " ''"] = match[1];
                ++listed;
            }
        }
    }
    EXPECT_GE(listed, known) << "every option of a path says FILE or DIR in --help";
    EXPECT_EQ(option_of.size(), listed) << "a --help lists each path option as FILE or DIR";
    for (const auto& [arguments, option] : option_of) {
        const std::string before = snapshot();
        // In the test's folder: a command that took '' as "none" and ran would write its files here
        // (and `reduce-table --from ''` timed its tables for minutes: the timeout bounds a regression).
        const ProcessResult r = run_process("cd " + shell_quote(dir_.string()) + " && timeout 60 " +
                                            shell_quote(PREFIXLAB_BINARY) + " " + arguments);
        EXPECT_EQ(r.exit_code, 2) << arguments << "\n" << r.out << r.err;
        EXPECT_EQ(r.err, "prefixlab: error: " + option + " '': an empty path names no file\n") << arguments;
        EXPECT_EQ(r.out, "") << arguments;
        EXPECT_EQ(snapshot(), before) << arguments;
    }
}

} // namespace
} // namespace prefixlab::test
