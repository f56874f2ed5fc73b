#include "core/bench/cold_cpu_arrays.hpp"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <string>
#include <unistd.h>

namespace prefixlab {

namespace {

constexpr std::size_t kMiB = std::size_t(1) << 20;

// sysfs writes cache sizes as "32768K" or "32M".
std::size_t parse_cache_size(const std::string& text) {
    std::size_t value = 0, i = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9')
        value = value * 10 + std::size_t(text[i++] - '0');
    if (i < text.size() && text[i] == 'K')
        value *= 1024;
    else if (i < text.size() && text[i] == 'M')
        value *= kMiB;
    return value;
}

std::size_t read_last_level_cache_bytes() {
    std::size_t largest = 0;
    for (int index = 0; index < 8; ++index) {
        std::ifstream file("/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index) + "/size");
        std::string text;
        if (file >> text)
            largest = std::max(largest, parse_cache_size(text));
    }
#ifdef _SC_LEVEL3_CACHE_SIZE
    if (largest == 0) {
        const long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
        largest = l3 > 0 ? std::size_t(l3) : 0;
    }
#endif
    if (largest == 0)
        largest = 32 * kMiB;
    return std::min(largest, 256 * kMiB);
}

} // namespace

std::size_t last_level_cache_bytes() {
    static const std::size_t bytes = read_last_level_cache_bytes(); // sysfs is read once
    return bytes;
}

std::size_t cold_copy_count(std::size_t n, std::size_t uses, std::size_t cache_bytes) {
    const std::size_t bytes = std::max<std::size_t>(n, 1) * sizeof(std::uint32_t);
    const std::size_t to_cover = 2 * cache_bytes / bytes; // copies spanning twice the cache
    return std::clamp<std::size_t>(to_cover, 1, std::max<std::size_t>(uses, 1));
}

bool ColdCpuArrays::prepare(const std::vector<std::uint32_t>& input, std::size_t uses) {
    original_ = input.data();
    n_ = input.size();
    copies_ = cold_copy_count(n_, uses, cache_bytes_);
    // clear() keeps the capacity, so after the first few points nothing is allocated again.
    inputs_.clear();
    if (copies_ > 1) {
        inputs_.resize(copies_ * n_);
        for (std::size_t c = 0; c < copies_; ++c)
            std::copy(input.begin(), input.end(), inputs_.begin() + std::ptrdiff_t(c * n_));
    }
    outputs_.clear();
    outputs_.resize(copies_ * n_);
    return n_ * sizeof(std::uint32_t) < 2 * cache_bytes_;
}

void CacheEvictor::evict() {
    // Different bytes each time, so the writes cannot be elided.
    if (!buffer_.empty())
        std::memset(buffer_.data(), buffer_[0] + 1, buffer_.size());
}

} // namespace prefixlab
