// What reaches a terminal (issue 31): every print of the command line and of the scripted GUI goes
// through core/util/terminal_output.hpp, which shows control bytes and invalid UTF-8 as \xNN and keeps
// only the newlines that end lines. A results file's label "ESC]0;…BEL ESC[2J" once retitled the
// window and cleared the screen from `bench-report`; the GUI test of that is in
// tests/gui/test_gui_hardening.cpp. Here: the writer itself, and that nothing in app/ prints any other way.
#include "core/util/terminal_output.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <regex>
#include <sstream>
#include <string>

namespace prefixlab {
namespace {

namespace fs = std::filesystem;

// What `print` writes, read back from a temporary FILE.
template <class Print>
std::string written_by(Print print) {
    std::FILE* file = std::tmpfile();
    print(file);
    std::fflush(file);
    std::rewind(file);
    std::string text;
    for (int c; (c = std::fgetc(file)) != EOF;)
        text += static_cast<char>(c);
    std::fclose(file);
    return text;
}

TEST(TerminalOutput, ControlBytesAreEscapedAndLineEndsKept) {
    const std::string hostile = "evil\x1b]0;pwned\x07\x1b[2J cub\x1b[31m \xff\r\t end";
    EXPECT_EQ(written_by([&](std::FILE* f) { print_to_terminal(f, hostile + "\n" + hostile + "\n"); }),
              "evil\\x1b]0;pwned\\x07\\x1b[2J cub\\x1b[31m \\xff\\x0d\\x09 end\n"
              "evil\\x1b]0;pwned\\x07\\x1b[2J cub\\x1b[31m \\xff\\x0d\\x09 end\n");
    // Printable UTF-8 (×, ±, —) and backslashes pass as they are; a long line is never cut.
    const std::string table = "2^20 × 3 ± 0.1 — C:\\path " + std::string(5000, 'x');
    EXPECT_EQ(written_by([&](std::FILE* f) { print_to_terminal(f, table); }), table);
}

TEST(TerminalOutput, FormattingComesBeforeTheEscaping) {
    EXPECT_EQ(written_by([](std::FILE* f) { printf_to_terminal(f, "[%-6s|%3d]\n", "a\x1b", 7); }),
              "[a\\x1b    |  7]\n");
    EXPECT_EQ(written_by([](std::FILE* f) { printf_to_terminal(f, "%s", ""); }), "");
}

// Nothing in app/ writes to stdout or stderr except through terminal_output.cpp: a printf, a puts, an
// fprintf or fputs to stdout/stderr, or std::cout/cerr/clog anywhere else fails this test, naming the line.
TEST(TerminalOutput, NothingInAppPrintsAnyOtherWay) {
    const fs::path app = fs::path(PREFIXLAB_SOURCE_DIR) / "app";
    const std::regex direct(R"((^|[^\w])(std::)?(printf|vprintf|puts|putchar)\s*\()");
    const std::regex to_stream(
        R"((^|[^\w])(std::)?(fprintf|vfprintf|fputs|fputc|putc|fwrite)\s*\(.*\b(stdout|stderr)\b)");
    const std::regex iostream(R"(std::(cout|cerr|clog)\b)");
    std::size_t files = 0;
    std::string found;
    for (const auto& entry : fs::recursive_directory_iterator(app)) {
        const std::string ext = entry.path().extension().string();
        if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp"))
            continue;
        ++files;
        if (entry.path().filename() == "terminal_output.cpp")
            continue;
        std::ifstream in(entry.path());
        int number = 0;
        for (std::string line; std::getline(in, line);) {
            ++number;
            const std::string code = line.substr(0, line.find("//"));
            if (std::regex_search(code, direct) || std::regex_search(code, to_stream) ||
                std::regex_search(code, iostream))
                found += fs::relative(entry.path(), app).string() + ":" + std::to_string(number) + ": " +
                         line + "\n";
        }
    }
    EXPECT_GT(files, 100u) << "the app's sources were not found under " << app;
    EXPECT_EQ(found, "") << "print through core/util/terminal_output.hpp instead:\n" << found;
}

} // namespace
} // namespace prefixlab
