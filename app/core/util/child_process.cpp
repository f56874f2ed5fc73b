#include "core/util/child_process.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <poll.h>
#include <stdexcept>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

namespace prefixlab {

namespace {

using Clock = std::chrono::steady_clock;

// The guard's answer to PrefixLab's end: its parent-death signal (or a SIGINT, SIGTERM or SIGHUP sent
// to it) kills its whole group, the program and whatever that started, and the guard with them.
void kill_own_group(int) {
    kill(0, SIGKILL);
}

// The program's side, in the guard's fork: default signal handling, then exec.
[[noreturn]] void run_program(const std::vector<char*>& args) {
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    execv(args[0], args.data());
    const char message[] = "cannot start the child program\n";
    (void)!write(STDERR_FILENO, message, sizeof message - 1);
    _exit(127);
}

// The child's side: a guard that stays a copy of PrefixLab (no exec), leads a process group of its
// own, forks the program into that group and waits for it, then ends as the program ended. Linux
// sends the parent-death signal to a direct child only, and the program may start others
// (compute-sanitizer runs its target as its own child, which outlived a killed PrefixLab on the GPU
// machine, issue 31); the guard turns the one signal into a kill of the whole group, whatever ended
// PrefixLab: a signal, a crash, SIGKILL. Between fork and exec only async-signal-safe calls: the
// parent may have threads.
[[noreturn]] void become_child(const std::vector<char*>& args, int out_fd, int err_fd, pid_t parent) {
    setpgid(0, 0); // its own group: a kill of the group reaches everything the program starts
    struct sigaction kill_group = {};
    kill_group.sa_handler = kill_own_group;
    sigemptyset(&kill_group.sa_mask);
    for (int sig : {SIGINT, SIGTERM, SIGHUP})
        sigaction(sig, &kill_group, nullptr);
    prctl(PR_SET_PDEATHSIG, SIGTERM); // PrefixLab's end, whatever it was
    if (getppid() != parent)          // the parent died before prctl took effect
        _exit(127);
    const int null_fd = open("/dev/null", O_RDONLY);
    if (null_fd >= 0)
        dup2(null_fd, STDIN_FILENO);
    dup2(out_fd, STDOUT_FILENO);
    dup2(err_fd, STDERR_FILENO);
    const pid_t program = fork();
    if (program == 0)
        run_program(args);
    if (program < 0)
        _exit(127);
    int status = 0;
    while (waitpid(program, &status, 0) < 0)
        if (errno != EINTR)
            _exit(127);
    if (WIFSIGNALED(status)) { // end the same way, so that the parent sees the program's signal
        signal(WTERMSIG(status), SIG_DFL);
        kill(getpid(), WTERMSIG(status));
        _exit(128 + WTERMSIG(status)); // a signal whose default is not to end the process
    }
    _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 127);
}

// Reads what is there from fd into text (up to `limit`, the rest dropped); false at end of file.
bool drain(int fd, std::string& text, std::size_t limit) {
    char buffer[4096];
    const ssize_t got = read(fd, buffer, sizeof buffer);
    if (got > 0) {
        const std::size_t room = limit > text.size() ? limit - text.size() : 0;
        text.append(buffer, std::min(room, static_cast<std::size_t>(got)));
        return true;
    }
    return got < 0 && (errno == EINTR || errno == EAGAIN);
}

} // namespace

