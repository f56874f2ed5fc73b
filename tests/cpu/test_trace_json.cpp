// Trace files: what is written reads back identical, and malformed files are rejected with a message
// that names the problem.
#include "core/trace/trace_json.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace prefixlab::test {
namespace {

using nlohmann::json;

Trace small_trace(ElementType type = ElementType::int32, ScanOperator op = ScanOperator::add) {
    CaptureRequest request = make_capture(BlockAlgorithm::hillis_steele, 37, InputKind::random, 3, DeviceChoice::cpu);
    request.type = type;
    request.op = op;
    return capture_trace(request).trace;
}

json as_json(const Trace& trace) {
    std::stringstream text;
    write_trace_json(trace, text);
    return json::parse(text);
}

// Reads `document` and returns the error message ("" if it was accepted).
std::string rejection(const json& document) {
    std::stringstream text(document.dump());
    try {
        read_trace_json(text);
    } catch (const TraceFormatError& e) {
        return e.what();
    }
    return "";
}

TEST(TraceJson, RoundTripPreservesEverything) {
    for (ElementType type : all_element_types())
        for (ScanOperator op : all_scan_operators()) {
            const Trace original = small_trace(type, op);
            std::stringstream text;
            write_trace_json(original, text);
            const Trace back = read_trace_json(text);
            EXPECT_EQ(first_difference(original, back), "") << name_of(type) << " " << name_of(op);
            EXPECT_EQ(back.config.device_name, original.config.device_name);
            EXPECT_EQ(back.config.emulated, original.config.emulated);
            EXPECT_EQ(back.config.seed, original.config.seed);
            EXPECT_EQ(back.config.input_kind, original.config.input_kind);
            EXPECT_EQ(back.config.kernel_source, original.config.kernel_source);
        }
}

TEST(TraceJson, FloatInfinityIdentityRoundTripsAsString) {
    // max over floats with an exclusive scan puts the identity, -inf, in element 0.
    CaptureRequest request = make_capture(BlockAlgorithm::hillis_steele, 5, InputKind::random, 1, DeviceChoice::cpu);
    request.type = ElementType::float32;
    request.op = ScanOperator::max;
    request.exclusive = true;
    const Trace original = capture_trace(request).trace;
    const json document = as_json(original);
    EXPECT_EQ(document["output"][0], "-inf");
    std::stringstream text(document.dump());
    EXPECT_EQ(first_difference(original, read_trace_json(text)), "");
}

TEST(TraceJson, FileRoundTripAndUnwrittenWordsAreNull) {
    const Trace original = small_trace();
    const std::string path = ::testing::TempDir() + "/prefixlab_roundtrip.json";
    save_trace_file(original, path);
    EXPECT_EQ(first_difference(original, load_trace_file(path)), "");
    std::filesystem::remove(path);
    // Hillis–Steele writes every word in its first step, so nothing is null after step 0 ...
    const json document = as_json(original);
    for (const auto& value : document["steps"][0]["shared"])
        EXPECT_FALSE(value.is_null());
}

TEST(TraceJson, RejectsTextThatIsNotJson) {
    std::stringstream text("{\"format\": \"prefixlab-trace\", ");
    EXPECT_THROW(read_trace_json(text), TraceFormatError);
    try {
        std::stringstream again("not json at all");
        read_trace_json(again);
    } catch (const TraceFormatError& e) {
        EXPECT_NE(std::string(e.what()).find("not valid JSON"), std::string::npos) << e.what();
    }
    // A number beyond double's range is nlohmann's out_of_range, not a parse error: still one message.
    std::stringstream huge("{\"format\": \"prefixlab-trace\", \"version\": 1e400}");
    try {
        read_trace_json(huge);
        FAIL() << "accepted 1e400";
    } catch (const TraceFormatError& e) {
        EXPECT_NE(std::string(e.what()).find("not valid JSON"), std::string::npos) << e.what();
    }
}

TEST(TraceJson, RejectsOtherFormatsAndVersions) {
    json document = as_json(small_trace());
    document["format"] = "something-else";
    EXPECT_NE(rejection(document).find("not a PrefixLab trace"), std::string::npos);
    document = as_json(small_trace());
    document["version"] = 2;
    EXPECT_NE(rejection(document).find("version 2 is not supported"), std::string::npos) << rejection(document);
}

TEST(TraceJson, RejectsMissingAndMistypedFieldsNamingThem) {
    const json good = as_json(small_trace());
    EXPECT_EQ(rejection(good), "");

    json missing = good;
    missing["config"].erase("n");
    EXPECT_EQ(rejection(missing), "config.n: missing");

    json wrong_type = good;
    wrong_type["config"]["exclusive"] = "no";
    EXPECT_EQ(rejection(wrong_type), "config.exclusive: expected true or false, found \"no\"");

    json unknown = good;
    unknown["config"]["algorithm"] = "bubble-sort";
    EXPECT_EQ(rejection(unknown), "config.algorithm: unknown value 'bubble-sort'");

    json short_snapshot = good;
    short_snapshot["steps"][3]["shared"].erase(0);
    EXPECT_EQ(rejection(short_snapshot), "steps[3].shared: expected 37 values, found 36");

    json short_output = good;
    short_output["output"].erase(0);
    EXPECT_EQ(rejection(short_output), "output: expected 37 values, found 36");

    json bad_value = good;
    bad_value["input"][2] = 1.5;
    EXPECT_EQ(rejection(bad_value), "input[2]: expected an int32, found 1.5");
}

TEST(TraceJson, RejectsAccessesOutsideTheTrace) {
    const json good = as_json(small_trace());
    json bad_thread = good;
    bad_thread["accesses"]["rows"][0][2] = 31; // warp 1, lane 31 = thread 63 > 36
    bad_thread["accesses"]["rows"][0][1] = 1;
    EXPECT_NE(rejection(bad_thread).find("thread 63 is outside the block of 37"), std::string::npos)
        << rejection(bad_thread);

    json bad_step = good;
    bad_step["accesses"]["rows"][0][0] = 999;
    EXPECT_NE(rejection(bad_step).find("accesses.rows[0][0]: expected an integer in 0.."), std::string::npos)
        << rejection(bad_step);

    json bad_kind = good;
    bad_kind["accesses"]["rows"][0][6] = "x";
    EXPECT_EQ(rejection(bad_kind), "accesses.rows[0][6]: expected \"r\" or \"w\", found \"x\"");
}

TEST(TraceJson, LoadNamesTheFileAndTheProblem) {
    try {
        load_trace_file("/nonexistent/trace.json");
        FAIL() << "loading a missing file must throw";
    } catch (const TraceFormatError& e) {
        EXPECT_EQ(std::string(e.what()), "cannot read trace '/nonexistent/trace.json': No such file or directory");
    }
    const std::string path = ::testing::TempDir() + "/prefixlab_truncated.json";
    {
        std::stringstream text;
        write_trace_json(small_trace(), text);
        std::ofstream(path) << text.str().substr(0, text.str().size() / 2);
    }
    try {
        load_trace_file(path);
        FAIL() << "a truncated file must be rejected";
    } catch (const TraceFormatError& e) {
        EXPECT_EQ(std::string(e.what()).rfind("malformed trace '" + path + "': not valid JSON", 0), 0u) << e.what();
    }
    std::filesystem::remove(path);
}

} // namespace
} // namespace prefixlab::test
