#include "core/ground/input_generator.hpp"

#include "kernels/block_dispatch.hpp"
#include "kernels/common/segmented_pairs.hpp"
#include "kernels/common/value_bits.hpp"

#include <stdexcept>

namespace prefixlab {

namespace {

class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }

private:
    std::uint64_t state_;
};

std::uint32_t element_bits(ElementType type, double value) {
    return dispatch_value_type(type, [&]<class T>() { return to_bits(static_cast<T>(value)); });
}

double random_value(SplitMix64& rng, ElementType type, ScanOperator op) {
    if (type == ElementType::float32) {
        const double unit = static_cast<double>(rng.next() >> 40) / static_cast<double>(1ull << 24);
        return op == ScanOperator::add ? unit : unit * 100.0;
    }
    const std::uint64_t range = op == ScanOperator::add ? 10 : 100;
    return static_cast<double>(rng.next() % range);
}

} // namespace

std::vector<std::uint32_t> generate_input(InputKind kind, ElementType type, ScanOperator op, int n,
                                          std::uint64_t seed) {
    std::vector<std::uint32_t> input(n > 0 ? n : 0);
    SplitMix64 rng(seed);
    for (int i = 0; i < n; ++i) {
        switch (kind) {
        case InputKind::ones:
            input[i] = element_bits(type, 1.0);
            break;
        case InputKind::iota:
            input[i] = element_bits(type, static_cast<double>(i));
            break;
        case InputKind::random:
            input[i] = element_bits(type, random_value(rng, type, op));
            break;
        case InputKind::values:
            throw std::invalid_argument("a list of values is given, not generated (block_request reads it)");
        }
    }
    return input;
}

void add_segment_heads(std::vector<std::uint32_t>& values, std::uint64_t seed) {
    SplitMix64 rng(seed ^ 0x5e93e47a11ull); // not the values' own stream: heads and values independent
    for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = segment_pair(i == 0 || rng.next() % 5 == 0, values[i]);
}

} // namespace prefixlab
