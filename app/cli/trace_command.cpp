#include "cli/trace_command.hpp"

#include "cli/command_line.hpp"
#include "core/analysis/bank_report.hpp"
#include "core/capture/trace_capture.hpp"
#include "core/entry/exit_status.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/trace/trace_json.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/printable.hpp"
#include "core/util/terminal_output.hpp"

#include <chrono>
#include <cstdio>

namespace prefixlab {

namespace {

// --warp-order as typed, or a one-line refusal that lists the orders.
WarpOrder warp_order_from(const std::string& text) {
    if (const auto order = parse_warp_order(text))
        return *order;
    std::string orders;
    for (WarpOrder order : all_warp_orders())
        orders += (orders.empty() ? "" : ", ") + std::string(name_of(order));
    throw BadInput("--warp-order: unknown value '" + printable(text) + "' (one of " + orders + ")");
}

} // namespace

int run_trace_command(const TraceCommandOptions& options) {
    if (options.list) {
        // the kernels that leave a trace: the quiz's wrong fragments are run by `prefixlab quiz`
        for (BlockAlgorithm a : traceable_block_algorithms())
            printf_to_terminal(stdout, "%s\n", std::string(name_of(a)).c_str());
        return kExitOk;
    }
    try {
        if (options.out.empty())
            throw BadInput("--out FILE is required");
        ScanSetup setup = scan_setup_from(options.kernel);
        const auto device = parse_device_choice(options.device);
        if (!device)
            throw BadInput("--device: unknown value '" + printable(options.device) +
                           "' (one of auto, gpu, cpu)");
        setup.device = *device;
        setup.warp_order = warp_order_from(options.warp_order);
        require_writable(options.out); // fail before the work, not after it

        const CaptureResult result = capture_trace(setup);
        const auto start = std::chrono::steady_clock::now();
        save_trace_file(result.trace, options.out);
        const double write_ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

        const Trace& t = result.trace;
        if (options.stats) // stdout carries only the JSON; the summary goes to stderr
            printf_to_terminal(stdout, "%s\n",
                               bank_report_json(t, analyse_bank_conflicts(t), analyse_coalescing(t)).c_str());
        std::FILE* summary = options.stats ? stderr : stdout;
        printf_to_terminal(
            summary,
            "wrote %s: %s, N=%d, %d threads, %s %s%s, %zu steps, %zu accesses; traced on %s in %.2f ms",
            options.out.c_str(), std::string(name_of(t.config.algorithm)).c_str(), t.config.n,
            t.config.block_threads, std::string(name_of(t.config.type)).c_str(),
            std::string(name_of(t.config.op)).c_str(), t.config.exclusive ? ", exclusive" : "",
            t.steps.size(), t.accesses.size(), t.config.device_name.c_str(), result.capture_ms);
        if (!t.config.emulated)
            printf_to_terminal(summary, " (CUDA context creation %.1f ms, not counted)", result.context_ms);
        else if (t.config.warp_order != WarpOrder::in_order)
            printf_to_terminal(summary, " (%s)", std::string(phrase_of(t.config.warp_order)).c_str());
        printf_to_terminal(summary, "; written in %.1f ms\n", write_ms);
        return kExitOk;
    } catch (const std::exception& e) {
        return report_exception(e);
    }
}

} // namespace prefixlab
