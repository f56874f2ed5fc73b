#include "core/util/interrupts.hpp"

#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <stdexcept>
#include <unistd.h>

namespace prefixlab {

namespace {

constexpr int kHandledSignals[] = {SIGINT, SIGTERM, SIGHUP};

// A slot's state is generation << 2 | phase. The generation lets the handler notice that a slot was
// released and reused while it copied the path, so it never unlinks a torn mixture of two paths.
constexpr unsigned kFree = 0, kFilling = 1, kActive = 2, kPhaseMask = 3;

struct TemporarySlot {
    std::atomic<unsigned> state{kFree};
    char path[PATH_MAX];
};

TemporarySlot temporaries[kMaxTemporaries];
std::atomic<int> work_scopes{0};     // InterruptibleWork alive
std::atomic<int> signals_in_work{0}; // signals received since the last InterruptibleWork began
std::atomic<int> commits{0};         // DeferredInterrupts alive
std::atomic<int> stop_signal{0};     // once non-zero, the process is stopping with this signal
std::atomic<bool> installed{false};

static_assert(std::atomic<unsigned>::is_always_lock_free && std::atomic<int>::is_always_lock_free,
              "the signal handler may only touch lock-free atomics");

void remove_temporaries() {
    for (TemporarySlot& slot : temporaries) {
        const unsigned before = slot.state.load();
        if ((before & kPhaseMask) != kActive)
            continue;
        char path[PATH_MAX];
        std::size_t i = 0;
        for (; i + 1 < sizeof path && slot.path[i] != '\0'; ++i)
            path[i] = slot.path[i];
        path[i] = '\0';
        if (slot.state.load() == before)
            ::unlink(path);
    }
}

// Removes the temporary files and ends the process by `signal`'s default action (terminate), so the
// parent sees the signal. Called from the handler or, for a deferred stop, from the committing thread.
[[noreturn]] void stop_now(int signal) {
    remove_temporaries();
    struct sigaction action {};
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    ::sigaction(signal, &action, nullptr);
    sigset_t just_this;
    sigemptyset(&just_this);
    sigaddset(&just_this, signal);
    ::sigprocmask(SIG_UNBLOCK, &just_this, nullptr); // inside the handler the signal is blocked
    ::raise(signal);
    ::_exit(128 + signal); // not reached: the default action of every handled signal terminates
}

extern "C" void on_signal(int signal) {
    const int saved_errno = errno;
    if (work_scopes.load() > 0 && signals_in_work.fetch_add(1) == 0) {
        errno = saved_errno;
        return; // the first signal inside long work: a request that the work polls
    }
    int none = 0;
    stop_signal.compare_exchange_strong(none, signal);
    // stop_signal is set before commits is read, and DeferredInterrupts increments commits before
    // reading stop_signal (both sequentially consistent), so a commit either sees the stop and does
    // not start, or is seen here and stops the process when it ends.
    if (commits.load() > 0) {
        errno = saved_errno;
        return;
    }
    stop_now(stop_signal.load());
}

} // namespace

void install_interrupt_handlers() {
    if (installed.exchange(true))
        return;
    for (int signal : kHandledSignals) {
        struct sigaction previous {};
        ::sigaction(signal, nullptr, &previous);
        if (previous.sa_handler == SIG_IGN)
            continue;
        struct sigaction action {};
        action.sa_handler = on_signal;
        action.sa_flags = SA_RESTART; // the sweep's reads and writes go on after a first signal
        sigemptyset(&action.sa_mask);
        ::sigaction(signal, &action, nullptr);
    }
}

bool interrupt_requested() {
    return signals_in_work.load() > 0;
}

InterruptibleWork::InterruptibleWork() {
    signals_in_work.store(0);
    work_scopes.fetch_add(1);
}

InterruptibleWork::~InterruptibleWork() {
    work_scopes.fetch_sub(1);
}

RegisteredTemporary::RegisteredTemporary(const std::string& path) : slot_(-1) {
    if (path.size() >= PATH_MAX)
        throw std::length_error("the path is longer than PATH_MAX");
    for (int i = 0; i < kMaxTemporaries; ++i) {
        TemporarySlot& slot = temporaries[i];
        unsigned state = slot.state.load();
        if ((state & kPhaseMask) != kFree)
            continue;
        const unsigned filling = ((state >> 2) + 1) << 2 | kFilling;
        if (!slot.state.compare_exchange_strong(state, filling))
            continue;
        path.copy(slot.path, path.size());
        slot.path[path.size()] = '\0';
        slot.state.store((filling & ~kPhaseMask) | kActive);
        slot_ = i;
        return;
    }
    throw std::length_error("more than " + std::to_string(kMaxTemporaries) +
                            " files are being written at once");
}

void RegisteredTemporary::release() {
    if (slot_ < 0)
        return;
    std::atomic<unsigned>& state = temporaries[slot_].state;
    state.store(state.load() & ~kPhaseMask);
    slot_ = -1;
}

DeferredInterrupts::DeferredInterrupts() {
    commits.fetch_add(1);
    if (const int signal = stop_signal.load(); signal != 0)
        stop_now(signal); // a stop is under way: do not begin to commit
}

DeferredInterrupts::~DeferredInterrupts() {
    if (commits.fetch_sub(1) == 1)
        if (const int signal = stop_signal.load(); signal != 0)
            stop_now(signal);
}

} // namespace prefixlab
