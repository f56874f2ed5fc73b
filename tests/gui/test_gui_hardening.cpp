// Issue 31, the second round of hardening, in a real window under Xvfb: text from a results file reaches
// the terminal escaped (bench-report printed a label's ESC]0;…BEL ESC[2J raw); a settings.json that is
// not a regular file is refused and left exactly as it was (it was renamed to settings.json.bad and
// replaced); a warning shows as "warning: …", never "error: warning: …"; and wait-bench fails a script
// when nothing was measured.
#include "kernels/gpu/gpu_block_scan.hpp"
#include "support/process.hpp"
#include "support/text_files.hpp"

#include <filesystem>
#include <fstream>
#include <functional>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

class GuiHardening : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) / ("prefixlab_gui_hardening_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_ / "config");
        fs::create_directories(dir_ / "data");
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    // The script with an empty data folder and, when `with_settings`, the test's settings folder.
    ProcessResult run_script(const std::string& script, bool with_settings = false) const {
        std::ofstream(path("session.script")) << script << "quit\n";
        return run_process(
            "env PREFIXLAB_DATA_DIR=" + shell_quote(path("data")) + " " +
            (with_settings ? "PREFIXLAB_CONFIG_DIR=" + shell_quote(path("config")) + " " : "") +
            shell_quote(PREFIXLAB_BINARY) + " --window 1280 --ui-scale 1 --script " +
            shell_quote(path("session.script")));
    }
    fs::path dir_;
};

bool holds_control_byte(const std::string& text) {
    for (const char c : text)
        if ((static_cast<unsigned char>(c) < 0x20 && c != '\n') || c == 0x7f)
            return true;
    return false;
}

