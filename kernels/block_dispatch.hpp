// Turns the run-time choice (algorithm, element type, operator) into the compile-time types a kernel
// body is instantiated with; the algorithm goes through the kernel catalogue's dispatch_algorithm. Both
// the GPU launcher and the emulator dispatch through here, so both instantiate the same set of bodies.
#pragma once

#include "kernels/common/scan_operators.hpp"
#include "kernels/common/scan_types.hpp"
#include "kernels/kernel_catalog.hpp" // dispatch_algorithm

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

namespace prefixlab {

// Calls f.template operator()<Op>() for the operator over element type T.
template <class T, class F>
decltype(auto) dispatch_operator(ScanOperator op, F&& f) {
    switch (op) {
    case ScanOperator::add:
        return std::forward<F>(f).template operator()<AddOp<T>>();
    case ScanOperator::max:
        return std::forward<F>(f).template operator()<MaxOp<T>>();
    case ScanOperator::min:
        break;
    }
    return std::forward<F>(f).template operator()<MinOp<T>>();
}

// Calls f.template operator()<T>() for the element type's C++ type.
template <class F>
decltype(auto) dispatch_value_type(ElementType type, F&& f) {
    switch (type) {
    case ElementType::int32:
        return std::forward<F>(f).template operator()<std::int32_t>();
    case ElementType::uint32:
        return std::forward<F>(f).template operator()<std::uint32_t>();
    case ElementType::float32:
        break;
    }
    return std::forward<F>(f).template operator()<float>();
}

// Calls f.template operator()<Op>() for the operator over the element type.
template <class F>
decltype(auto) dispatch_element(ElementType type, ScanOperator op, F&& f) {
    return dispatch_value_type(type, [&]<class T>() -> decltype(auto) { return dispatch_operator<T>(op, f); });
}

// Calls f.template operator()<Body>() with the block reduction `algorithm` names; throws
// std::invalid_argument for a kernel of the catalogue that is no reduction. The one dispatch of the
// emulator's, the GPU's and the benchmark's entry points.
template <class Result, class F>
Result dispatch_block_reduction(BlockAlgorithm algorithm, F&& f) {
    return dispatch_algorithm(algorithm, [&]<class Body>() -> Result {
        if constexpr (Body::kKind != KernelKind::block_reduce)
            throw std::invalid_argument(std::string(Body::kName) + " is not a block reduction");
        else
            return f.template operator()<Body>();
    });
}

} // namespace prefixlab
