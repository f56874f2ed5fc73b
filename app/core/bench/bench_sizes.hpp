// Array sizes as people write them: "2^20", "1000", "2^10..2^28" (every power of two in between;
// from a non-power a..b doubles from a), lists joined by commas. And the inverse, for messages,
// legends and tick labels: powers of two as "2^k", other sizes in digits. Also the block sizes a
// sweep takes ("32,64,1024").
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace prefixlab {

// The largest N a benchmark accepts: 2^34 uint32 (64 GiB an array). Sizes beyond a machine's
// memory are skipped with a message at run time.
inline constexpr std::uint64_t kMaxBenchN = std::uint64_t(1) << 34;

// The block sizes a benchmark sweeps: the multi-block scans tile by whole warps, and a power of
// two keeps their tiles powers of two.
inline constexpr const char* kBenchBlockSizes = "a power of two from 32 to 1024";
inline constexpr int kMinBenchBlockThreads = 32; // one warp
bool is_bench_block_size(std::int64_t threads);
// Every size is_bench_block_size() accepts, smallest first (the GUI's block checkboxes).
inline constexpr int kBenchBlockSizeCount = 6; // 32, 64, …, 1024
std::array<int, kBenchBlockSizeCount> bench_block_sizes();

class BenchSpecError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// Sorted, without duplicates. Throws BenchSpecError naming the bad part and the accepted forms.
// `option` names the command-line option in messages. Numbers are read by parse_whole_number
// (util/parse_number.hpp): decimal digits only; spaces around a size are allowed.
std::vector<std::uint64_t> parse_bench_sizes(std::string_view text, std::string_view option = "--n");

// One block size ("256"), or a comma-separated list of them ("32,64,128"), as parse_whole_number
// reads numbers; throws BenchSpecError quoting the bad item: "--block '48': expected a power of two
// from 32 to 1024".
int parse_bench_block_size(std::string_view text, std::string_view option = "--block");
std::vector<int> parse_bench_block_sizes(std::string_view text, std::string_view option = "--block");

// "2^20" for powers of two from 2^4, otherwise the number: "1000", "3".
std::string format_size(std::uint64_t n);

} // namespace prefixlab
