#include "gui/features/grid/gui_script_grid.hpp"

#include "core/ground/keep_names.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/ground/scan_setup.hpp"
#include "core/util/enum_names.hpp"
#include "core/util/parse_number.hpp"
#include "gui/script/script_values.hpp"

#include <limits>

namespace prefixlab {

namespace {

// The sidebar's "Run on" choices, cpu and gpu (no auto: a lecture shows one device on purpose).
std::optional<DeviceChoice> parse_run_on_device(std::string_view name) {
    const std::optional<DeviceChoice> device = parse_device_choice(name);
    return device == DeviceChoice::automatic ? std::nullopt : device;
}

} // namespace

GridTraceSettings read_grid_trace_settings(const std::vector<std::string>& settings) {
    GridTraceSettings s;
    std::string n_text;
    for (const std::string& setting : settings) {
        const auto [key, value] = script_setting("grid-trace", setting);
        const std::string what = "grid-trace " + key;
        if (key == "driver") {
            s.driver = script_choice<GridDriver>(what, value, parse_grid_driver, names_of(all_grid_drivers()));
        } else if (key == "n") {
            s.n = script_whole_number(what, value, 1, kMaxGpuGridN); // the emulator's limit: below
            n_text = value;
        } else if (key == "tile") {
            const std::string rule = tile_threads_rule(kMaxTracedTileThreads);
            const std::uint64_t threads =
                script_whole_number(what, value, 1, kMaxTracedTileThreads, " (threads per tile: " + rule + ")");
            if (!tile_threads_valid(static_cast<int>(threads), kMaxTracedTileThreads))
                throw ScriptValueError(value_problem(what, value, "expected " + rule + " (threads per tile)"));
            s.tile_threads = static_cast<int>(threads);
        } else if (key == "body") {
            s.body = script_choice<TileScanBody>(what, value, parse_tile_body, names_of(all_tile_bodies()));
        } else if (key == "resident") {
            s.resident = static_cast<std::uint32_t>(script_whole_number(what, value, 1, kMaxGridResident));
        } else if (key == "order") {
            s.order = script_choice<BlockStartOrder>(what, value, parse_block_start_order, names_of(all_block_start_orders()));
        } else if (key == "seed") {
            s.seed = script_whole_number(what, value, 0, std::numeric_limits<std::uint64_t>::max());
        } else if (key == "tiles") {
            s.tiles = script_choice<TileOrder>(what, value, parse_tile_order, names_of(all_tile_orders()));
        } else if (key == "type") {
            s.type = script_choice<ElementType>(what, value, parse_element_type, names_of(all_element_types()));
        } else if (key == "op") {
            s.op = script_choice<ScanOperator>(what, value, parse_scan_operator, names_of(all_scan_operators()));
        } else if (key == "exclusive") {
            s.exclusive = script_whole_number(what, value, 0, 1) == 1;
        } else if (key == "input") {
            s.input = script_choice<InputKind>(what, value, parse_generated_input_kind,
                                               names_of(generated_input_kinds()));
        } else if (key == "device") {
            s.device = script_choice<DeviceChoice>(what, value, parse_run_on_device, "cpu, gpu");
        } else if (key == "compact") {
            std::string problem;
            const std::optional<KeepPredicate> keep = parse_keep_predicate(value, problem);
            if (!keep && value != "none")
                throw ScriptValueError(value_problem(what, value, problem + ", or none"));
            s.compact = keep;
        } else if (key == "sort") {
            s.sort = script_choice<GridSortForm>(what, value, parse_grid_sort_form, "none, textbook, onesweep");
        } else {
            refuse_unknown_name("grid-trace setting", key,
                                "driver, n, tile, body, resident, order, seed, tiles, type, op, exclusive, input, "
                                "device, compact, sort");
        }
    }
    if (s.n && *s.n > kMaxEmulatedGridN && s.device != DeviceChoice::gpu)
        throw ScriptValueError(value_problem("grid-trace n", n_text,
                                             "expected a whole number from 1 to " + std::to_string(kMaxEmulatedGridN) +
                                                 " in the emulator (with device=gpu up to " +
                                                 std::to_string(kMaxGpuGridN) + ")"));
    return s;
}

void apply_grid_trace_settings(const GridTraceSettings& s, GridCaptureRequest& r) {
    r.scan.driver = s.driver.value_or(r.scan.driver);
    r.n = s.n.value_or(r.n);
    r.scan.tile_threads = s.tile_threads.value_or(r.scan.tile_threads);
    r.scan.body = s.body.value_or(r.scan.body);
    r.schedule.resident = s.resident.value_or(r.schedule.resident);
    r.schedule.order = s.order.value_or(r.schedule.order);
    r.schedule.seed = s.seed.value_or(r.schedule.seed);
    r.scan.order = s.tiles.value_or(r.scan.order);
    r.scan.type = s.type.value_or(r.scan.type);
    r.scan.op = s.op.value_or(r.scan.op);
    r.scan.exclusive = s.exclusive.value_or(r.scan.exclusive);
    r.input = s.input.value_or(r.input);
    r.device = s.device.value_or(r.device);
    if (s.compact) {
        r.scan.compaction = s.compact->has_value();
        if (r.scan.compaction) { // its driver and body with it, as the Compaction checkbox sets them
            r.scan.keep = **s.compact;
            r.scan.driver = GridDriver::decoupled_look_back;
            r.scan.body = TileScanBody::registers;
            r.scan.sort = GridSortForm::none;
        }
    }
    if (s.sort) { // its driver and block with it, as the Sort choice sets them; tile= given stays the user's
        make_grid_sort(r.scan, *s.sort);
        if (*s.sort == GridSortForm::textbook && s.tile_threads)
            r.scan.tile_threads = *s.tile_threads;
    }
}

} // namespace prefixlab
