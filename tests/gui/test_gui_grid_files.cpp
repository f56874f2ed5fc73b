// Issue 13, grid trace files in a real window: a grid trace written by `prefixlab grid-trace` opens on the
// Grid tab by every way a file opens (--trace, the script's open, a drop, the file browser) and shows what
// the file holds (report-grid); a broken or hostile grid file is one line of error and the grid trace shown
// before stays; File ▸ Save on the Grid tab writes the grid trace, which loads and equals the one opened;
// grid-trace device=gpu without a GPU is one line of error.
#include "core/trace/grid_trace_json.hpp"
#include "kernels/gpu/gpu_block_scan.hpp"
#include "support/process.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <regex>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

// The CLI's settings and what report-grid must say of them.
const char* const kCliSettings = "--driver decoupled-look-back --n 256 --tile-threads 32 --resident 4 "
                                 "--start-order random --order-seed 3";
const char* const kReport = "grid: driver=decoupled-look-back n=256 tiles=8 launches=1 accesses=51 steps=4 "
                            "detail=elements totals=0/0/0 crossings=28 look-back deepest=2 mean=1.43 polls=28 waited=0 verdict=consistent step=0";

class GuiGridFiles : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_gui_grid_files_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        const ProcessResult cli = run_process(shell_quote(PREFIXLAB_BINARY) + " grid-trace " + kCliSettings +
                                              " --out " + shell_quote(path("grid.json")));
        ASSERT_EQ(cli.exit_code, 0) << cli.err;
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    ProcessResult gui(const std::string& arguments, const std::string& script) const {
        std::ofstream(path("session.script")) << script << "quit\n";
        return run_process(shell_quote(PREFIXLAB_BINARY) + " --window 1280 --ui-scale 1 " + arguments + " --script " +
                           shell_quote(path("session.script")), dir_);
    }
    fs::path dir_;
};

std::size_t count(const std::string& text, const std::string& part) {
    std::size_t found = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size()))
        ++found;
    return found;
}

TEST_F(GuiGridFiles, AGridTraceFileOpensOnTheGridTabByEveryWay) {
    // --trace FILE: the Grid tab from the first frame.
    const ProcessResult start = gui("--trace " + shell_quote(path("grid.json")), "report-grid\nreport\ncheck-layout\n");
    ASSERT_EQ(start.exit_code, 0) << start.err;
    EXPECT_NE(start.out.find(kReport), std::string::npos) << start.out;
    EXPECT_NE(start.out.find("tab=Grid"), std::string::npos) << start.out;
    EXPECT_NE(start.out.find(", 0 problems"), std::string::npos) << start.out;

    // The script's open, a drop and the file browser, one after the other in one window: each opens the
    // file on the Grid tab (the Values tab is selected before each) and says so in the status bar.
    const std::string file = path("grid.json");
    const ProcessResult ways = gui("", "report-grid\n"
                                       "open " + file + "\nwait 1\nreport-grid\nreport\n"
                                       "tab Values\ndrop " + file + "\nwait 1\nreport-grid\nreport\n"
                                       "tab Values\nopen-browser trace " + dir_.string() +
                                       "\nbrowser-enter grid.json\nwait 1\nreport-grid\nreport\nreport-settings\n");
    ASSERT_EQ(ways.exit_code, 0) << ways.err;
    EXPECT_EQ(ways.out.rfind("grid: none\n", 0), 0u) << "no grid trace before the file: " << ways.out;
    EXPECT_EQ(count(ways.out, kReport), 3u) << ways.out;
    EXPECT_EQ(count(ways.out, "tab=Grid\n"), 3u) << ways.out;
    EXPECT_NE(ways.out.find("message: Opened the grid trace " + fs::path(file).filename().string() + " (recorded on CPU emulator)"), std::string::npos)
        << ways.out;
    EXPECT_NE(ways.out.find("recent: trace " + file), std::string::npos) << ways.out;
}

