// The GUI with the hostile files of issue 9, in a real window: a bad file in the data folder is
// skipped at start with one line naming it and the app starts normally; opening one (a trace or
// results) is refused with one line instead of a crash, a hang or runaway memory.
#include "support/hostile_inputs.hpp"
#include "support/png_image.hpp"
#include "support/process.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

class GuiHostileFiles : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_gui_hostile_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_ / "data" / "bench");
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    std::string saved(const std::string& name) const { return (dir_ / "data" / "bench" / name).string(); }
    ProcessResult run_script(const std::string& script) const {
        std::ofstream(path("session.script")) << script;
        return run_process("env PREFIXLAB_DATA_DIR=" + shell_quote(path("data")) + " " +
                           shell_quote(PREFIXLAB_BINARY) + " --window 1600 --ui-scale 1 --script " +
                           path("session.script"));
    }
    static std::string deep_results() {
        return R"({"format": "prefixlab-bench", "version": 1, "label": )" + nested_arrays(80000) + "}";
    }

    fs::path dir_;
};

std::size_t lines_in(const std::string& text) {
    return std::count(text.begin(), text.end(), '\n');
}

TEST_F(GuiHostileFiles, BadFilesInTheDataFolderAreSkippedAtStart) {
    std::ofstream(saved("run-deep.json")) << deep_results();
    make_link_to_dev_zero(saved("run-zero.json"));
    make_fifo(saved("run-fifo.json"));
    make_sparse_file(saved("run-huge.json"), 100ull << 20);
    const ProcessResult r = run_script("tab Benchmark\nscreenshot " + path("start.png") + "\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(lines_in(r.err), 4u) << r.err;
    std::size_t reported = 0;
    for (auto at = r.err.find("prefixlab: skipped at start: "); at != std::string::npos;
         at = r.err.find("prefixlab: skipped at start: ", at + 1))
        ++reported;
    EXPECT_EQ(reported, 4u) << r.err;
    const std::pair<const char*, std::string> skipped[] = {
        {"run-deep.json", "not valid JSON: arrays and objects nest deeper than the limit"},
        {"run-zero.json", "it is a device, not a regular file"},
        {"run-fifo.json", "it is a FIFO, not a regular file"},
        {"run-huge.json", "larger than the limit of"}};
    for (const auto& [name, problem] : skipped)
        EXPECT_NE(r.err.find(saved(name) + "': " + problem), std::string::npos) << name << " not in:\n"
                                                                                << r.err;
    // The app started normally: the shipped H100 results are plotted.
    const PngImage start = load_png(path("start.png"));
    ASSERT_EQ(start.width, 1600);
    EXPECT_GT(distinct_colours(start), 100u) << "the plot is drawn";
}

TEST_F(GuiHostileFiles, OpeningAHostileTraceOrResultsFileIsOneLine) {
    std::ofstream(path("deep-trace.json"))
        << R"({"format": "prefixlab-trace", "version": 1, "config": {"n": )" + nested_arrays(80000) + "}}";
    std::ofstream(path("deep-results.json")) << deep_results();
    make_link_to_dev_zero(path("zero.json"));
    const std::pair<std::string, std::string> cases[] = {
        {"open " + path("deep-trace.json"),
         "malformed trace '" + path("deep-trace.json") + "': not valid JSON: arrays and objects nest deeper"},
        {"open " + path("zero.json"), "cannot read trace '" + path("zero.json") + "': it is a device"},
        {"tab Benchmark\nopen-results " + path("deep-results.json"),
         "malformed results file '" + path("deep-results.json") +
             "': not valid JSON: arrays and objects nest"},
        {"tab Benchmark\nopen-results " + path("zero.json"),
         "cannot read results file '" + path("zero.json") + "': it is a device"}};
    for (const auto& [script, expected] : cases) {
        const ProcessResult r = run_script(script + "\n");
        EXPECT_EQ(r.exit_code, 1) << script << "\n" << r.err; // the script's failure, not a crash
        EXPECT_EQ(lines_in(r.err), 1u) << r.err;
        EXPECT_NE(r.err.find(expected), std::string::npos) << script << "\n" << r.err;
    }
}

} // namespace
} // namespace prefixlab::test
