// A program started in the background, for tests that act on it while it runs: the interrupt tests
// wait for a line of its output, send SIGINT, then look at how it ended.
#pragma once

#include <chrono>
#include <string>
#include <sys/types.h>
#include <utility>
#include <vector>

namespace prefixlab::test {

class ChildProcess {
public:
    // Starts argv[0] (a path) with `environment` added to this process's; stdout and stderr go to
    // one pipe that the methods below read.
    explicit ChildProcess(const std::vector<std::string>& argv,
                          const std::vector<std::pair<std::string, std::string>>& environment = {});
    ~ChildProcess(); // kills and reaps a child still running
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // Reads output until it contains `text` (true) or the child ends or `timeout` passes (false).
    bool wait_for_output(const std::string& text, std::chrono::milliseconds timeout);
    void send(int signal) const;
    // Waits until no `signal` is pending for the child any more (delivered, or the child is gone):
    // two signals sent before the first is delivered merge into one, as the kernel does not queue
    // standard signals, and a loaded machine may not run the child for milliseconds.
    bool wait_until_delivered(int signal, std::chrono::milliseconds timeout) const;
    // Reads the rest of the output and reaps the child; returns its wait status (WIFEXITED, …).
    int wait();
    const std::string& output() const { return output_; }
    pid_t pid() const { return pid_; }

private:
    bool read_some(int timeout_ms);
    pid_t pid_ = -1;
    int out_ = -1;
    std::string output_;
    bool reaped_ = false;
};

// "exited with 2", "killed by signal 2": for assertion messages.
std::string describe_status(int status);

} // namespace prefixlab::test
