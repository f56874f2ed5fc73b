// Scripted mode's file is read whole and checked before any window opens (docs/gui-script.md): every
// argument of every command is parsed and range-checked, and a file that is not a small regular text
// file is refused at once. These tests run without a display: a check that only happened once a
// window opened would show up here as a display error, not as the script's one line.
#include "support/process.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

class ScriptFile : public ::testing::Test {
protected:
    void SetUp() override {
        if (!PREFIXLAB_WITH_GUI)
            GTEST_SKIP() << "built without the GUI: --script is refused before a script is read";
        dir_ = fs::path(::testing::TempDir()) /
               ("prefixlab_script_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string write(const std::string& name, const std::string& content) const {
        const std::string path = (dir_ / name).string();
        std::ofstream(path, std::ios::binary) << content;
        return path;
    }
    // No display, and at most 1 GiB of memory and 10 s: a reader that grows without bound or waits
    // for ever fails here instead of taking the machine. AddressSanitizer reserves terabytes of
    // address space for its shadow and cannot start under `ulimit -v`; there its own RSS limit
    // (hard_rss_limit_mb, appended to the inherited ASAN_OPTIONS) bounds the memory instead.
    static ProcessResult run_script(const std::string& path) {
        return run_process(std::string(kMemoryLimit) + "env -u DISPLAY -u WAYLAND_DISPLAY timeout 10 " +
                           shell_quote(PREFIXLAB_BINARY) + " --script " + shell_quote(path));
    }
#if defined(__SANITIZE_ADDRESS__)
    static constexpr const char* kMemoryLimit = "ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}hard_rss_limit_mb=1024\" ";
#else
    static constexpr const char* kMemoryLimit = "ulimit -v 1048576; ";
#endif
    static void expect_one_line_before_any_window(const ProcessResult& r, const std::string& expected) {
        EXPECT_EQ(r.exit_code, 2) << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
        EXPECT_EQ(r.err.rfind("prefixlab: error: ", 0), 0u) << r.err;
        EXPECT_NE(r.err.find(expected), std::string::npos) << "expected '" << expected << "' in: " << r.err;
        for (const char* display_word : {"window", "DISPLAY", "GLFW", "X11"})
            EXPECT_EQ(r.err.find(display_word), std::string::npos)
                << "checked only once a window opened: " << r.err;
    }
    // A one-line script `line` is refused with "script FILE:1: `expected`".
    void expect_refused(const std::string& line, const std::string& expected) const {
        const std::string path = write("bad.script", line + "\n");
        SCOPED_TRACE(line);
        expect_one_line_before_any_window(run_script(path), "script " + path + ":1: " + expected);
    }

    fs::path dir_;
};

TEST_F(ScriptFile, ScaleValuesAreCheckedBeforeAWindowOpens) {
    for (const std::string value : {"abc", "1e39", "nan", "inf", "-1", "0", "1.5x", "0x2"})
        expect_refused("scale " + value, "scale FACTOR '" + value + "': expected a number from 0.5 to 4");
}

TEST_F(ScriptFile, EveryCommandsArgumentsAreCheckedBeforeAWindowOpens) {
    const std::pair<const char*, const char*> cases[] = {
        {"wait -1", "wait FRAMES '-1': expected a whole number from 0 to 100000"},
        {"grid-trace tile=48", "grid-trace tile '48': expected 4, 8, 16 or a multiple of 32 up to 256 (threads per tile)"},
        {"grid-trace tile=2", "grid-trace tile '2': expected 4, 8, 16 or a multiple of 32 up to 256 (threads per tile)"},
        {"grid-trace tile=512", "grid-trace tile '512': expected a whole number from 1 to 256 (threads per tile: 4, 8, 16 or a multiple of 32 up to 256)"},
        {"grid-trace n=65537", "grid-trace n '65537': expected a whole number from 1 to 65536"},
        {"grid-trace driver=look-back", "grid-trace driver 'look-back': unknown (scan-then-propagate, reduce-then-scan, two-level, atomic-global, chained, decoupled-look-back)"},
        {"grid-trace order=sideways", "grid-trace order 'sideways': unknown (in-order, reversed, random)"},
        {"report-grid now", "usage: report-grid"},
        {"wait 0x10", "wait FRAMES '0x10'"},
        {"measure-frames 0", "measure-frames COUNT '0': expected a whole number from 1 to 100000"},
        {"hover 1 -2", "hover Y '-2'"},
        {"click 99999 1", "click X '99999'"},
        {"step forward",
         "step K 'forward': expected a whole number from 0 to 1048576 (or first, last, next, prev)"},
        {"tab Nope", "tab TITLE 'Nope': unknown (Values, Dataflow, Banks, Benchmark, Grid, Timeline, Warps, Global, Quiz)"},
        {"screenshot shot.jpg", "screenshot FILE.png 'shot.jpg': expected a file name ending in .png"},
        {"wait-bench 1.5", "wait-bench FRACTION '1.5': expected a number from 0 to 1"},
        {"plot pie", "plot KIND 'pie': unknown"},
        {"export-plot out gif", "export-plot FORMAT 'gif': unknown (png, svg, pdf)"},
        {"hover 1", "usage: hover X Y"},
        // the largest N of any block kernel: the shuffle reductions' and Harris's kernel 7's, 8 elements a thread
        {"trace n=-1", "trace n '-1': expected a whole number from 1 to 8192"},
        {"trace n=2000", "trace n '2000': expected a whole number from 1 to 1024 for hillis-steele"},
        {"trace seed=-1", "trace seed '-1': expected a whole number from 0 to 18446744073709551615"},
        {"trace exclusive=2", "trace exclusive '2': expected a whole number from 0 to 1"},
        {"trace algo=bubble", "trace algo 'bubble': unknown"},
        {"trace algo=reduce-sequential exclusive=1", "trace exclusive=1: reduce-sequential has none. A reduction has one total"},
        {"trace algo=split exclusive=1", "trace exclusive=1: split has none. A compaction or a split moves elements"},
        {"trace colour=red", "trace setting 'colour': unknown"},
        {"trace order=sideways", "trace order 'sideways': unknown (in-order, reversed, interleaved)"},
        {"trace n", "trace 'n': expected a setting, key=value"},
        {"bench reps=0", "bench reps '0': expected a whole number from 1 to 1000"},
        {"bench warmup=101", "bench warmup '101': expected a whole number from 0 to 100"},
        {"bench seed=-1", "bench seed '-1'"},
        {"bench block=48", "bench block '48': expected a power of two from 32 to 1024"},
        {"bench n=0x10", "bench n: cannot read '0x10'"},
        {"bench block-n=2^30", "bench block-n: 2^30 is not among the sizes the sweep runs"},
        {"bench n=2^10 block-n=2^10", "bench block-n: needs block="},
    };
    for (const auto& [line, expected] : cases)
        expect_refused(line, expected);
}

TEST_F(ScriptFile, SettingsAreCheckedTogetherWithEarlierCommands) {
    const std::string path =
        write("s.script", "trace algo=blelloch n=2000\n\n# comment\ntrace algo=hillis-steele\n");
    expect_one_line_before_any_window(
        run_script(path),
        "script " + path + ":4: trace algo 'hillis-steele': takes N up to 1024, and N is 2000");
    // After `open` the settings are the file's, unknown until it loads: the check leaves N to run time
    // (so this script gets as far as opening the window).
    const ProcessResult r = run_script(write("open.script", "open trace.json\ntrace n=2000\n"));
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("cannot open a window"), std::string::npos) << r.err;
}

