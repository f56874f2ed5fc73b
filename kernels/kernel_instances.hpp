// What each kernel of the catalogue is compiled for: the instantiation list. The GPU units
// (kernels/gpu/gpu_block_scan_kernel.cu.in), the emulator (app/core/emulator/emulate_block_scan.cpp) and
// the PTX check (tests/ptx/) instantiate a kernel body exactly for the element types and operators
// listed here, and the GPU units its traced form only where the app can trace it on the GPU: nothing the
// app cannot launch is compiled (docs/build-time.md). tests/cpu/test_kernel_catalog.cpp checks that every
// setup the command line and the GUI offer reaches an instance, and that every instance is reached.
//
//   element types   all three (int32, uint32, float), for every kernel but a segmented scan: uint32 alone (its
//                   words are (head flag, value) pairs, kernels/common/segmented_pairs.hpp)
//   operators       add, max and min, but a compaction, a split or a sort counts its flags with + whatever
//                   the operator (compact_split.cuh, radix_sort_bits.cuh), so AddOp alone serves every
//                   operator asked for
//   traced on GPU   every kernel but the quiz's wrong fragments (kDivergentSync): those may hang, so they
//                   run on a GPU only untraced, in a child process (app/core/quiz/quiz_gpu_run.hpp)
#pragma once

#include "kernels/block_dispatch.hpp"
#include "kernels/kernel_catalog.hpp"

#include <stdexcept>
#include <string>
#include <utility>

namespace prefixlab {

// Whether the operator changes what the kernel computes.
template <class Kernel>
constexpr bool operator_matters() {
    return Kernel::kFamily != KernelFamily::compaction && Kernel::kFamily != KernelFamily::sort;
}

// Whether the kernel is compiled for the element type.
template <class Kernel>
constexpr bool type_instantiated(ElementType type) {
    return Kernel::kKind != KernelKind::segmented_scan || type == ElementType::uint32;
}

// Whether the kernel has a traced GPU instantiation.
template <class Kernel>
constexpr bool traced_on_gpu() {
    return !has_divergent_sync<Kernel>();
}

// The operator a run asked for `op` is compiled with.
template <class Kernel>
constexpr ScanOperator instantiated_operator(ScanOperator op) {
    return operator_matters<Kernel>() ? op : ScanOperator::add;
}

// Calls f.template operator()<Op>() with the kernel's instance for the element type and operator: the
// one dispatch of every launcher and of the emulator, so that all compile the same list.
// A type the kernel is not compiled for (type_instantiated) throws std::invalid_argument: the front ends offer
// only its own (app/core/ground/kernel_facts.hpp, fixed_element_type).
template <class Kernel, class F>
decltype(auto) dispatch_instance(ElementType type, ScanOperator op, F&& f) {
    if constexpr (Kernel::kKind == KernelKind::segmented_scan) {
        if (type != ElementType::uint32)
            throw std::invalid_argument(std::string(Kernel::kName) + " takes uint32 elements (a pair's head flag is "
                                                                      "the word's top bit)");
        return dispatch_operator<std::uint32_t>(op, std::forward<F>(f));
    } else if constexpr (operator_matters<Kernel>())
        return dispatch_element(type, op, std::forward<F>(f));
    else
        return dispatch_value_type(type, [&]<class T>() -> decltype(auto) { return f.template operator()<AddOp<T>>(); });
}

// Calls f.template operator()<Op>() once for every instance of the kernel.
template <class Kernel, class F>
void for_each_instance(F&& f) {
    for (ElementType type : {ElementType::int32, ElementType::uint32, ElementType::float32})
        for (ScanOperator op : {ScanOperator::add, ScanOperator::max, ScanOperator::min})
            if (op == instantiated_operator<Kernel>(op) && type_instantiated<Kernel>(type))
                dispatch_instance<Kernel>(type, op, f);
}

} // namespace prefixlab
