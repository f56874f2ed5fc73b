#include "process.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace prefixlab::test {

namespace {

std::string slurp_and_remove(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::remove(path.c_str());
    return text.str();
}

} // namespace

std::string shell_quote(const std::string& argument) {
    std::string quoted = "'";
    for (char c : argument)
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

ProcessResult run_process(const std::string& command) {
    static int counter = 0;
    const std::string stem = "/tmp/prefixlab_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
    const std::string out = stem + ".out", err = stem + ".err";
    const int status = std::system((command + " >" + out + " 2>" + err).c_str());
    ProcessResult result;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = slurp_and_remove(out);
    result.err = slurp_and_remove(err);
    return result;
}

} // namespace prefixlab::test
