#include "trace_command.hpp"

#include "../emulator/emulated_block.hpp"
#include "../util/atomic_file.hpp"
#include "../trace/trace_json.hpp"
#include "command_line.hpp"
#include "cli_errors.hpp"

#include <chrono>
#include <cstdio>
#include <iostream>

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

CaptureRequest request_from(const TraceCommandOptions& o) {
    CaptureRequest r;
    r.algorithm = parse_or_throw<BlockAlgorithm>("--algo", o.algorithm, parse_block_algorithm,
                                                 "prefixlab trace --list shows the algorithms");
    r.n = o.n;
    r.input = parse_or_throw<InputKind>("--input", o.input, parse_input_kind, choices(all_input_kinds()));
    r.seed = o.seed;
    r.type = parse_or_throw<ElementType>("--type", o.type, parse_element_type, choices(all_element_types()));
    r.op = parse_or_throw<ScanOperator>("--op", o.op, parse_scan_operator, choices(all_scan_operators()));
    r.exclusive = o.exclusive;
    r.device = parse_or_throw<DeviceChoice>("--device", o.device, parse_device_choice, "one of auto, gpu, cpu");
    return r;
}

} // namespace

int run_trace_command(const TraceCommandOptions& options) {
    if (options.list) {
        for (BlockAlgorithm a : all_block_algorithms())
            std::cout << name_of(a) << '\n';
        return kExitOk;
    }
    try {
        if (options.out.empty())
            throw BadInput("--out FILE is required");
        const CaptureRequest request = request_from(options);
        require_writable(options.out); // fail before the work, not after it

        const CaptureResult result = capture_trace(request);
        const auto start = std::chrono::steady_clock::now();
        save_trace_file(result.trace, options.out);
        const double write_ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

        const Trace& t = result.trace;
        std::printf("wrote %s: %s, N=%d, %s %s%s, %zu steps, %zu accesses; traced on %s in %.2f ms", options.out.c_str(),
                    std::string(name_of(t.config.algorithm)).c_str(), t.config.n,
                    std::string(name_of(t.config.type)).c_str(), std::string(name_of(t.config.op)).c_str(),
                    t.config.exclusive ? ", exclusive" : "", t.steps.size(), t.accesses.size(),
                    t.config.device_name.c_str(), result.capture_ms);
        if (!t.config.emulated)
            std::printf(" (CUDA context creation %.1f ms, not counted)", result.context_ms);
        std::printf("; written in %.1f ms\n", write_ms);
        return kExitOk;
    } catch (const BadInput& e) {
        return report_error(e.what(), kExitBadInput);
    } catch (const CaptureError& e) {
        return report_error(e.what(), kExitBadInput);
    } catch (const FileError& e) {
        return report_error(e.what(), kExitBadInput);
    } catch (const std::exception& e) {
        return report_error(e.what(), kExitFailure);
    }
}

} // namespace prefixlab
