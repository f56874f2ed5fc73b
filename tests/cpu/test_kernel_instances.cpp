// The instantiation list (kernels/kernel_instances.hpp): every setup the command line and the GUI offer a
// kernel (each element type and operator they accept) reaches an instance of it, every instance that is
// compiled is reached by one, and where one instance serves several operators (a compaction or split:
// AddOp for max and min too) the operator changes nothing the kernel computes. None of these tests names
// a kernel: a new catalogue entry is checked by them as it is.
#include "core/ground/kernel_facts.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/ground/output_check.hpp"
#include "kernels/kernel_instances.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace prefixlab::test {
namespace {

using Instance = std::pair<ElementType, ScanOperator>;

template <class Op>
Instance instance_of() {
    using T = typename Op::value_type;
    const ElementType type = std::is_same_v<T, std::int32_t>    ? ElementType::int32
                             : std::is_same_v<T, std::uint32_t> ? ElementType::uint32
                                                                : ElementType::float32;
    return {type, Op::kind};
}

std::string describe_instance(const Instance& instance) {
    return std::string(name_of(instance.first)) + " " + std::string(name_of(instance.second));
}

TEST(KernelInstances, EveryOfferedSetupReachesAnInstanceAndEveryInstanceIsReached) {
    for_each_block_kernel([]<class Kernel>() {
        std::set<Instance> compiled;
        for_each_instance<Kernel>([&]<class Op>() {
            EXPECT_TRUE(compiled.insert(instance_of<Op>()).second)
                << Kernel::kName << ": " << describe_instance(instance_of<Op>()) << " listed twice";
        });
        std::set<Instance> reached;
        const std::optional<ElementType> fixed = fixed_element_type(block_algorithm_of<Kernel>);
        for (ElementType type : all_element_types())
            for (ScanOperator op : all_scan_operators()) {
                if (fixed && type != *fixed) { // offered none but its own type: refused, not compiled
                    EXPECT_THROW((void)dispatch_instance<Kernel>(type, op, []<class Op>() { return instance_of<Op>(); }),
                                 std::invalid_argument)
                        << Kernel::kName << " " << name_of(type);
                    continue;
                }
                const Instance instance =
                    dispatch_instance<Kernel>(type, op, []<class Op>() { return instance_of<Op>(); });
                EXPECT_TRUE(compiled.contains(instance)) << Kernel::kName << ": " << describe_instance(instance);
                EXPECT_EQ(instance.first, type) << Kernel::kName;
                // The operator asked for, or add where the kernel's output does not depend on it.
                EXPECT_EQ(instance.second, operator_matters<Kernel>() ? op : ScanOperator::add)
                    << Kernel::kName << " asked for " << name_of(op);
                reached.insert(instance);
            }
        EXPECT_EQ(reached, compiled) << Kernel::kName << ": an instance that no setup reaches is compiled for nothing";
    });
}

// Only kernels that count (compaction, split, sort) share an instance among operators, and for them the
// operator asked for changes no output: the emulator's run with max or min equals the run with add, and
// both are right.
TEST(KernelInstances, AnOperatorThatSharesAnInstanceChangesNoOutput) {
    int shared = 0;
    for (BlockAlgorithm algorithm : all_block_algorithms()) {
        const bool matters = dispatch_algorithm(algorithm, []<class Kernel>() { return operator_matters<Kernel>(); });
        EXPECT_EQ(matters, family_of(algorithm) != KernelFamily::compaction && family_of(algorithm) != KernelFamily::sort)
            << name_of(algorithm);
        if (matters)
            continue;
        ++shared;
        for (ElementType type : all_element_types())
            for (int n : {1, 33, 1000}) {
                std::vector<std::vector<std::uint32_t>> outputs;
                // One input for every operator (the generator picks its values by operator).
                BlockRequest request = make_request(algorithm, n, InputKind::random, 5, type);
                for (ScanOperator op : all_scan_operators()) {
                    request.op = op;
                    const RawTrace trace = emulate_block_scan(request);
                    const OutputCheck check =
                        check_kernel_output(kind_of(algorithm), type, op, false, request.input, trace.output,
                                            KeepPredicate{});
                    EXPECT_EQ(check.wrong_count, 0u) << name_of(algorithm) << " " << name_of(op) << " n=" << n;
                    outputs.push_back(trace.output);
                }
                EXPECT_EQ(outputs[1], outputs[0]) << name_of(algorithm) << " max n=" << n;
                EXPECT_EQ(outputs[2], outputs[0]) << name_of(algorithm) << " min n=" << n;
            }
    }
    EXPECT_GT(shared, 0) << "no kernel shares an instance: the test checks nothing";
}

// A traced GPU instance is compiled for every kernel but the quiz's wrong fragments, which run on a GPU
// untraced and only in a child process.
TEST(KernelInstances, EveryKernelButTheWrongFragmentsIsTracedOnTheGpu) {
    for (BlockAlgorithm algorithm : all_block_algorithms()) {
        const bool traced = dispatch_algorithm(algorithm, []<class Kernel>() { return traced_on_gpu<Kernel>(); });
        EXPECT_EQ(traced, !has_divergent_sync(algorithm)) << name_of(algorithm);
    }
}

} // namespace
} // namespace prefixlab::test