TEST_F(GuiHardening, BenchReportShowsTextFromAResultsFileEscaped) {
    nlohmann::json results =
        nlohmann::json::parse(read_file(fs::path(PREFIXLAB_SOURCE_DIR) / "assets/bench/h100-default.json"));
    results["label"] = "evil\x1b]0;pwned\x07\x1b[2J";
    for (nlohmann::json& point : results["points"])
        if (point["algorithm"] == "cub")
            point["algorithm"] = "cub\x1b[31m";
    std::ofstream(path("evil.json")) << results.dump();
    const ProcessResult r =
        run_script("open-results " + path("evil.json") + "\nbench-series all\nbench-report\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::vector<std::string> report = lines_starting(r.out, "bench-report: ");
    ASSERT_EQ(report.size(), 1u) << r.out;
    EXPECT_TRUE(contains(report[0], "evil\\x1b]0;pwned\\x07\\x1b[2J")) << report[0];
    EXPECT_TRUE(contains(report[0], "cub\\x1b[31m")) << report[0];
    EXPECT_FALSE(holds_control_byte(r.out)) << "a raw control byte reached stdout";
    EXPECT_FALSE(holds_control_byte(r.err)) << "a raw control byte reached stderr";
}

// The five kinds of node in the place of settings.json that are not a regular file (nor a link to one).
struct NonRegular {
    const char* kind; // as the warning names it
    std::function<void(const std::string&)> make;
};

TEST_F(GuiHardening, ASettingsFileThatIsNotARegularFileIsRefusedAndLeftAlone) {
    const std::string settings = path("config/settings.json");
    const std::vector<NonRegular> cases = {
        {"a directory", [](const std::string& p) { fs::create_directory(p); }},
        {"a FIFO", [](const std::string& p) { ASSERT_EQ(::mkfifo(p.c_str(), 0600), 0); }},
        {"a symbolic link to a missing path",
         [&](const std::string& p) { fs::create_symlink(path("nowhere"), p); }},
        {"a symbolic link in a loop", [](const std::string& p) { fs::create_symlink("settings.json", p); }},
        {"a symbolic link to a character device",
         [](const std::string& p) { fs::create_symlink("/dev/zero", p); }},
    };
    for (const NonRegular& node : cases) {
        fs::remove_all(path("config"));
        fs::create_directories(path("config"));
        node.make(settings);
        struct stat before {};
        ASSERT_EQ(::lstat(settings.c_str(), &before), 0) << node.kind;
        const std::string link_before = fs::is_symlink(settings) ? fs::read_symlink(settings).string() : "";
        // A change (the theme), so that the session has something to save at its end.
        const ProcessResult r = run_script("theme projector\nreport-settings\n", true);
        EXPECT_EQ(r.exit_code, 0) << node.kind << "\n" << r.err;
        const std::string warning = "warning: settings '" + settings + "' is " + node.kind +
                                    ", not a regular file: left as it is, and nothing is saved this session; "
                                    "using the default settings";
        EXPECT_EQ(r.err, "prefixlab: " + warning + "\n") << node.kind;
        EXPECT_EQ(lines_starting(r.out, "message: "), std::vector<std::string>{"message: " + warning})
            << node.kind;
        EXPECT_TRUE(contains(r.out, "theme=projector scale=1.00")) << "the app ran on: " << r.out;
        // Untouched: the same node, the same link target, and nothing written or moved beside it.
        struct stat after {};
        ASSERT_EQ(::lstat(settings.c_str(), &after), 0) << node.kind << ": it was moved";
        EXPECT_EQ(after.st_ino, before.st_ino) << node.kind;
        EXPECT_EQ(after.st_mode, before.st_mode) << node.kind;
        EXPECT_EQ(fs::is_symlink(settings) ? fs::read_symlink(settings).string() : "", link_before)
            << node.kind;
        std::vector<std::string> beside;
        for (const auto& entry : fs::directory_iterator(path("config")))
            beside.push_back(entry.path().filename().string());
        EXPECT_EQ(beside, std::vector<std::string>{"settings.json"}) << node.kind << ": no settings.json.bad";
    }
}

// The settings warning was reported as an error and shown "error: warning: …"; now a message's kind
// is data and the word is added once, where it is shown.
TEST_F(GuiHardening, AWarningIsShownWithOnePrefix) {
    std::ofstream(path("config/settings.json"))
        << R"({"format": "prefixlab-settings", "version": 1, "ui_scale": 9})";
    const ProcessResult r = run_script("report-settings\n", true);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::vector<std::string> message = lines_starting(r.out, "message: ");
    ASSERT_EQ(message.size(), 1u) << r.out;
    EXPECT_EQ(message[0].rfind("message: warning: malformed settings '", 0), 0u) << message[0];
    EXPECT_FALSE(contains(r.out + r.err, "error: warning")) << r.out << r.err;
    EXPECT_FALSE(contains(r.out + r.err, "warning: warning")) << r.out << r.err;
}

TEST_F(GuiHardening, WaitBenchFailsWhenNothingWasMeasured) {
    const ProcessResult none = run_script("wait-bench\nreport\n");
    EXPECT_EQ(none.exit_code, 1) << none.err;
    EXPECT_EQ(none.err, "prefixlab: error: script " + path("session.script") +
                            ":1: wait-bench: no benchmark was started (the bench command starts one)\n");
    EXPECT_FALSE(contains(none.out, "report: ")) << "the script stops at the failure";

    if (gpu_status().available)
        GTEST_SKIP() << "this machine has a GPU: algos=gpu measures something here";
    const ProcessResult skipped = run_script("bench algos=gpu n=2^10 reps=1 warmup=0\nwait-bench\nreport\n");
    EXPECT_EQ(skipped.exit_code, 1) << skipped.err;
    EXPECT_EQ(count_lines(skipped.err), 1u) << skipped.err;
    EXPECT_EQ(skipped.err.rfind("prefixlab: error: script " + path("session.script") +
                                    ":2: wait-bench: nothing was measured (",
                                0),
              0u)
        << skipped.err;
    EXPECT_TRUE(contains(skipped.err, "skipped")) << skipped.err;
    EXPECT_FALSE(contains(skipped.out, "report: ")) << skipped.out;
}

} // namespace
} // namespace prefixlab::test