ChildResult run_child(const std::vector<std::string>& argv, const ChildLimits& limits) {
    if (argv.empty())
        throw std::invalid_argument("run_child: no program");
    ChildResult result;
    std::vector<char*> args;
    for (const std::string& arg : argv)
        args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);

    int out_pipe[2], err_pipe[2];
    if (pipe2(out_pipe, O_CLOEXEC) != 0) {
        result.error = std::string("cannot make a pipe: ") + std::strerror(errno);
        return result;
    }
    if (pipe2(err_pipe, O_CLOEXEC) != 0) {
        result.error = std::string("cannot make a pipe: ") + std::strerror(errno);
        close(out_pipe[0]);
        close(out_pipe[1]);
        return result;
    }
    const pid_t parent = getpid();
    const auto start = Clock::now();
    const pid_t pid = fork();
    if (pid == 0)
        become_child(args, out_pipe[1], err_pipe[1], parent);
    close(out_pipe[1]);
    close(err_pipe[1]);
    if (pid < 0) {
        result.error = std::string("cannot start a process: ") + std::strerror(errno);
        close(out_pipe[0]);
        close(err_pipe[0]);
        return result;
    }
    setpgid(pid, pid); // as the child does, so that a kill right after fork reaches its group
    result.started = true;

    const auto deadline = start + std::chrono::duration<double>(limits.timeout_s);
    bool out_open = true, err_open = true, killed = false;
    int status = 0;
    bool reaped = false;
    while (!reaped) {
        if (!killed) {
            const bool cancel = limits.cancel != nullptr && limits.cancel->load();
            if (cancel || Clock::now() >= deadline) {
                kill(-pid, SIGKILL);
                kill(pid, SIGKILL);
                killed = true;
                (cancel ? result.cancelled : result.timed_out) = true;
            }
        }
        pollfd fds[2] = {{out_open ? out_pipe[0] : -1, POLLIN, 0}, {err_open ? err_pipe[0] : -1, POLLIN, 0}};
        if (out_open || err_open) {
            poll(fds, 2, 50); // wakes for output, and every 50 ms for the clock and the cancel flag
            if (out_open && (fds[0].revents & (POLLIN | POLLHUP | POLLERR)))
                out_open = drain(out_pipe[0], result.out, limits.max_output_bytes);
            if (err_open && (fds[1].revents & (POLLIN | POLLHUP | POLLERR)))
                err_open = drain(err_pipe[0], result.err, limits.max_output_bytes);
        } else {
            usleep(20000);
        }
        const pid_t done = waitpid(pid, &status, WNOHANG);
        // Reaped once it has ended and both pipes are closed (a grandchild may hold them open: after a
        // kill, the group is gone too, so they close).
        if (done == pid && ((!out_open && !err_open) || killed)) {
            reaped = true;
        } else if (done == pid) {
            // ended, but something it started still writes: give the pipes until the deadline
            while ((out_open || err_open) && Clock::now() < deadline) {
                pollfd more[2] = {{out_open ? out_pipe[0] : -1, POLLIN, 0}, {err_open ? err_pipe[0] : -1, POLLIN, 0}};
                poll(more, 2, 50);
                if (out_open && (more[0].revents & (POLLIN | POLLHUP | POLLERR)))
                    out_open = drain(out_pipe[0], result.out, limits.max_output_bytes);
                if (err_open && (more[1].revents & (POLLIN | POLLHUP | POLLERR)))
                    err_open = drain(err_pipe[0], result.err, limits.max_output_bytes);
            }
            kill(-pid, SIGKILL); // whatever of its group is left
            reaped = true;
        } else if (done < 0 && errno != EINTR) {
            reaped = true; // not ours any more (cannot happen: nothing else waits for it)
        }
    }
    close(out_pipe[0]);
    close(err_pipe[0]);
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (WIFEXITED(status))
        result.exit_code = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        result.signal = WTERMSIG(status);
    return result;
}

std::string last_line_of(const std::string& text) {
    std::size_t end = text.size();
    while (end > 0) {
        const std::size_t newline = text.rfind('\n', end - 1);
        const std::size_t from = newline == std::string::npos ? 0 : newline + 1;
        const std::string line = text.substr(from, end - from);
        const std::size_t first = line.find_first_not_of(" \t\r");
        if (first != std::string::npos)
            return line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
        if (newline == std::string::npos)
            break;
        end = newline;
    }
    return "";
}

std::string this_executable_path() {
    std::error_code error;
    const std::filesystem::path path = std::filesystem::read_symlink("/proc/self/exe", error);
    return error ? "" : path.string();
}

std::string find_executable(const std::string& name, const std::vector<std::string>& fallback_dirs) {
    std::vector<std::string> dirs;
    if (const char* path = std::getenv("PATH")) {
        std::string all = path;
        std::size_t from = 0;
        while (from <= all.size()) {
            const std::size_t colon = all.find(':', from);
            const std::string dir = all.substr(from, colon == std::string::npos ? std::string::npos : colon - from);
            if (!dir.empty())
                dirs.push_back(dir);
            if (colon == std::string::npos)
                break;
            from = colon + 1;
        }
    }
    dirs.insert(dirs.end(), fallback_dirs.begin(), fallback_dirs.end());
    for (const std::string& dir : dirs) {
        const std::string candidate = dir + "/" + name;
        std::error_code error;
        if (std::filesystem::is_regular_file(candidate, error) && access(candidate.c_str(), X_OK) == 0)
            return candidate;
    }
    return "";
}

} // namespace prefixlab
