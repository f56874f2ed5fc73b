#include "kernel_options.hpp"

#include "../block_limits.hpp"
#include "../util/parse_number.hpp"
#include "../util/printable.hpp"
#include "cli_errors.hpp"
#include "option_values.hpp"

#include <CLI/CLI.hpp>

#include <limits>

namespace prefixlab {

namespace {

// CUDA's limit on the threads of one block.
constexpr int kMaxBlockThreads = 1024;

template <class Enum, class Parse>
Enum parse_or_throw(const std::string& option, const std::string& value, Parse parse,
                    const std::string& hint) {
    const auto parsed = parse(value);
    if (!parsed)
        throw BadInput(option + ": unknown value '" + printable(value) + "' (" + hint + ")");
    return *parsed;
}

template <class Enum>
std::string choices(const std::vector<Enum>& values) {
    std::string text = "one of";
    for (std::size_t i = 0; i < values.size(); ++i)
        text += (i == 0 ? " " : ", ") + std::string(name_of(values[i]));
    return text;
}

// `why` follows the range in the message: it says whose range it is.
int whole_number_or_throw(const std::string& option, const std::string& text, int min, int max,
                          const std::string& why) {
    try {
        return static_cast<int>(
            parse_whole_number(text, static_cast<std::uint64_t>(min), static_cast<std::uint64_t>(max)));
    } catch (const NumberError& e) {
        throw BadInput(value_problem(option, text, e.what() + why));
    }
}

} // namespace

void add_kernel_options(CLI::App& command, KernelOptions& o) {
    command.add_option("--algo", o.algorithm, "Algorithm (prefixlab trace --list shows them)")
        ->capture_default_str();
    command.add_option("--n", o.n, "Number of elements, 1 up to the algorithm's per-block maximum")
        ->capture_default_str()
        ->type_name("INT");
    command.add_option("--input", o.input, "Input: ones, iota or random")->capture_default_str();
    add_whole_number_option(command, "--seed", o.seed, 0, std::numeric_limits<std::uint64_t>::max(),
                            "Seed for --input random, 0 to 2^64-1");
    command.add_option("--type", o.type, "Element type: int32, uint32 or float")->capture_default_str();
    command.add_option("--op", o.op, "Operator: add, max or min")->capture_default_str();
    command.add_flag("--exclusive", o.exclusive, "Exclusive scan (default: inclusive)");
    command
        .add_option_function<std::string>(
            "--block", [&o](const std::string& text) { o.block = text; },
            "Threads per block, from the algorithm's minimum for N (the default) to 1024; extra threads only "
            "wait at barriers")
        ->type_name("INT");
}

CaptureRequest capture_request_from(const KernelOptions& o) {
    CaptureRequest r;
    r.algorithm = parse_or_throw<BlockAlgorithm>("--algo", o.algorithm, parse_block_algorithm,
                                                 "prefixlab trace --list shows the algorithms");
    const std::string algorithm(name_of(r.algorithm));
    r.n = whole_number_or_throw("--n", o.n, 1, block_max_n(r.algorithm), " for " + algorithm);
    if (o.block) {
        const int minimum = block_min_threads(r.algorithm, static_cast<std::size_t>(r.n));
        r.block_threads = whole_number_or_throw("--block", *o.block, minimum, kMaxBlockThreads,
                                                " (" + algorithm + " needs " + std::to_string(minimum) +
                                                    " threads for N = " + std::to_string(r.n) + ")");
    }
    r.input = parse_or_throw<InputKind>("--input", o.input, parse_input_kind, choices(all_input_kinds()));
    r.seed = o.seed;
    r.type = parse_or_throw<ElementType>("--type", o.type, parse_element_type, choices(all_element_types()));
    r.op = parse_or_throw<ScanOperator>("--op", o.op, parse_scan_operator, choices(all_scan_operators()));
    r.exclusive = o.exclusive;
    return r;
}

} // namespace prefixlab
