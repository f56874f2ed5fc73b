#include "cli/grid_trace_command.hpp"

#include "cli/option_values.hpp"
#include "core/analysis/look_back.hpp"
#include "core/capture/gpu_info.hpp"
#include "core/capture/grid_capture.hpp"
#include "core/ground/keep_names.hpp"
#include "core/entry/exit_status.hpp"
#include "core/trace/grid_trace_json.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/parse_number.hpp"
#include "core/util/printable.hpp"
#include "core/util/terminal_output.hpp"

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <utility>

namespace prefixlab {

namespace {


template <class Enum, class Parse>
Enum catalogued(const std::string& option, const std::string& text, Parse parse, const std::vector<Enum>& all) {
    if (const auto parsed = parse(text))
        return *parsed;
    std::string names;
    for (Enum value : all)
        names += (names.empty() ? "" : ", ") + std::string(name_of(value));
    throw BadInput(option + ": unknown value '" + printable(text) + "' (one of " + names + ")");
}

std::uint64_t whole_number(const std::string& option, const std::string& text, std::uint64_t min, std::uint64_t max,
                           const std::string& why = "") {
    try {
        return parse_whole_number(text, min, max);
    } catch (const NumberError& e) {
        throw BadInput(value_problem(option, text, e.what() + why));
    }
}

// Whether the capture runs on the GPU: asked for, or automatic on a machine that has one.
bool on_gpu(DeviceChoice device) {
    return device == DeviceChoice::gpu || (device == DeviceChoice::automatic && gpu_info().available);
}

// --n, whose range is the device's: the emulator runs fibers per thread, the GPU traces at tile level.
std::uint64_t grid_n(const std::string& text, DeviceChoice device) {
    if (on_gpu(device))
        return whole_number("--n", text, 1, kMaxGpuGridN, " on the GPU");
    return whole_number("--n", text, 1, kMaxEmulatedGridN,
                        " in the emulator (larger grids: --device gpu, up to " + std::to_string(kMaxGpuGridN) + ")");
}

// --tile-threads: 4, 8, 16 or whole warps (kernels/grid/tile_threads.hpp). The upper bound is the
// body's (its block size and the elements it scans in one block), checked by the capture with the
// body's own numbers.
int tile_threads(const std::string& text) {
    std::uint64_t threads = 0;
    try {
        threads = parse_whole_number(text, 0, std::numeric_limits<int>::max());
    } catch (const NumberError&) {
    }
    if (!tile_threads_valid(static_cast<int>(std::min<std::uint64_t>(threads, 1u << 20)), 1 << 20))
        throw BadInput(value_problem("--tile-threads", text, "expected 4, 8, 16 or a multiple of 32"));
    return static_cast<int>(threads);
}

// The request the options ask for. Read in a fixed order (--device, --driver, --n, --tile-threads,
// --body, --input, --type, --op, --start-order, --tiles): of several mistakes, the one named is the one
// always named.
GridCaptureRequest grid_request_from(const GridTraceCommandOptions& o) {
    GridCaptureRequest r;
    r.device = catalogued<DeviceChoice>("--device", o.device, parse_device_choice,
                                        {DeviceChoice::cpu, DeviceChoice::gpu, DeviceChoice::automatic});
    r.scan.driver = catalogued<GridDriver>("--driver", o.driver, parse_grid_driver, all_grid_drivers());
    r.n = grid_n(o.n, r.device);
    r.scan.tile_threads = tile_threads(o.tile_threads);
    r.scan.body = catalogued("--body", o.body, parse_tile_body, all_tile_bodies());
    r.input = catalogued<InputKind>("--input", o.input, parse_generated_input_kind, generated_input_kinds());
    r.seed = o.seed;
    r.scan.type = catalogued<ElementType>("--type", o.type, parse_element_type, all_element_types());
    r.scan.op = catalogued<ScanOperator>("--op", o.op, parse_scan_operator, all_scan_operators());
    r.scan.exclusive = o.exclusive;
    r.schedule.resident = static_cast<std::uint32_t>(o.resident);
    r.schedule.order = catalogued("--start-order", o.start_order, parse_block_start_order, all_block_start_orders());
    r.schedule.seed = o.order_seed;
    r.scan.order = catalogued("--tiles", o.tiles, parse_tile_order, all_tile_orders());
    if (!o.compact.empty()) {
        std::string problem;
        const std::optional<KeepPredicate> keep = parse_keep_predicate(o.compact, problem);
        if (!keep)
            throw BadInput(value_problem("--compact", o.compact, problem));
        if (r.scan.driver != GridDriver::decoupled_look_back)
            throw BadInput("--compact: the single-pass compaction runs decoupled-look-back only, not " + o.driver);
        if (r.scan.tile_threads % 32 != 0)
            throw BadInput(value_problem("--tile-threads", o.tile_threads,
                                         "a compaction's tile has whole warps (a ballot a row): a multiple of 32"));
        r.scan.compaction = true;
        r.scan.keep = *keep;
        r.scan.body = TileScanBody::registers;
    }
    if (!o.sort.empty()) {
        if (r.scan.compaction)
            throw BadInput("--sort and --compact: a grid trace is of a sort or of a compaction, not both");
        r.scan.sort = catalogued<GridSortForm>("--sort", o.sort, parse_grid_sort_form,
                                               {GridSortForm::textbook, GridSortForm::onesweep});
        if (r.scan.sort == GridSortForm::none)
            throw BadInput(value_problem("--sort", o.sort, "expected textbook or onesweep"));
        // the sort's own driver and block; --tile-threads given is the user's, and checked
        const int asked_threads = r.scan.tile_threads;
        make_grid_sort(r.scan, r.scan.sort);
        if (o.tile_threads != GridTraceCommandOptions{}.tile_threads)
            r.scan.tile_threads = asked_threads;
        try {
            require_grid_sort(r.scan);
        } catch (const std::invalid_argument& e) {
            throw BadInput(value_problem("--tile-threads", o.tile_threads, e.what()));
        }
    }
    return r;
}

// The capture; its refusal of a tile the body cannot take (std::invalid_argument: N was checked above)
// is input the user can fix, worded for the option.
GridTrace capture(const GridCaptureRequest& request, const GridTraceCommandOptions& o) {
    try {
        return capture_grid_trace(request);
    } catch (const std::invalid_argument& e) {
        if (on_gpu(request.device))
            throw BadInput(e.what());
        throw BadInput(value_problem("--tile-threads", o.tile_threads,
                                     "the " + o.body + " body cannot take it (" + e.what() + ")"));
    }
}

std::uint64_t tile_count(const GridTrace& t) {
    return t.config.tile == 0 ? 0 : (t.config.n + t.config.tile - 1) / t.config.tile;
}

// Where and how it ran: "the emulator (4 resident, random (seed 7))", or the GPU's name.
std::string where_traced(const GridTrace& t) {
    if (!t.config.emulated)
        return t.config.device_name;
    return t.config.device_name + " (" + std::to_string(t.config.resident) + " resident, " + t.config.start_order + ")";
}

void print_summary(const GridTrace& t, const std::string& out, double capture_ms, double write_ms) {
    const GridTraceConfig& c = t.config;
    const std::vector<TileLookBack> look_backs = look_backs_of(t);
    printf_to_terminal(stdout,
                       "wrote %s: %s, N=%llu, %llu tiles of %u (%s, %u threads), %s %s%s, %zu launch%s, %zu "
                       "accesses, %s; %s",
                       out.c_str(),
                       (c.compaction                      ? "compaction (keep " + name_of(c.keep) + "), " + c.driver
                        : c.sort != GridSortForm::none ? "radix sort (" + std::string(name_of(c.sort)) + "), " + c.driver
                                                          : c.driver)
                           .c_str(),
                       static_cast<unsigned long long>(c.n),
                       static_cast<unsigned long long>(tile_count(t)), c.tile, c.tile_body.c_str(),
                       c.tile_threads, std::string(name_of(c.type)).c_str(),
                       c.sort != GridSortForm::none ? "keys" : std::string(name_of(c.op)).c_str(), c.exclusive ? ", exclusive" : "",
                       t.launches.size(), t.launches.size() == 1 ? "" : "es", t.accesses.size(),
                       c.element_detail ? "element detail" : "tile level",
                       look_back_summary(look_backs, check_look_backs(t, look_backs)).c_str());
    if (!look_backs.empty())
        printf_to_terminal(stdout, " (deepest %u)", look_back_depths(look_backs).deepest);
    if (t.wrong_outputs > 0)
        printf_to_terminal(stdout, "; %zu wrong outputs", t.wrong_outputs);
    printf_to_terminal(stdout, "; traced on %s in %.1f ms; written in %.1f ms\n", where_traced(t).c_str(),
                       capture_ms, write_ms);
}

double milliseconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

void add_grid_trace_command(CLI::App& app, GridTraceCommandOptions& o) {
    CLI::App* grid = app.add_subcommand(
        "grid-trace", "Record the trace of one grid scan (a scan across many blocks) to a JSON file");
    std::string drivers;
    for (GridDriver driver : all_grid_drivers())
        drivers += (drivers.empty() ? "" : ", ") + std::string(name_of(driver));
    grid->add_option("--driver", o.driver, "Grid driver: one of " + drivers)->capture_default_str();
    grid->add_option("--n", o.n,
                     "Number of elements: 1 to " + std::to_string(kMaxEmulatedGridN) + " in the emulator, up to " +
                         std::to_string(kMaxGpuGridN) + " on the GPU")
        ->capture_default_str()
        ->type_name("INT");
    grid->add_option("--tile-threads", o.tile_threads, "Threads per tile: 4, 8, 16 or a multiple of 32, up to 1024 (the body's limit)")
        ->capture_default_str()
        ->type_name("INT");
    grid->add_option("--body", o.body, "What scans each tile: warp-shuffle or blelloch (block scans), or registers (the tuned scan's register tile, 4 elements per thread)")->capture_default_str();
    grid->add_option("--type", o.type, "Element type: int32, uint32 or float")->capture_default_str();
    grid->add_option("--op", o.op, "Operator: add, max or min")->capture_default_str();
    grid->add_flag("--exclusive", o.exclusive, "Exclusive scan (default: inclusive)");
    grid->add_option("--input", o.input, "Input: ones, iota or random")->capture_default_str();
    add_whole_number_option(*grid, "--seed", o.seed, 0, std::numeric_limits<std::uint64_t>::max(),
                            "Seed for --input random, 0 to 2^64-1");
    add_whole_number_option(*grid, "--resident", o.resident, 1, kMaxGridResident,
                            "The emulator's blocks resident at once, 1 to 4096 (the GPU ignores it)");
    grid->add_option("--start-order", o.start_order,
                     "The emulator's block start order: in-order, reversed or random (the GPU ignores it: the "
                     "hardware schedules the blocks)")
        ->capture_default_str();
    add_whole_number_option(*grid, "--order-seed", o.order_seed, 0, std::numeric_limits<std::uint64_t>::max(),
                            "Seed for --start-order random, 0 to 2^64-1");
    grid->add_option("--tiles", o.tiles,
                     "Where chained and decoupled-look-back take their tile indices: counter (an atomic) or block "
                     "(blockIdx; can deadlock)")
        ->capture_default_str();
    grid->add_option("--device", o.device, "cpu (the emulator), gpu (tile level) or auto (GPU if present)")
        ->capture_default_str();
    grid->add_option("--compact", o.compact,
                     "Trace the single-pass compaction instead of a scan, keeping odd, even, nonzero, less-than:K or "
                     "greater-than:K (decoupled look-back over kept counts; register tiles of 4 elements a thread; "
                     "tile level)");
    grid->add_option("--sort", o.sort,
                     "Trace a radix sort of the input as keys instead of a scan: textbook (a pass a 4-bit digit: "
                     "the tiles' digit counts scanned reduce-then-scan) or onesweep (8-bit digits; its tiles' 256 "
                     "look-backs a pass; 256 threads); in the emulator, tile level");
    add_path_option(*grid, "--out", o.out, PathKind::file, "Grid trace file to write (required)");
}

int run_grid_trace_command(const GridTraceCommandOptions& options) {
    try {
        if (options.out.empty())
            throw BadInput("--out FILE is required");
        const GridCaptureRequest request = grid_request_from(options);
        require_writable(options.out); // fail before the work, not after it

        const auto capture_start = std::chrono::steady_clock::now();
        const GridTrace trace = capture(request, options);
        const double capture_ms = milliseconds_since(capture_start);
        const auto write_start = std::chrono::steady_clock::now();
        save_grid_trace_file(trace, options.out);
        print_summary(trace, options.out, capture_ms, milliseconds_since(write_start));
        return kExitOk;
    } catch (const std::exception& e) {
        return report_exception(e);
    }
}

} // namespace prefixlab
