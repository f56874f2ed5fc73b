#include "core/entry/exit_status.hpp"

#include "core/bench/bench_sizes.hpp"
#include "core/ground/scan_setup.hpp"
#include "core/trace/grid_trace_limits.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/printable.hpp"
#include "core/util/terminal_output.hpp"

#include <cstdio>
#include <new>

namespace prefixlab {

namespace {

// Above any message PrefixLab writes (the longest, a script error, shows a file name of up to 256
// characters and a value of up to 80 with their command, about 450), so only a runaway message is cut.
constexpr std::size_t kMaxMessageChars = 600;

// A message of several lines (CLI11 writes some) reads as one.
std::string one_line(std::string message) {
    for (char& c : message)
        if (c == '\n')
            c = ' ';
    return message;
}

} // namespace

int report_error(const std::string& message, int exit_code) {
    // Quoted user text went through printable() already; printf_to_terminal catches what did not (CLI11
    // quotes unknown arguments raw), so no control byte or broken UTF-8 ever reaches the terminal.
    printf_to_terminal(stderr, "prefixlab: error: %s\n",
                       terminal_safe(one_line(message), kMaxMessageChars).c_str());
    return exit_code;
}

void report_warning(const std::string& message) {
    printf_to_terminal(stderr, "prefixlab: warning: %s\n",
                       terminal_safe(one_line(message), kMaxMessageChars).c_str());
}

int report_interrupted(const std::string& what) {
    printf_to_terminal(stderr, "prefixlab: interrupted %s\n", what.c_str());
    return kExitInterrupted;
}

bool is_bad_input(const std::exception& e) {
    return dynamic_cast<const BadInput*>(&e) != nullptr || dynamic_cast<const ScanSetupError*>(&e) != nullptr ||
           dynamic_cast<const FileError*>(&e) != nullptr || dynamic_cast<const BenchSpecError*>(&e) != nullptr ||
           dynamic_cast<const GridTraceTooLarge*>(&e) != nullptr;
}

int report_exception(const std::exception& e) {
    if (dynamic_cast<const std::bad_alloc*>(&e) != nullptr) // its what() is only "std::bad_alloc"
        return report_error("out of memory (an allocation failed; a smaller N or fewer repetitions need less)",
                            kExitFailure);
    return report_error(e.what(), is_bad_input(e) ? kExitBadInput : kExitFailure);
}

} // namespace prefixlab
