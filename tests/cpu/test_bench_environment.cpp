// The benchmark environment of this machine: CPU model parsed from /proc/cpuinfo text, host, thread
// count, an ISO 8601 UTC date of now, and the build's version; GPU fields left to the GPU side.
#include "core/bench/bench_environment.hpp"

#include <ctime>
#include <gtest/gtest.h>
#include <regex>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace prefixlab::test {
namespace {

TEST(BenchEnvironment, CpuModelFromCpuinfoText) {
    std::istringstream x86("processor\t: 0\nvendor_id\t: GenuineIntel\nmodel\t\t: 85\n"
                           "model name\t: Intel(R) Xeon(R) Processor @ 2.80GHz  \nflags\t\t: fpu\n\n"
                           "processor\t: 1\nmodel name\t: Another CPU\n");
    EXPECT_EQ(cpu_model_from_cpuinfo(x86), "Intel(R) Xeon(R) Processor @ 2.80GHz");
    std::istringstream arm("processor\t: 0\nBogoMIPS\t: 50.00\nCPU implementer\t: 0x41\n");
    EXPECT_EQ(cpu_model_from_cpuinfo(arm), "unknown CPU");
    std::istringstream blank("model name\t:   \n");
    EXPECT_EQ(cpu_model_from_cpuinfo(blank), "unknown CPU");
}

TEST(BenchEnvironment, Iso8601Utc) {
    using std::chrono::system_clock;
    EXPECT_EQ(iso8601_utc(system_clock::from_time_t(0)), "1970-01-01T00:00:00Z");
    // 2026-11-22 14:03:11 UTC: 20 779 days after the epoch, plus 14 h 3 min 11 s.
    const std::time_t seconds = 20779LL * 86400 + 14 * 3600 + 3 * 60 + 11;
    EXPECT_EQ(iso8601_utc(system_clock::from_time_t(seconds)), "2026-11-22T14:03:11Z");
}

TEST(BenchEnvironment, LocalMachine) {
    const auto before = std::chrono::system_clock::now();
    const BenchEnvironment e = local_bench_environment("prefixlab bench --out r.json");
    const auto after = std::chrono::system_clock::now();

    EXPECT_EQ(e.command, "prefixlab bench --out r.json");
    EXPECT_FALSE(e.cpu_model.empty());
    EXPECT_EQ(e.cpu_threads, static_cast<int>(std::thread::hardware_concurrency()));
    char host[256] = {};
    ASSERT_EQ(::gethostname(host, sizeof host - 1), 0);
    EXPECT_EQ(e.host, host);
    EXPECT_TRUE(std::regex_match(e.prefixlab_version, std::regex(R"(\d+\.\d+\.\d+([+-][0-9A-Za-z.+-]+)?)"))) << e.prefixlab_version;

    // The date is now, to the second: between the clock before and after, truncated to seconds.
    const auto truncated = [](std::chrono::system_clock::time_point t) {
        return std::chrono::system_clock::from_time_t(std::chrono::system_clock::to_time_t(t));
    };
    EXPECT_TRUE(e.date == iso8601_utc(truncated(before)) || e.date == iso8601_utc(truncated(after)))
        << e.date;
    EXPECT_TRUE(std::regex_match(e.date, std::regex(R"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)"))) << e.date;

    // The GPU side fills these.
    EXPECT_EQ(e.device, "");
    EXPECT_EQ(e.driver, "");
    EXPECT_EQ(e.cuda_runtime, "");
}

} // namespace
} // namespace prefixlab::test
