#include "gui/gui_script.hpp"

#include "core/ground/scan_names.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/terminal_output.hpp"
#include "gui/app_state.hpp"
#include "gui/bench_state.hpp"
#include "gui/export/view_export.hpp"
#include "gui/imgui_layer.hpp"
#include "gui/shortcuts.hpp"
#include "gui/theme.hpp"
#include "gui/views/narration_view.hpp"
#include "gui/views/value_grid_layout.hpp"
#include "gui/workspace.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>
#include <utility>

namespace prefixlab {

namespace {

double percentile(std::vector<double> values, double p) {
    std::sort(values.begin(), values.end());
    const std::size_t i = std::min(values.size() - 1, static_cast<std::size_t>(p * (values.size() - 1) + 0.5));
    return values[i];
}

} // namespace

bool ScriptRunner::run_one(ScriptHost& host, const ScriptCommand& c) {
    AppState& state = host.state;
    if (c.name == "open") {
        state.load_trace(c.args[0].text);
        wait_for_ = WaitFor::capture; // loads in the background; failures are reported when it ends
        return false;
    } else if (c.name == "trace") {
        apply_trace_settings(c.trace, state.setup);
        state.capture_now();
        wait_for_ = WaitFor::capture;
        return false;
    } else if (c.name == "compare") {
        // Only algo=, device= and order= (the reader refused the others): the rest is the first trace's.
        AppState::CompareChoice& choice = state.compare_choice;
        state.set_comparing(true);
        choice.algorithm = c.trace.algorithm.value_or(choice.algorithm);
        choice.device = c.trace.device.value_or(choice.device);
        choice.warp_order = c.trace.order.value_or(choice.warp_order);
        state.compare_choice_changed();
        wait_for_ = WaitFor::compare;
        return false;
    } else if (c.name == "compare-file") {
        state.load_compare_trace(c.args[0].text);
        wait_for_ = WaitFor::compare;
        return false;
    } else if (c.name == "compare-off") {
        state.set_comparing(false);
    } else if (c.name == "grid-trace") {
        apply_grid_trace_settings(c.grid, state.grid_setup);
        state.capture_grid();
        wait_for_ = WaitFor::grid;
        return false;
    } else if (c.name == "report-grid") {
        // The grid trace's numbers (or why the last grid capture failed), for tests.
        if (state.grid_failed())
            printf_to_terminal(stdout, "grid: error=%s\n", state.grid_status().c_str());
        if (const LoadedGridTrace* grid = state.grid())
            printf_to_terminal(stdout, "%s step=%d\n", grid_report(*grid).c_str(), state.grid_step());
        else if (!state.grid_failed())
            printf_to_terminal(stdout, "grid: none\n");
        std::fflush(stdout);
    } else if (c.name == "step") {
        // The step keys' actions: on a grid tab they step the grid trace.
        const ScriptArg& where = c.args[0];
        const std::string word = where.choice ? where.text : "";
        if (word == "first")
            state.go_first();
        else if (word == "last")
            state.go_last();
        else if (word == "next")
            state.go_next();
        else if (word == "prev")
            state.go_previous();
        else
            state.go_to_step(static_cast<int>(where.whole));
    } else if (c.name == "play" || c.name == "pause") {
        state.set_playing(c.name == "play");
    } else if (c.name == "wait") {
        wait_frames_ = static_cast<int>(c.args[0].whole);
        return false;
    } else if (c.name == "tab") {
        host.workspace.select_tab(c.args[0].text); // a title of tab_titles(), checked when read
        state.stepping_grid = host.workspace.selected_steps_grid(); // a `step` right after steps the tab's trace
    } else if (c.name == "scale") {
        host.imgui.set_ui_scale(static_cast<float>(c.args[0].number));
    } else if (c.name == "theme") {
        host.imgui.set_theme(theme::kNames[*c.args[0].choice]); // the reader checked the name
    } else if (c.name == "screenshot") {
        // Two frames first: the one that applies the latest changes and one that lays them out.
        screenshot_path_ = c.args[0].text;
        screenshot_in_frames_ = 2;
        return false;
    } else if (c.name == "key") {
        keys_.push_back(named_keys()[*c.args[0].choice].press);
        wait_frames_ = 1; // the next frame handles it; the one after shows its effect
        return false;
    } else if (c.name == "report") {
        // What the window is doing, for tests that check a mode rather than pixels.
        int width = 0, height = 0;
        host.window.framebuffer_size(width, height);
        printf_to_terminal(
            stdout,
            "report: step=%d reveal=%d scale=%.2f theme=%s sidebar=%d presenting=%d fullscreen=%d "
            "size=%dx%d tab=%s\n",
            state.step(), state.reveal ? 1 : 0, host.imgui.ui_scale(), theme::name_text(theme::current()),
            host.workspace.sidebar_visible ? 1 : 0, host.workspace.presenting ? 1 : 0,
            host.window.fullscreen() ? 1 : 0, width, height, host.workspace.selected_title());
        std::fflush(stdout);
    } else if (c.name == "report-compare") {
        // Compare mode's two steps and summary, for tests of stepping together.
        if (const TraceComparison* comparison = state.comparison())
            printf_to_terminal(stdout, "compare: step=%d paired=%d with=%s | %s\n", state.step(),
                               state.compared_step(),
                               std::string(name_of(state.compared()->trace.config.algorithm)).c_str(),
                               comparison->summary.c_str());
        else
            printf_to_terminal(stdout, "compare: %s\n",
                               state.comparing() ? state.compare_status().c_str() : "off");
        std::fflush(stdout);
    } else if (c.name == "report-values") {
        // Where the Values grid put its cells in the last frame, so a test can find them in a screenshot.
        printf_to_terminal(stdout, "%s\n", describe(last_value_grid_geometry()).c_str());
        std::fflush(stdout);
    } else if (c.name == "report-reading") {
        // The frames drawn while files were read in the background since the start (or the last
        // report): the window does not wait for them.
        printf_to_terminal(stdout, "reading: %d frames drawn while files were read, the longest %.2f ms\n",
                    frames_while_reading_, longest_while_reading_);
        std::fflush(stdout);
        frames_while_reading_ = 0;
        longest_while_reading_ = 0;
    } else if (c.name == "report-narration") {
        // What the narration strip says at the current step, and what the status bar counts.
        printf_to_terminal(stdout, "%s\n", narration_report(host.state).c_str());
        std::fflush(stdout);
    } else if (c.name == "stall") {
        // A frame that takes this long, as a slow machine's would: input arriving meanwhile is
        // handled all in the next frame (the key-tap test sends 20 presses into one).
        std::this_thread::sleep_for(std::chrono::milliseconds(c.args[0].whole));
        wait_frames_ = 1;
        return false;
    } else if (c.name == "check-layout") {
        // Two frames first, as for a screenshot: the latest changes applied and laid out.
        layout_in_frames_ = 2;
        layout_where_ = c.where;
        return false;
    } else if (c.name == "measure-frames") {
        measure_left_ = static_cast<int>(c.args[0].whole);
        measure_path_ = c.args.size() > 1 ? c.args[1].text : "";
        measured_.clear();
        return false;
    } else if (c.name == "hover" || c.name == "click") {
        // The mouse stays where it was put; a click presses for one frame, and the wait lets the
        // release and the result draw.
        host.imgui.script_mouse(static_cast<float>(c.args[0].whole), static_cast<float>(c.args[1].whole),
                                c.name == "click");
        wait_frames_ = 2;
        return false;
    } else if (c.name.starts_with("quiz") || c.name == "report-quiz") {
        return run_quiz_command(host, c);
    } else if (c.benchmark) {
        return run_bench_command(host, c);
    } else if (c.files) {
        return run_files_command(host, c);
    } else if (c.exports) {
        return run_export_command(host, c);
    } else if (c.name == "quit") {
        quit_ = true;
        return false;
    }
    return true;
}

bool ScriptRunner::run_bench_command(ScriptHost& host, const ScriptCommand& c) {
    BenchState& bench = host.state.bench();
    if (c.name == "bench") {
        apply_bench_settings(c.bench, bench.spec);
        bench.start();
        if (!bench.running())
            failure_ = "script " + c.where + ": " + host.state.message();
    } else if (c.name == "wait-bench") {
        wait_for_ = WaitFor::bench;
        wait_where_ = c.where;
        wait_fraction_ = c.args.empty() ? 2.0 : c.args[0].number; // above 1: the end
        return false;
    } else if (c.name == "cancel-bench") {
        bench.cancel();
    } else if (c.name == "plot") {
        bench.plot_options.kind = all_bench_plot_kinds()[*c.args[0].choice];
    } else if (c.name == "bench-series") {
        bench.plot_options.series = all_bench_series_presets()[*c.args[0].choice];
    } else if (c.name == "bench-scan") {
        bench.plot_options.scan = all_bench_scans()[*c.args[0].choice];
    } else if (c.name == "bench-report") {
        printf_to_terminal(stdout, "%s\n", bench_report_line(bench).c_str());
        std::fflush(stdout);
    } else if (c.name == "open-results") {
        bench.open_results(c.args[0].text);
        wait_for_ = WaitFor::results_read; // read in the background; fails if the file is refused
        where_ = c.where;
        return false;
    } else if (c.name.ends_with("reduce-table") || c.name == "bench-view") {
        return run_reduce_table_command(host, c);
    } else {
        bench.export_folder = c.args[0].text;
        if (c.name == "export-plots")
            bench.export_all_plots();
        else if (c.name == "export-plot")
            bench.export_current({export_formats()[*c.args[1].choice]});
        else
            bench.export_results();
        wait_for_ = WaitFor::bench_export;
        return false;
    }
    return true;
}

bool ScriptRunner::run_reduce_table_command(ScriptHost& host, const ScriptCommand& c) {
    BenchState& bench = host.state.bench();
    ReduceTableState& tables = bench.reduce_tables();
    if (c.name == "bench-view") {
        bench.showing_reduce_table = *c.args[0].choice == 1;
    } else if (c.name == "time-reduce-table") {
        bench.showing_reduce_table = true;
        tables.start(c.args[0].whole, 3); // few repetitions: a script checks the view, not the figures
        wait_for_ = WaitFor::reduce_table;
        return false;
    } else if (c.name == "open-reduce-table") {
        bench.showing_reduce_table = true;
        tables.open(c.args[0].text);
        wait_for_ = WaitFor::table_read; // read in the background; fails if the file is refused
        where_ = c.where;
        return false;
    } else { // export-reduce-table
        const std::size_t format = *c.args[1].choice;
        const std::optional<PlotFileFormat> as =
            format < export_formats().size() ? std::optional(export_formats()[format]) : std::nullopt;
        bench.export_folder = c.args[0].text;
        bench.export_reduce_table(as);
        wait_for_ = WaitFor::bench_export; // a failure, or no table, fails the script there
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
        if (bench.running())
            break; // the fraction was reached
        if (host.state.message_is_error())
            failure_ = host.state.message(); // the sweep failed, or its results could not be saved
        else if (!bench.sweep_started())
            failure_ = "script " + wait_where_ +
                       ": wait-bench: no benchmark was started (the bench command starts one)";
        else if (!bench.nothing_measured().empty()) // a script waits for numbers: none is a failure
            failure_ = "script " + wait_where_ + ": wait-bench: nothing was measured (" +
                       bench.nothing_measured() + ")";
        break;
    case WaitFor::bench_export:
        if (bench.exporting())
            return true;
        if (bench.last_export_failed())
            failure_ = bench.last_export();
        break;
    case WaitFor::quiz:
        if (host.state.quiz().running())
            return true;
        break;
    case WaitFor::reduce_table:
        if (bench.reduce_tables().running())
            return true;
        if (host.state.message_is_error())
            failure_ = host.state.message();
        break;
    case WaitFor::settle:
        if (host.state.busy() || bench.reading_files())
            return true;
        break;
    case WaitFor::results_read:
    case WaitFor::table_read: {
        if (bench.reading_files())
            return true;
        const bool failed = wait_for_ == WaitFor::results_read ? bench.last_open_failed()
                                                               : bench.reduce_tables().last_open_failed();
        if (failed)
            failure_ = "script " + where_ + ": " + host.state.message();
        break;
    }
    case WaitFor::compare:
        if (host.state.busy() || (host.state.comparing() && host.state.comparison() == nullptr &&
                                  host.state.compare_status().rfind("Cannot", 0) != 0))
            return true;
        if (host.state.comparison() == nullptr)
            failure_ = host.state.compare_status();
        break;
    case WaitFor::grid:
        if (host.state.busy())
            return true;
        break;
    case WaitFor::view_export:
        if (host.exports.active())
            return true;
        if (host.exports.failed())
            failure_ = host.exports.outcome();
        break;
    }
    wait_for_ = WaitFor::nothing;
    return false;
}

void ScriptRunner::before_frame(ScriptHost& host) {
    if (!active_ || quit_)
        return;
    frame_while_reading_ = host.state.bench().reading_files();
    if (waiting(host))
        return;
    // A script starts once the files read at start (the data folder's results and reduction tables) are
    // in, as a lecturer would wait for them: its screenshots and reports show them. The frames drawn
    // meanwhile are counted (report-reading).
    if (!started_) {
        if (frame_while_reading_)
            return;
        started_ = true;
    }
    if (wait_frames_ > 0) {
        --wait_frames_;
        return;
    }
    if (screenshot_in_frames_ >= 0 || measure_left_ > 0 || layout_in_frames_ >= 0)
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

void ScriptRunner::report_layout(std::size_t texts, const std::vector<std::string>& problems) {
    layout_in_frames_ = -1;
    for (const std::string& p : problems)
        printf_to_terminal(stdout, "layout %s: %s\n", layout_where_.c_str(), p.c_str());
    printf_to_terminal(stdout, "check-layout %s: %zu texts, %zu problems\n", layout_where_.c_str(), texts,
                       problems.size());
    std::fflush(stdout);
    if (!problems.empty() && layout_failure_.empty())
        layout_failure_ = "check-layout " + layout_where_ + ": " + std::to_string(problems.size()) + " problems, the first: " +
                   problems.front();
}

void ScriptRunner::note_key_presses(std::size_t count) {
    if (count > 1) { // the GUI tests read this: every press of a frame is counted, not just one
        printf_to_terminal(stdout, "%zu key presses in one frame\n", count);
        std::fflush(stdout);
    }
}

void ScriptRunner::after_frame(double frame_ms) {
    if (frame_while_reading_) {
        ++frames_while_reading_;
        longest_while_reading_ = std::max(longest_while_reading_, frame_ms);
    }
    if (layout_in_frames_ > 0)
        --layout_in_frames_;
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
    printf_to_terminal(stdout,
                       "frame time over %zu frames: median %.2f ms, mean %.2f ms, p95 %.2f ms, max %.2f ms\n",
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
