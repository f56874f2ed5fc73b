// Turns the run-time choice (algorithm, element type, operator) into the compile-time types a kernel
// body is instantiated with; the algorithm goes through the kernel catalogue's dispatch_algorithm. Both
// the GPU launcher and the emulator dispatch through here, so both instantiate the same set of bodies.
#pragma once

#include "kernels/common/scan_operators.hpp"
#include "kernels/common/scan_types.hpp"
#include "kernels/kernel_catalog.hpp" // dispatch_algorithm

#include <cstdint>
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

// Calls f.template operator()<Op>() for the operator over the element type.
template <class F>
decltype(auto) dispatch_element(ElementType type, ScanOperator op, F&& f) {
    switch (type) {
    case ElementType::int32:
        return dispatch_operator<std::int32_t>(op, std::forward<F>(f));
    case ElementType::uint32:
        return dispatch_operator<std::uint32_t>(op, std::forward<F>(f));
    case ElementType::float32:
        break;
    }
    return dispatch_operator<float>(op, std::forward<F>(f));
}

} // namespace prefixlab
