// How both entry points (the command line and the GUI) end: every error is one line,
// "prefixlab: error: …", on stderr, and the exit code says whether the user can fix it.
#pragma once

#include <exception>
#include <stdexcept>
#include <string>

namespace prefixlab {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitBadInput = 2;
// 128 + SIGINT: what a shell reports for a command that Ctrl-C ended. Work that a first Ctrl-C stops
// cleanly (a benchmark's sweep or export, a table, the GUI's window; interrupts.hpp) ends with it, so
// that a script notices that the run is partial or was cut short, whatever it kept.
inline constexpr int kExitInterrupted = 130;

// Input the user can fix (an option's value, a missing option).
class BadInput : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Prints the one-line error and returns `exit_code`, for `return report_error(…);`.
int report_error(const std::string& message, int exit_code);

// Prints a one-line warning, "prefixlab: warning: MESSAGE", on stderr: something was ignored or not
// done and the program carries on (a settings file that did not load, settings not saved).
void report_warning(const std::string& message);

// Prints the one line of what an interrupt left, "prefixlab: interrupted WHAT" (WHAT: "before the first
// point: nothing written to 'DIR'"), on stderr and returns kExitInterrupted, for `return
// report_interrupted(…);`.
int report_interrupted(const std::string& what);

// Whether `e` reports input the user can fix — an option (BadInput), a scan setup (ScanSetupError),
// a file (FileError), a benchmark setting (BenchSpecError) — which exits with code 2; anything else
// is a failure while running (CUDA, the emulator), code 1. The one place that decides the exit code.
bool is_bad_input(const std::exception& e);

// Prints what ended a command and returns its exit code, for `catch (const std::exception& e) {
// return report_exception(e); }` in every command.
int report_exception(const std::exception& e);

} // namespace prefixlab
