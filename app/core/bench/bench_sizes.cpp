#include "bench_sizes.hpp"

#include <algorithm>
#include <charconv>

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
        return BenchSpecError(option + ": cannot read '" + std::string(text) + "' in '" + std::string(whole) +
                              "' (write sizes as 1000, 2^20 or ranges like 2^10..2^28)");
    };
    text = trim(text);
    std::uint64_t value = 0;
    if (text.starts_with("2^")) {
        unsigned exponent = 0;
        const auto [end, error] = std::from_chars(text.data() + 2, text.data() + text.size(), exponent);
        if (error != std::errc() || end != text.data() + text.size() || text.size() == 2)
            throw fail();
        if (exponent > 40)
            throw BenchSpecError(option + ": 2^" + std::to_string(exponent) + " is out of range (1.." +
                                 format_size(kMaxBenchN) + ")");
        value = std::uint64_t(1) << exponent;
    } else {
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (error != std::errc() || end != text.data() + text.size() || text.empty())
            throw fail();
    }
    if (value < 1 || value > kMaxBenchN)
        throw BenchSpecError(option + ": " + std::string(text) + " is out of range (1.." + format_size(kMaxBenchN) + ")");
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
            throw BenchSpecError(option + ": empty size in '" + std::string(text) + "'");
        const std::size_t dots = item.find("..");
        if (dots == std::string_view::npos) {
            sizes.push_back(parse_number(item, text, option));
        } else {
            const std::uint64_t first = parse_number(item.substr(0, dots), text, option);
            const std::uint64_t last = parse_number(item.substr(dots + 2), text, option);
            if (last < first)
                throw BenchSpecError(option + ": the range '" + std::string(item) + "' runs backwards");
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
