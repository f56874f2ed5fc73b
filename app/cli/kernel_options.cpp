#include "cli/kernel_options.hpp"

#include "cli/option_values.hpp"
#include "core/entry/exit_status.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/util/parse_number.hpp"
#include "core/util/printable.hpp"

#include <CLI/CLI.hpp>
#include <limits>

namespace prefixlab {

namespace {

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

// The number typed for --n or --block, or `refused` for text that is no whole number (or one beyond
// an int): a value the setting does not allow, so that validate_scan_setup() refuses it with the
// setting's range, and every refusal of the option reads the same.
int whole_number_or(const std::string& text, int refused) {
    try {
        return static_cast<int>(parse_whole_number(text, 0, std::numeric_limits<int>::max()));
    } catch (const NumberError&) {
        return refused;
    }
}

// The setup's refusal worded for the option that set the value: "--n '0': expected a whole number
// from 1 to 1024 for hillis-steele", "--block '8': … (blelloch needs 16 threads for N = 32)".
BadInput option_problem(const ScanSetupError& e, const ScanSetup& s, const KernelOptions& o) {
    const std::string algorithm(name_of(s.algorithm));
    const WholeRange allowed = e.allowed();
    const std::string expected = "expected " + whole_number_range(static_cast<std::uint64_t>(allowed.min),
                                                                  static_cast<std::uint64_t>(allowed.max));
    if (e.setting() == ScanSetting::n)
        return BadInput(value_problem("--n", o.n, expected + " for " + algorithm));
    return BadInput(value_problem("--block", o.block.value_or(""),
                                  expected + " (" + algorithm + " needs " + std::to_string(allowed.min) +
                                      " threads for N = " + std::to_string(s.n) + ")"));
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

ScanSetup scan_setup_from(const KernelOptions& o) {
    ScanSetup s;
    s.algorithm = parse_or_throw<BlockAlgorithm>("--algo", o.algorithm, parse_block_algorithm,
                                                 "prefixlab trace --list shows the algorithms");
    s.n = whole_number_or(o.n, 0); // N starts at 1
    if (o.block) {
        // A setup's 0 asks for the minimum, as leaving --block out does; typed, it is a block too small.
        const int threads = whole_number_or(*o.block, -1);
        s.block_threads = threads == 0 ? -1 : threads;
    }
    // Checked before --input, --type and --op are read: of several mistakes, the one named is the one
    // always named (the options are read in the order --algo, --n, --block, --input, --type, --op).
    try {
        validate_scan_setup(s);
    } catch (const ScanSetupError& e) {
        throw option_problem(e, s, o);
    }
    s.input = parse_or_throw<InputKind>("--input", o.input, parse_input_kind, choices(all_input_kinds()));
    s.seed = o.seed;
    s.type = parse_or_throw<ElementType>("--type", o.type, parse_element_type, choices(all_element_types()));
    s.op = parse_or_throw<ScanOperator>("--op", o.op, parse_scan_operator, choices(all_scan_operators()));
    if (o.exclusive && !has_exclusive_form(s.algorithm))
        throw BadInput("--exclusive: " + std::string(name_of(s.algorithm)) + " has none. " +
                       std::string(no_exclusive_form_reason(s.algorithm)));
    s.exclusive = o.exclusive;
    return s;
}

} // namespace prefixlab
