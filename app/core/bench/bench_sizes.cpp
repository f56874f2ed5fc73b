#include "core/bench/bench_sizes.hpp"

#include "core/util/parse_number.hpp"
#include "core/util/printable.hpp"
#include "kernels/common/cuda_limits.hpp"

#include <algorithm>
#include <limits>

namespace prefixlab {

namespace {

std::string_view trim(std::string_view text) {
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ')
        text.remove_suffix(1);
    return text;
}

std::uint64_t parse_number(std::string_view text, std::string_view whole, const std::string& option) {
    const auto fail = [&] {
        return BenchSpecError(option + ": cannot read '" + printable(text) + "' in '" + printable(whole) +
                              "' (write sizes as 1000, 2^20 or ranges like 2^10..2^28)");
    };
    text = trim(text);
    const bool power = text.starts_with("2^");
    std::uint64_t value = 0;
    try {
        const std::uint64_t number =
            parse_whole_number(power ? text.substr(2) : text, 0, std::numeric_limits<std::uint64_t>::max());
        value = !power ? number : number < 64 ? std::uint64_t(1) << number : 0; // 0: out of range, below
    } catch (const NumberError&) {
        throw fail();
    }
    if (value < 1 || value > kMaxBenchN)
        throw BenchSpecError(option + ": " + printable(text) + " is out of range (1.." +
                             format_size(kMaxBenchN) + ")");
    return value;
}

} // namespace

std::vector<std::uint64_t> parse_bench_sizes(std::string_view text, std::string_view option_name) {
    const std::string option(option_name);
    std::vector<std::uint64_t> sizes;
    std::string_view rest = text;
    while (true) {
        const std::size_t comma = rest.find(',');
        const std::string_view item = trim(rest.substr(0, comma));
        if (item.empty())
            throw BenchSpecError(option + ": empty size in '" + printable(text) + "'");
        const std::size_t dots = item.find("..");
        if (dots == std::string_view::npos) {
            sizes.push_back(parse_number(item, text, option));
        } else {
            const std::uint64_t first = parse_number(item.substr(0, dots), text, option);
            const std::uint64_t last = parse_number(item.substr(dots + 2), text, option);
            if (last < first)
                throw BenchSpecError(option + ": the range '" + printable(item) + "' runs backwards");
            for (std::uint64_t n = first; n <= last; n *= 2)
                sizes.push_back(n);
        }
        if (comma == std::string_view::npos)
            break;
        rest = rest.substr(comma + 1);
    }
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    return sizes;
}

// kBenchBlockSizes says "to 1024" in words, for messages that are compile-time text.
static_assert(kMinBenchBlockThreads == 32 && kMaxBlockThreads == 1024, "kBenchBlockSizes names the range");

bool is_bench_block_size(std::int64_t threads) {
    return threads >= kMinBenchBlockThreads && threads <= kMaxBlockThreads && (threads & (threads - 1)) == 0;
}

static_assert(kMinBenchBlockThreads << (kBenchBlockSizeCount - 1) == kMaxBlockThreads, "one size per power of two");

std::array<int, kBenchBlockSizeCount> bench_block_sizes() {
    std::array<int, kBenchBlockSizeCount> sizes{};
    for (int i = 0; i < kBenchBlockSizeCount; ++i)
        sizes[i] = kMinBenchBlockThreads << i;
    return sizes;
}

int parse_bench_block_size(std::string_view text, std::string_view option) {
    const auto fail = [&] {
        return BenchSpecError(value_problem(option, text, "expected " + std::string(kBenchBlockSizes)));
    };
    try {
        const auto threads = static_cast<std::int64_t>(parse_whole_number(text, kMinBenchBlockThreads, kMaxBlockThreads));
        if (is_bench_block_size(threads))
            return static_cast<int>(threads);
    } catch (const NumberError&) {
    }
    throw fail();
}

std::vector<int> parse_bench_block_sizes(std::string_view text, std::string_view option) {
    std::vector<int> sizes;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        sizes.push_back(parse_bench_block_size(text.substr(start, comma - start), option));
        start = comma + 1;
    }
    return sizes;
}

std::string format_size(std::uint64_t n) {
    if (n >= 16 && (n & (n - 1)) == 0) {
        int exponent = 0;
        while ((std::uint64_t(1) << exponent) != n)
            ++exponent;
        return "2^" + std::to_string(exponent);
    }
    return std::to_string(n);
}

} // namespace prefixlab
