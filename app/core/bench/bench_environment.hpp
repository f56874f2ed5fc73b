// Where a benchmark ran: this machine's CPU, host name, the date and the command, so that a results
// file or a slide made from it says where its numbers came from. The GPU fields of
// BenchEnvironment are left empty here; the GPU side fills them when a device is used.
#pragma once

#include "core/bench/bench_results.hpp"

#include <chrono>
#include <iosfwd>
#include <string>

namespace prefixlab {

// cpu_model, cpu_threads, host, date (now, UTC), command and prefixlab_version of this machine and
// build; device, driver and cuda_runtime empty.
BenchEnvironment local_bench_environment(const std::string& command);

// The first "model name" of a /proc/cpuinfo text, trimmed; "unknown CPU" if there is none.
std::string cpu_model_from_cpuinfo(std::istream& cpuinfo);

// A time as ISO 8601 UTC to the second: "YYYY-MM-DDTHH:MM:SSZ".
std::string iso8601_utc(std::chrono::system_clock::time_point time);

} // namespace prefixlab
