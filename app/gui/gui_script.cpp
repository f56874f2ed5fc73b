#include "gui_script.hpp"

#include "app_state.hpp"
#include "gui_script_bench.hpp"
#include "bench_state.hpp"
#include "core/block_limits.hpp"
#include "core/util/atomic_file.hpp"
#include "imgui_layer.hpp"
#include "workspace.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <utility>

namespace prefixlab {

namespace {

struct CommandSpec {
    std::size_t min_args;
    std::size_t max_args;
    const char* usage;
    bool bench = false; // run by ScriptRunner::run_bench_command
};

const std::map<std::string, CommandSpec>& command_specs() {
    static const std::map<std::string, CommandSpec> specs = {
        {"open", {1, 1, "open FILE"}},
        {"trace", {0, 8, "trace [algo=NAME] [n=N] [input=KIND] [seed=S] [type=T] [op=OP] [exclusive=0|1] [device=D]"}},
        {"step", {1, 1, "step first|last|next|prev|NUMBER"}},
        {"play", {0, 0, "play"}},
        {"pause", {0, 0, "pause"}},
        {"wait", {1, 1, "wait FRAMES"}},
        {"tab", {1, 1, "tab TITLE"}},
        {"scale", {1, 1, "scale FACTOR"}},
        {"screenshot", {1, 1, "screenshot FILE.png"}},
        {"measure-frames", {1, 2, "measure-frames COUNT [FILE.json]"}},
        {"hover", {2, 2, "hover X Y"}},
        {"click", {2, 2, "click X Y"}},
        {"bench", {0, 7, "bench [algos=LIST] [n=SIZES] [reps=R] [warmup=W] [seed=S] [block=B,...] [block-n=SIZES]", true}},
        {"wait-bench", {0, 1, "wait-bench [FRACTION]", true}},
        {"cancel-bench", {0, 0, "cancel-bench", true}},
        {"plot", {1, 1, "plot time|throughput|gelems|speedup|block-sweep", true}},
        {"export-plots", {1, 1, "export-plots FOLDER", true}},
        {"export-plot", {2, 2, "export-plot FOLDER png|svg|pdf", true}},
        {"export-results", {1, 1, "export-results FOLDER", true}},
        {"open-results", {1, 1, "open-results FILE", true}},
        {"quit", {0, 0, "quit"}},
    };
    return specs;
}

[[noreturn]] void script_error(const ScriptCommand& c, const std::string& problem) {
    throw ScriptError("script " + c.where + ": " + problem);
}

int integer_arg(const ScriptCommand& c, const std::string& text, int min, int max) {
    if (const auto value = integer_in(text, min, max))
        return *value;
    script_error(c, "'" + text + "' is not an integer in " + std::to_string(min) + ".." + std::to_string(max));
}

double fraction_arg(const ScriptCommand& c, const std::string& text) {
    try {
        std::size_t used = 0;
        const double value = std::stod(text, &used);
        if (used == text.size() && value >= 0 && value <= 1)
            return value;
    } catch (const std::exception&) {
    }
    script_error(c, "'" + text + "' is not a fraction in 0..1");
}

bool is_bench_command(const std::string& name) {
    const auto spec = command_specs().find(name);
    return spec != command_specs().end() && spec->second.bench;
}

std::optional<PlotFileFormat> format_arg(const std::string& text) { return plot_format_from_path("x." + text); }

// Applies `key=value` settings of a trace command to a capture request.
void apply_setting(const ScriptCommand& c, const std::string& setting, CaptureRequest& r) {
    const auto eq = setting.find('=');
    if (eq == std::string::npos)
        script_error(c, "expected key=value, found '" + setting + "'");
    const std::string key = setting.substr(0, eq), value = setting.substr(eq + 1);
    const auto unknown = [&] { script_error(c, "unknown " + key + " '" + value + "'"); };
    if (key == "algo") {
        const auto a = parse_block_algorithm(value);
        a ? void(r.algorithm = *a) : unknown();
    } else if (key == "n") {
        r.n = integer_arg(c, value, 1, 1 << 20);
    } else if (key == "input") {
        const auto i = parse_input_kind(value);
        i ? void(r.input = *i) : unknown();
    } else if (key == "seed") {
        r.seed = static_cast<std::uint64_t>(integer_arg(c, value, 0, 1 << 30));
    } else if (key == "type") {
        const auto t = parse_element_type(value);
        t ? void(r.type = *t) : unknown();
    } else if (key == "op") {
        const auto o = parse_scan_operator(value);
        o ? void(r.op = *o) : unknown();
    } else if (key == "exclusive") {
        r.exclusive = integer_arg(c, value, 0, 1) == 1;
    } else if (key == "device") {
        const auto d = parse_device_choice(value);
        d ? void(r.device = *d) : unknown();
    } else {
        script_error(c, "unknown setting '" + key + "'");
    }
}

void check_command(const ScriptCommand& c) {
    const auto spec = command_specs().find(c.name);
    if (spec == command_specs().end())
        script_error(c, "unknown command '" + c.name + "'");
    if (c.args.size() < spec->second.min_args || c.args.size() > spec->second.max_args)
        script_error(c, "usage: " + std::string(spec->second.usage));
    CaptureRequest scratch;
    if (c.name == "trace")
        for (const std::string& setting : c.args)
            apply_setting(c, setting, scratch);
    if (c.name == "wait")
        integer_arg(c, c.args[0], 0, 100000);
    if (c.name == "measure-frames")
        integer_arg(c, c.args[0], 1, 100000);
    if (c.name == "hover" || c.name == "click") {
        integer_arg(c, c.args[0], 0, 16384);
        integer_arg(c, c.args[1], 0, 16384);
    }
    try {
        if (c.name == "bench") {
            BenchSpec scratch_spec;
            for (const std::string& setting : c.args)
                apply_bench_setting(setting, scratch_spec);
        }
        if (c.name == "plot")
            parse_plot_kind(c.args[0]);
    } catch (const std::invalid_argument& e) {
        script_error(c, e.what());
    }
    if (c.name == "wait-bench" && !c.args.empty())
        fraction_arg(c, c.args[0]);
    if (c.name == "export-plot" && !format_arg(c.args[1]))
        script_error(c, "unknown plot format '" + c.args[1] + "' (png, svg or pdf)");
    if (c.name == "step" && c.args[0] != "first" && c.args[0] != "last" && c.args[0] != "next" && c.args[0] != "prev")
        integer_arg(c, c.args[0], 0, 1 << 20);
}

double percentile(std::vector<double> values, double p) {
    std::sort(values.begin(), values.end());
    const std::size_t i = std::min(values.size() - 1, static_cast<std::size_t>(p * (values.size() - 1) + 0.5));
    return values[i];
}

} // namespace

std::vector<ScriptCommand> parse_script_file(const std::string& path) {
    std::ifstream file(path);
    if (!file)
        throw ScriptError("cannot read script '" + path + "'");
    std::ostringstream text;
    text << file.rdbuf();
    return parse_script_text(text.str(), path);
}

std::vector<ScriptCommand> parse_script_text(const std::string& text, const std::string& source_name) {
    std::istringstream in(text);
    std::vector<ScriptCommand> commands;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        const auto hash = line.find('#');
        if (hash != std::string::npos)
            line.erase(hash);
        std::istringstream words(line);
        ScriptCommand command;
        if (!(words >> command.name))
            continue;
        for (std::string arg; words >> arg;)
            command.args.push_back(arg);
        command.where = source_name + ":" + std::to_string(number);
        check_command(command);
        commands.push_back(std::move(command));
    }
    return commands;
}

