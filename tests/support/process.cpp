#include "process.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

namespace prefixlab::test {

namespace {

std::string slurp_and_remove(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::remove(path.c_str());
    return text.str();
}

ProcessResult run_once(const std::string& command) {
    static int counter = 0;
    const std::string stem = "/tmp/prefixlab_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
    const std::string out = stem + ".out", err = stem + ".err";
    const int status = std::system(("{ " + command + "\n} >" + out + " 2>" + err).c_str()); // every part of a compound command
    ProcessResult result;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = slurp_and_remove(out);
    result.err = slurp_and_remove(err);
    return result;
}

// LeakSanitizer's exit-time tracer sometimes crashes while it stops the threads to look for leaks
// (google/sanitizers#1353): the tool failing after the program has done all its work, not a leak (a
// leak says "detected memory leaks") and not the program's error. The CI machine showed it twice in a
// row on one GUI test, so a whole-test rerun was not enough; the one process runs again instead.
bool leak_tracer_crashed(const ProcessResult& result) {
    return result.err.find("Tracer caught signal") != std::string::npos &&
           result.err.find("LeakSanitizer has encountered a fatal error") != std::string::npos;
}

} // namespace

std::string shell_quote(const std::string& argument) {
    std::string quoted = "'";
    for (char c : argument)
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

namespace {

// The folder as it was, put back before each run again: what the run added is removed and the regular
// files it had are copied back (kept beside it, a test's folder holding a few files). Links, FIFOs and
// devices a test made (hostile inputs) are left where they are: copying one would read it. Taken before
// every run, since whether the tool will crash is not known until the run has ended.
class FolderBeforeTheRun {
public:
    explicit FolderBeforeTheRun(const std::filesystem::path& folder) : folder_(folder) {
        namespace fs = std::filesystem;
        std::error_code error;
        if (folder_.empty() || !fs::is_directory(folder_, error))
            return;
        kept_ = folder_.string() + ".before-the-run";
        fs::remove_all(kept_, error);
        fs::create_directories(kept_, error);
        for (auto it = fs::recursive_directory_iterator(folder_, error); !error && it != fs::recursive_directory_iterator();
             it.increment(error)) {
            const fs::path relative = fs::relative(it->path(), folder_, error);
            before_.push_back(relative);
            if (it->is_symlink(error))
                it.disable_recursion_pending();
            else if (it->is_directory(error))
                fs::create_directories(kept_ / relative, error);
            else if (it->is_regular_file(error))
                fs::copy_file(it->path(), kept_ / relative, error);
            if (error)
                break;
        }
        if (error) {
            std::cerr << "note: " << folder_.string() << " could not be kept for a run again (" << error.message() << ")\n";
            fs::remove_all(kept_, error);
            kept_.clear();
        }
    }
    FolderBeforeTheRun(const FolderBeforeTheRun&) = delete;
    FolderBeforeTheRun& operator=(const FolderBeforeTheRun&) = delete;
    ~FolderBeforeTheRun() {
        std::error_code ignored;
        if (!kept_.empty())
            std::filesystem::remove_all(kept_, ignored);
    }
    void put_back() const {
        namespace fs = std::filesystem;
        if (kept_.empty())
            return;
        std::error_code error;
        std::vector<fs::path> added;
        for (auto it = fs::recursive_directory_iterator(folder_, error); !error && it != fs::recursive_directory_iterator();
             it.increment(error)) {
            const fs::path relative = fs::relative(it->path(), folder_, error);
            if (std::find(before_.begin(), before_.end(), relative) == before_.end()) {
                added.push_back(it->path());
                it.disable_recursion_pending();
            }
        }
        for (const fs::path& path : added)
            fs::remove_all(path, error);
        for (auto it = fs::recursive_directory_iterator(kept_, error); !error && it != fs::recursive_directory_iterator();
             it.increment(error)) {
            const fs::path target = folder_ / fs::relative(it->path(), kept_, error);
            if (it->is_directory(error))
                fs::create_directories(target, error);
            else
                fs::copy_file(it->path(), target, fs::copy_options::overwrite_existing, error);
        }
        if (error)
            std::cerr << "note: " << folder_.string() << " could not be put back as it was (" << error.message() << ")\n";
    }

private:
    std::filesystem::path folder_;
    std::filesystem::path kept_;
    std::vector<std::filesystem::path> before_; // every entry, relative to the folder
};

} // namespace

ProcessResult run_process(const std::string& command) { return run_process(command, std::filesystem::path()); }

ProcessResult run_process(const std::string& command, const std::filesystem::path& folder) {
    constexpr int kTriesWithLeakCheck = 3;
    const FolderBeforeTheRun before(folder);
    ProcessResult result = run_once(command);
    for (int tries = 1; tries < kTriesWithLeakCheck && leak_tracer_crashed(result); ++tries) {
        std::cerr << "note: LeakSanitizer's tracer crashed (google/sanitizers#1353); running once more: " << command << "\n";
        before.put_back();
        result = run_once(command);
    }
    if (!leak_tracer_crashed(result))
        return result;
    // Still the tool's crash: the command runs once more without the leak check, AddressSanitizer's and UBSan's
    // checks unchanged, and said so in the log.
    std::cerr << "note: LeakSanitizer's tracer crashed " << kTriesWithLeakCheck
              << " times; this run goes without the leak check: " << command << "\n";
    const char* options = std::getenv("ASAN_OPTIONS");
    before.put_back();
    return run_once("export ASAN_OPTIONS=" + shell_quote(std::string(options ? options : "") + ":detect_leaks=0") + "; " + command);
}

} // namespace prefixlab::test
