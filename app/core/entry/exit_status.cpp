#include "core/entry/exit_status.hpp"

#include "core/bench/bench_sizes.hpp"
#include "core/ground/scan_setup.hpp"
#include "core/trace/grid_trace_limits.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/printable.hpp"

#include <cstdio>
#include <new>

namespace prefixlab {

namespace {

// Above any message PrefixLab writes (the longest, a script error, shows a file name of up to 256
// characters and a value of up to 80 with their command, about 450), so only a runaway message is cut.
constexpr std::size_t kMaxMessageChars = 600;

} // namespace

int report_error(const std::string& message, int exit_code) {
    std::string line = message;
    for (char& c : line)
        if (c == '\n')
            c = ' '; // a message of several lines (CLI11 writes some) reads as one
    // Quoted user text went through printable() already; this catches what did not (CLI11 quotes
    // unknown arguments raw), so no control byte or broken UTF-8 ever reaches the terminal.
    std::fprintf(stderr, "prefixlab: error: %s\n", terminal_safe(line, kMaxMessageChars).c_str());
    return exit_code;
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