bool ScriptRunner::run_one(ScriptHost& host, const ScriptCommand& c) {
    AppState& state = host.state;
    if (c.name == "open") {
        state.load_trace(c.args[0]);
        wait_for_ = WaitFor::capture; // loads in the background; failures are reported when it ends
        return false;
    } else if (c.name == "trace") {
        for (const std::string& setting : c.args)
            apply_setting(c, setting, state.request);
        state.capture_now();
        wait_for_ = WaitFor::capture;
        return false;
    } else if (c.name == "step") {
        const std::string& where = c.args[0];
        if (where == "first")
            state.first_step();
        else if (where == "last")
            state.last_step();
        else if (where == "next")
            state.next_step();
        else if (where == "prev")
            state.previous_step();
        else
            state.set_step(integer_arg(c, where, 0, 1 << 20));
    } else if (c.name == "play" || c.name == "pause") {
        state.set_playing(c.name == "play");
    } else if (c.name == "wait") {
        wait_frames_ = integer_arg(c, c.args[0], 0, 100000);
        return false;
    } else if (c.name == "tab") {
        if (!host.workspace.select_tab(c.args[0]))
            failure_ = "script " + c.where + ": no tab titled '" + c.args[0] + "'";
    } else if (c.name == "scale") {
        host.imgui.set_ui_scale(std::stof(c.args[0]));
    } else if (c.name == "screenshot") {
        // Two frames first: the one that applies the latest changes and one that lays them out.
        screenshot_path_ = c.args[0];
        screenshot_in_frames_ = 2;
        return false;
    } else if (c.name == "measure-frames") {
        measure_left_ = integer_arg(c, c.args[0], 1, 100000);
        measure_path_ = c.args.size() > 1 ? c.args[1] : "";
        measured_.clear();
        return false;
    } else if (c.name == "hover" || c.name == "click") {
        // The mouse stays where it was put; a click presses for one frame, and the wait lets the
        // release and the result draw.
        host.imgui.script_mouse(static_cast<float>(integer_arg(c, c.args[0], 0, 16384)),
                                static_cast<float>(integer_arg(c, c.args[1], 0, 16384)), c.name == "click");
        wait_frames_ = 2;
        return false;
    } else if (is_bench_command(c.name)) {
        return run_bench_command(host, c);
    } else if (c.name == "quit") {
        quit_ = true;
        return false;
    }
    return true;
}

