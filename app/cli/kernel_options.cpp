#include "cli/kernel_options.hpp"

#include "cli/option_values.hpp"
#include "core/entry/exit_status.hpp"
#include "core/ground/input_values.hpp"
#include "core/ground/keep_names.hpp"
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
    if (e.setting() == ScanSetting::n && !o.n) // N is the list's count
        return BadInput("--input: " + std::to_string(s.n) + " values; " + algorithm + " takes " +
                        whole_number_range(static_cast<std::uint64_t>(allowed.min),
                                           static_cast<std::uint64_t>(allowed.max)));
    if (e.setting() == ScanSetting::n)
        return BadInput(value_problem("--n", *o.n, expected + " for " + algorithm));
    if (e.setting() == ScanSetting::values)
        return BadInput(std::string("--input values: ") + e.what());
    if (e.setting() == ScanSetting::type)
        return BadInput(std::string("--type: ") + e.what());
    return BadInput(value_problem("--block", o.block.value_or(""),
                                  expected + " (" + algorithm + " needs " + std::to_string(allowed.min) +
                                      " threads for N = " + std::to_string(s.n) + ")"));
}

} // namespace

void add_kernel_options(CLI::App& command, KernelOptions& o) {
    command.add_option("--algo", o.algorithm, "Algorithm (prefixlab trace --list shows them)")
        ->capture_default_str();
    command
        .add_option_function<std::string>(
            "--n", [&o](const std::string& text) { o.n = text; },
            "Number of elements, 1 up to the algorithm's per-block maximum (default 32; with --input values:…, "
            "the list's count)")
        ->type_name("INT");
    command
        .add_option("--input", o.input,
                    "Input: ones, iota, random, or values:10,0,3,9,2,0,1,2 (the elements themselves, of --type)")
        ->capture_default_str();
    command
        .add_option_function<std::string>(
            "--keep", [&o](const std::string& text) { o.keep = text; },
            "Compaction and split: the elements kept, nonzero, odd (the default), even, less-than:K or "
            "greater-than:K")
        ->type_name("PRED");
    add_whole_number_option(command, "--seed", o.seed, 0, std::numeric_limits<std::uint64_t>::max(),
                            "Seed for --input random, 0 to 2^64-1");
    command
        .add_option_function<std::string>(
            "--type", [&o](const std::string& text) { o.type = text; },
            "Element type: int32 (the default), uint32 or float; a segmented scan takes uint32 only")
        ->type_name("TYPE");
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
    constexpr std::string_view kValues = "values:";
    const bool listed = o.input.starts_with(kValues);
    const std::string list = listed ? o.input.substr(kValues.size()) : "";
    if (listed && o.n && whole_number_or(*o.n, 0) != static_cast<int>(input_value_count(list)))
        throw BadInput(value_problem("--n", *o.n,
                                     "the list in --input has " + std::to_string(input_value_count(list)) +
                                         " values (leave --n out: N is their count)"));
    s.n = listed ? static_cast<int>(std::min<std::size_t>(input_value_count(list), kMaxInputValues + 1))
                 : whole_number_or(o.n.value_or("32"), 0); // N starts at 1
    if (o.block) {
        // A setup's 0 asks for the minimum, as leaving --block out does; typed, it is a block too small.
        const int threads = whole_number_or(*o.block, -1);
        s.block_threads = threads == 0 ? -1 : threads;
    }
    const std::optional<ElementType> fixed_type = fixed_element_type(s.algorithm);
    if (fixed_type)
        s.type = *fixed_type; // --type, read below, may still name another, which is refused then
    // Checked before --input, --type and --op are read: of several mistakes, the one named is the one
    // always named (the options are read in the order --algo, --n, --block, --input, --type, --op).
    try {
        validate_scan_setup(s);
    } catch (const ScanSetupError& e) {
        throw option_problem(e, s, o);
    }
    s.input = listed ? InputKind::values
                     : parse_or_throw<InputKind>("--input", o.input, parse_generated_input_kind,
                                                 "one of ones, iota, random or values:10,0,3");
    s.values = list;
    s.seed = o.seed;
    if (o.type)
        s.type = parse_or_throw<ElementType>("--type", *o.type, parse_element_type, choices(all_element_types()));
    s.op = parse_or_throw<ScanOperator>("--op", o.op, parse_scan_operator, choices(all_scan_operators()));
    if (listed || (fixed_type && s.type != *fixed_type)) {
        try {
            validate_scan_setup(s); // the list read as --type; the kernel's one type
        } catch (const ScanSetupError& e) {
            throw option_problem(e, s, o);
        }
    }
    if (o.keep) {
        if (!keeps_elements(s.algorithm))
            throw BadInput("--keep: " + std::string(name_of(s.algorithm)) +
                           " keeps every element; compact and split take a predicate");
        std::string problem;
        const std::optional<KeepPredicate> keep = parse_keep_predicate(*o.keep, problem);
        if (!keep)
            throw BadInput(value_problem("--keep", *o.keep, problem));
        s.keep = *keep;
    }
    if (o.exclusive && !has_exclusive_form(s.algorithm))
        throw BadInput("--exclusive: " + std::string(name_of(s.algorithm)) + " has none. " +
                       std::string(no_exclusive_form_reason(s.algorithm)));
    s.exclusive = o.exclusive;
    return s;
}

} // namespace prefixlab
