// The readers of typed numbers (command line, script, benchmark settings) over awkward input: only
// plain decimal in range is taken, everything else is refused with the range stated.
#include "core/bench/bench_sizes.hpp"
#include "core/util/parse_number.hpp"
#include "core/util/printable.hpp"

#include <cstdint>
#include <gtest/gtest.h>
#include <limits>
#include <string>

namespace prefixlab {
namespace {

constexpr std::uint64_t kMax64 = std::numeric_limits<std::uint64_t>::max();

std::string whole_error(std::string_view text, std::uint64_t min = 0, std::uint64_t max = kMax64) {
    try {
        parse_whole_number(text, min, max);
    } catch (const NumberError& e) {
        return e.what();
    }
    return "";
}

std::string decimal_error(std::string_view text, double min = 0.5, double max = 4) {
    try {
        parse_decimal_number(text, min, max);
    } catch (const NumberError& e) {
        return e.what();
    }
    return "";
}

TEST(WholeNumber, ReadsPlainDecimalOverTheWholeRange) {
    EXPECT_EQ(parse_whole_number("0", 0, 10), 0u);
    EXPECT_EQ(parse_whole_number("1024", 1, 1024), 1024u);
    EXPECT_EQ(parse_whole_number("18446744073709551615", 0, kMax64), kMax64);
    EXPECT_EQ(parse_whole_number("01", 0, 10), 1u) << "leading zeros are decimal";
    EXPECT_EQ(parse_whole_number("010", 0, 100), 10u) << "never octal";
}

TEST(WholeNumber, RefusesEverythingElseStatingTheRange) {
    for (const char* text :
         {"", " 1", "1 ", "+1", "-0", "-1", "0x10", "1e3", "1.0", "12abc", "abc", "18446744073709551616",
          "99999999999999999999999", "\u0661\u0662", "\xff", "1\n"})
        EXPECT_EQ(whole_error(text, 0, kMax64), "expected a whole number from 0 to 18446744073709551615")
            << printable(text);
    EXPECT_NE(whole_error(std::string_view("1\0"
                                           "2",
                                           3)),
              "")
        << "an embedded NUL";
}

TEST(WholeNumber, RefusesValuesOutsideTheRange) {
    EXPECT_EQ(whole_error("0", 1, 1024), "expected a whole number from 1 to 1024");
    EXPECT_EQ(whole_error("1025", 1, 1024), "expected a whole number from 1 to 1024");
    EXPECT_EQ(whole_error("1024", 1, 1024), "");
}

TEST(DecimalNumber, ReadsFractionsInRange) {
    EXPECT_DOUBLE_EQ(parse_decimal_number("1.5", 0.5, 4), 1.5);
    EXPECT_DOUBLE_EQ(parse_decimal_number("4", 0.5, 4), 4);
    EXPECT_DOUBLE_EQ(parse_decimal_number(".5", 0.5, 4), 0.5);
    EXPECT_DOUBLE_EQ(parse_decimal_number("2.", 0.5, 4), 2);
    EXPECT_DOUBLE_EQ(parse_decimal_number("0", 0, 1), 0);
    EXPECT_DOUBLE_EQ(parse_decimal_number("01.25", 0, 4), 1.25);
}

TEST(DecimalNumber, RefusesNonFiniteSignedExponentAndJunk) {
    for (const char* text :
         {"",    " 1",  "1 ",   "+1",       "-0", "-1",   "0x10",  "1e3", "1e39",         "1.5x", "nan",
          "NaN", "inf", "-inf", "infinity", ".",  "1..2", "1.2.3", "1,5", "\u0661\u0662", "\xff"})
        EXPECT_EQ(decimal_error(text), "expected a number from 0.5 to 4") << printable(text);
    EXPECT_EQ(decimal_error("0.49"), "expected a number from 0.5 to 4");
    EXPECT_EQ(decimal_error("4.000001"), "expected a number from 0.5 to 4");
    EXPECT_EQ(decimal_error(std::string(400, '9')), "expected a number from 0.5 to 4")
        << "huge, not infinite";
}

TEST(ValueProblem, QuotesTheValueSafely) {
    EXPECT_EQ(value_problem("--n", "-1", "expected a whole number from 1 to 1024"),
              "--n '-1': expected a whole number from 1 to 1024");
    EXPECT_EQ(value_problem("--algo", "a\xff\x1b[31m", "unknown"), "--algo 'a\\xff\\x1b[31m': unknown");
}

TEST(TerminalSafe, EscapesRawBytesButLeavesQuotedTextAlone) {
    const std::string quoted = value_problem("--n", "\xff", "bad");
    EXPECT_EQ(terminal_safe(quoted, 400), quoted) << "already printable: unchanged, backslashes not doubled";
    EXPECT_EQ(terminal_safe("unexpected --\xff\x07", 400), "unexpected --\\xff\\x07");
    EXPECT_EQ(terminal_safe(std::string(1000, 'a'), 400).size(), 400 + std::string("… (1000 bytes)").size());
}

TEST(BenchBlockSize, TakesPowersOfTwoFrom32To1024Only) {
    EXPECT_EQ(parse_bench_block_size("32"), 32);
    EXPECT_EQ(parse_bench_block_size("1024"), 1024);
    EXPECT_EQ(parse_bench_block_sizes("32,64,1024"), (std::vector<int>{32, 64, 1024}));
    for (const char* text : {"", "0", "16", "48", "2048", "0x40", "+64", "64 ", "-32"}) {
        try {
            parse_bench_block_size(text);
            ADD_FAILURE() << "took '" << text << "'";
        } catch (const BenchSpecError& e) {
            EXPECT_EQ(std::string(e.what()),
                      "--block '" + printable(text) + "': expected a power of two from 32 to 1024");
        }
    }
    EXPECT_THROW(parse_bench_block_sizes("32,"), BenchSpecError);
}

TEST(BenchSizes, QuoteBadTextSafely) {
    try {
        parse_bench_sizes("2^\x1b");
        ADD_FAILURE();
    } catch (const BenchSpecError& e) {
        EXPECT_EQ(std::string(e.what()).find('\x1b'), std::string::npos) << e.what();
    }
    EXPECT_THROW(parse_bench_sizes("0x400"), BenchSpecError);
    EXPECT_THROW(parse_bench_sizes("2^-1"), BenchSpecError);
    EXPECT_THROW(parse_bench_sizes("2^64"), BenchSpecError);
}

} // namespace
} // namespace prefixlab
