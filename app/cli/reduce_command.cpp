#include "cli/reduce_command.hpp"

#include "cli/command_line.hpp"
#include "cli/option_values.hpp"
#include "core/bench/bench_sizes.hpp"
#include "core/capture/gpu_info.hpp"
#include "core/capture/grid_reduce_run.hpp"
#include "core/entry/exit_status.hpp"
#include "core/ground/format_value.hpp"
#include "core/ground/input_generator.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/output_check.hpp"
#include "core/ground/scan_setup.hpp"
#include "core/util/printable.hpp"
#include "core/util/terminal_output.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <limits>
#include <optional>

namespace prefixlab {

namespace {

constexpr std::uint64_t kMaxReduceN = std::uint64_t(std::numeric_limits<int>::max());

std::uint64_t one_size(const std::string& text, std::uint64_t most) {
    std::vector<std::uint64_t> sizes;
    try {
        sizes = parse_bench_sizes(text);
    } catch (const BenchSpecError& e) {
        throw BadInput(e.what());
    }
    if (sizes.size() != 1)
        throw BadInput("--n '" + printable(text) + "': expected one size, like 1000 or 2^20");
    if (sizes[0] > most)
        throw BadInput("--n '" + printable(text) + "': at most " + std::to_string(most) + " elements" +
                       (most == kMaxEmulatedReduceN ? std::string(" in the emulator (2^22)") : std::string()));
    return sizes[0];
}

template <class Value, class Parse>
Value parsed(const std::string& option, const std::string& text, Parse parse, const std::string& expected) {
    const auto value = parse(text);
    if (!value)
        throw BadInput(option + ": unknown value '" + printable(text) + "' (" + expected + ")");
    return *value;
}

BlockAlgorithm reduction_named(const std::string& text) {
    const BlockAlgorithm algorithm = parsed<BlockAlgorithm>("--algo", text, parse_block_algorithm,
                                                            "prefixlab trace --list shows the algorithms");
    if (kind_of(algorithm) != KernelKind::block_reduce)
        throw BadInput("--algo '" + printable(text) + "': not a block reduction (the reduce-… kernels of prefixlab trace --list)");
    if (is_racy(algorithm)) // the quiz's wrong reduction: it may hang a GPU, and its total means nothing
        throw BadInput("--algo '" + printable(text) + "': a quiz's wrong fragment, never run across blocks " +
                       "('prefixlab quiz --question 1' runs it)");
    return algorithm;
}

} // namespace

void add_reduce_command(CLI::App& app, ReduceCommandOptions& r) {
    CLI::App* reduce = app.add_subcommand(
        "reduce", "Reduce N elements across blocks with a block reduction and a finish; check the total");
    reduce->add_option("--algo", r.algorithm, "A block reduction (the reduce-… kernels of trace --list)")
        ->capture_default_str();
    reduce->add_option("--n", r.n, "Number of elements, like 1000 or 2^20 (the emulator takes up to 2^22)")
        ->capture_default_str();
    reduce->add_option("--finish", r.finish, "recursive, atomic or cpu")->capture_default_str();
    add_whole_number_option(*reduce, "--threads", r.threads, 1, 1024, "Threads a block, a power of two from 32 to 1024");
    reduce->add_option("--type", r.type, "Element type: int32, uint32 or float")->capture_default_str();
    reduce->add_option("--op", r.op, "Operator: add, max or min")->capture_default_str();
    reduce->add_option("--input", r.input, "Input: ones, iota or random")->capture_default_str();
    add_whole_number_option(*reduce, "--seed", r.seed, 0, std::numeric_limits<std::uint64_t>::max(),
                            "Seed for --input random, 0 to 2^64-1");
    reduce->add_option("--device", r.device, "auto (GPU if present), gpu or cpu (the emulator)")->capture_default_str();
}

int run_reduce_command(const ReduceCommandOptions& o) {
    try {
        GridReduceRequest request;
        request.algorithm = reduction_named(o.algorithm);
        const DeviceChoice device = parsed<DeviceChoice>("--device", o.device, parse_device_choice, "auto, gpu or cpu");
        const bool on_gpu = device == DeviceChoice::gpu || (device == DeviceChoice::automatic && gpu_info().available);
        const std::uint64_t n = one_size(o.n, on_gpu ? kMaxReduceN : kMaxEmulatedReduceN);
        request.finish = parsed<ReduceFinish>("--finish", o.finish, parse_reduce_finish, "recursive, atomic or cpu");
        if ((o.threads & (o.threads - 1)) != 0 || o.threads < kMinReduceThreads)
            throw BadInput("--threads '" + std::to_string(o.threads) + "': expected " + reduce_threads_rule());
        request.threads = o.threads;
        request.type = parsed<ElementType>("--type", o.type, parse_element_type, "int32, uint32 or float");
        request.op = parsed<ScanOperator>("--op", o.op, parse_scan_operator, "add, max or min");
        const InputKind input = parsed<InputKind>("--input", o.input, parse_generated_input_kind, "ones, iota or random");
        request.input = generate_input(input, request.type, request.op, static_cast<int>(n), o.seed);
        const GridReduceRun run = run_grid_reduce_on(request, device);
        const std::uint32_t total = run.total;
        const OutputCheck check = check_reduction_output(request.type, request.op, request.input, {total}, run.longest_path);
        // A float sum is checked against the exact sum within its bound (the serial float loop's own total
        // stops growing at 2^24 when it adds values below 1: no reference past that).
        const bool float_sum = request.type == ElementType::float32 && request.op == ScanOperator::add;
        char reference[96];
        if (float_sum)
            std::snprintf(reference, sizeof reference, "exact %.9g (bound ±%.3g)", check.exact[0], check.bound[0]);
        else
            std::snprintf(reference, sizeof reference, "reference %s",
                          format_value(request.type, check.reference[0], false).c_str());
        printf_to_terminal(
            stdout, "reduced N=%llu with %s (%s finish, %d threads) on %s in %.3f s: total %s, %s: %s\n",
            static_cast<unsigned long long>(n), std::string(name_of(request.algorithm)).c_str(),
            std::string(name_of(request.finish)).c_str(), request.threads,
            run.on_gpu ? gpu_info().name.c_str() : "the CPU emulator", run.seconds,
            format_value(request.type, total, false).c_str(), reference,
            check.wrong_count == 0 ? "correct" : "WRONG");
        return check.wrong_count == 0 ? kExitOk : kExitFailure;
    } catch (const std::exception& e) {
        return report_exception(e);
    }
}

} // namespace prefixlab
