#include "gui/gui_script_trace.hpp"

#include "core/capture/gpu_info.hpp"
#include "core/ground/input_values.hpp"
#include "core/ground/keep_names.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/util/enum_names.hpp"
#include "core/util/parse_number.hpp"
#include "gui/script/script_values.hpp"

#include <algorithm>
#include <limits>

namespace prefixlab {

namespace {

// The largest N any block algorithm takes; the algorithm's own limit is checked once it is known.
int largest_block_n() {
    int largest = 1;
    for (const BlockAlgorithm algorithm : all_block_algorithms())
        largest = std::max(largest, allowed_n(algorithm).max);
    return largest;
}

} // namespace

TraceSettings read_trace_settings(const std::vector<std::string>& settings) {
    TraceSettings s;
    for (const std::string& setting : settings) {
        const auto [key, value] = script_setting("trace", setting);
        const std::string what = "trace " + key;
        if (key == "algo") {
            s.algorithm = script_choice<BlockAlgorithm>(what, value, parse_block_algorithm,
                                                        names_of(all_block_algorithms()));
        } else if (key == "n") {
            s.n = static_cast<int>(script_whole_number(what, value, 1, largest_block_n()));
        } else if (key == "input") {
            s.input = script_choice<InputKind>(what, value, parse_input_kind, names_of(all_input_kinds()));
        } else if (key == "seed") {
            s.seed = script_whole_number(what, value, 0, std::numeric_limits<std::uint64_t>::max());
        } else if (key == "type") {
            s.type =
                script_choice<ElementType>(what, value, parse_element_type, names_of(all_element_types()));
        } else if (key == "op") {
            s.op =
                script_choice<ScanOperator>(what, value, parse_scan_operator, names_of(all_scan_operators()));
        } else if (key == "exclusive") {
            s.exclusive = script_whole_number(what, value, 0, 1) == 1;
        } else if (key == "device") {
            s.device = script_choice<DeviceChoice>(what, value, parse_device_choice, "auto, gpu, cpu");
            if (*s.device == DeviceChoice::gpu && !gpu_info().available)
                throw ScriptValueError(
                    value_problem(what, value, "no CUDA GPU available (" + gpu_info().reason + ")"));
        } else if (key == "order") {
            s.order = script_choice<WarpOrder>(what, value, parse_warp_order, names_of(all_warp_orders()));
        } else if (key == "values") {
            const std::size_t count = input_value_count(value);
            if (count == 0 || count > kMaxInputValues)
                throw ScriptValueError(value_problem(what, value, "expected 1 to " + std::to_string(kMaxInputValues) +
                                                                      " values separated by commas"));
            s.values = value;
        } else if (key == "keep") {
            std::string problem;
            s.keep = parse_keep_predicate(value, problem);
            if (!s.keep)
                throw ScriptValueError(value_problem(what, value, problem));
        } else {
            refuse_unknown_name("trace setting", key,
                                "algo, n, input, values, seed, keep, type, op, exclusive, device, order");
        }
    }
    if (s.values) { // a list is the input, and its count N, unless the command says otherwise
        const int count = static_cast<int>(input_value_count(*s.values));
        if (s.n && *s.n != count)
            throw ScriptValueError("trace n=" + std::to_string(*s.n) + ": the list in values= has " +
                                   std::to_string(count) + " values (leave n= out: N is their count)");
        s.n = count;
        s.input = s.input.value_or(InputKind::values);
    }
    if (s.algorithm && s.exclusive.value_or(false) && !has_exclusive_form(*s.algorithm))
        throw ScriptValueError("trace exclusive=1: " + std::string(name_of(*s.algorithm)) + " has none. " +
                               std::string(no_exclusive_form_reason(*s.algorithm)));
    return s;
}

void apply_trace_settings(const TraceSettings& s, ScanSetup& r) {
    r.algorithm = s.algorithm.value_or(r.algorithm);
    r.n = s.n.value_or(r.n);
    r.input = s.input.value_or(r.input);
    r.seed = s.seed.value_or(r.seed);
    r.type = s.type.value_or(fixed_element_type(r.algorithm).value_or(r.type)); // a segmented scan's uint32
    r.op = s.op.value_or(r.op);
    r.exclusive = s.exclusive.value_or(r.exclusive) && has_exclusive_form(r.algorithm);
    r.device = s.device.value_or(r.device);
    r.warp_order = s.order.value_or(r.warp_order);
    r.values = s.values.value_or(r.values);
    r.keep = s.keep.value_or(r.keep);
    if (r.input == InputKind::values && !s.n && input_value_count(r.values) > 0) // input=values alone
        r.n = static_cast<int>(input_value_count(r.values));
}

void check_trace_size(BlockAlgorithm algorithm, int n, const TraceSettings& s) {
    ScanSetup setup;
    setup.algorithm = algorithm;
    setup.n = n;
    setup.type = fixed_element_type(algorithm).value_or(setup.type); // N is what this checks
    try {
        validate_scan_setup(setup);
    } catch (const ScanSetupError& e) { // a script sets no block size, so N is the one refusal
        const std::string name(name_of(algorithm));
        const int max_n = e.allowed().max;
        if (s.n)
            throw ScriptValueError(value_problem("trace n", std::to_string(n),
                                                 "expected " + whole_number_range(1, max_n) + " for " + name));
        throw ScriptValueError(value_problem("trace algo", name,
                                             "takes N up to " + std::to_string(max_n) + ", and N is " +
                                                 std::to_string(n) + " from an earlier command (give n= too)"));
    }
}

} // namespace prefixlab
