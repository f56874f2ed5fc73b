// The output policy (atomic_file.hpp, interrupts.hpp): only a regular file or a new path is written;
// anything else is refused with one line and left exactly as it was, with no temporary file behind;
// a set of files is committed whole; a signal removes the temporary files in flight, and one that
// arrives during a commit waits for its end. Signal tests run in a forked child (death tests).
#include "core/bench/bench_export.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/interrupts.hpp"

#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <gtest/gtest.h>
#include <set>
#include <sstream>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

namespace prefixlab {
namespace {

namespace fs = std::filesystem;

class OutputPolicy : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(::testing::TempDir()) /
               ("prefixlab_output_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    // Every entry of the folder with what identifies it (type, inode, size, link target): equal before
    // and after means nothing was created, removed or replaced.
    std::string snapshot() const {
        std::ostringstream text;
        std::set<std::string> names;
        for (const auto& entry : fs::directory_iterator(dir_))
            names.insert(entry.path().filename().string());
        for (const std::string& name : names) {
            struct stat info {};
            ::lstat(path(name).c_str(), &info);
            text << name << ' ' << (info.st_mode & S_IFMT) << ' ' << info.st_ino << ' ' << info.st_size;
            if (S_ISLNK(info.st_mode))
                text << " -> " << fs::read_symlink(path(name)).string();
            text << '\n';
        }
        return text.str();
    }

    static std::string read(const std::string& file) {
        std::ifstream in(file, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    }

    // Makes every kind of node that is not a regular file; returns name -> what the message says.
    std::vector<std::pair<std::string, std::string>> make_non_regular_targets() const {
        std::ofstream(path("real.json")) << "the user's file";
        fs::create_directory(path("folder"));
        EXPECT_EQ(::mkfifo(path("fifo").c_str(), 0644), 0);
        fs::create_symlink(path("real.json"), path("link-to-file"));
        fs::create_symlink("/dev/null", path("link-to-device")); // a link: /dev itself is never at risk
        fs::create_symlink(path("folder"), path("link-to-folder"));
        fs::create_symlink(path("loop"), path("loop"));
        fs::create_symlink(path("missing"), path("dangling"));
        const int s = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        const std::string socket_path = path("socket");
        if (socket_path.size() < sizeof address.sun_path) {
            socket_path.copy(address.sun_path, socket_path.size());
            EXPECT_EQ(::bind(s, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
        }
        ::close(s);
        std::vector<std::pair<std::string, std::string>> targets = {
            {"folder", "it is a directory"},
            {"fifo", "it is a FIFO"},
            {"link-to-file", "it is a symbolic link to a regular file"},
            {"link-to-device", "it is a symbolic link to a character device"},
            {"link-to-folder", "it is a symbolic link to a directory"},
            {"loop", "it is a symbolic link in a loop"},
            {"dangling", "it is a symbolic link to a missing path"}};
        if (fs::exists(fs::symlink_status(socket_path)))
            targets.push_back({"socket", "it is a socket"});
        // A character device like /dev/full (1, 7), made here so that /dev is never at risk; only
        // root may make one (CI runs as root), elsewhere the link to /dev/null covers the message.
        if (::mknod(path("device").c_str(), S_IFCHR | 0666, makedev(1, 7)) == 0)
            targets.push_back({"device", "it is a character device"});
        return targets;
    }

    fs::path dir_;
};

void write_text(const std::string& file) {
    write_file_atomically(file, [](std::ostream& out) { out << "new content"; });
}

TEST_F(OutputPolicy, EveryTargetThatIsNotARegularFileIsRefusedAndLeftAsItWas) {
    const auto targets = make_non_regular_targets();
    const std::string before = snapshot();
    const std::vector<std::pair<const char*, std::function<void(const std::string&)>>> writers = {
        {"require_writable", [](const std::string& file) { require_writable(file); }},
        {"write_file_atomically", write_text},
        {"write_path_atomically",
         [](const std::string& file) {
             write_path_atomically(file, [](const std::string& temp) { std::ofstream(temp) << "new"; });
         }},
        {"AtomicFileSet::remove_on_commit", [](const std::string& file) {
             AtomicFileSet files;
             files.remove_on_commit(file);
             files.commit();
         }}};
    for (const auto& [writer, write] : writers)
        for (const auto& [name, kind] : targets) {
            try {
                write(path(name));
                ADD_FAILURE() << writer << " wrote " << name;
            } catch (const FileError& e) {
                const std::string message = e.what();
                EXPECT_EQ(message, "cannot write '" + path(name) + "': " + kind +
                                       " (PrefixLab replaces only regular files)")
                    << writer;
            }
            EXPECT_EQ(snapshot(), before) << writer << " on " << name << " changed the folder";
        }
    EXPECT_EQ(read(path("real.json")), "the user's file");
}

// Issue 31: an empty path names no file, in the same words for a file and for a folder of files, before
// anything is created (it was "empty file name" here, "empty folder name" for an export).
TEST_F(OutputPolicy, AnEmptyPathIsRefusedInTheSameWordsForAFileAndAFolder) {
    const auto refusal = [](const std::function<void()>& write) {
        try {
            write();
        } catch (const FileError& e) {
            return std::string(e.what());
        }
        return std::string("nothing refused");
    };
    EXPECT_EQ(refusal([] { require_writable(""); }), "cannot write '': an empty path names no file");
    EXPECT_EQ(refusal([] { write_text(""); }), "cannot write '': an empty path names no file");
    EXPECT_EQ(refusal([] { require_folder_named(""); }), "cannot write into '': an empty path names no file");
    EXPECT_EQ(refusal([] { check_export_folder(""); }), "cannot write into '': an empty path names no file");
    EXPECT_NO_THROW(require_folder_named("."));
}

TEST_F(OutputPolicy, ARegularFileIsReplacedWholeAndANewPathIsCreated) {
    std::ofstream(path("old.json")) << "old content, longer than the new";
    write_text(path("old.json"));
    write_text(path("new.json"));
    EXPECT_EQ(read(path("old.json")), "new content");
    EXPECT_EQ(read(path("new.json")), "new content");
    EXPECT_EQ(snapshot().find(".tmp-"), std::string::npos) << snapshot();
}

TEST_F(OutputPolicy, AFailingWriterLeavesTheTargetAndNoTemporaryFile) {
    std::ofstream(path("kept.json")) << "kept";
    const std::string before = snapshot();
    EXPECT_THROW(write_file_atomically(path("kept.json"),
                                       [](std::ostream& out) {
                                           out << "half";
                                           throw std::runtime_error("the writer failed");
                                       }),
                 std::runtime_error);
    EXPECT_EQ(snapshot(), before);
    EXPECT_EQ(read(path("kept.json")), "kept");
}

TEST_F(OutputPolicy, ATargetReplacedByALinkBeforeTheCommitIsNotReplaced) {
    // The window between the check before the work and the rename: each target is checked again.
    std::ofstream(path("real.json")) << "the user's file";
    for (bool existed : {false, true}) {
        if (existed)
            std::ofstream(path("out.json")) << "an older export";
        AtomicFileSet files;
        files.write(path("out.json"), [](std::ostream& out) { out << "new content"; });
        fs::remove(path("out.json"));
        fs::create_symlink(path("real.json"), path("out.json"));
        EXPECT_THROW(files.commit(), FileError);
        EXPECT_TRUE(fs::is_symlink(path("out.json")));
        fs::remove(path("out.json"));
    }
    EXPECT_EQ(read(path("real.json")), "the user's file");
    EXPECT_EQ(snapshot().find(".tmp-"), std::string::npos) << snapshot();
}

TEST_F(OutputPolicy, AFileSetAppearsWholeOrNotAtAll) {
    std::ofstream(path("stale.svg")) << "an older run's plot";
    std::ofstream(path("a.json")) << "old a";
    {
        AtomicFileSet files;
        files.write(path("a.json"), [](std::ostream& out) { out << "new a"; });
        files.write(path("b.csv"), [](std::ostream& out) { out << "new b"; });
        files.remove_on_commit(path("stale.svg"));
        // Destroyed without a commit: as if the export failed half way.
    }
    EXPECT_EQ(snapshot().find(".tmp-"), std::string::npos) << snapshot();
    EXPECT_EQ(read(path("a.json")), "old a");
    EXPECT_FALSE(fs::exists(path("b.csv")));
    EXPECT_TRUE(fs::exists(path("stale.svg")));

    AtomicFileSet files;
    files.write(path("a.json"), [](std::ostream& out) { out << "new a"; });
    files.write(path("b.csv"), [](std::ostream& out) { out << "new b"; });
    files.remove_on_commit(path("stale.svg"));
    files.remove_on_commit(path("never-there.pdf"));
    files.commit();
    EXPECT_EQ(read(path("a.json")), "new a");
    EXPECT_EQ(read(path("b.csv")), "new b");
    EXPECT_FALSE(fs::exists(path("stale.svg")));
    EXPECT_EQ(files.targets(), (std::vector<std::string>{path("a.json"), path("b.csv")}));
    EXPECT_EQ(snapshot().find(".tmp-"), std::string::npos) << snapshot();
}

using OutputPolicyDeathTest = OutputPolicy;

TEST_F(OutputPolicyDeathTest, ASignalWhileAFileIsWrittenRemovesItsTemporaryFile) {
    std::ofstream(path("trace.json")) << "the previous trace";
    const std::string before = snapshot();
    EXPECT_EXIT(
        {
            install_interrupt_handlers();
            write_file_atomically(path("trace.json"), [](std::ostream& out) {
                out << "half a trace";
                out.flush();
                ::raise(SIGINT);
            });
        },
        ::testing::KilledBySignal(SIGINT), "");
    EXPECT_EQ(snapshot(), before);
    EXPECT_EQ(read(path("trace.json")), "the previous trace");
}

TEST_F(OutputPolicyDeathTest, ASignalDuringACommitTakesEffectWhenItEnds) {
    EXPECT_EXIT(
        {
            install_interrupt_handlers();
            {
                const DeferredInterrupts deferred;
                ::raise(SIGINT);
                std::ofstream(path("written-inside")) << "the commit went on";
            }
            std::ofstream(path("written-after")) << "the process should have stopped";
        },
        ::testing::KilledBySignal(SIGINT), "");
    EXPECT_TRUE(fs::exists(path("written-inside")));
    EXPECT_FALSE(fs::exists(path("written-after")));
}

TEST_F(OutputPolicyDeathTest, InsideLongWorkTheFirstSignalIsARequestAndTheSecondStops) {
    EXPECT_EXIT(
        {
            install_interrupt_handlers();
            const InterruptibleWork work;
            if (interrupt_requested())
                ::_exit(3);
            ::raise(SIGTERM);
            if (!interrupt_requested())
                ::_exit(4);
            std::ofstream(path("after-first")) << "still running";
            AtomicFileSet files;
            files.write(path("results.json"), [](std::ostream& out) { out << "staged"; });
            ::raise(SIGINT);
            ::_exit(5);
        },
        ::testing::KilledBySignal(SIGINT), "");
    EXPECT_TRUE(fs::exists(path("after-first")));
    EXPECT_EQ(snapshot().find("results.json"), std::string::npos) << "no temporary file: " << snapshot();
}

} // namespace
} // namespace prefixlab
