// prefixlab_run_child_probe [--thread] PROGRAM [ARGS...]: runs the program through run_child (as the
// quiz runs its GPU fragments: app/core/util/child_process.hpp) and waits for it, after printing
// "probe running". --thread calls run_child from a second thread, as the GUI's background tasks do
// (Linux's parent-death signal follows the thread that forked). For the tests that end a PrefixLab
// while its child runs (tests/cpu/test_child_process.cpp) and tools/gpu_child_check.sh.
#include "core/util/child_process.hpp"

#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

int main(int argc, char** argv) {
    int first = 1;
    const bool on_thread = argc > 1 && std::strcmp(argv[1], "--thread") == 0;
    first += on_thread ? 1 : 0;
    if (first >= argc) {
        std::fprintf(stderr, "usage: prefixlab_run_child_probe [--thread] PROGRAM [ARGS...]\n");
        return 2;
    }
    const std::vector<std::string> command(argv + first, argv + argc);
    std::printf("probe running\n");
    std::fflush(stdout);
    prefixlab::ChildResult result;
    const auto run = [&] { result = prefixlab::run_child(command, {600}); };
    if (on_thread)
        std::thread(run).join();
    else
        run();
    std::printf("child ended: exit %d, signal %d\n", result.exit_code, result.signal);
    return result.exit_code == 0 ? 0 : 1;
}
