#include "kernel_options.hpp"

#include "cli_errors.hpp"

#include <CLI/CLI.hpp>

namespace prefixlab {

namespace {

template <class Enum, class Parse>
Enum parse_or_throw(const std::string& option, const std::string& value, Parse parse, const std::string& hint) {
    const auto parsed = parse(value);
    if (!parsed)
        throw BadInput(option + ": unknown value '" + value + "' (" + hint + ")");
    return *parsed;
}

template <class Enum>
std::string choices(const std::vector<Enum>& values) {
    std::string text = "one of";
    for (std::size_t i = 0; i < values.size(); ++i)
        text += (i == 0 ? " " : ", ") + std::string(name_of(values[i]));
    return text;
}

} // namespace

void add_kernel_options(CLI::App& command, KernelOptions& o) {
    command.add_option("--algo", o.algorithm, "Algorithm (prefixlab trace --list shows them)")->capture_default_str();
    command.add_option("--n", o.n, "Number of elements, 1 up to the algorithm's per-block maximum")->capture_default_str();
    command.add_option("--input", o.input, "Input: ones, iota or random")->capture_default_str();
    command.add_option("--seed", o.seed, "Seed for --input random")->capture_default_str();
    command.add_option("--type", o.type, "Element type: int32, uint32 or float")->capture_default_str();
    command.add_option("--op", o.op, "Operator: add, max or min")->capture_default_str();
    command.add_flag("--exclusive", o.exclusive, "Exclusive scan (default: inclusive)");
    command.add_option("--block", o.block,
                       "Threads per block (default: the algorithm's minimum for N; extra threads only wait at barriers)");
}

CaptureRequest capture_request_from(const KernelOptions& o) {
    CaptureRequest r;
    r.algorithm = parse_or_throw<BlockAlgorithm>("--algo", o.algorithm, parse_block_algorithm,
                                                 "prefixlab trace --list shows the algorithms");
    r.n = o.n;
    r.input = parse_or_throw<InputKind>("--input", o.input, parse_input_kind, choices(all_input_kinds()));
    r.seed = o.seed;
    r.type = parse_or_throw<ElementType>("--type", o.type, parse_element_type, choices(all_element_types()));
    r.op = parse_or_throw<ScanOperator>("--op", o.op, parse_scan_operator, choices(all_scan_operators()));
    r.exclusive = o.exclusive;
    r.block_threads = o.block;
    return r;
}

} // namespace prefixlab
