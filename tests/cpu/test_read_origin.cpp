// Issue 12: where a shared-memory read's value came from, and whether it raced, is one function
// (read_origin.hpp). Each case on a hand-built step — the value from before the step, the reader's
// own earlier write, its own later write while another thread writes too, another thread's new
// value, another writer but the old value seen, two other writers with different values — and then
// the three callers agree on the racy Hillis–Steele: the dataflow's racy edges, the race notes and
// the Values table's racy arrows name the same reads, and agree on which got the new value.
#include "core/analysis/dataflow.hpp"
#include "core/analysis/race_notes.hpp"
#include "core/analysis/read_origin.hpp"
#include "core/analysis/table_arrows.hpp"
#include "core/analysis/value_table_model.hpp"
#include "core/capture/trace_capture.hpp"
#include "support/catalogue_ids.hpp"
#include "support/scan_test_support.hpp"

#include <algorithm>
#include <gtest/gtest.h>
#include <map>
#include <tuple>
#include <vector>

namespace prefixlab::test {
namespace {

// A block of threads in one warp with one 4-word data buffer; step 0 left word w holding
// kBefore + w, and step 1 is the step under test. Accesses must be added in canonical order (seq,
// then lane, for one warp).
constexpr std::uint32_t kBefore = 100;

struct HandTrace {
    Trace trace;

    HandTrace() {
        trace.config.n = 4;
        trace.config.block_threads = 4;
        trace.config.shared_words = 4;
        trace.config.buffers = {SharedBufferDesc{BufferId::data, 0, 4, 0}};
        trace.steps.resize(2);
        for (TraceStep& step : trace.steps) {
            step.shared_taken = true;
            step.shared.bits = {kBefore, kBefore + 1, kBefore + 2, kBefore + 3};
            step.shared.defined.assign(4, 1);
        }
    }

    std::size_t add(AccessKind kind, std::uint32_t thread, std::uint32_t seq, std::uint32_t word,
                    std::uint32_t value, std::uint32_t step = 1) {
        AccessRecord a{};
        a.step = static_cast<std::uint16_t>(step);
        a.thread = static_cast<std::uint16_t>(thread);
        a.seq = static_cast<std::uint8_t>(seq);
        a.buffer = static_cast<std::uint8_t>(BufferId::data);
        a.kind = kind;
        a.word = word;
        a.value = value;
        trace.accesses.push_back(a);
        return trace.accesses.size() - 1;
    }
    std::size_t read(std::uint32_t thread, std::uint32_t seq, std::uint32_t word, std::uint32_t value) {
        return add(AccessKind::read, thread, seq, word, value);
    }
    std::size_t write(std::uint32_t thread, std::uint32_t seq, std::uint32_t word, std::uint32_t value) {
        return add(AccessKind::write, thread, seq, word, value);
    }

