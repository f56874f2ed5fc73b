#include "core/bench/cpu_reductions.hpp"

#include <algorithm>
#include <numeric>
#include <system_error>
#include <thread>
#include <vector>

namespace prefixlab {

std::uint32_t cpu_loop_reduce(const std::uint32_t* in, std::size_t n) {
    std::uint32_t total = 0;
    for (std::size_t i = 0; i < n; ++i)
        total += in[i];
    return total;
}

std::uint32_t cpu_std_reduce(const std::uint32_t* in, std::size_t n) { return std::reduce(in, in + n, std::uint32_t(0)); }

std::uint32_t cpu_threaded_reduce(const std::uint32_t* in, std::size_t n, int threads, std::size_t serial_below) {
    if (threads <= 1 || n < serial_below)
        return cpu_std_reduce(in, n);
    const auto parts = static_cast<std::size_t>(threads);
    const std::size_t chunk = (n + parts - 1) / parts;
    std::vector<std::uint32_t> totals(parts, 0);
    std::vector<std::thread> workers;
    workers.reserve(parts - 1);
    const auto sum_part = [&](std::size_t p) {
        const std::size_t begin = std::min(n, p * chunk), end = std::min(n, begin + chunk);
        totals[p] = cpu_std_reduce(in + begin, end - begin);
    };
    std::size_t started = 1;
    try {
        for (; started < parts; ++started)
            workers.emplace_back(sum_part, started);
    } catch (const std::system_error&) {
        // no more threads to be had: the caller sums the parts left (joined below either way)
    }
    for (std::size_t p = started; p < parts; ++p)
        sum_part(p);
    sum_part(0);
    for (std::thread& worker : workers)
        worker.join();
    return cpu_std_reduce(totals.data(), parts);
}

} // namespace prefixlab
