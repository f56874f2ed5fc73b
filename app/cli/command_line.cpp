#include "cli/command_line.hpp"

#include "cli/bench_command.hpp"
#include "cli/grid_trace_command.hpp"
#include "cli/kernels_command.hpp"
#include "cli/lesson_command.hpp"
#include "cli/option_values.hpp"
#include "cli/quiz_command.hpp"
#include "cli/reduce_command.hpp"
#include "cli/run_command.hpp"
#include "cli/table_commands.hpp"
#include "cli/trace_command.hpp"
#include "core/files/assets_folder.hpp"
#include "cli/tune_command.hpp"
#include "core/entry/exit_status.hpp"
#include "core/lesson/lesson.hpp"
#include "core/files/file_kind.hpp"
#include "core/settings/window_limits.hpp"
#include "core/trace/grid_trace_json.hpp"
#include "core/trace/trace_json.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <functional>
#include <iostream>
#include <utility>

namespace prefixlab {

namespace {

void add_trace_command(CLI::App& app, TraceCommandOptions& o) {
    CLI::App* trace = app.add_subcommand("trace", "Record the trace of one block scan to a JSON file");
    add_kernel_options(*trace, o.kernel);
    trace->add_option("--device", o.device, "auto (GPU if present), gpu or cpu (the emulator)")->capture_default_str();
    trace->add_option("--warp-order", o.warp_order,
                      "The emulator's schedule: in-order, reversed (last warp first) or interleaved (lanes skewed, "
                      "access by access; docs/emulator.md). The GPU ignores it: the hardware picks its own order")
        ->capture_default_str();
    add_path_option(*trace, "--out", o.out, PathKind::file, "Trace file to write");
    trace->add_flag("--stats", o.stats, "Print the shared-memory bank statistics as JSON");
    trace->add_flag("--list", o.list, "Print the algorithm names, one a line, and exit");
}

void add_run_command(CLI::App& app, KernelOptions& o) {
    CLI::App* run = app.add_subcommand(
        "run", "Run the untraced kernel once on the GPU and check its output (for profiling with Nsight Compute)");
    add_kernel_options(*run, o);
}

int open_gui(GuiEntry gui, GuiOptions options) {
    if (!options.trace_path.empty()) {
        try {
            // A grid trace opens on the Grid tab; anything else is read as a block trace, whose reader
            // names what is wrong with a file that is neither.
            if (file_kind_of(options.trace_path).kind == FileKind::grid_trace)
                options.other_trace = load_grid_trace_file(options.trace_path);
            else
                options.trace = load_trace_file(options.trace_path);
        } catch (const std::exception& e) {
            return report_error(e.what(), kExitBadInput);
        }
    }
    if (!options.scene_path.empty()) {
        try {
            options.scene = load_scene_file(options.scene_path);
        } catch (const std::exception& e) {
            return report_error(e.what(), kExitBadInput); // one line naming the file and the field
        }
    }
    if (!options.lesson_path.empty()) {
        try {
            load_lesson_file(options.lesson_path); // checked here: one line naming the file, line and field
        } catch (const std::exception& e) {
            return report_error(e.what(), kExitBadInput);
        }
    }
    if (gui == nullptr)
        return report_error("this PrefixLab was built without the GUI (use 'prefixlab trace')", kExitBadInput);
    return gui(options);
}

} // namespace

int run_command_line(int argc, char** argv, GuiEntry gui) {
    CLI::App app{"PrefixLab: step through GPU parallel prefix-sum (scan) kernels", "prefixlab"};
    app.require_subcommand(0, 1);
    // A flag takes no value: CLI11 would read "--exclusive=2" as true and "--stats=0" as off.
    app.option_defaults()->disable_flag_override();
    app.footer("Numbers are plain decimal digits: no sign, no 0x, no exponent (010 is ten).");
    GuiOptions gui_options;
    add_path_option(app, "--trace", gui_options.trace_path, PathKind::file,
                    "Open the GUI on a recorded trace file (a block trace, or a grid trace on the Grid tab)");
    add_path_option(app, "--scene", gui_options.scene_path, PathKind::file,
                    "Open the GUI on a scene (the tab, kernel, steps, panels…: docs/scene.md)");
    add_path_option(app, "--lesson", gui_options.lesson_path, PathKind::file,
                    "Give a lesson: open on its first scene in presentation mode (docs/lessons.md)");
    add_path_option(app, "--script", gui_options.script_path, PathKind::file,
                    "Scripted mode: run GUI commands from FILE, then exit (see docs/gui-script.md)");
    std::string script_help;
    app.add_option("--script-help", script_help,
                   "Print scripted mode's commands and exit (--script-help=markdown: docs/gui-script.md's table)")
        ->expected(0, 1)
        ->check(CLI::IsMember({"", "text", "markdown"}));
    add_decimal_option(app, "--ui-scale", gui_options.ui_scale, kMinUiScale, kMaxUiScale,
                       "UI scale, 0.5 to 4 (default: from the monitor)");
    add_whole_number_option(app, "--window", gui_options.window_width, kMinWindowWidth, kMaxWindowWidth,
                            "Window width in pixels, 320 to 8192 (the height is 9/16 of it)");
    app.set_version_flag("--version", [] { // CLI11 ends it with its own newline
        std::string report = version_report();
        report.pop_back();
        return report;
    },
                         "Print the version, the build's CUDA state and the assets folder it reads, and exit");
    app.add_flag("--reset-settings", gui_options.reset_settings,
                 "Remove the stored GUI settings and start on the defaults (see docs/settings.md)");
    TraceCommandOptions trace_options;
    add_trace_command(app, trace_options);
    KernelOptions run_options;
    add_run_command(app, run_options);
    BenchCommandOptions bench_options;
    add_bench_command(app, bench_options);
    GridTraceCommandOptions grid_trace_options;
    add_grid_trace_command(app, grid_trace_options);
    TuneCommandOptions tune_options;
    add_tune_command(app, tune_options);
    ReduceCommandOptions reduce_options;
    add_reduce_command(app, reduce_options);
    ReduceTableCommandOptions reduce_table_options;
    add_reduce_table_command(app, reduce_table_options);
    CompactTableCommandOptions compact_table_options;
    add_compact_table_command(app, compact_table_options);
    SortTableCommandOptions sort_table_options;
    add_sort_table_command(app, sort_table_options);
    HistogramTableCommandOptions histogram_table_options;
    add_histogram_table_command(app, histogram_table_options);
    SegmentedTableCommandOptions segmented_table_options;
    add_segmented_table_command(app, segmented_table_options);
    QuizCommandOptions quiz_options;
    KernelOptions quiz_child_options;
    add_quiz_commands(app, quiz_options, quiz_child_options);
    KernelsCommandOptions kernels_options;
    add_kernels_command(app, kernels_options);
    LessonCommandOptions lesson_options;
    add_lesson_check_command(app, lesson_options);
    LessonHandoutOptions handout_options;
    add_lesson_handout_command(app, handout_options);

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        return report_error(e.what(), kExitBadInput);
    }
    // The whole command line, recorded in what the quiz, bench and tune write.
    std::string command;
    for (int i = 0; i < argc; ++i)
        command += (i > 0 ? " " : "") + std::string(argv[i]);
    quiz_options.command = bench_options.command = tune_options.command = command;
    // Each subcommand and what runs it; with none, the GUI opens.
    const std::pair<const char*, std::function<int()>> commands[] = {
        {"trace", [&] { return run_trace_command(trace_options); }},
        {"grid-trace", [&] { return run_grid_trace_command(grid_trace_options); }},
        {"run", [&] { return run_run_command(run_options); }},
        {"reduce", [&] { return run_reduce_command(reduce_options); }},
        {"reduce-table", [&] { return run_reduce_table_command(reduce_table_options); }},
        {"compact-table", [&] { return run_compact_table_command(compact_table_options); }},
        {"sort-table", [&] { return run_sort_table_command(sort_table_options); }},
        {"histogram-table", [&] { return run_histogram_table_command(histogram_table_options); }},
        {"segmented-table", [&] { return run_segmented_table_command(segmented_table_options); }},
        {"quiz", [&] { return run_quiz_command(quiz_options); }},
        {"kernels", [&] { return run_kernels_command(kernels_options); }},
        {"lesson-check", [&] { return run_lesson_check_command(lesson_options); }},
        {"quiz-child", [&] { return run_quiz_child_command(quiz_child_options); }},
        {"bench", [&] { return run_bench_command(bench_options); }},
        {"tune", [&] { return run_tune_command(tune_options); }},
    };
    for (const auto& [name, run] : commands)
        if (app.got_subcommand(name))
            return run();
    if (app.got_subcommand("lesson-handout")) { // the GUI draws the scenes: checked first, as --lesson is
        if (const std::string problem = lesson_handout_problem(handout_options); !problem.empty())
            return report_error(problem, kExitBadInput);
        GuiOptions handout;
        handout.lesson_path = handout_options.path;
        handout.handout_pdf = handout_options.out;
        handout.handout_png = handout_options.png;
        handout.ui_scale = handout_options.ui_scale;
        handout.window_width = handout_options.window_width;
        handout.window_height = handout_options.window_width * 9 / 16;
        handout.window_given = true;
        return open_gui(gui, handout);
    }
    gui_options.window_height = gui_options.window_width * 9 / 16;
    gui_options.window_given = app.count("--window") > 0;
    gui_options.script_help = app.count("--script-help") > 0;
    gui_options.script_help_markdown = script_help == "markdown";
    return open_gui(gui, gui_options);
}

} // namespace prefixlab
