#include "cli/quiz_command.hpp"

#include "cli/option_values.hpp"
#include "core/bench/bench_environment.hpp"
#include "core/capture/gpu_info.hpp"
#include "core/capture/gpu_run.hpp"
#include "core/capture/trace_capture.hpp"
#include "core/entry/exit_status.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/output_check.hpp"
#include "core/quiz/quiz_emulation.hpp"
#include "core/quiz/quiz_fragment.hpp"
#include "core/quiz/quiz_gpu_run.hpp"
#include "core/quiz/quiz_outcomes_file.hpp"
#include "core/quiz/quiz_questions.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/child_process.hpp"
#include "core/util/terminal_output.hpp"

#include <CLI/CLI.hpp>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <sys/prctl.h>

namespace prefixlab {

namespace {

// After the children: this process traces a correct kernel on the GPU. A hung child that had taken the
// GPU with it would show here; none ever ran in this process, so the trace must succeed.
bool gpu_still_usable() {
    const QuizQuestion& scan = quiz_questions()[1];
    ScanSetup setup = scan.setup;
    for (const QuizOption& option : scan.options)
        if (option.correct)
            setup.algorithm = option.algorithm; // hillis-steele
    setup.device = DeviceChoice::gpu;
    try {
        const auto start = std::chrono::steady_clock::now();
        const CaptureResult capture = capture_trace(setup);
        const BlockRequest request = block_request(setup);
        const OutputCheck check = check_kernel_output(kind_of(setup.algorithm), setup.type, setup.op, setup.exclusive,
                                                      request.input, capture.trace.output, setup.keep);
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        printf_to_terminal(stdout,
                           "GPU after the runs, in this process: traced %s N=%d, %zu steps, %s (%.0f ms)\n",
                           std::string(name_of(setup.algorithm)).c_str(), setup.n, capture.trace.steps.size(),
                           check.wrong_count == 0 ? "output equals the reference" : "OUTPUT WRONG", ms);
        return check.wrong_count == 0;
    } catch (const std::exception& e) {
        printf_to_terminal(stdout, "GPU after the runs, in this process: the trace failed: %s\n", e.what());
        return false;
    }
}

void print_fragment(const QuizOption& option) {
    const QuizFragment fragment = quiz_fragment(option.source_path, option.fragment);
    for (const std::string& line : fragment.lines)
        printf_to_terminal(stdout, "       | %s\n", line.c_str());
}

} // namespace

void add_quiz_commands(CLI::App& app, QuizCommandOptions& o, KernelOptions& child) {
    CLI::App* quiz = app.add_subcommand(
        "quiz", "Run the lecture's barrier questions: every fragment in the emulator, and on a GPU in a child "
                "process with a timeout");
    // 1 to 3 like every range: 0 is refused, not read as "all" (the option left out asks for all), and no
    // default is shown, since 0 only stands for the option's absence.
    add_whole_number_option(*quiz, "--question", o.question, 1, static_cast<int>(quiz_questions().size()),
                            "The question, 1 to " + std::to_string(quiz_questions().size()) +
                                " (default: all)")
        ->default_str("");
    quiz->add_option("--device", o.device, "auto (the GPU too, if present), gpu, or cpu (the emulator only)")
        ->capture_default_str();
    add_decimal_option(*quiz, "--timeout", o.timeout_s, 1, 600,
                       "Seconds a GPU run may take before it is killed as hung, 1 to 600");
    add_decimal_option(*quiz, "--sanitizer-timeout", o.sanitizer_timeout_s, 1, 600,
                       "Seconds each compute-sanitizer run may take, 1 to 600");
    quiz->add_flag("--no-sanitizer", o.no_sanitizer, "Do not run compute-sanitizer even where it is installed");
    quiz->add_flag("--show", o.show_fragments, "Print each fragment's source");
    add_path_option(*quiz, "--out", o.out, PathKind::file,
                    "Write the GPU outcomes, with device, driver and date, to this JSON file");

    // The child the quiz starts; not for people, so it is kept out of --help.
    CLI::App* quiz_child = app.add_subcommand("quiz-child", "");
    quiz_child->group("");
    add_kernel_options(*quiz_child, child);
}

int run_quiz_command(const QuizCommandOptions& o) {
    try {
        const std::optional<DeviceChoice> device = parse_device_choice(o.device);
        if (!device)
            throw BadInput("--device '" + o.device + "': expected auto, gpu or cpu");
        const bool gpu = *device != DeviceChoice::cpu && gpu_info().available;
        if (*device == DeviceChoice::gpu && !gpu)
            throw BadInput("--device gpu: no CUDA GPU available (" + gpu_info().reason + ")");
        if (!o.out.empty()) {
            if (!gpu)
                throw BadInput("--out records GPU outcomes, and no GPU runs here" +
                               std::string(*device == DeviceChoice::cpu ? " (--device cpu)" : ""));
            require_writable(o.out); // before the runs, which take seconds
        }
        QuizGpuRunOptions runs;
        runs.executable = this_executable_path();
        runs.timeout_s = o.timeout_s;
        runs.sanitizer_timeout_s = o.sanitizer_timeout_s;
        runs.sanitizers = !o.no_sanitizer;
        if (gpu)
            printf_to_terminal(stdout, "GPU: %s; compute-sanitizer: %s\n", gpu_info().name.c_str(),
                               o.no_sanitizer                     ? "not asked for"
                               : find_compute_sanitizer().empty() ? "not installed"
                                                                  : find_compute_sanitizer().c_str());

        QuizOutcomes recorded;
        bool any_hung = false;
        for (const QuizQuestion& question : quiz_questions()) {
            if (o.question != 0 && question.number != o.question)
                continue;
            printf_to_terminal(stdout, "\nQuestion %d: %s\n  %s\n", question.number,
                               std::string(question.title).c_str(), std::string(question.question).c_str());
            for (std::size_t k = 0; k < question.options.size(); ++k) {
                const QuizOption& option = question.options[k];
                const ScanSetup setup = quiz_setup(question, option);
                printf_to_terminal(stdout, "  %s  %s: %s  [%s]\n", quiz_letter(k).c_str(),
                                   std::string(name_of(option.algorithm)).c_str(),
                                   std::string(option.caption).c_str(), option.correct ? "correct" : "wrong");
                if (o.show_fragments)
                    print_fragment(option);
                const QuizOutcome emulated = emulate_quiz_option(setup);
                printf_to_terminal(stdout, "     emulator, N=%d: %s (%.2f s)\n", setup.n,
                                   describe(emulated).c_str(), emulated.seconds);
                if (!gpu)
                    continue;
                const QuizOutcome ran = run_quiz_option_on_gpu(setup, runs);
                any_hung |= ran.result == QuizResult::hung;
                printf_to_terminal(stdout, "     GPU, child process: %s (%.2f s)\n", describe(ran).c_str(),
                                   ran.seconds);
                if (!ran.racecheck.empty())
                    printf_to_terminal(stdout, "     %s\n", ran.racecheck.c_str());
                if (!ran.synccheck.empty())
                    printf_to_terminal(stdout, "     %s\n", ran.synccheck.c_str());
                std::fflush(stdout);
                recorded.runs.push_back({option.algorithm, setup.n, setup.input, ran});
            }
        }
        if (!gpu) {
            if (*device != DeviceChoice::cpu)
                printf_to_terminal(stdout, "\nNo GPU here (%s): the emulator's verdicts only.\n",
                                   gpu_info().reason.c_str());
            return kExitOk;
        }
        printf_to_terminal(stdout, "\n%s", any_hung ? "A run hung and was killed. " : "");
        const bool usable = gpu_still_usable();
        if (!o.out.empty()) {
            recorded.device = gpu_info().name;
            recorded.driver = gpu_driver();
            recorded.date = iso8601_utc(std::chrono::system_clock::now());
            recorded.command = o.command;
            write_file_atomically(o.out, [&](std::ostream& out) { write_quiz_outcomes(recorded, out); });
            printf_to_terminal(stdout, "wrote %s\n", o.out.c_str());
        }
        return usable ? kExitOk : kExitFailure;
    } catch (const std::exception& e) {
        return report_exception(e);
    }
}

int run_quiz_child_command(const KernelOptions& options) {
    // Under compute-sanitizer this process is PrefixLab's grandchild: when the sanitizer is killed (a timeout
    // kills its group; a Ctrl-C of PrefixLab its parent-death signal), this dies with it rather than go on
    // spinning at a barrier.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    try {
        const ScanSetup setup = scan_setup_from(options);
        if (!gpu_info().available)
            throw BadInput("prefixlab quiz-child needs a CUDA GPU (" + gpu_info().reason + ")");
        const std::vector<std::uint32_t> output = run_untraced_on_gpu(block_request(setup));
        print_to_terminal(stdout, quiz_child_line(output));
        std::fflush(stdout);
        return kExitOk;
    } catch (const std::exception& e) {
        return report_exception(e);
    }
}

} // namespace prefixlab
