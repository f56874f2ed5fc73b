// A trace that loads always displays (issue 9, defect 9): the loader refuses, with one line naming the
// problem, every trace that breaks a guarantee the views rely on (trace_validation.hpp), and whatever
// it accepts, the analyses the GUI runs on load (trace index, dataflow, bank analysis) take without
// an error and produce what the views index.
#include "core/analysis/loaded_trace.hpp"
#include "support/catalogue_ids.hpp"
#include "core/trace/trace_json.hpp"
#include "core/trace/trace_validation.hpp"
#include "support/scan_test_support.hpp"
#include "support/trace_checks.hpp"

#include <algorithm>
#include <array>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

namespace prefixlab::test {
namespace {

using nlohmann::json;

json captured(BlockAlgorithm algorithm, int n, ElementType type = ElementType::int32) {
    ScanSetup request = make_capture(algorithm, n, InputKind::random, 5, DeviceChoice::cpu);
    request.type = type;
    return trace_as_json(capture_trace(request).trace);
}

// What the views index in a loaded trace, checked: "" or the first thing out of range.
std::string check_displayable(const LoadedTrace& loaded) {
    const Trace& trace = loaded.trace;
    const DataflowGraph& graph = loaded.dataflow;
    for (const DataflowNode& node : graph.nodes) {
        if (node.row < -1 || node.row >= graph.rows || node.column < 0 || node.column >= graph.columns())
            return "a dataflow node outside the graph's rows and columns";
        if (node.kind == NodeKind::output && node.column >= trace.config.n)
            return "an output node outside the output";
    }
    for (const DataflowEdge& edge : graph.edges)
        if (edge.from >= graph.nodes.size() || edge.to >= graph.nodes.size())
            return "a dataflow edge to no node";
    if (graph.rows != static_cast<int>(trace.steps.size()) || loaded.index.steps.size() != trace.steps.size())
        return "steps missing from the graph or the index";
    for (const StepAccesses& step : loaded.index.steps)
        if (step.first_access > step.end_access || step.end_access > trace.accesses.size())
            return "an index step outside the accesses";
    const BankAnalysis& banks = loaded.banks;
    if (banks.first_of_step.size() != trace.steps.size() + 1 ||
        banks.first_of_step.back() != banks.instructions.size())
        return "bank analysis steps do not cover its instructions";
    for (const WarpInstruction& instruction : banks.instructions) {
        if (instruction.accesses.empty() || instruction.accesses.size() > 32)
            return "a warp instruction of no access or more than 32";
        for (std::uint32_t a : instruction.accesses)
            if (a >= trace.accesses.size())
                return "a warp instruction names no access";
    }
    return "";
}

// The first access row (step, thread, kind) in `document` for which `pick` holds.
template <class Pick>
json& find_row(json& document, Pick pick) {
    for (json& row : document["accesses"]["rows"])
        if (pick(row))
            return row;
    throw std::logic_error("no such row in the test trace");
}

bool is_write_of(const json& row, const char* buffer) {
    return row[6] == "w" && row[4] == buffer;
}

// --- the reproducers: traces the loader used to accept and the views then refused or crashed on ---

TEST(TraceValidation, RefusesAWriteWhoseSourceIsAReadThatDoesNotExist) {
    // Issue 9's "dataflow: a value's source is a read the trace does not contain", now at load time.
    json document = captured(kernel_id("hillis-steele"), 40);
    json& write = find_row(document, [](const json& row) { return is_write_of(row, "data") && row[0] == 2; });
    write[8] = json::array({"2:200"});
    const std::string message = rejection(document);
    EXPECT_NE(message.find("source \"2:200\" is not an earlier read of thread"), std::string::npos)
        << message;
    EXPECT_EQ(message.find('\n'), std::string::npos);
}

TEST(TraceValidation, RefusesASourceThatIsTheWriteItselfOrALaterRead) {
    json document = captured(kernel_id("hillis-steele"), 40);
    json& write = find_row(document, [](const json& row) { return is_write_of(row, "data") && row[0] == 2; });
    const std::string self = std::to_string(write[0].get<int>()) + ":" + std::to_string(write[3].get<int>());
    write[8] = json::array({self});
    EXPECT_NE(rejection(document).find("is not an earlier read"), std::string::npos) << rejection(document);
    write[8] = json::array({std::to_string(write[0].get<int>() + 1) + ":0"}); // a read of the next step
    EXPECT_NE(rejection(document).find("is not an earlier read"), std::string::npos) << rejection(document);
}

TEST(TraceValidation, RefusesARegisterSourceInATraceWithoutRegisters) {
    // The dataflow looked the register up with .at() and threw std::out_of_range.
    json document = captured(kernel_id("blelloch"), 40);
    json& write = find_row(document, [](const json& row) { return is_write_of(row, "data") && row[0] == 2; });
    write[8] = json::array({"1:reg"});
    EXPECT_NE(rejection(document).find("source \"1:reg\" names a register, but the trace records none"),
              std::string::npos)
        << rejection(document);
}

TEST(TraceValidation, RefusesAnAccessToABufferTheTraceDoesNotHave) {
    // A write of warp_totals in a trace without that buffer: the dataflow dereferenced a null buffer.
    json document = captured(kernel_id("blelloch"), 40);
    json& write = find_row(document, [](const json& row) { return is_write_of(row, "data") && row[0] == 2; });
    write[4] = "warp_totals";
    EXPECT_NE(rejection(document).find("buffer 'warp_totals' is not in config.shared_memory.buffers"),
              std::string::npos)
        << rejection(document);
}

TEST(TraceValidation, RefusesAWordOutsideItsBufferAndOverlappingBuffers) {
    // Ping-pong buffers of N = 40: ping is words 0..39, pong 40..79.
    json document = captured(kernel_id("hillis-steele-double-buffer"), 40);
    find_row(document, [](const json& row) { return is_write_of(row, "pong") && row[0] == 1; })[5] = 0;
    EXPECT_NE(rejection(document).find("word 0 is outside buffer 'pong' (words 40..80)"), std::string::npos)
        << rejection(document);

    json overlapping = captured(kernel_id("hillis-steele-double-buffer"), 40);
    overlapping["config"]["shared_memory"]["buffers"][1]["base_word"] = 10;
    EXPECT_NE(rejection(overlapping).find("buffer 'pong' overlaps buffer 'ping'"), std::string::npos)
        << rejection(overlapping);
}

TEST(TraceValidation, RefusesAShuffleWithoutRegistersAndASecondAccessWithTheSameSeq) {
    json document = captured(kernel_id("hillis-steele"), 40);
    json& read = find_row(document, [](const json& row) { return row[6] == "r" && row[4] == "data"; });
    read[4] = "shuffle";
    read[5] = 1;
    EXPECT_NE(rejection(document).find("a shuffle must be a read, in a trace that records registers"),
              std::string::npos)
        << rejection(document);

    json twice = captured(kernel_id("hillis-steele"), 40);
    json& rows = twice["accesses"]["rows"];
    rows.push_back(rows[0]);
    rows.back()[7] = 12345;
    EXPECT_NE(rejection(twice).find("a second access of that thread with that seq"), std::string::npos)
        << rejection(twice);
}

TEST(TraceValidation, RefusesRegisterProvenanceNamingALaterStep) {
    json document = captured(kernel_id("warp-shuffle"), 40);
    json& provenance = document["steps"][1]["register_sources"];
    ASSERT_FALSE(provenance[3].is_null());
    provenance[3] = json::array({"1:reg"}); // its own snapshot, not an earlier one
    EXPECT_NE(
        rejection(document).find("steps[1].register_sources[3]: source \"1:reg\" names no earlier register"),
        std::string::npos)
        << rejection(document);
}

// --- every trace PrefixLab records is valid ---

TEST(TraceValidation, EveryAlgorithmsTracesAreValid) {
    for (BlockAlgorithm algorithm : {kernel_id("hillis-steele"), kernel_id("hillis-steele-double-buffer"),
                                     kernel_id("hillis-steele-racy"), kernel_id("blelloch"),
                                     kernel_id("blelloch-padded"), kernel_id("warp-shuffle")})
        for (int n : {1, 33, block_max_n(algorithm)})
            for (ElementType type : {ElementType::int32, ElementType::float32}) {
                ScanSetup request = make_capture(algorithm, n, InputKind::random, 9, DeviceChoice::cpu);
                request.type = type;
                const Trace trace = capture_trace(request).trace;
                EXPECT_EQ(find_trace_violation(trace), std::nullopt) << name_of(algorithm) << " n=" << n;
                EXPECT_EQ(rejection(trace_as_json(trace)), "") << name_of(algorithm) << " n=" << n;
            }
}

// --- property: for mutated traces, the loader refuses or every analysis of the GUI succeeds ---

// One random change to a plausible value, of the kind a hand-edited or damaged file has.
void mutate(json& document, std::mt19937& random) {
    const auto pick = [&](std::size_t count) {
        return std::uniform_int_distribution<std::size_t>(0, count - 1)(random);
    };
    json& rows = document["accesses"]["rows"];
    const int steps = static_cast<int>(document["steps"].size());
    const auto any_source = [&]() -> json {
        const int step = static_cast<int>(pick(steps));
        switch (pick(4)) {
        case 0:
            return std::to_string(step) + ":reg";
        case 1:
            return "many";
        default:
            return std::to_string(step) + ":" + std::to_string(pick(6));
        }
    };
    json& row = rows[pick(rows.size())];
    switch (pick(10)) {
    case 0: // step, warp, lane, seq or word nudged
        for (std::size_t column : {0, 1, 2, 3, 5})
            if (pick(3) == 0 && row[column].get<int>() > 0)
                row[column] = row[column].get<int>() - 1;
        row[5] = row[5].get<int>() + static_cast<int>(pick(3));
        break;
    case 1:
        row[4] = std::array{"data", "ping", "pong", "warp_totals", "input", "output", "shuffle"}[pick(7)];
        break;
    case 2:
        row[6] = row[6] == "r" ? "w" : "r";
        break;
    case 3:
        row[7] = static_cast<int>(pick(100));
        break;
    case 4:
    case 5: {
        json sources = json::array();
        for (std::size_t i = pick(3); i > 0; --i)
            sources.push_back(any_source());
        row[8] = sources;
        break;
    }
    case 6: // a row duplicated or dropped
        if (pick(2) == 0)
            rows.push_back(row);
        else
            rows.erase(pick(rows.size()));
        break;
    case 7: { // register provenance
        json& step = document["steps"][pick(steps)];
        if (step.contains("register_sources")) {
            json& thread = step["register_sources"][pick(step["register_sources"].size())];
            thread = pick(3) == 0 ? json(nullptr) : json::array({any_source()});
        } else {
            document["config"]["registers"] = true;
        }
        break;
    }
    case 8: { // the shared-memory layout
        const char* fields[] = {"base_word", "words", "padding"};
        json& value = document["config"]["shared_memory"]["buffers"][0][fields[pick(3)]];
        value = std::max(0, value.get<int>() + static_cast<int>(pick(5)) - 2);
        break;
    }
    default: // the value a write stores, which the dataflow matches against racing reads
        row[7] = rows[pick(rows.size())][7];
        break;
    }
}

TEST(TraceValidation, MutatedTracesAreRefusedOrDisplayable) {
    const std::vector<json> originals = {
        captured(kernel_id("hillis-steele"), 40), captured(kernel_id("hillis-steele-racy"), 40),
        captured(kernel_id("blelloch-padded"), 70), captured(kernel_id("warp-shuffle"), 70),
        captured(kernel_id("hillis-steele-double-buffer"), 33, ElementType::float32)};
    std::mt19937 random(20261122);
    int accepted = 0;
    constexpr int kIterations = 400;
    for (int i = 0; i < kIterations; ++i) {
        json document = originals[i % originals.size()];
        for (int changes = 1 + i % 3; changes > 0; --changes)
            mutate(document, random);
        std::stringstream text(document.dump());
        Trace trace;
        try {
            trace = read_trace_json(text);
        } catch (const TraceFormatError& e) {
            EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
            continue;
        }
        ++accepted;
        try {
            const auto loaded = prepare_for_display(std::move(trace), "mutated");
            EXPECT_EQ(check_displayable(*loaded), "") << "iteration " << i;
        } catch (const std::exception& e) {
            ADD_FAILURE() << "iteration " << i << ": a trace that loads failed to display: " << e.what();
        }
    }
    // Both sides of the property are exercised.
    EXPECT_GT(accepted, kIterations / 10);
    EXPECT_LT(accepted, kIterations * 9 / 10);
}

} // namespace
} // namespace prefixlab::test
