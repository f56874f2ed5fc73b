#include "core/bench/cpu_sort.hpp"

#include <algorithm>
#include <thread>

namespace prefixlab {

void sort_on_every_core(std::vector<std::uint32_t>& keys) {
    const std::size_t parts = std::max(1u, std::thread::hardware_concurrency());
    std::vector<std::size_t> bounds;
    for (std::size_t p = 0; p <= parts; ++p)
        bounds.push_back(keys.size() * p / parts);
    const auto at = [&keys](std::size_t i) { return keys.begin() + std::ptrdiff_t(i); };
    std::vector<std::thread> threads;
    for (std::size_t p = 0; p < parts; ++p)
        threads.emplace_back([&, p] { std::sort(at(bounds[p]), at(bounds[p + 1])); });
    for (std::thread& t : threads)
        t.join();
    for (std::size_t width = 1; width < parts; width *= 2) {
        threads.clear();
        for (std::size_t p = 0; p + width < parts; p += 2 * width) {
            const std::size_t first = bounds[p], middle = bounds[p + width], last = bounds[std::min(p + 2 * width, parts)];
            threads.emplace_back([&, first, middle, last] { std::inplace_merge(at(first), at(middle), at(last)); });
        }
        for (std::thread& t : threads)
            t.join();
    }
}

} // namespace prefixlab
