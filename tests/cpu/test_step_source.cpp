// Issue 12: the source panel shows the kernel's own file and the step's lines in it. Every embedded
// file equals the file on disk byte for byte; every catalogued kernel's files are embedded; for every
// step of every algorithm the highlighted sync line is the step tag's line, in the tag's file, and it
// is the line that opens the step (a sync call or kernel start naming __LINE__); clicking a line of a
// step's body finds the first step that ran it.
#include "core/analysis/step_source.hpp"
#include "core/capture/trace_capture.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/source/kernel_source.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace prefixlab::test {
namespace {

std::string file_on_disk(std::string_view path) {
    std::ifstream in(std::string(PREFIXLAB_SOURCE_DIR) + "/" + std::string(path), std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string line_of(std::string_view text, int line) {
    std::istringstream in{std::string(text)};
    std::string s;
    for (int i = 0; i < line && std::getline(in, s); ++i) {
    }
    return s;
}

TEST(KernelSource, EveryEmbeddedFileIsTheFileOnDiskByteForByte) {
    const auto paths = embedded_kernel_source_paths();
    ASSERT_GE(paths.size(), 5u);
    for (std::string_view path : paths) {
        const std::string disk = file_on_disk(path);
        ASSERT_FALSE(disk.empty()) << path;
        EXPECT_EQ(kernel_source_text(path), disk) << path;
    }
    EXPECT_TRUE(kernel_source_text("kernels/block/no_such_kernel.cuh").empty());
}

TEST(KernelSource, EveryCataloguedKernelFileIsEmbedded) {
    for (std::string_view path : all_kernel_source_paths())
        EXPECT_FALSE(kernel_source_text(path).empty()) << path;
}

TEST(StepSource, EveryStepHighlightsItsTagLineInItsTagFile) {
    for (BlockAlgorithm algorithm : traceable_block_algorithms())
        for (int n : {1, 33, 64}) {
            const Trace trace =
                capture_trace(make_capture(algorithm, n, InputKind::random, 5, DeviceChoice::cpu)).trace;
            for (std::size_t i = 0; i < trace.steps.size(); ++i) {
                const StepTag& tag = trace.steps[i].tag;
                const StepSourceLines lines = step_source_lines(trace, i);
                const std::string where = std::string(name_of(algorithm)) + " N=" + std::to_string(n) + " step " +
                                          std::to_string(i);
                EXPECT_EQ(lines.path, kernel_file_path(tag.file)) << where;
                EXPECT_EQ(lines.sync_line, static_cast<int>(tag.line)) << where;
                EXPECT_LE(lines.first, lines.sync_line) << where;
                EXPECT_GE(lines.last, lines.sync_line) << where;
                const std::string sync = line_of(kernel_source_text(lines.path), lines.sync_line);
                EXPECT_NE(sync.find("__LINE__"), std::string::npos) << where << ": " << sync;
                // Clicking the sync line goes to a step that ran it (the first such).
                const auto found = first_step_at_line(trace, lines.path, lines.sync_line);
                ASSERT_TRUE(found.has_value()) << where;
                EXPECT_LE(*found, i) << where;
                EXPECT_EQ(step_source_lines(trace, *found).path, lines.path) << where;
            }
        }
}

TEST(StepSource, ALineNoStepRanFindsNoStep) {
    const Trace trace =
        capture_trace(make_capture(traceable_block_algorithms().front(), 8, InputKind::iota, 1, DeviceChoice::cpu)).trace;
    EXPECT_FALSE(first_step_at_line(trace, step_source_lines(trace, 0).path, 1).has_value()); // the file's comment
}

} // namespace
} // namespace prefixlab::test
