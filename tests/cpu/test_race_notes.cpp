// Issue 12: every racy read is annotated with both threads. The racy Hillis–Steele kernel's notes
// each name a reader and another thread that wrote the same word in the same step (checked against
// the trace's own accesses), the ones that saw the new value read exactly the writer's value, and no
// correct kernel has any.
#include "core/analysis/race_notes.hpp"
#include "core/capture/trace_capture.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/kernel_names.hpp"
#include "support/catalogue_ids.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <string>

namespace prefixlab::test {
namespace {

TEST(RaceNotes, EachRacyReadNamesItsReaderAndTheOtherWriter) {
    const Trace trace = emulated_trace(kernel_id("hillis-steele-racy"), 64, InputKind::random, 4);
    const std::vector<RaceNote> notes = race_notes(trace);
    ASSERT_FALSE(notes.empty()) << "the racy kernel reads words other threads write in the same step";
    int saw_new = 0;
    for (const RaceNote& note : notes) {
        EXPECT_NE(note.reader, note.writer);
        bool reader_read = false, writer_wrote = false;
        for (const AccessRecord& a : trace.accesses) {
            if (a.step != note.step || a.buffer == kShuffleSource)
                continue;
            const std::int64_t element = a.word; // one buffer at word 0, no padding
            reader_read |= a.thread == note.reader && a.kind == AccessKind::read && element == note.element;
            writer_wrote |= a.thread == note.writer && a.kind == AccessKind::write && element == note.element;
        }
        EXPECT_TRUE(reader_read) << note.text;
        EXPECT_TRUE(writer_wrote) << note.text;
        EXPECT_NE(note.text.find("thread " + std::to_string(note.reader) + " read data[" +
                                 std::to_string(note.element) + "]"),
                  std::string::npos)
            << note.text;
        EXPECT_NE(note.text.find("thread " + std::to_string(note.writer) + " overwrote it in this step"),
                  std::string::npos)
            << note.text;
        saw_new += note.saw_new_value;
    }
    // At N = 64 (two warps, run in order) warp 1 reads words warp 0 has already overwritten.
    EXPECT_GT(saw_new, 0);
}

TEST(RaceNotes, NoCorrectKernelHasAny) {
    for (BlockAlgorithm algorithm : all_block_algorithms())
        if (!is_racy(algorithm))
            for (int n : {8, 33, 64})
                EXPECT_TRUE(race_notes(emulated_trace(algorithm, n, InputKind::random, 4)).empty()) << name_of(algorithm) << " N=" << n;
}

} // namespace
} // namespace prefixlab::test
