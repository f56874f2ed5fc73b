// Trace files: what is written reads back identical, and malformed files are rejected with a message
// that names the problem.
#include "core/ground/kernel_facts.hpp"
#include "core/trace/trace_json.hpp"
#include "support/catalogue_ids.hpp"
#include "core/util/input_limits.hpp"
#include "support/hostile_inputs.hpp"
#include "support/scan_test_support.hpp"
#include "support/trace_checks.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <streambuf>

namespace prefixlab::test {
namespace {

using nlohmann::json;

Trace small_trace(ElementType type = ElementType::int32, ScanOperator op = ScanOperator::add) {
    ScanSetup request = make_capture(kernel_id("hillis-steele"), 37, InputKind::random, 3, DeviceChoice::cpu);
    request.type = type;
    request.op = op;
    return capture_trace(request).trace;
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
    ScanSetup request = make_capture(kernel_id("hillis-steele"), 5, InputKind::random, 1, DeviceChoice::cpu);
    request.type = ElementType::float32;
    request.op = ScanOperator::max;
    request.exclusive = true;
    const Trace original = capture_trace(request).trace;
    const json document = trace_as_json(original);
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
    const json document = trace_as_json(original);
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
    json document = trace_as_json(small_trace());
    document["format"] = "something-else";
    EXPECT_NE(rejection(document).find("not a PrefixLab trace"), std::string::npos);
    document = trace_as_json(small_trace());
    document["version"] = 2;
    EXPECT_NE(rejection(document).find("version 2 is not supported"), std::string::npos) << rejection(document);
}

TEST(TraceJson, RejectsMissingAndMistypedFieldsNamingThem) {
    const json good = trace_as_json(small_trace());
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
    const json good = trace_as_json(small_trace());
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
    EXPECT_EQ(rejection(bad_kind), "accesses.rows[0][6]: expected \"r\", \"w\", \"ar\", \"aw\", \"ur\" or \"uw\", found \"x\"");
}

// A misspelt or stray field is refused at every level, as in a results file: nothing in a trace is
// silently dropped (issue 11).
TEST(TraceJson, RejectsUnknownFieldsAtEveryLevel) {
    const json good = trace_as_json(small_trace());
    struct Stray {
        const char* object; // JSON pointer
        const char* path;   // as messages name it
    };
    const Stray strays[] = {
        {"", ""},
        {"/config", "config."},
        {"/config/input", "config.input."},
        {"/config/device", "config.device."},
        {"/config/shared_memory", "config.shared_memory."},
        {"/config/shared_memory/buffers/0", "config.shared_memory.buffers[0]."},
        {"/steps/2", "steps[2]."},
        {"/accesses", "accesses."},
    };
    for (const Stray& stray : strays) {
        json document = good;
        document[json::json_pointer(stray.object)]["extra"] = 1;
        EXPECT_EQ(rejection(document),
                  std::string(stray.path) + "extra: unknown field (version 1 has no such field)");
    }
}

TEST(TraceJson, AFileWithAnUnknownFieldIsRefusedNamingFileAndField) {
    json document = trace_as_json(small_trace());
    document["config"]["block_thread"] = 64; // misspelt beside the real block_threads
    const std::string path = ::testing::TempDir() + "/prefixlab_unknown_field.json";
    std::ofstream(path) << document.dump();
    try {
        load_trace_file(path);
        ADD_FAILURE() << "loaded";
    } catch (const TraceFormatError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "malformed trace '" + path +
                      "': config.block_thread: unknown field (version 1 has no such field)");
    }
    std::filesystem::remove(path);
}

// The fields written for other readers and recomputed when reading (a step's label, the check, the
// column names) are fields of the format: present they load, and what they hold is not read back.
TEST(TraceJson, DerivedFieldsAreKnownButNotReadBack) {
    json document = trace_as_json(small_trace());
    document["steps"][0]["label"] = "anything";
    document["check"]["wrong"] = json::array({1, 2});
    document["check"]["something else"] = true;
    document["accesses"]["columns"] = json::array();
    EXPECT_EQ(rejection(document), "");
}

// Every trace this PrefixLab writes (each algorithm, each element type, registers or not) reads back.
TEST(TraceJson, EveryAlgorithmsTraceReadsBack) {
    for (BlockAlgorithm algorithm : traceable_block_algorithms())
        for (ElementType type : all_element_types()) {
            ScanSetup request = make_capture(algorithm, 64, InputKind::random, 5, DeviceChoice::cpu);
            if (fixed_element_type(algorithm).value_or(type) != type)
                continue; // a segmented scan takes uint32 alone
            request.type = type;
            const Trace original = capture_trace(request).trace;
            std::stringstream text;
            write_trace_json(original, text);
            EXPECT_EQ(first_difference(original, read_trace_json(text)), "")
                << name_of(algorithm) << " " << name_of(type);
        }
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

// ---------------------------------------------------------------- hostile input (issue 9)

// The message for `text` ("" if it was accepted), through the in-memory reader.
std::string rejection_of_text(const std::string& text) {
    try {
        trace_from_json_text(text);
    } catch (const TraceFormatError& e) {
        return e.what();
    }
    return "";
}

// A one-line message of bounded size, with no byte a terminal would act on: no control characters
// and nothing that is not UTF-8 (this file's messages are ASCII but for printable()'s "…").
void expect_short_and_safe(const std::string& message) {
    EXPECT_FALSE(message.empty());
    EXPECT_LT(message.size(), 300u) << message.substr(0, 300);
    for (const char c : message)
        EXPECT_TRUE(c >= 0x20 && c < 0x7f)
            << "byte " << int(static_cast<unsigned char>(c)) << " in: " << message.substr(0, 300);
}

std::string without_ellipsis(std::string message) {
    for (std::size_t at; (at = message.find("…")) != std::string::npos;)
        message.replace(at, std::string("…").size(), "...");
    return message;
}

TEST(TraceJsonHostile, NestingInATypedFieldIsRefusedBeforeParsing) {
    // The reproducer: 80,000 nested arrays where an integer belongs overflowed the stack
    // when the error message dumped the value.
    const std::string text = with_raw_value(trace_as_json(small_trace()), "/config/n", nested_arrays(80000));
    EXPECT_GT(text.size(), 160000u);
    const std::string message = rejection_of_text(text);
    EXPECT_EQ(message, "not valid JSON: arrays and objects nest deeper than the limit of " +
                           std::to_string(kMaxJsonDepth) + " levels");
    // Just within the limit (config.n is inside two objects) the parser accepts it, and the type
    // error names the value without dumping it.
    const std::string shallow =
        with_raw_value(trace_as_json(small_trace()), "/config/n", nested_arrays(kMaxJsonDepth - 2));
    EXPECT_EQ(rejection_of_text(shallow),
              "config.n: expected an integer in 1..1048576, found an array of 1 item");
}

TEST(TraceJsonHostile, ContainersInMessagesAreDescribedNotDumped) {
    json document = trace_as_json(small_trace());
    document["config"]["exclusive"] = json::array();
    document["config"]["exclusive"].get_ref<json::array_t&>().assign(1000000, 7);
    EXPECT_EQ(rejection(document),
              "config.exclusive: expected true or false, found an array of 1000000 items");
    document = trace_as_json(small_trace());
    document["input"][2] = {{"a", 1}, {"b", 2}};
    EXPECT_EQ(rejection(document), "input[2]: expected an int32, found an object of 2 fields");
    document = trace_as_json(small_trace());
    document["accesses"]["rows"][0][6] = json::array({"r"});
    EXPECT_EQ(rejection(document), "accesses.rows[0][6]: expected \"r\", \"w\", \"ar\", \"aw\", \"ur\" or \"uw\", found an array of 1 item");
}

TEST(TraceJsonHostile, A20MegabyteStringGivesAShortMessage) {
    // The size once; 1 MB elsewhere, where the same bound applies (each 20 MB case costs a
    // second of dumping and parsing).
    json document = trace_as_json(small_trace());
    document["accesses"]["rows"][0][4] = std::string(20 << 20, 'a');
    EXPECT_EQ(rejection(document),
              "accesses.rows[0][4]: unknown buffer '" + std::string(40, 'a') + "… (20971520 bytes)'");
    for (const char* pointer :
         {"/config/algorithm", "/config/n", "/config/exclusive", "/input/0", "/steps/0/source"}) {
        document = trace_as_json(small_trace());
        document[json::json_pointer(pointer)] = std::string(1 << 20, 'a');
        const std::string message = rejection(document);
        expect_short_and_safe(without_ellipsis(message));
        EXPECT_NE(message.find("(1048576 bytes)"), std::string::npos) << pointer << ": " << message;
    }
}

TEST(TraceJsonHostile, BytesThatAreNotUtf8OrControlsAreEscaped) {
    // Raw bytes: the parser refuses them, and its "last read" excerpt is escaped.
    const std::string raw = with_raw_value(trace_as_json(small_trace()), "/config/device/name", "\"GPU\xff\xfe\"");
    const std::string message = rejection_of_text(raw);
    expect_short_and_safe(message);
    EXPECT_NE(message.find("\\xff"), std::string::npos) << message;
    // Escapes inside valid JSON: a terminal escape and a newline become \xNN in the message.
    json document = trace_as_json(small_trace());
    document["config"]["algorithm"] = "\x1b[31mred\nline";
    EXPECT_EQ(rejection(document), "config.algorithm: unknown value '\\x1b[31mred\\x0aline'");
}

// An endless stream, like /dev/zero read through std::cin.
class EndlessStream : public std::streambuf {
    char block_[4096] = {};

protected:
    int_type underflow() override {
        setg(block_, block_, block_ + sizeof block_);
        return traits_type::to_int_type(block_[0]);
    }
};

TEST(TraceJsonHostile, AStreamIsReadOnlyUpToTheLimit) {
    EndlessStream endless;
    std::istream in(&endless);
    try {
        read_trace_json(in);
        FAIL() << "an endless stream was accepted";
    } catch (const TraceFormatError& e) {
        EXPECT_EQ(std::string(e.what()), "larger than the limit of " +
                                             std::to_string(kMaxTraceFileBytes >> 20) + " MiB for a trace");
    }
}

class TraceFileHostile : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::path(::testing::TempDir()) /
               ("prefixlab_hostile_trace_" + std::to_string(::getpid()));
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    // The message of loading `file`, which must fail at once: nothing is read from a device or FIFO.
    static std::string load_error(const std::string& file) {
        const auto start = std::chrono::steady_clock::now();
        std::string message;
        try {
            load_trace_file(file);
        } catch (const TraceFormatError& e) {
            message = e.what();
        }
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(500)) << file;
        return message;
    }
    std::filesystem::path dir_;
};