    ReadOrigin origin(std::size_t read_access, std::uint32_t step = 1) const {
        StepWriteIndex index;
        const auto [first, end] = accesses_of_step(trace, step);
        index.index(trace, first, end);
        return index.origin_of(trace.accesses[read_access]);
    }
};

TEST(ReadOrigin, AWordNobodyWroteInTheStepHoldsItsValueFromBefore) {
    HandTrace t;
    const std::size_t r = t.read(1, 0, 0, kBefore);
    t.write(2, 0, 1, 7); // another word
    const ReadOrigin o = t.origin(r);
    EXPECT_EQ(o.source, ReadSource::before_step);
    EXPECT_FALSE(o.racy);
    EXPECT_EQ(o.write, kNoAccess);
    EXPECT_EQ(o.other_writer, kNoThread);
}

TEST(ReadOrigin, TheReadersOwnEarlierWriteIsWhatItReadsAndNoRace) {
    HandTrace t;
    const std::size_t own = t.write(1, 0, 0, 5);
    t.write(2, 0, 0, 7); // another thread writes the word too: a write-write race, not this read's
    const std::size_t last_own = t.write(1, 1, 0, 6);
    const std::size_t r = t.read(1, 2, 0, 6);
    const ReadOrigin o = t.origin(r);
    EXPECT_EQ(o.source, ReadSource::own_write);
    EXPECT_EQ(o.write, last_own) << "the last own write before the read, not " << own;
    EXPECT_FALSE(o.racy);
}

TEST(ReadOrigin, AReadBeforeTheReadersOwnWriteRacesWithAnotherWriter) {
    // The race notes used to skip this read because thread 1 wrote the word "in the step".
    HandTrace t;
    const std::size_t r = t.read(1, 0, 0, kBefore);
    t.write(2, 0, 0, 7);
    t.write(1, 1, 0, 3);
    const ReadOrigin o = t.origin(r);
    EXPECT_EQ(o.source, ReadSource::before_step);
    EXPECT_TRUE(o.racy);
    EXPECT_EQ(o.other_writer, 2u);
    const std::vector<RaceNote> notes = race_notes(t.trace);
    ASSERT_EQ(notes.size(), 1u);
    EXPECT_EQ(notes[0].text, "thread 1 read data[0] before thread 2 overwrote it in this step");
}

TEST(ReadOrigin, AReadBeforeItsOwnWriteButOnlyOwnWritesIsNoRace) {
    HandTrace t;
    const std::size_t r = t.read(1, 0, 0, kBefore);
    t.write(1, 1, 0, 3);
    const ReadOrigin o = t.origin(r);
    EXPECT_EQ(o.source, ReadSource::before_step);
    EXPECT_FALSE(o.racy);
}

TEST(ReadOrigin, AnotherThreadsNewValueIsThatWriteAndARace) {
    HandTrace t;
    const std::size_t w = t.write(2, 0, 0, 7);
    const std::size_t r = t.read(1, 1, 0, 7);
    const ReadOrigin o = t.origin(r);
    EXPECT_EQ(o.source, ReadSource::other_write);
    EXPECT_EQ(o.write, w);
    EXPECT_EQ(o.other_writer, 2u);
    EXPECT_TRUE(o.racy);
}

TEST(ReadOrigin, TheOldValueWhileAnotherThreadWritesIsStillARace) {
    HandTrace t;
    const std::size_t r = t.read(1, 0, 0, kBefore);
    t.write(2, 0, 0, 7);
    const ReadOrigin o = t.origin(r);
    EXPECT_EQ(o.source, ReadSource::before_step);
    EXPECT_EQ(o.write, kNoAccess);
    EXPECT_EQ(o.other_writer, 2u) << "the writer the race note names";
    EXPECT_TRUE(o.racy);
}

TEST(ReadOrigin, OfTwoOtherWritersTheReadGotTheOneWhoseValueItRead) {
    HandTrace t;
    const std::size_t w2 = t.write(2, 0, 0, 7);
    const std::size_t w3 = t.write(3, 0, 0, 8);
    const std::size_t r8 = t.read(1, 1, 0, 8);
    const std::size_t r7 = t.read(1, 2, 0, 7);
    const ReadOrigin o8 = t.origin(r8), o7 = t.origin(r7);
    EXPECT_EQ(o8.source, ReadSource::other_write);
    EXPECT_EQ(o8.write, w3);
    EXPECT_EQ(o8.other_writer, 3u) << "not the first other writer, thread 2";
    EXPECT_EQ(o7.write, w2);
    EXPECT_EQ(o7.other_writer, 2u);
    EXPECT_TRUE(o8.racy && o7.racy);
}

TEST(ReadOrigin, TheFirstOtherWriteOfTheValueReadIsTheSource) {
    HandTrace u; // the value read written by two others and, after the read, by the reader itself
    const std::size_t r = u.read(1, 0, 0, 7);
    const std::size_t w2 = u.write(2, 0, 0, 7);
    u.write(3, 0, 0, 7);
    u.write(1, 1, 0, 7);
    const ReadOrigin o = u.origin(r);
    EXPECT_EQ(o.source, ReadSource::other_write);
    EXPECT_EQ(o.write, w2);
    EXPECT_TRUE(o.racy);
}

TEST(ReadOrigin, InTheFirstStepAnyOtherWritersValueIsNew) {
    // Nothing is "from before" step 0, so a value another thread wrote there is that write.
    HandTrace t;
    const std::size_t w = t.add(AccessKind::write, 2, 0, 0, kBefore, 0);
    const std::size_t r = t.add(AccessKind::read, 1, 1, 0, kBefore, 0);
    const ReadOrigin o = t.origin(r, 0);
    EXPECT_EQ(o.source, ReadSource::other_write);
    EXPECT_EQ(o.write, w);
}

TEST(ReadOrigin, AShuffleOrAGlobalReadIsNotASharedRead) {
    HandTrace t;
    t.write(2, 0, 0, 7);
    std::size_t r = t.read(1, 1, 0, 7);
    t.trace.accesses[r].buffer = kShuffleSource;
    EXPECT_FALSE(t.origin(r).racy);
    t.trace.accesses[r].buffer = static_cast<std::uint8_t>(BufferId::input);
    EXPECT_FALSE(t.origin(r).racy);
}

// The three callers on a real racy trace: each racy read as (step, reader, element read, got the new
// value). Hillis–Steele reads and writes in one step, and each thread writes only its own word, so a
// dataflow edge or a table arrow names its read by the step and thread of the write it feeds.
using RacyRead = std::tuple<int, std::uint32_t, std::int64_t, bool>;

std::vector<RacyRead> from_race_notes(const Trace& trace) {
    std::vector<RacyRead> reads;
    for (const RaceNote& n : race_notes(trace))
        reads.emplace_back(static_cast<int>(n.step), n.reader, n.element, n.saw_new_value);
    std::sort(reads.begin(), reads.end());
    return reads;
}

std::vector<RacyRead> from_dataflow(const Trace& trace) {
    const DataflowGraph graph = build_dataflow(trace);
    std::vector<RacyRead> reads;
    for (const DataflowEdge& e : graph.edges)
        if (e.racy) {
            const DataflowNode &from = graph.nodes[e.from], &to = graph.nodes[e.to];
            reads.emplace_back(to.row, to.thread, from.column, from.row == to.row);
        }
    std::sort(reads.begin(), reads.end());
    return reads;
}

std::vector<RacyRead> from_table_arrows(const Trace& trace) {
    const ValueTableModel model = build_value_table_model(trace);
    std::map<std::pair<int, int>, std::uint32_t> writer; // (step, word) → the thread that wrote it
    for (const AccessRecord& a : trace.accesses)
        if (a.kind == AccessKind::write && is_shared_word_access(a))
            writer[{a.step, static_cast<int>(a.word)}] = a.thread;
    std::vector<RacyRead> reads;
    for (int k = 0; k < static_cast<int>(trace.steps.size()); ++k)
        for (const TableArrow& a : table_arrows(trace, model, k))
            if (a.racy)
                reads.emplace_back(k, writer.at({k, a.to_column - model.registers}),
                                   a.from_column - model.registers, a.from_row == a.to_row);
    std::sort(reads.begin(), reads.end());
    return reads;
}

TEST(ReadOrigin, DataflowRaceNotesAndTableArrowsNameTheSameRacyReads) {
    for (const int n : {16, 1024})
        for (const WarpOrder order : {WarpOrder::in_order, WarpOrder::interleaved}) {
            ScanSetup setup =
                make_capture(kernel_id("hillis-steele-racy"), n, InputKind::random, 4, DeviceChoice::cpu);
            setup.warp_order = order;
            const Trace trace = capture_trace(setup).trace;
            ASSERT_EQ(trace.config.buffers.size(), 1u) << "one buffer at word 0, no padding: element = word";
            const std::vector<RacyRead> notes = from_race_notes(trace);
            ASSERT_FALSE(notes.empty()) << "N=" << n;
            EXPECT_EQ(from_dataflow(trace), notes) << "N=" << n << " order " << static_cast<int>(order);
            EXPECT_EQ(from_table_arrows(trace), notes) << "N=" << n << " order " << static_cast<int>(order);
            const auto saw_new =
                std::count_if(notes.begin(), notes.end(), [](const RacyRead& r) { return std::get<3>(r); });
            if (order == WarpOrder::interleaved || n > 32)
                EXPECT_GT(saw_new, 0) << "N=" << n << ": some racy read got another thread's new value";
            EXPECT_LT(saw_new, static_cast<long>(notes.size())) << "N=" << n << ": and some the old one";
        }
}

} // namespace
} // namespace prefixlab::test
