// This machine's benchmark environment (bench_environment.hpp), read from /proc/cpuinfo, the C
// library and the build.
#include "core/bench/bench_environment.hpp"

#include "core/util/build_info.hpp"

#include <ctime>
#include <fstream>
#include <string>
#include <thread>
#include <unistd.h>

namespace prefixlab {

namespace {

constexpr const char* kUnknownCpu = "unknown CPU";

std::string trimmed(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos)
        return "";
    return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

std::string host_name() {
    char name[256] = {};
    // gethostname may leave a truncated name unterminated: the last byte stays 0.
    if (::gethostname(name, sizeof name - 1) != 0 || name[0] == '\0')
        return "unknown host";
    return name;
}

} // namespace

std::string cpu_model_from_cpuinfo(std::istream& cpuinfo) {
    // x86 lists "model name\t: Intel(R) Xeon(R) …" once per hardware thread; the first will do.
    std::string line;
    while (std::getline(cpuinfo, line)) {
        const auto colon = line.find(':');
        if (colon == std::string::npos || trimmed(line.substr(0, colon)) != "model name")
            continue;
        const std::string model = trimmed(line.substr(colon + 1));
        if (!model.empty())
            return model;
    }
    return kUnknownCpu;
}

std::string iso8601_utc(std::chrono::system_clock::time_point time) {
    const std::time_t seconds = std::chrono::system_clock::to_time_t(time);
    std::tm utc{};
    if (::gmtime_r(&seconds, &utc) == nullptr)
        return "";
    char text[32];
    const std::size_t length = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return std::string(text, length);
}

BenchEnvironment local_bench_environment(const std::string& command) {
    BenchEnvironment environment;
    std::ifstream cpuinfo("/proc/cpuinfo");
    environment.cpu_model = cpuinfo ? cpu_model_from_cpuinfo(cpuinfo) : kUnknownCpu;
    environment.cpu_threads = static_cast<int>(std::thread::hardware_concurrency());
    environment.host = host_name();
    environment.date = iso8601_utc(std::chrono::system_clock::now());
    environment.command = command;
    environment.prefixlab_version = std::string(prefixlab_version());
    return environment;
}

} // namespace prefixlab
