// Formats a sorted list of thread indices compactly for error messages: "0-31, 40, 42-47".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace prefixlab {

std::string describe_thread_ranges(const std::vector<std::uint32_t>& sorted_threads);

} // namespace prefixlab
