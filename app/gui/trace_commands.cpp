#include "gui/trace_commands.hpp"

#include "core/files/file_kind.hpp"
#include "core/util/terminal_output.hpp"
#include "gui/app_state.hpp"
#include "gui/gui_script_trace.hpp"
#include "gui/script/script_command.hpp"
#include "gui/shell/feature.hpp"
#include "gui/views/narration_view.hpp"

#include <cstdio>

namespace prefixlab {

namespace {

constexpr double kMaxStep = 1 << 20; // only keeps a typo from running for hours

// The capture settings as far as the script decides them: unknown (nullopt) after a command that takes
// them from a file or the mouse, until a `trace` sets them.
struct ExpectedCapture {
    std::optional<BlockAlgorithm> algorithm;
    std::optional<int> n;
};
constexpr const char* kExpectedCapture = "capture";

ExpectedCapture& expected_capture(ScriptExpectations& expected) {
    const ScanSetup defaults;
    return expected.value<ExpectedCapture>(
        kExpectedCapture, expected.starts_on_file ? ExpectedCapture{} : ExpectedCapture{defaults.algorithm, defaults.n});
}

void forget_capture(const ScriptCommand&, ScriptExpectations& expected) {
    forget_capture_settings(expected);
}

} // namespace

void wait_for_capture(ScriptRun& run) {
    run.wait_while([&run](std::string& failure) {
        AppState& state = run.host().state;
        if (state.tracing())
            return true;
        if (state.message_is_error())
            failure = state.message();
        return false;
    });
}

void forget_capture_settings(ScriptExpectations& expected) {
    expected.forget<ExpectedCapture>(kExpectedCapture);
}

void add_trace_commands(ScriptTable& table) {
    table.add({.name = "open",
               .usage = "open FILE",
               .help = "open a trace file: a block trace as the trace on screen, or another kind of trace (such as "
                       "a multi-block run's) on the tab that shows it (selected the frame after it loaded, so `wait 1` "
                       "before a `report` that reads the tab); fails, with the reader's one line, on a malformed one",
               .args = {path_arg("FILE")},
               .check = forget_capture,
               .run = [](ScriptRun& run, const ScriptCommand& c) {
                   // A block trace here; another kind (a multi-block run's) in the feature that shows it.
                   // Anything else is read as a block trace, whose reader names what is wrong with it.
                   GuiHost& host = run.host();
                   const std::string& path = c.args[0].text;
                   const FileKind kind = file_kind_of(path).kind;
                   if (kind == FileKind::trace || kind == FileKind::other || !host.features.open_file(path, kind, host))
                       host.state.block.load_trace(path);
                   wait_for_capture(run); // loads in the background; failures are reported when it ends
               }});
    table.add({.name = "trace",
               .usage = "trace [algo=NAME] [n=N] [input=KIND] [values=LIST] [seed=S] [keep=PRED] [type=T] [op=OP] "
                        "[exclusive=0|1] [device=D] [order=O]",
               .help = "change the capture settings and trace in the background; the script waits for it (`n` 1 to "
                       "the algorithm's maximum, `seed` 0 to 2^64−1; `order` the emulator's warp order, `in-order`, "
                       "`reversed` or `interleaved`, docs/emulator.md, which a GPU capture ignores; `values=10,0,3,9` the elements "
                       "themselves, N their count; `keep` a compaction's predicate, `nonzero`, `odd`, `even`, "
                       "`less-than:K` or `greater-than:K`)",
               .read_settings = [](const std::vector<std::string>& words) -> std::any {
                   return read_trace_settings(words);
               },
               .check = [](const ScriptCommand& c, ScriptExpectations& expected) {
                   const auto& settings = std::any_cast<const TraceSettings&>(c.settings);
                   ExpectedCapture& capture = expected_capture(expected);
                   capture.algorithm = settings.algorithm ? settings.algorithm : capture.algorithm;
                   capture.n = settings.n ? settings.n : capture.n;
                   if (capture.algorithm && capture.n)
                       check_trace_size(*capture.algorithm, *capture.n, settings);
               },
               .run = [](ScriptRun& run, const ScriptCommand& c) {
                   AppState& state = run.host().state;
                   apply_trace_settings(std::any_cast<const TraceSettings&>(c.settings), state.block.setup);
                   state.block.capture_now();
                   wait_for_capture(run);
               }});
    table.add({.name = "step",
               .usage = "step first|last|next|prev|K",
               .help = "go to a step (K from 0) of the selected tab's trace (the block trace, or the trace of a tab "
                       "that steps its own), as the step keys do there",
               .args = {whole_arg("K", 0, kMaxStep, {"first", "last", "next", "prev"})},
               .run = [](ScriptRun& run, const ScriptCommand& c) {
                   // The step keys' actions: on a feature's tab they step that tab's trace.
                   AppState& state = run.host().state;
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
               }});
    table.add({.name = "play",
               .usage = "play",
               .help = "play the steps, one every 0.8 s",
               .run = [](ScriptRun& run, const ScriptCommand&) { run.host().state.set_playing(true); }});
    table.add({.name = "pause",
               .usage = "pause",
               .help = "stop playing",
               .run = [](ScriptRun& run, const ScriptCommand&) { run.host().state.set_playing(false); }});
    table.add({.name = "report-narration",
               .usage = "report-narration",
               .help = "print what the narration strip says at the current step of the selected tab's trace (on a "
                       "tab that steps its own trace, its sentence and summary as `counters:`): `narration: SENTENCE`, "
                       "`counters: A of B threads active · work W (serial S) · depth K steps, N barriers`, `race: "
                       "thread R read data[I] after thread W overwrote it in this step (…)` when the step has racy "
                       "reads, and `wrong: K of N` (the outputs the trace's check found wrong)",
               .run = [](ScriptRun& run, const ScriptCommand&) {
                   printf_to_terminal(stdout, "%s\n", narration_report(run.host().state).c_str());
                   std::fflush(stdout);
               }});
}

} // namespace prefixlab
