// A scene's JSON (docs/scene.md): the writer, and the strict reader in the style of the settings
// reader (core/settings/settings.cpp), on json_fields' checks. Every field is optional at every level,
// so each reader below starts from the value it is given (the default) and replaces only what the file
// names; the checks that tie two fields (N and the kernel, a grid's N and its device, the tile and its
// body) run after both are read, so that they hold whichever of the two the file names.
#include "core/scene/scene.hpp"

#include "core/bench/bench_catalog.hpp"
#include "core/bench/bench_plots.hpp"
#include "core/bench/bench_scan.hpp"
#include "core/bench/bench_series_preset.hpp"
#include "core/emulator/emulate_grid_scan.hpp"
#include "core/ground/input_values.hpp"
#include "core/ground/keep_names.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/quiz/quiz_questions.hpp"
#include "core/settings/settings.hpp"
#include "core/util/enum_names.hpp"
#include "core/util/input_limits.hpp"
#include "core/util/json_fields.hpp"

#include <algorithm>
#include <charconv>
#include <initializer_list>
#include <limits>

namespace prefixlab {

using nlohmann::json;
using nlohmann::ordered_json;
using namespace json_fields;

namespace {

constexpr const char* kFormatName = "prefixlab-scene";
constexpr std::int64_t kMaxInt = std::numeric_limits<int>::max();

// ---------------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------------

// A float as the shortest decimal that reads back as the same float: 0.3f is written 0.3, not
// 0.30000001192092896, and reads back bit for bit (a scroll anchor rounded to 1/1000 would move a long
// view by many rows).
double shortest(float value) {
    char text[32];
    const char* end = std::to_chars(text, text + sizeof text, value).ptr;
    double back = 0;
    std::from_chars(text, end, back);
    return back;
}

ordered_json capture_to_json(const ScanSetup& r) {
    return {{"algorithm", name_of(r.algorithm)},
            {"n", r.n},
            {"input", name_of(r.input)},
            {"values", r.values},
            {"seed", r.seed},
            {"keep", name_of(r.keep)},
            {"type", name_of(r.type)},
            {"operator", name_of(r.op)},
            {"exclusive", r.exclusive},
            {"block_threads", r.block_threads},
            {"warp_order", name_of(r.warp_order)},
            {"device", name_of(r.device)}};
}

ordered_json grid_to_json(const GridCaptureRequest& g) {
    ordered_json grid = {{"driver", name_of(g.scan.driver)},
            {"n", g.n},
            {"tile_threads", g.scan.tile_threads},
            {"body", name_of(g.scan.body)},
            {"resident", g.schedule.resident},
            {"start_order", name_of(g.schedule.order)},
            {"order_seed", g.schedule.seed},
            {"tile_order", name_of(g.scan.order)},
            {"type", name_of(g.scan.type)},
            {"operator", name_of(g.scan.op)},
            {"exclusive", g.scan.exclusive},
            {"input", name_of(g.input)},
            {"seed", g.seed},
            {"device", name_of(g.device)}};
    if (g.scan.compaction) // a scan's scene stays as it was
        grid["compact"] = name_of(g.scan.keep);
    if (g.scan.sort != GridSortForm::none)
        grid["sort"] = name_of(g.scan.sort);
    return grid;
}

// ---------------------------------------------------------------------------------------------------
// Reading: values at a path
// ---------------------------------------------------------------------------------------------------

[[noreturn]] void bad(std::string_view where, const std::string& what) {
    malformed(where, what);
}

// A misspelt field ("narattion") would otherwise be ignored without a word.
void only_known_keys(const json& object, std::string_view path,
                     std::initializer_list<std::string_view> known) {
    reject_unknown_fields(object, path, known, "scene version " + std::to_string(kSceneFormatVersion));
}

// Calls read(value, path of the field) when `object` has `key`; an absent field keeps its default.
template <class Read>
void if_present(const json& object, std::string_view path, const char* key, Read read) {
    const auto it = object.find(key);
    if (it != object.end())
        read(*it, member(path, key));
}

bool boolean_at(const json& value, std::string_view path) {
    if (!value.is_boolean())
        bad(path, "expected true or false, found " + value_in_message(value));
    return value.get<bool>();
}

// A whole number in min..max (signed: the file may hold -5 where a count belongs).
std::int64_t whole_at(const json& value, std::string_view path, std::int64_t min, std::int64_t max) {
    if (!value.is_number_integer())
        bad(path, "expected an integer, found " + value_in_message(value));
    const bool too_big = value.is_number_unsigned() && value.get<std::uint64_t>() > std::uint64_t(max);
    if (too_big || value.get<std::int64_t>() > max || value.get<std::int64_t>() < min)
        bad(path, "expected an integer from " + std::to_string(min) + " to " + std::to_string(max) +
                      ", found " + value_in_message(value));
    return value.get<std::int64_t>();
}

// A count (N) in 1..most, the limit named by whose it is: "5000 is above blelloch's limit of 2048".
std::uint64_t count_at(const json& value, std::string_view path, std::uint64_t most, const std::string& whose,
                       const std::string& note) {
    if (!value.is_number_integer())
        bad(path, "expected an integer, found " + value_in_message(value));
    // A default put in as a value (json(32)) is a signed integer; the file's 32 is an unsigned one.
    if (value.is_number_unsigned() ? value.get<std::uint64_t>() < 1 : value.get<std::int64_t>() < 1)
        bad(path, "expected 1 to " + std::to_string(most) + ", found " + value_in_message(value));
    if (value.get<std::uint64_t>() > most)
        bad(path,
            value_in_message(value) + " is above " + whose + " limit of " + std::to_string(most) + note);
    return value.get<std::uint64_t>();
}

std::uint64_t seed_at(const json& value, std::string_view path) {
    if (!value.is_number_unsigned())
        bad(path, "expected an integer from 0 to 2^64-1, found " + value_in_message(value));
    return value.get<std::uint64_t>();
}

// A number in min..max (`range` says it in the message: "0 to 1").
float number_at(const json& value, std::string_view path, double min, double max, const std::string& range) {
    if (!value.is_number())
        bad(path, "expected a number, found " + value_in_message(value));
    const double number = value.get<double>();
    if (!(number >= min && number <= max))
        bad(path, "expected a number from " + range + ", found " + value_in_message(value));
    return static_cast<float>(number);
}

std::string text_at(const json& value, std::string_view path) {
    if (!value.is_string())
        bad(path, "expected a string, found " + value_in_message(value));
    return value.get<std::string>();
}

// A tab's or a view's title: its shape only (the titles are the GUI's; scene.hpp says why).
void check_title(std::string_view title, std::string_view path) {
    if (title.empty())
        bad(path, "expected a title, found an empty string");
    if (title.size() > kMaxSceneTitleBytes)
        bad(path, "expected a title of at most " + std::to_string(kMaxSceneTitleBytes) + " bytes, found " +
                      std::to_string(title.size()) + " bytes");
    if (std::any_of(title.begin(), title.end(),
                    [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
        bad(path, "expected a title without control characters, found " + value_in_message(json(title)));
}

// One of `values` by its name (name_of); the message lists them: the lists are short.
template <class Enum>
Enum named_at(const json& value, std::string_view path, const std::vector<Enum>& values) {
    const std::string text = text_at(value, path);
    for (const Enum candidate : values)
        if (name_of(candidate) == text)
            return candidate;
    bad(path, "unknown name " + value_in_message(value) + " (one of " + names_of(values) + ")");
}

const std::vector<DeviceChoice>& all_device_choices() {
    static const std::vector<DeviceChoice> devices = {DeviceChoice::automatic, DeviceChoice::gpu,
                                                      DeviceChoice::cpu};
    return devices;
}

// A compaction's predicate by its name: "nonzero", "less-than:5" (core/ground/keep_names.hpp).
KeepPredicate keep_at(const json& value, std::string_view path) {
    const std::string text = text_at(value, path);
    std::string problem;
    const std::optional<KeepPredicate> keep = parse_keep_predicate(text, problem);
    if (!keep)
        bad(path, value_in_message(value) + ": " + problem);
    return *keep;
}

// A kernel the app can trace: the quiz's wrong fragments leave none (kernel_facts.hpp).
BlockAlgorithm kernel_at(const json& value, std::string_view path) {
    const std::string text = text_at(value, path);
    const std::optional<BlockAlgorithm> algorithm = parse_block_algorithm(text);
    if (!algorithm) // 20 names are too many for one line: the command line lists them
        bad(path, "unknown kernel " + value_in_message(value) + " (`prefixlab trace --list` names them)");
    if (has_divergent_sync(*algorithm))
        bad(path,
            text +
                " leaves no trace: it has a barrier or shuffle that not every thread reaches (the Quiz tab "
                "runs it)");
    return *algorithm;
}

// ---------------------------------------------------------------------------------------------------
// Reading: the scene's parts
// ---------------------------------------------------------------------------------------------------

void read_capture(const json& value, const std::string& path, ScanSetup& r) {
    only_known_keys(value, path,
                    {"algorithm", "n", "input", "values", "seed", "keep", "type", "operator", "exclusive",
                     "block_threads", "warp_order", "device"});
    if_present(value, path, "algorithm",
               [&](const json& v, const std::string& at) { r.algorithm = kernel_at(v, at); });
    if_present(value, path, "input",
               [&](const json& v, const std::string& at) { r.input = named_at(v, at, all_input_kinds()); });
    if_present(value, path, "values", [&](const json& v, const std::string&  at) { r.values = text_at(v, at); });
    if_present(value, path, "seed", [&](const json& v, const std::string& at) { r.seed = seed_at(v, at); });
    if_present(value, path, "keep", [&](const json& v, const std::string& at) { r.keep = keep_at(v, at); });
    if_present(value, path, "type",
               [&](const json& v, const std::string& at) { r.type = named_at(v, at, all_element_types()); });
    if_present(value, path, "operator",
               [&](const json& v, const std::string& at) { r.op = named_at(v, at, all_scan_operators()); });
    if_present(value, path, "exclusive",
               [&](const json& v, const std::string& at) { r.exclusive = boolean_at(v, at); });
    if_present(value, path, "block_threads", [&](const json& v, const std::string& at) {
        r.block_threads = static_cast<int>(whole_at(v, at, 0, kMaxInt));
    });
    if_present(value, path, "warp_order", [&](const json& v, const std::string& at) {
        r.warp_order = named_at(v, at, all_warp_orders());
    });
    if_present(value, path, "device", [&](const json& v, const std::string& at) {
        r.device = named_at(v, at, all_device_choices());
    });

    // N against the kernel's limit, whichever of the two the file names: a file that names only a kernel
    // of fewer elements than the default N is refused at n too.
    // A list of values gives N (its count) unless the file names N too, which must then agree.
    const bool n_from_values = r.input == InputKind::values && !value.contains("n");
    const json n = value.contains("n") ? value["n"]
                   : n_from_values     ? json(std::max<std::size_t>(input_value_count(r.values), 1))
                                       : json(r.n);
    const std::string kernel = std::string(name_of(r.algorithm)) + "'s";
    r.n = static_cast<int>(
        count_at(n, member(path, "n"), static_cast<std::uint64_t>(allowed_n(r.algorithm).max), kernel, ""));
    // As the settings reader and the GUI's checkbox do: a kernel without an exclusive form (a reduction)
    // keeps it off rather than failing a file that was written for a scan.
    r.exclusive = r.exclusive && has_exclusive_form(r.algorithm);
    // A kernel of one element type (a segmented scan's uint32) takes it unless the file names another, which
    // validate_scan_setup refuses.
    if (const std::optional<ElementType> fixed = fixed_element_type(r.algorithm); fixed && !value.contains("type"))
        r.type = *fixed;
    try {
        validate_scan_setup(r); // the block's threads for this kernel and N: the one check of a setup
    } catch (const ScanSetupError& e) {
        const char* field = e.setting() == ScanSetting::n        ? "n"
                            : e.setting() == ScanSetting::values ? "values"
                            : e.setting() == ScanSetting::type   ? "type"
                                                                 : "block_threads";
        bad(member(path, field), e.what());
    }
}

void read_compare(const json& value, const std::string& path, SceneCompare& c) {
    only_known_keys(value, path, {"on", "algorithm", "device", "warp_order"});
    if_present(value, path, "on", [&](const json& v, const std::string& at) { c.on = boolean_at(v, at); });
    // Not checked against the first trace's N: the GUI says on the second side why it cannot trace it.
    if_present(value, path, "algorithm",
               [&](const json& v, const std::string& at) { c.algorithm = kernel_at(v, at); });
    if_present(value, path, "device", [&](const json& v, const std::string& at) {
        c.device = named_at(v, at, all_device_choices());
    });
    if_present(value, path, "warp_order", [&](const json& v, const std::string& at) {
        c.warp_order = named_at(v, at, all_warp_orders());
    });
}

void read_grid(const json& value, const std::string& path, GridCaptureRequest& g) {
    only_known_keys(value, path,
                    {"driver", "n", "tile_threads", "body", "resident", "start_order", "order_seed",
                     "tile_order", "type", "operator", "exclusive", "input", "seed", "device", "compact", "sort"});
    if_present(value, path, "driver", [&](const json& v, const std::string& at) {
        g.scan.driver = named_at(v, at, all_grid_drivers());
    });
    if_present(value, path, "tile_threads", [&](const json& v, const std::string& at) {
        g.scan.tile_threads = static_cast<int>(whole_at(v, at, 0, kMaxInt));
    });
    if_present(value, path, "body", [&](const json& v, const std::string& at) {
        g.scan.body = named_at(v, at, all_tile_bodies());
    });
    if_present(value, path, "resident", [&](const json& v, const std::string& at) {
        g.schedule.resident = static_cast<std::uint32_t>(whole_at(v, at, 1, kMaxGridResident));
    });
    if_present(value, path, "start_order", [&](const json& v, const std::string& at) {
        g.schedule.order = named_at(v, at, all_block_start_orders());
    });
    if_present(value, path, "order_seed",
               [&](const json& v, const std::string& at) { g.schedule.seed = seed_at(v, at); });
    if_present(value, path, "tile_order", [&](const json& v, const std::string& at) {
        g.scan.order = named_at(v, at, all_tile_orders());
    });
    if_present(value, path, "type", [&](const json& v, const std::string& at) {
        g.scan.type = named_at(v, at, all_element_types());
    });
    if_present(value, path, "operator", [&](const json& v, const std::string& at) {
        g.scan.op = named_at(v, at, all_scan_operators());
    });
    if_present(value, path, "exclusive",
               [&](const json& v, const std::string& at) { g.scan.exclusive = boolean_at(v, at); });
    if_present(value, path, "input",
               [&](const json& v, const std::string& at) { g.input = named_at(v, at, generated_input_kinds()); });
    if_present(value, path, "seed", [&](const json& v, const std::string& at) { g.seed = seed_at(v, at); });
    if_present(value, path, "device", [&](const json& v, const std::string& at) {
        g.device = named_at(v, at, all_device_choices());
    });
    if_present(value, path, "compact", [&](const json& v, const std::string& at) {
        g.scan.compaction = true;
        g.scan.keep = keep_at(v, at);
        // its driver and body come with it (as the Grid panel's Compaction box sets them), unless the
        // scene names others, which a compaction cannot take
        if (!value.contains("driver"))
            g.scan.driver = GridDriver::decoupled_look_back;
        if (!value.contains("body"))
            g.scan.body = TileScanBody::registers;
        try {
            require_grid_compaction(g.scan);
        } catch (const std::invalid_argument& e) {
            bad(at, e.what());
        }
    });
    if_present(value, path, "sort", [&](const json& v, const std::string& at) {
        const GridSortForm form = named_at(v, at, std::vector<GridSortForm>{GridSortForm::textbook, GridSortForm::onesweep});
        // its driver and block come with it (as the Grid panel's Sort choice sets them); a scene naming others
        // is refused
        const GridScanRequest named = g.scan;
        make_grid_sort(g.scan, form);
        if (value.contains("driver"))
            g.scan.driver = named.driver;
        if (value.contains("tile_threads") || value.contains("tile"))
            g.scan.tile_threads = named.tile_threads;
        try {
            require_grid_sort(g.scan);
        } catch (const std::invalid_argument& e) {
            bad(at, e.what());
        }
    });

    // N by the device, as the script's grid-trace checks it: the emulator runs a fiber per thread, so its
    // grids are smaller; only device gpu is sure of the GPU's limit (auto may find no GPU).
    const bool gpu = g.device == DeviceChoice::gpu;
    const json n = value.contains("n") ? value["n"] : json(g.n);
    g.n = count_at(n, member(path, "n"), gpu ? kMaxGpuGridN : kMaxEmulatedGridN,
                   gpu ? "the GPU's" : "the emulator's",
                   gpu ? "" : " (with device gpu up to " + std::to_string(kMaxGpuGridN) + ")");
    // The tile: the GUI's and the script's rule, then the body's own (its block size and elements).
    const int threads = g.scan.tile_threads;
    if (!tile_threads_valid(threads, kMaxTracedTileThreads))
        bad(member(path, "tile_threads"),
            "expected " + tile_threads_rule(kMaxTracedTileThreads) + ", found " + std::to_string(threads));
    try {
        require_tile_threads(g.scan.body, threads);
    } catch (const std::invalid_argument& e) {
        bad(member(path, "tile_threads"), "the " + std::string(name_of(g.scan.body)) + " body cannot take " +
                                              std::to_string(threads) + " (" + e.what() + ")");
    }
}

void read_view_place(const json& value, const std::string& path, ViewPlace& place) {
    only_known_keys(value, path, {"zoom", "fit", "scroll_x", "scroll_y"});
    if_present(value, path, "zoom", [&](const json& v, const std::string& at) {
        place.zoom = number_at(v, at, kMinSceneZoom, kMaxSceneZoom, "1/1024 to 1024");
    });
    if_present(value, path, "fit",
               [&](const json& v, const std::string& at) { place.fit = boolean_at(v, at); });
    if_present(value, path, "scroll_x", [&](const json& v, const std::string& at) {
        place.scroll_x = number_at(v, at, 0, 1, "0 to 1");
    });
    if_present(value, path, "scroll_y", [&](const json& v, const std::string& at) {
        place.scroll_y = number_at(v, at, 0, 1, "0 to 1");
    });
}

void read_views(const json& value, const std::string& path, std::map<std::string, ViewPlace>& views) {
    require_object(value, path);
    if (value.size() > kMaxSceneViews)
        bad(path, "at most " + std::to_string(kMaxSceneViews) + " views, found " + value_in_message(value));
    for (const auto& item : value.items()) {
        const std::string at = member(path, item.key());
        check_title(item.key(), at);
        ViewPlace place; // a view's fields not named keep the view's default place
        read_view_place(item.value(), at, place);
        views[item.key()] = place;
    }
}

// A name from one of core/bench's lists, kept as the name (the GUI maps it to its enum).
template <class Enum>
void read_bench_name(const json& value, const std::string& path, std::string& name,
                     const std::vector<Enum>& values) {
    name = std::string(name_of(named_at(value, path, values)));
}

void read_bench(const json& value, const std::string& path, SceneBench& b) {
    only_known_keys(value, path, {"view", "series", "plot", "scan", "transfers", "table"});
    if_present(value, path, "view", [&](const json& v, const std::string& at) {
        const std::string view = text_at(v, at);
        if (std::find(std::begin(kSceneBenchViews), std::end(kSceneBenchViews), view) ==
            std::end(kSceneBenchViews))
            bad(at, "unknown name " + value_in_message(v) +
                        " (one of sweep, reduce-table, compact-table, sort-table, histogram-table, segmented-table)");
        b.view = view;
    });
    if_present(value, path, "series", [&](const json& v, const std::string& at) {
        const std::string series = text_at(v, at);
        for (const BenchSeriesPreset preset : all_bench_series_presets())
            if (name_of(preset) == series) {
                b.series = series;
                return;
            }
        for (const std::string& name : series_list(series)) // else algorithms, each one the benchmark knows
            if (find_bench_algorithm(name) == nullptr)
                bad(at, "unknown series " + value_in_message(json(name)) +
                            " (a preset, all or lecture, or algorithms as `prefixlab bench --list` names them, "
                            "comma-separated)");
        b.series = series;
    });
    if_present(value, path, "transfers",
               [&](const json& v, const std::string& at) { b.transfers = boolean_at(v, at); });
    if_present(value, path, "plot", [&](const json& v, const std::string& at) {
        read_bench_name(v, at, b.plot, all_bench_plot_kinds());
    });
    if_present(value, path, "scan", [&](const json& v, const std::string& at) {
        const std::string scan = text_at(v, at);
        if (!scan.empty() && !parse_bench_scan(scan))
            bad(at, "unknown scan " + value_in_message(v) +
                        " (TYPE-OP or TYPE-OP-exclusive, as uint32-add; or \"\" for the results' first)");
        b.scan = scan;
    });
    if_present(value, path, "table", [&](const json& v, const std::string& at) {
        const std::string table = text_at(v, at);
        if (table.size() > kMaxSceneBenchTable)
            bad(at, "a table's title of " + std::to_string(table.size()) + " bytes, more than " +
                        std::to_string(kMaxSceneBenchTable));
        b.table = table;
    });
}

void read_quiz(const json& value, const std::string& path, SceneQuiz& q) {
    only_known_keys(value, path, {"question", "revealed", "source"});
    if_present(value, path, "question", [&](const json& v, const std::string& at) {
        q.question = static_cast<int>(whole_at(v, at, 1, static_cast<std::int64_t>(quiz_questions().size())));
    });
    if_present(value, path, "revealed",
               [&](const json& v, const std::string& at) { q.revealed = boolean_at(v, at); });
    if_present(value, path, "source",
               [&](const json& v, const std::string& at) { q.source = boolean_at(v, at); });
}

void read_panels(const json& value, const std::string& path, ScenePanels& p) {
    only_known_keys(value, path, {"sidebar", "narration", "source", "source_prefixlab"});
    if_present(value, path, "sidebar",
               [&](const json& v, const std::string& at) { p.sidebar = boolean_at(v, at); });
    if_present(value, path, "narration",
               [&](const json& v, const std::string& at) { p.narration = boolean_at(v, at); });
    if_present(value, path, "source",
               [&](const json& v, const std::string& at) { p.source = boolean_at(v, at); });
    if_present(value, path, "source_prefixlab",
               [&](const json& v, const std::string& at) { p.source_prefixlab = boolean_at(v, at); });
}

Scene scene_from_document(const json& root) {
    require_format(root, kFormatName, "scene file");
    if (whole_at(field(root, "", "version"), "version", 0, kMaxInt) != kSceneFormatVersion)
        bad("version", value_in_message(root["version"]) +
                           " is not supported (this PrefixLab reads version " +
                           std::to_string(kSceneFormatVersion) + ")");
    only_known_keys(root, "",
                    {"format", "version", "tab", "capture", "compare", "grid", "step", "grid_step", "reveal",
                     "views", "bench", "quiz", "panels", "scale", "theme"});
    Scene s;
    if_present(root, "", "tab", [&](const json& v, const std::string& at) {
        s.tab = text_at(v, at);
        check_title(s.tab, at);
    });
    if_present(root, "", "capture",
               [&](const json& v, const std::string& at) { read_capture(v, at, s.capture); });
    if_present(root, "", "compare",
               [&](const json& v, const std::string& at) { read_compare(v, at, s.compare); });
    if_present(root, "", "grid", [&](const json& v, const std::string& at) { read_grid(v, at, s.grid); });
    if_present(root, "", "step", [&](const json& v, const std::string& at) {
        s.step = static_cast<int>(whole_at(v, at, 0, kMaxInt));
    });
    if_present(root, "", "grid_step", [&](const json& v, const std::string& at) {
        s.grid_step = static_cast<int>(whole_at(v, at, 0, kMaxInt));
    });
    if_present(root, "", "reveal",
               [&](const json& v, const std::string& at) { s.reveal = boolean_at(v, at); });
    if_present(root, "", "views", [&](const json& v, const std::string& at) { read_views(v, at, s.views); });
    if_present(root, "", "bench", [&](const json& v, const std::string& at) { read_bench(v, at, s.bench); });
    if_present(root, "", "quiz", [&](const json& v, const std::string& at) { read_quiz(v, at, s.quiz); });
    if_present(root, "", "panels",
               [&](const json& v, const std::string& at) { read_panels(v, at, s.panels); });
    static_assert(kMinUiScale == 0.5f && kMaxUiScale == 4.0f, "the scale message names the range");
    if_present(root, "", "scale", [&](const json& v, const std::string& at) {
        if (!v.is_number() || !valid_ui_scale(v.get<double>()))
            bad(at, "expected a number from 0.5 to 4, found " + value_in_message(v));
        s.scale = v.get<float>();
    });
    if_present(root, "", "theme", [&](const json& v, const std::string& at) {
        s.theme = text_at(v, at);
        if (std::find(std::begin(kSettingsThemes), std::end(kSettingsThemes), s.theme) ==
            std::end(kSettingsThemes))
            bad(at, "expected \"dark\" or \"projector\", found " + value_in_message(v));
    });
    return s;
}

} // namespace

std::string scene_to_json_text(const Scene& s) {
    ordered_json root;
    root["format"] = kFormatName;
    root["version"] = kSceneFormatVersion;
    root["tab"] = s.tab;
    root["capture"] = capture_to_json(s.capture);
    root["compare"] = {{"on", s.compare.on},
                       {"algorithm", name_of(s.compare.algorithm)},
                       {"device", name_of(s.compare.device)},
                       {"warp_order", name_of(s.compare.warp_order)}};
    root["grid"] = grid_to_json(s.grid);
    root["step"] = s.step;
    root["grid_step"] = s.grid_step;
    root["reveal"] = s.reveal;
    ordered_json views = ordered_json::object();
    for (const auto& [title, place] : s.views)
        views[title] = {{"zoom", shortest(place.zoom)},
                        {"fit", place.fit},
                        {"scroll_x", shortest(place.scroll_x)},
                        {"scroll_y", shortest(place.scroll_y)}};
    root["views"] = std::move(views);
    root["bench"] = {
        {"view", s.bench.view}, {"series", s.bench.series}, {"plot", s.bench.plot}, {"scan", s.bench.scan},
        {"transfers", s.bench.transfers}, {"table", s.bench.table}};
    root["quiz"] = {{"question", s.quiz.question}, {"revealed", s.quiz.revealed}, {"source", s.quiz.source}};
    root["panels"] = {
        {"sidebar", s.panels.sidebar},
        {"narration", s.panels.narration},
        {"source", s.panels.source},
        {"source_prefixlab", s.panels.source_prefixlab}};
    if (s.scale) // none: from the monitor, which a file leaves out
        root["scale"] = shortest(*s.scale);
    root["theme"] = s.theme;
    // A title set by the program need not be valid UTF-8; nlohmann then writes U+FFFD rather than throwing.
    return root.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

Scene scene_from_json_text(std::string_view text) {
    try {
        // The scene's own limits first (far below the readers' shared ones): a document nested deeper
        // or holding more values than any scene is refused before a tree is built.
        try {
            check_json_depth(text, kMaxSceneJsonDepth, kMaxSceneJsonValues);
        } catch (const std::invalid_argument& e) {
            bad("", e.what());
        }
        return scene_from_document(parse_document(text));
    } catch (const JsonFieldError& e) {
        throw SceneFormatError(std::string("scene: ") + e.what());
    } catch (const json::exception& e) {
        // Not expected: every access above checks the type first. One line all the same.
        throw SceneFormatError(std::string("scene: not a valid scene document: ") + e.what());
    }
}

} // namespace prefixlab
