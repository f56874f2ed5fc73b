#include "core/emulator/thread_ranges.hpp"

namespace prefixlab {

std::string describe_thread_ranges(const std::vector<std::uint32_t>& sorted_threads) {
    std::string text;
    for (std::size_t i = 0; i < sorted_threads.size();) {
        std::size_t j = i;
        while (j + 1 < sorted_threads.size() && sorted_threads[j + 1] == sorted_threads[j] + 1)
            ++j;
        if (!text.empty())
            text += ", ";
        text += std::to_string(sorted_threads[i]);
        if (j > i)
            text += "-" + std::to_string(sorted_threads[j]);
        i = j + 1;
    }
    return text;
}

} // namespace prefixlab