TEST_F(ScriptFile, RawBytesInAScriptAreEscaped) {
    const std::string path = write("raw.script", "fly\xff\x1b[2J\n");
    const ProcessResult r = run_script(path);
    expect_one_line_before_any_window(r, "unknown command 'fly\\xff\\x1b[2J'");
    for (const char c : r.err)
        EXPECT_TRUE(c == '\n' || (c >= 0x20 && c < 0x7f))
            << "raw byte " << int(static_cast<unsigned char>(c));
}

TEST_F(ScriptFile, DevZeroIsRefusedAtOnce) {
    const auto start = std::chrono::steady_clock::now();
    const ProcessResult r = run_script("/dev/zero");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    expect_one_line_before_any_window(r,
                                      "cannot read script '/dev/zero': it is a device, not a regular file");
    EXPECT_LT(seconds, 2.0);
}

TEST_F(ScriptFile, TenMegabyteOneLineScriptIsRefusedAtOnce) {
    const std::string path = write("big.script", std::string(10 << 20, 'a')); // no newline at all
    const auto start = std::chrono::steady_clock::now();
    const ProcessResult r = run_script(path);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    expect_one_line_before_any_window(r, "larger than the limit of 1 MiB for a script");
    EXPECT_LT(seconds, 2.0);
}

TEST_F(ScriptFile, OverlongLineIsRefusedNamingTheLimit) {
    const std::string path = write("long.script", "wait 1\nwait " + std::string(5000, '1') + "\n");
    expect_one_line_before_any_window(
        run_script(path), "script " + path + ":2: the line is longer than the limit of 4096 bytes");
}

} // namespace
} // namespace prefixlab::test
