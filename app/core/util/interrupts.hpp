// What Ctrl-C (SIGINT), SIGTERM and SIGHUP do to PrefixLab, in one place (docs/files-and-interrupts.md).
//
// - By default a signal stops the process at once: the handler removes every temporary file in flight
//   (registered below by the atomic writers) and re-raises the signal with its default action, so the
//   parent sees the usual "killed by SIGINT" (a shell's status 130). This is `prefixlab trace`, `run`,
//   and a benchmark's export.
// - Inside an InterruptibleWork scope (the benchmark's sweep, the GUI's window) the first signal only sets a flag that
//   the work polls (interrupt_requested()): it stops at the next point and keeps what it finished. A
//   second signal stops at once, as above.
// - While files are committed (renamed into place: one file, or a benchmark's whole set) a stop is
//   deferred until the commit ends, so a folder never holds half of one run and half of another.
//
// Why remove-and-re-raise rather than deferring signals for the whole of a write: a write can block
// for as long as its filesystem likes (a network mount, a full disk being cleaned), a benchmark's
// export draws its 14 files in 0.2 s (33 CPU points, 2-core machine), and a user who presses Ctrl-C
// twice must get the exit they ask for. Only the renames, microseconds, are deferred.
//
// Async-signal safety: the handler reads and writes lock-free atomics, calls unlink() on the fixed
// table of registered paths, and sigaction()/raise(); nothing else.
#pragma once

#include <string>

namespace prefixlab {

// Installs the handlers for SIGINT, SIGTERM and SIGHUP (once; later calls do nothing). A signal the
// process was started ignoring (`nohup`, a background job of a script) stays ignored.
void install_interrupt_handlers();

// True once a signal arrived inside the current InterruptibleWork scope.
bool interrupt_requested();

// Long work that stops cleanly at the first signal: within the scope a first signal only sets
// interrupt_requested(); a second one stops the process. Scopes do not nest.
class InterruptibleWork {
public:
    InterruptibleWork();
    ~InterruptibleWork();
    InterruptibleWork(const InterruptibleWork&) = delete;
    InterruptibleWork& operator=(const InterruptibleWork&) = delete;
};

// A temporary file in flight, registered so that a stop removes it. Register before creating the
// file (a stop between the two finds nothing to remove); release after renaming or removing it.
class RegisteredTemporary {
public:
    // Throws std::length_error when the path is longer than PATH_MAX or kMaxTemporaries files are
    // already in flight.
    explicit RegisteredTemporary(const std::string& path);
    ~RegisteredTemporary() { release(); }
    RegisteredTemporary(const RegisteredTemporary&) = delete;
    RegisteredTemporary& operator=(const RegisteredTemporary&) = delete;
    void release();

private:
    int slot_;
};

// The most temporary files in flight at once: a benchmark's export stages 2 + 5 plots × 3 formats.
inline constexpr int kMaxTemporaries = 64;

// While one lives, a signal that would stop the process waits: the stop happens when the last
// DeferredInterrupts ends (or at once, from its constructor, when one is already under way). Keep
// the scope short: renames and unlinks, no drawing.
class DeferredInterrupts {
public:
    DeferredInterrupts();
    ~DeferredInterrupts();
    DeferredInterrupts(const DeferredInterrupts&) = delete;
    DeferredInterrupts& operator=(const DeferredInterrupts&) = delete;
};

} // namespace prefixlab
