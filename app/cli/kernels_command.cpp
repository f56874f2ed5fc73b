#include "cli/kernels_command.hpp"

#include "core/capture/grid_capture.hpp"
#include "core/entry/exit_status.hpp"
#include "core/ground/kernel_info.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/util/terminal_output.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <string>

namespace prefixlab {

namespace {

using nlohmann::json;

json name_or_null(const std::optional<BlockAlgorithm>& algorithm) {
    return algorithm ? json(name_of(*algorithm)) : json(nullptr);
}

// What every entry says, a block kernel's or a grid driver's (json orders an object's keys by name).
template <class Info>
json catalogue_entry(const Info& info) {
    return {{"name", info.name},           {"description", info.description}, {"family", name_of(info.family)},
            {"kind", name_of(info.kind)}, {"level", name_of(info.level)},     {"min_n", 1}};
}

json kernel_json(const KernelInfo& k) {
    json per_block = json::array();
    for (const BlockSizeLimit& limit : k.max_n_per_block)
        per_block.push_back({{"block_threads", limit.block_threads}, {"max_n", limit.max_n}});
    json phases = json::array();
    for (const PhaseSpec& phase : k.phases)
        phases.push_back(phase.name);
    json entry = catalogue_entry(k);
    entry.update({
        {"max_n", k.max_n},
        {"elements_per_thread", k.elements_per_thread},
        // a block for N takes from threads_for(N) to max_block_threads threads (`--block`)
        {"threads_at_max_n", k.threads_for(k.max_n)},
        {"max_block_threads", k.max_block_threads},
        {"max_n_per_block", per_block},
        {"exclusive_form", k.exclusive_form},
        {"no_exclusive_form_reason", k.no_exclusive_form_reason},
        {"writes_every_output", k.writes_every_output},
        {"watches_registers", k.watches_registers},
        {"racy", k.racy},
        {"divergent_sync", k.divergent_sync},
        {"traceable", k.traceable},
        {"quiz_role", name_of(k.quiz_role)},
        {"correct_twin", name_or_null(k.correct_twin)},
        {"companion", name_or_null(k.companion)},
        {"compare_counterpart", name_of(k.compare_counterpart)},
        {"textbook_order", k.textbook_order},
        {"source_path", k.source_path},
        {"helper_source_paths", k.helper_source_paths},
        {"phases", phases},
    });
    return entry;
}

// A driver's N ranges are the grid trace's (core/capture/grid_capture.hpp): element detail in the
// emulator, tile level on the GPU.
json driver_json(const GridDriverInfo& d) {
    json bodies = json::array();
    for (const TileScanBody body : all_tile_bodies())
        bodies.push_back(name_of(body));
    json entry = catalogue_entry(d);
    entry.update({
        {"max_n_emulated", kMaxEmulatedGridN},
        {"max_n_gpu_trace", kMaxGpuGridN},
        {"single_pass", d.single_pass},
        {"deterministic", d.deterministic},
        {"tile_bodies", bodies},
        {"source_paths", d.source_paths},
    });
    return entry;
}

std::string table_json() {
    json kernels = json::array();
    for (const KernelInfo& k : kernel_infos())
        kernels.push_back(kernel_json(k));
    json drivers = json::array();
    for (const GridDriverInfo& d : grid_driver_infos())
        drivers.push_back(driver_json(d));
    return json{{"kernels", kernels}, {"grid_drivers", drivers}}.dump(2);
}

std::string yes_no(bool value) {
    return value ? "yes" : "no";
}

// The quiz column: "wrong (hillis-steele)", "correct" or "".
std::string quiz_text(const KernelInfo& k) {
    if (k.quiz_role == QuizRole::none)
        return "";
    std::string text(name_of(k.quiz_role));
    if (k.correct_twin)
        text += " (breaks " + std::string(name_of(*k.correct_twin)) + ")";
    return text;
}

void print_table() {
    printf_to_terminal(stdout, "%-32s %-13s %-13s %-9s %-9s %-9s %s\n", "kernel", "family", "kind", "N",
                       "exclusive", "traceable", "quiz");
    for (const KernelInfo& k : kernel_infos()) {
        const std::string range = "1-" + std::to_string(k.max_n);
        printf_to_terminal(stdout, "%-32s %-13s %-13s %-9s %-9s %-9s %s\n", std::string(k.name).c_str(),
                           std::string(name_of(k.family)).c_str(), std::string(name_of(k.kind)).c_str(),
                           range.c_str(), yes_no(k.exclusive_form).c_str(), yes_no(k.traceable).c_str(),
                           quiz_text(k).c_str());
    }
    printf_to_terminal(stdout, "\n%-32s %-13s %-13s %s\n", "grid driver", "single pass", "deterministic",
                       "N (emulator, GPU trace)");
    for (const GridDriverInfo& d : grid_driver_infos())
        printf_to_terminal(stdout, "%-32s %-13s %-13s 1-%llu, 1-%llu\n", std::string(d.name).c_str(),
                           yes_no(d.single_pass).c_str(), yes_no(d.deterministic).c_str(),
                           static_cast<unsigned long long>(kMaxEmulatedGridN),
                           static_cast<unsigned long long>(kMaxGpuGridN));
}

} // namespace

void add_kernels_command(CLI::App& app, KernelsCommandOptions& o) {
    CLI::App* kernels = app.add_subcommand(
        "kernels", "List every kernel and grid driver with its family, limits, forms and sources");
    kernels->add_flag("--json", o.json, "Print the table as JSON (the fields: docs/architecture.md)");
}

int run_kernels_command(const KernelsCommandOptions& options) {
    if (options.json)
        printf_to_terminal(stdout, "%s\n", table_json().c_str());
    else
        print_table();
    return kExitOk;
}

} // namespace prefixlab
