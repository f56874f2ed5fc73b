// Fuzz target: array sizes as people write them (`--n`, `--block-n`, the script's `bench n=`), parsed
// by parse_bench_sizes and written back with format_size for legends and messages.
//
// Expected: the parser's one-line BenchSpecError. A crash, a sanitizer report, another exception, or
// a result that breaks the documented contract (sorted, no duplicates, each in 1..kMaxBenchN) is a
// finding.
#include "core/bench/bench_sizes.hpp"

#include <cstdint>
#include <cstdlib>
#include <string_view>

using namespace prefixlab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::uint64_t> sizes;
    try {
        sizes = parse_bench_sizes(std::string_view(reinterpret_cast<const char*>(data), size));
    } catch (const BenchSpecError&) {
        return 0;
    }
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        if (sizes[i] < 1 || sizes[i] > kMaxBenchN || (i > 0 && sizes[i - 1] >= sizes[i]))
            std::abort();
        format_size(sizes[i]);
    }
    return 0;
}
