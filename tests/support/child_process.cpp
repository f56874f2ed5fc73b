#include "child_process.hpp"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <poll.h>
#include <stdexcept>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace prefixlab::test {

ChildProcess::ChildProcess(const std::vector<std::string>& argv,
                           const std::vector<std::pair<std::string, std::string>>& environment) {
    int pipe_ends[2];
    if (::pipe2(pipe_ends, O_CLOEXEC) != 0)
        throw std::runtime_error("pipe failed");
    std::vector<char*> args;
    for (const std::string& arg : argv)
        args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);
    pid_ = ::fork();
    if (pid_ < 0)
        throw std::runtime_error("fork failed");
    if (pid_ == 0) {
        ::dup2(pipe_ends[1], STDOUT_FILENO);
        ::dup2(pipe_ends[1], STDERR_FILENO);
        for (const auto& [name, value] : environment)
            ::setenv(name.c_str(), value.c_str(), 1);
        // The child starts with the default action for the signals the tests send, whatever the
        // test runner's were.
        ::signal(SIGINT, SIG_DFL);
        ::signal(SIGTERM, SIG_DFL);
        ::execv(args[0], args.data());
        ::_exit(127);
    }
    ::close(pipe_ends[1]);
    out_ = pipe_ends[0];
}

ChildProcess::~ChildProcess() {
    if (!reaped_ && pid_ > 0) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
    }
    if (out_ >= 0)
        ::close(out_);
}

bool ChildProcess::read_some(int timeout_ms) {
    pollfd descriptor{out_, POLLIN, 0};
    if (::poll(&descriptor, 1, timeout_ms) <= 0)
        return true; // nothing yet
    char buffer[4096];
    const ssize_t n = ::read(out_, buffer, sizeof buffer);
    if (n <= 0)
        return false; // end of output: the child has exited
    output_.append(buffer, std::size_t(n));
    return true;
}

bool ChildProcess::wait_for_output(const std::string& text, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (output_.find(text) == std::string::npos) {
        if (std::chrono::steady_clock::now() > deadline || !read_some(5))
            return output_.find(text) != std::string::npos;
    }
    return true;
}

void ChildProcess::send(int signal) const {
    ::kill(pid_, signal);
}

bool ChildProcess::wait_until_delivered(int signal, std::chrono::milliseconds timeout) const {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    const unsigned long long bit = 1ull << (signal - 1);
    while (std::chrono::steady_clock::now() < deadline) {
        std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
        bool pending = false, ended = !status;
        for (std::string line; std::getline(status, line);) {
            const std::size_t tab = line.find('\t');
            const std::string key = line.substr(0, tab),
                              value = tab == std::string::npos ? "" : line.substr(tab + 1);
            if (key == "State:")
                ended = value[0] == 'Z' || value[0] == 'X'; // a dead process may still list what killed it
            if (key == "SigPnd:" || key == "ShdPnd:")
                pending = pending || (std::strtoull(value.c_str(), nullptr, 16) & bit) != 0;
        }
        if (ended || !pending)
            return true;
        std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
    return false;
}

int ChildProcess::wait() {
    while (read_some(100)) {
    }
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    reaped_ = true;
    return status;
}

std::string describe_status(int status) {
    if (WIFEXITED(status))
        return "exited with " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status))
        return "killed by signal " + std::to_string(WTERMSIG(status));
    return "status " + std::to_string(status);
}

} // namespace prefixlab::test