bool ScriptRunner::run_bench_command(ScriptHost& host, const ScriptCommand& c) {
    BenchState& bench = host.state.bench();
    if (c.name == "bench") {
        for (const std::string& setting : c.args)
            apply_bench_setting(setting, bench.spec); // checked before the window opened
        bench.start();
        if (!bench.running())
            failure_ = "script " + c.where + ": " + host.state.message();
    } else if (c.name == "wait-bench") {
        wait_for_ = WaitFor::bench;
        wait_fraction_ = c.args.empty() ? 2.0 : fraction_arg(c, c.args[0]); // above 1: the end
        return false;
    } else if (c.name == "cancel-bench") {
        bench.cancel();
    } else if (c.name == "plot") {
        bench.plot_options.kind = parse_plot_kind(c.args[0]);
    } else if (c.name == "open-results") {
        if (!bench.open_results(c.args[0]))
            failure_ = "script " + c.where + ": " + host.state.message();
    } else {
        bench.export_folder = c.args[0];
        if (c.name == "export-plots")
            bench.export_all_plots();
        else if (c.name == "export-plot")
            bench.export_current({*format_arg(c.args[1])});
        else
            bench.export_results();
        wait_for_ = WaitFor::bench_export;
        return false;
    }
    return true;
}

bool ScriptRunner::waiting(ScriptHost& host) {
    BenchState& bench = host.state.bench();
    switch (wait_for_) {
    case WaitFor::nothing:
        return false;
    case WaitFor::capture:
        if (host.state.busy())
            return true;
        if (host.state.message_is_error())
            failure_ = host.state.message();
        break;
    case WaitFor::bench:
        if (bench.running() && bench.live().progress.fraction < wait_fraction_)
            return true;
        if (!bench.running() && host.state.message_is_error())
            failure_ = host.state.message(); // the sweep failed, or its results could not be saved
        break;
    case WaitFor::bench_export:
        if (bench.exporting())
            return true;
        if (bench.last_export_failed())
            failure_ = bench.last_export();
        break;
    }
    wait_for_ = WaitFor::nothing;
    return false;
}

void ScriptRunner::before_frame(ScriptHost& host) {
    if (!active_ || quit_)
        return;
    if (waiting(host))
        return;
    if (wait_frames_ > 0) {
        --wait_frames_;
        return;
    }
    if (screenshot_in_frames_ >= 0 || measure_left_ > 0)
        return;
    while (!quit_ && failure_.empty() && next_ < commands_.size())
        if (!run_one(host, commands_[next_++]))
            return;
    if (!failure_.empty() || next_ >= commands_.size())
        quit_ = true; // a script ends the program when it runs out or fails
}

std::string ScriptRunner::take_screenshot_request() {
    if (screenshot_in_frames_ < 0)
        return "";
    if (screenshot_in_frames_-- > 0)
        return "";
    return std::exchange(screenshot_path_, "");
}

void ScriptRunner::after_frame(double frame_ms) {
    if (measure_left_ <= 0)
        return;
    measured_.push_back(frame_ms);
    if (--measure_left_ == 0)
        finish_measurement();
}

void ScriptRunner::finish_measurement() {
    double sum = 0;
    for (double v : measured_)
        sum += v;
    const double median = percentile(measured_, 0.5), p95 = percentile(measured_, 0.95);
    const double max = *std::max_element(measured_.begin(), measured_.end());
    const double mean = sum / measured_.size();
    std::printf("frame time over %zu frames: median %.2f ms, mean %.2f ms, p95 %.2f ms, max %.2f ms\n",
                measured_.size(), median, mean, p95, max);
    std::fflush(stdout);
    if (!measure_path_.empty()) {
        try {
            write_file_atomically(measure_path_, [&](std::ostream& out) {
                out << "{\"frames\": " << measured_.size() << ", \"median_ms\": " << median << ", \"mean_ms\": " << mean
                    << ", \"p95_ms\": " << p95 << ", \"max_ms\": " << max << "}\n";
            });
        } catch (const std::exception& e) {
            failure_ = e.what();
        }
    }
}

} // namespace prefixlab
