#include "core/ground/reference_scan.hpp"

#include "kernels/block_dispatch.hpp"
#include "kernels/common/value_bits.hpp"

#include <limits>
#include <numeric>

namespace prefixlab {

std::vector<std::uint32_t> reference_scan(ElementType type, ScanOperator op, bool exclusive,
                                          const std::vector<std::uint32_t>& input) {
    std::vector<std::uint32_t> bits(input.size());
    reference_scan(type, op, exclusive, input.data(), bits.data(), input.size());
    return bits;
}

// Left to right, as std::inclusive_scan (the first output is the first element) and
// std::exclusive_scan (the first output is the identity) define them; reads input[i] before writing
// output[i].
void reference_scan(ElementType type, ScanOperator op, bool exclusive, const std::uint32_t* input,
                    std::uint32_t* output, std::size_t n) {
    dispatch_element(type, op, [&]<class Op>() {
        using T = typename Op::value_type;
        T running = Op::identity();
        for (std::size_t i = 0; i < n; ++i) {
            const T x = from_bits<T>(input[i]);
            if (exclusive) {
                output[i] = to_bits(running);
                running = Op::apply(running, x);
            } else {
                running = i == 0 ? x : Op::apply(running, x);
                output[i] = to_bits(running);
            }
        }
    });
}

double element_as_double(ElementType type, std::uint32_t bits) {
    return dispatch_value_type(type, [&]<class T>() { return static_cast<double>(from_bits<T>(bits)); });
}

std::vector<double> reference_scan_double(ElementType type, ScanOperator op, bool exclusive,
                                          const std::vector<std::uint32_t>& input) {
    const double identity = op == ScanOperator::add ? 0.0
                            : op == ScanOperator::max ? -std::numeric_limits<double>::infinity()
                                                      : std::numeric_limits<double>::infinity();
    const auto combine = [op](double a, double b) {
        switch (op) {
        case ScanOperator::add:
            return a + b;
        case ScanOperator::max:
            return a < b ? b : a;
        case ScanOperator::min:
            break;
        }
        return b < a ? b : a;
    };
    std::vector<double> result(input.size());
    double running = identity;
    for (std::size_t i = 0; i < input.size(); ++i) {
        const double x = element_as_double(type, input[i]);
        if (exclusive) {
            result[i] = running;
            running = combine(running, x);
        } else {
            running = combine(running, x);
            result[i] = running;
        }
    }
    return result;
}

} // namespace prefixlab
