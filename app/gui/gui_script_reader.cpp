// Reading a script: the bounded file, its lines, the command table and the check of every argument,
// all before any window opens (docs/gui-script.md promises it). Each command declares its arguments
// by kind (whole number, number, name, path) or takes key=value settings; one function per kind reads
// them (gui_script_values.hpp), and the runner only uses the values read here.
#include "core/plot/plot_export.hpp"
#include "core/settings/window_limits.hpp"
#include "core/util/input_limits.hpp"
#include "core/util/printable.hpp"
#include "gui/bench_state.hpp"
#include "gui/export/gif_animation.hpp"
#include "gui/gui_script.hpp"
#include "gui/gui_script_values.hpp"
#include "gui/shortcuts.hpp"
#include "gui/view_registry.hpp"

#include <map>
#include <string_view>

namespace prefixlab {

namespace {

enum class ArgKind { whole, number, name, path };

struct ArgSpec {
    const char* label; // in messages: "wait FRAMES '-1': …"
    ArgKind kind;
    double min = 0, max = 0;        // whole, number
    std::vector<std::string> names; // name: the names taken; whole: words taken instead of a number
    const char* suffix = "";        // path: the ending it needs
    bool optional = false;          // only the last arguments may be optional
};

ArgSpec whole_arg(const char* label, double min, double max, std::vector<std::string> words = {}) {
    return {label, ArgKind::whole, min, max, std::move(words)};
}
ArgSpec number_arg(const char* label, double min, double max) {
    return {label, ArgKind::number, min, max, {}};
}
ArgSpec name_arg(const char* label, std::vector<std::string> names) {
    return {label, ArgKind::name, 0, 0, std::move(names)};
}
ArgSpec path_arg(const char* label, const char* suffix = "") {
    return {label, ArgKind::path, 0, 0, {}, suffix};
}
ArgSpec optional_arg(ArgSpec arg) {
    arg.optional = true;
    return arg;
}

enum class ScriptSettings { none, trace, bench, grid }; // trace, bench, grid: any number of key=value settings

struct CommandSpec {
    const char* usage;
    std::vector<ArgSpec> args;
    ScriptSettings settings = ScriptSettings::none;
    bool benchmark = false;     // run by ScriptRunner::run_bench_command
    bool exports_plots = false; // needs Cairo (plot_export_available)
    bool files = false;         // run by ScriptRunner::run_files_command
    bool exports = false;       // run by ScriptRunner::run_export_command
    bool needs_gif = false;     // needs giflib (gif_export_available)
};

CommandSpec files_command(const char* usage, std::vector<ArgSpec> args) {
    CommandSpec spec{usage, std::move(args)};
    spec.files = true;
    return spec;
}

CommandSpec export_command(const char* usage, ArgSpec arg, bool needs_gif = false) {
    CommandSpec spec{usage, {std::move(arg)}};
    spec.exports = true;
    spec.needs_gif = needs_gif;
    return spec;
}

// A script's name in "FILE:LINE" is shown whole up to this length (a test's temporary folder is
// often longer than printable()'s default of 80).
constexpr std::size_t kMaxShownPathChars = 256;

// Limits that only keep a typo from running for hours; no real script comes near them.
constexpr double kMaxFrames = 100000;
constexpr double kMaxPixel = 16384; // twice the widest window (--window 8192)
constexpr double kMaxStep = 1 << 20;

std::vector<std::string> key_names() {
    std::vector<std::string> names;
    for (const NamedKey& k : named_keys())
        names.push_back(k.name);
    return names;
}

const std::map<std::string, CommandSpec>& command_specs() {
    static const std::map<std::string, CommandSpec> specs = {
        {"open", {"open FILE", {path_arg("FILE")}}},
        {"trace",
         {"trace [algo=NAME] [n=N] [input=KIND] [seed=S] [type=T] [op=OP] [exclusive=0|1] [device=D]",
          {},
          ScriptSettings::trace}},
        {"compare", {"compare [algo=NAME] [device=D] [order=O]", {}, ScriptSettings::trace}},
        {"grid-trace",
         {"grid-trace [driver=NAME] [n=N] [tile=THREADS] [body=B] [resident=R] [order=O] [seed=S] "
          "[tiles=counter|block] [type=T] [op=OP] [exclusive=0|1] [input=KIND] [device=cpu|gpu]",
          {},
          ScriptSettings::grid}},
        {"report-grid", {"report-grid", {}}},
        {"compare-file", {"compare-file FILE", {path_arg("FILE")}}},
        {"compare-off", {"compare-off", {}}},
        {"step",
         {"step first|last|next|prev|K", {whole_arg("K", 0, kMaxStep, {"first", "last", "next", "prev"})}}},
        {"play", {"play", {}}},
        {"pause", {"pause", {}}},
        {"wait", {"wait FRAMES", {whole_arg("FRAMES", 0, kMaxFrames)}}},
        {"tab", {"tab TITLE", {name_arg("TITLE", tab_titles())}}},
        {"scale", {"scale FACTOR", {number_arg("FACTOR", kMinUiScale, kMaxUiScale)}}},
        {"check-layout", {"check-layout", {}}},
        {"key", {"key NAME", {name_arg("NAME", key_names())}}},
        {"report", {"report", {}}},
        {"report-values", {"report-values", {}}},
        {"report-narration", {"report-narration", {}}},
        {"report-reading", {"report-reading", {}}},
        {"report-compare", {"report-compare", {}}},
        {"stall", {"stall MILLISECONDS", {whole_arg("MILLISECONDS", 0, 10000)}}},
        {"theme", {"theme dark|projector", {name_arg("NAME", {"dark", "projector"})}}},
        {"screenshot", {"screenshot FILE.png", {path_arg("FILE.png", ".png")}}},
        {"measure-frames",
         {"measure-frames COUNT [FILE.json]",
          {whole_arg("COUNT", 1, kMaxFrames), optional_arg(path_arg("FILE.json"))}}},
        {"hover", {"hover X Y", {whole_arg("X", 0, kMaxPixel), whole_arg("Y", 0, kMaxPixel)}}},
        {"click", {"click X Y", {whole_arg("X", 0, kMaxPixel), whole_arg("Y", 0, kMaxPixel)}}},
        {"bench",
         {"bench [algos=LIST] [n=SIZES] [reps=R] [warmup=W] [seed=S] [block=B,...] [block-n=SIZES]",
          {},
          ScriptSettings::bench,
          true}},
        {"wait-bench",
         {"wait-bench [FRACTION]", {optional_arg(number_arg("FRACTION", 0, 1))}, ScriptSettings::none, true}},
        {"cancel-bench", {"cancel-bench", {}, ScriptSettings::none, true}},
        {"plot",
         {"plot time|throughput|gelems|speedup|block-sweep",
          {name_arg("KIND", plot_kind_names())},
          ScriptSettings::none,
          true}},
        {"bench-series",
         {"bench-series lecture|all", {name_arg("PRESET", bench_series_preset_names())}, ScriptSettings::none, true}},
        {"bench-scan", {"bench-scan NAME", {name_arg("NAME", bench_scan_names())}, ScriptSettings::none, true}},
        {"bench-report", {"bench-report", {}, ScriptSettings::none, true}},
        {"export-plots", {"export-plots FOLDER", {path_arg("FOLDER")}, ScriptSettings::none, true, true}},
        {"export-plot",
         {"export-plot FOLDER png|svg|pdf",
          {path_arg("FOLDER"), name_arg("FORMAT", export_format_names())},
          ScriptSettings::none,
          true,
          true}},
        {"export-results", {"export-results FOLDER", {path_arg("FOLDER")}, ScriptSettings::none, true}},
        {"open-results", {"open-results FILE", {path_arg("FILE")}, ScriptSettings::none, true}},
        {"bench-view",
         {"bench-view sweep|reduce-table", {name_arg("VIEW", {"sweep", "reduce-table"})}, ScriptSettings::none, true}},
        {"time-reduce-table",
         {"time-reduce-table N", {whole_arg("N", 1024, std::uint64_t(1) << 30)}, ScriptSettings::none, true}},
        {"open-reduce-table", {"open-reduce-table FILE.csv", {path_arg("FILE.csv")}, ScriptSettings::none, true}},
        {"export-reduce-table",
         {"export-reduce-table FOLDER png|svg|pdf|csv",
          {path_arg("FOLDER"), name_arg("FORMAT", [] {
               std::vector<std::string> names = export_format_names();
               names.emplace_back("csv");
               return names;
           }())},
          ScriptSettings::none,
          true}},
        {"quiz", {"quiz N", {whole_arg("N", 1, 3)}}},
        {"quiz-run", {"quiz-run", {}}},
        {"quiz-reveal", {"quiz-reveal on|off", {name_arg("STATE", {"on", "off"})}}},
        {"quiz-source", {"quiz-source cuda|source", {name_arg("FORM", {"cuda", "source"})}}},
        {"report-quiz", {"report-quiz", {}}},
        {"drop", files_command("drop FILE", {path_arg("FILE")})},
        {"open-browser", files_command("open-browser trace|results|save [FOLDER]",
                                       {name_arg("MODE", {"trace", "results", "save"}), optional_arg(path_arg("FOLDER"))})},
        {"browser-enter", files_command("browser-enter TEXT", {path_arg("TEXT")})},
        {"report-settings", files_command("report-settings", {})},
        {"export-view", export_command("export-view FILE.png", path_arg("FILE.png", ".png"))},
        {"export-svg", export_command("export-svg FILE.svg", path_arg("FILE.svg", ".svg"))},
        {"export-gif", export_command("export-gif FILE.gif", path_arg("FILE.gif", ".gif"), true)},
        {"export-steps", export_command("export-steps FOLDER", path_arg("FOLDER"))},
        {"quit", {"quit", {}}},
    };
    return specs;
}

std::string joined(const std::vector<std::string>& words) {
    std::string text;
    for (const std::string& word : words)
        text += (text.empty() ? "" : ", ") + word;
    return text;
}

ScriptArg read_arg(const std::string& command, const ArgSpec& spec, const std::string& text) {
    const std::string what = command + " " + spec.label;
    ScriptArg arg;
    arg.text = text;
    switch (spec.kind) {
    case ArgKind::whole:
        for (std::size_t i = 0; i < spec.names.size(); ++i)
            if (spec.names[i] == text) {
                arg.choice = i;
                return arg;
            }
        arg.whole = script_whole_number(what, text, static_cast<std::uint64_t>(spec.min),
                                        static_cast<std::uint64_t>(spec.max),
                                        spec.names.empty() ? "" : " (or " + joined(spec.names) + ")");
        break;
    case ArgKind::number:
        arg.number = script_number(what, text, spec.min, spec.max);
        break;
    case ArgKind::name:
        arg.choice = script_name(what, text, spec.names);
        break;
    case ArgKind::path:
        script_path(what, text, spec.suffix);
        break;
    }
    return arg;
}

// What the running GUI will hold when each command runs, as far as the script alone decides it, so
// that a combination of settings that can only fail (N above the algorithm's limit, block-n not among
// the sizes) is refused now rather than after the window opened. Unknown (nullopt) after a command that
// takes them from elsewhere: `open`, `drop` and `browser-enter` (a file's settings) and `click` (the mouse may change them).
struct ExpectedState {
    std::optional<BlockAlgorithm> algorithm;
    std::optional<int> n;
    std::optional<BenchSpec> bench;
};

void check_against_state(const ScriptCommand& c, ExpectedState& state) {
    if (c.name == "open" || c.name == "click" || c.name == "drop" || c.name == "browser-enter") {
        state.algorithm.reset();
        state.n.reset();
    }
    if (c.name == "click")
        state.bench.reset();
    if (c.name == "trace") {
        state.algorithm = c.trace.algorithm ? c.trace.algorithm : state.algorithm;
        state.n = c.trace.n ? c.trace.n : state.n;
        if (state.algorithm && state.n)
            check_trace_size(*state.algorithm, *state.n, c.trace);
    }
    if (c.name == "bench" && state.bench) {
        apply_bench_settings(c.bench, *state.bench);
        check_bench_spec(*state.bench);
    }
}

ScriptCommand read_command(const std::vector<std::string>& words, ExpectedState& state) {
    ScriptCommand c;
    c.name = words.front();
    const auto found = command_specs().find(c.name);
    if (found == command_specs().end())
        throw ScriptValueError("unknown command '" + printable(c.name) + "'");
    const CommandSpec& spec = found->second;
    const std::vector<std::string> args(words.begin() + 1, words.end());
    c.benchmark = spec.benchmark;
    c.files = spec.files;
    c.exports = spec.exports;
    if (spec.settings == ScriptSettings::trace)
        c.trace = read_trace_settings(args);
    if (c.name == "compare" && (c.trace.n || c.trace.input || c.trace.seed || c.trace.type || c.trace.op ||
                                c.trace.exclusive))
        throw ScriptValueError("compare takes algo=, device= and order=; the rest is the first trace's");
    if (spec.settings == ScriptSettings::bench)
        c.bench = read_bench_settings(args);
    if (spec.settings == ScriptSettings::grid)
        c.grid = read_grid_trace_settings(args);
    if (spec.settings == ScriptSettings::none) {
        std::size_t required = 0;
        for (const ArgSpec& arg : spec.args)
            required += arg.optional ? 0 : 1;
        if (args.size() < required || args.size() > spec.args.size())
            throw ScriptValueError("usage: " + std::string(spec.usage));
        for (std::size_t i = 0; i < args.size(); ++i)
            c.args.push_back(read_arg(c.name, spec.args[i], args[i]));
    }
    if (spec.exports_plots && !plot_export_available())
        throw ScriptValueError(c.name + ": " + plot_export_unavailable_reason());
    if (spec.needs_gif && !gif_export_available())
        throw ScriptValueError(c.name + ": " + gif_export_unavailable_reason());
    check_against_state(c, state);
    return c;
}

// The words of a line, without its comment; split at spaces and tabs (and a CR, for files written on
// Windows).
std::vector<std::string> words_of(std::string_view line) {
    line = line.substr(0, line.find('#'));
    std::vector<std::string> words;
    std::size_t start = 0;
    while (true) {
        start = line.find_first_not_of(" \t\r\v\f", start);
        if (start == std::string_view::npos)
            return words;
        const std::size_t end = std::min(line.find_first_of(" \t\r\v\f", start), line.size());
        words.emplace_back(line.substr(start, end - start));
        start = end;
    }
}

} // namespace

std::vector<ScriptCommand> parse_script_file(const std::string& path, bool starts_on_trace_file) {
    std::string text;
    try {
        text = read_bounded_file(path, kMaxScriptFileBytes, "script");
    } catch (const InputLimitError& e) {
        throw ScriptError(e.what());
    }
    return parse_script_text(text, path, starts_on_trace_file);
}

std::vector<ScriptCommand> parse_script_text(std::string_view text, const std::string& source_name,
                                             bool starts_on_trace_file) {
    ExpectedState state;
    if (!starts_on_trace_file) {
        const ScanSetup defaults;
        state.algorithm = defaults.algorithm;
        state.n = defaults.n;
    }
    state.bench = default_gui_bench_spec();

    std::vector<ScriptCommand> commands;
    const std::string file = printable(source_name, kMaxShownPathChars);
    std::size_t start = 0;
    for (int number = 1; start < text.size(); ++number) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        const std::string where = file + ":" + std::to_string(number);
        if (end - start > kMaxScriptLineBytes)
            throw ScriptError("script " + where + ": the line is longer than the limit of " +
                              std::to_string(kMaxScriptLineBytes) + " bytes");
        const std::vector<std::string> words = words_of(text.substr(start, end - start));
        start = end + 1;
        if (words.empty())
            continue;
        try {
            ScriptCommand command = read_command(words, state);
            command.where = where;
            commands.push_back(std::move(command));
        } catch (const ScriptValueError& e) {
            throw ScriptError("script " + where + ": " + e.what());
        }
    }
    return commands;
}

} // namespace prefixlab