TEST_F(TraceFileHostile, DevicesFifosLinksAndHugeFilesAreRefusedUnread) {
    make_fifo(path("fifo.json"));
    make_link_to_dev_zero(path("zero.json"));
    make_sparse_file(path("huge.json"), 100ull << 20);
    EXPECT_EQ(load_error("/dev/zero"), "cannot read trace '/dev/zero': it is a device, not a regular file");
    EXPECT_EQ(load_error(path("zero.json")),
              "cannot read trace '" + path("zero.json") + "': it is a device, not a regular file");
    EXPECT_EQ(load_error(path("fifo.json")),
              "cannot read trace '" + path("fifo.json") + "': it is a FIFO, not a regular file");
    EXPECT_EQ(load_error(path("huge.json")),
              "cannot read trace '" + path("huge.json") + "': larger than the limit of " +
                  std::to_string(kMaxTraceFileBytes >> 20) + " MiB for a trace");
    EXPECT_EQ(load_error(dir_.string()), "cannot read trace '" + dir_.string() + "': it is a directory");
}

TEST_F(TraceFileHostile, DeepNestingInAFileIsOneLineNamingIt) {
    std::ofstream(path("deep.json")) << with_raw_value(trace_as_json(small_trace()), "/config/n",
                                                       nested_arrays(80000));
    EXPECT_EQ(load_error(path("deep.json")),
              "malformed trace '" + path("deep.json") +
                  "': not valid JSON: arrays and objects nest deeper than the limit "
                  "of " +
                  std::to_string(kMaxJsonDepth) + " levels");
}

} // namespace
} // namespace prefixlab::test
