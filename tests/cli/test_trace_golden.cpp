// Trace files that must not change: 24 configurations (every algorithm × int32/float ×
// inclusive/exclusive, random input with a fixed seed, N = 100, the emulator), written by the real
// binary and compared by a hash of their bytes (less the "written_by" field, which names the build). The hashes were made before issue 11's restructuring
// of the kernel catalogue and the scan setup (commit c7b90e0), which must not change a byte of any
// trace. A deliberate change to the format updates them, with the reason in the commit.
#include "support/process.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

// FNV-1a, 64 bits: enough to tell two files apart, and short to write down.
std::uint64_t fnv1a(const std::string& bytes) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    return h;
}

std::string hex(std::uint64_t v) {
    std::ostringstream out;
    out << std::hex << v;
    return out.str();
}

struct Golden {
    const char* algorithm;
    const char* type;
    bool exclusive;
    const char* hash;
};

const Golden kGolden[] = {
#include "trace_golden_hashes.inc"
};

TEST(TraceGolden, TwentyFourTracesAreByteForByteWhatTheyWere) {
    const fs::path dir = fs::path(::testing::TempDir()) / ("prefixlab_golden_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    ASSERT_EQ(std::size(kGolden), 24u);
    for (const Golden& g : kGolden) {
        const std::string name = std::string(g.algorithm) + "-" + g.type + (g.exclusive ? "-exclusive" : "");
        const fs::path file = dir / (name + ".json");
        const ProcessResult run =
            run_process(shell_quote(PREFIXLAB_BINARY) + " trace --algo " + g.algorithm + " --type " + g.type +
                        (g.exclusive ? " --exclusive" : "") + " --n 100 --input random --seed 7 --device cpu --out " +
                        shell_quote(file.string()));
        ASSERT_EQ(run.exit_code, 0) << name << ": " << run.err;
        std::ifstream in(file, std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        EXPECT_GT(bytes.size(), 1000u) << name;
        // The build that wrote it (issue 38) changes with every commit: the hash is of the rest, as before it came.
        const std::regex written_by(R"re(,"written_by":"PrefixLab \d+\.\d+\.\d+[^"]*")re");
        EXPECT_TRUE(std::regex_search(bytes, written_by)) << name << ": no written_by";
        bytes = std::regex_replace(bytes, written_by, "");
        EXPECT_EQ(hex(fnv1a(bytes)), g.hash) << name << " (" << bytes.size() << " bytes) changed";
    }
    fs::remove_all(dir);
}

} // namespace
} // namespace prefixlab::test
