// The bounded reader and the message-safe quoting that every loader and error message uses.
#include "core/util/input_limits.hpp"
#include "core/util/printable.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace prefixlab {
namespace {

namespace fs = std::filesystem;

class BoundedReader : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("prefixlab-limits-" + std::to_string(::getpid()));
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string file(const std::string& name, const std::string& content) {
        const std::string path = (dir_ / name).string();
        std::ofstream(path, std::ios::binary) << content;
        return path;
    }
    static std::string error_of(const std::string& path, std::uint64_t limit) {
        try {
            read_bounded_file(path, limit, "trace");
        } catch (const InputLimitError& e) {
            return e.what();
        }
        return "";
    }
    fs::path dir_;
};

TEST_F(BoundedReader, ReadsARegularFileWhole) {
    const std::string content = std::string("{\"a\": 1}\n") + std::string(100000, 'x') + '\0' + "end";
    EXPECT_EQ(read_bounded_file(file("t.json", content), 1 << 20, "trace"), content);
}

TEST_F(BoundedReader, RefusesAFileOverTheLimitNamingIt) {
    const std::string path = file("big.json", std::string(2000, ' '));
    EXPECT_EQ(read_bounded_file(path, 2000, "trace").size(), 2000u);
    const std::string message = error_of(path, 1999);
    EXPECT_NE(message.find("cannot read trace '" + path + "'"), std::string::npos) << message;
    EXPECT_NE(message.find("larger than the limit of"), std::string::npos) << message;
}

TEST_F(BoundedReader, RefusesDevicesDirectoriesAndFifosWithoutReading) {
    EXPECT_NE(error_of("/dev/zero", 1 << 20).find("it is a device"), std::string::npos);
    EXPECT_NE(error_of(dir_.string(), 1 << 20).find("it is a directory"), std::string::npos);
    const std::string fifo = (dir_ / "fifo").string();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_NE(error_of(fifo, 1 << 20).find("it is a FIFO"), std::string::npos); // and does not block
    const std::string link = (dir_ / "zero.json").string();
    fs::create_symlink("/dev/zero", link);
    EXPECT_NE(error_of(link, 1 << 20).find("it is a device"), std::string::npos);
    EXPECT_NE(error_of((dir_ / "missing").string(), 1 << 20).find("No such file"), std::string::npos);
}

TEST(JsonDepth, CountsBracketsOutsideStringsOnly) {
    EXPECT_NO_THROW(check_json_depth(R"({"a": [[1, 2], {"b": "[[[[[[[[[[[["}]})", 3));
    EXPECT_THROW(check_json_depth(R"({"a": [[1, 2], {"b": [[]]}]})", 3), std::invalid_argument);
    EXPECT_NO_THROW(check_json_depth(R"({"a": "\"[[[[["})", 1));
    const std::string deep = std::string(80000, '[') + std::string(80000, ']');
    try {
        check_json_depth(deep);
        ADD_FAILURE() << "80000 levels accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("limit of " + std::to_string(kMaxJsonDepth)), std::string::npos);
    }
}

// Issue 31: a 63 MB array of 31 million zeros, within the byte limit, took 1.1-1.3 GB to parse before
// the format check refused it; now it is refused before the parser builds anything.
TEST(JsonDepth, CountsValuesOutsideStringsAndRefusesMoreThanTheLimit) {
    EXPECT_NO_THROW(check_json_depth(R"([1, 2, "3,4,5"])", kMaxJsonDepth, 4)); // the array and 3 strings
    EXPECT_THROW(check_json_depth(R"([1, 2, 3, 4])", kMaxJsonDepth, 4), std::invalid_argument);
    EXPECT_THROW(check_json_depth(R"([1, 2, [3]])", kMaxJsonDepth, 4), std::invalid_argument);
    std::string zeros = "[0";
    for (std::size_t k = 1; k < kMaxJsonValues - 1; ++k)
        zeros += ",0";
    EXPECT_NO_THROW(check_json_depth(zeros + "]")) << "the root array and its values: the limit itself";
    try {
        check_json_depth(zeros + ",0,0]");
        ADD_FAILURE() << "more values than the limit accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(e.what()), "more than the limit of " + std::to_string(kMaxJsonValues) + " values");
    }
}

TEST(Printable, EscapesControlBytesAndInvalidUtf8) {
    EXPECT_EQ(printable("plain text"), "plain text");
    EXPECT_EQ(printable("a\nb\tc"), "a\\x0ab\\x09c");
    EXPECT_EQ(printable("\xff\xfe"), "\\xff\\xfe");
    EXPECT_EQ(printable("\x1b[31mred"), "\\x1b[31mred"); // no terminal escapes reach the terminal
    EXPECT_EQ(printable("back\\slash"), "back\\\\slash");
    EXPECT_EQ(printable("Hillis–Steele ≥ 2×"), "Hillis–Steele ≥ 2×"); // valid UTF-8 stays
    EXPECT_EQ(printable("\xc0\xaf"), "\\xc0\\xaf");                   // an overlong '/'
    EXPECT_EQ(printable("\xed\xa0\x80"), "\\xed\\xa0\\x80");         // a surrogate
    EXPECT_EQ(printable("\xe2\x80"), "\\xe2\\x80");                   // cut short
}

TEST(Printable, CutsLongTextWithItsLength) {
    const std::string huge(20 << 20, 'x');
    const std::string shown = printable(huge);
    EXPECT_LT(shown.size(), 120u);
    EXPECT_EQ(shown.substr(0, kMaxQuotedChars), std::string(kMaxQuotedChars, 'x'));
    EXPECT_NE(shown.find("(20971520 bytes)"), std::string::npos) << shown;
    EXPECT_EQ(printable(std::string(kMaxQuotedChars, 'y')), std::string(kMaxQuotedChars, 'y'));
}

TEST(Printable, PathsAreShownWholeButEscaped) {
    const std::string deep = "/tmp/" + std::string(200, 'd') + "/results.json";
    EXPECT_EQ(printable_path(deep), deep);
    EXPECT_EQ(printable_path("/tmp/a\nb.json"), "/tmp/a\\x0ab.json");
    EXPECT_LT(printable_path(std::string(1 << 20, 'p')).size(), kMaxQuotedPathChars + 40);
    const std::string message = [&] {
        try {
            read_bounded_file(deep, 1, "trace");
        } catch (const InputLimitError& e) {
            return std::string(e.what());
        }
        return std::string();
    }();
    EXPECT_EQ(message, "cannot read trace '" + deep + "': No such file or directory");
}

} // namespace
} // namespace prefixlab