TEST_F(GuiGridFiles, ABrokenGridFileIsOneLineAndThePreviousGridTraceStays) {
    std::ifstream in(path("grid.json"));
    const std::string text((std::istreambuf_iterator<char>(in)), {});
    std::ofstream(path("truncated.json")) << text.substr(0, text.size() / 2);
    // A grid trace whose N is far beyond any limit: refused by the reader, never allocated.
    std::ofstream(path("hostile.json")) << std::regex_replace(text, std::regex(R"("n":256)"), R"("n":99999999999999)");
    ASSERT_NE(text.find(R"("n":256)"), std::string::npos) << "the writer's spelling of n changed";

    const ProcessResult r = gui("", "grid-trace driver=chained n=512 tile=32\nreport-grid\n"
                                    "drop " + path("truncated.json") + "\nwait 1\nreport-grid\nreport-settings\n"
                                    "drop " + path("hostile.json") + "\nwait 1\nreport-grid\nreport-settings\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::regex chained(R"(grid: driver=chained n=512 tiles=16 [^\n]* step=0\n)");
    EXPECT_EQ(std::distance(std::sregex_iterator(r.out.begin(), r.out.end(), chained), std::sregex_iterator()), 3)
        << "the chained grid trace stays after each broken file: " << r.out;
    EXPECT_NE(r.out.find("message: error: malformed grid trace '" + path("truncated.json") + "': "), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("message: error: malformed grid trace '" + path("hostile.json") + "': "), std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("grid: error="), std::string::npos) << "a file is not a failed capture: " << r.out;

    // --trace with a broken grid file: one line, exit code 2, no window.
    const ProcessResult start = gui("--trace " + shell_quote(path("truncated.json")), "");
    EXPECT_EQ(start.exit_code, 2);
    EXPECT_EQ(start.err.rfind("prefixlab: error: malformed grid trace '", 0), 0u) << start.err;
    EXPECT_EQ(count(start.err, "\n"), 1u) << start.err;

    // The script's open of a broken file fails the script with the same line.
    const ProcessResult opened = gui("", "open " + path("hostile.json") + "\n");
    EXPECT_EQ(opened.exit_code, 1);
    EXPECT_NE(opened.err.find("malformed grid trace '" + path("hostile.json") + "'"), std::string::npos) << opened.err;
}

TEST_F(GuiGridFiles, SaveOnTheGridTabWritesTheGridTrace) {
    const ProcessResult r = gui("--trace " + shell_quote(path("grid.json")),
                                "tab Timeline\nopen-browser save " + dir_.string() +
                                    "\nreport-settings\nbrowser-enter saved\nwait 1\nreport-settings\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("browser: mode=save-grid"), std::string::npos) << "the browser says what it saves: " << r.out;
    EXPECT_NE(r.out.find("message: Saved the grid trace to " + path("saved.json")), std::string::npos) << r.out;
    const GridTrace opened = load_grid_trace_file(path("grid.json"));
    const GridTrace saved = load_grid_trace_file(path("saved.json"));
    EXPECT_TRUE(same_execution_by_tile(opened, saved)) << first_grid_difference(opened, saved);
    EXPECT_EQ(saved.config.start_order, "random (seed 3)");
}

TEST_F(GuiGridFiles, TheGpuWithoutAGpuIsOneLineOfError) {
    if (gpu_status().available)
        GTEST_SKIP() << "this machine has a GPU (" << gpu_status().name << ")";
    const ProcessResult r = gui("", "grid-trace n=256\ngrid-trace device=gpu\nreport-grid\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("grid: error=Grid scan: no CUDA GPU to trace on ("), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("grid: driver=decoupled-look-back n=256 "), std::string::npos) << "the emulator's stays: " << r.out;
    // n above the emulator's limit needs device=gpu in the same command.
    const ProcessResult big = gui("", "grid-trace n=100000\n");
    EXPECT_EQ(big.exit_code, 2);
    EXPECT_NE(big.err.find("grid-trace n '100000': expected a whole number from 1 to 65536 in the emulator"),
              std::string::npos) << big.err;
}

} // namespace
} // namespace prefixlab::test
