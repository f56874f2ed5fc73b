// A scene, the whole screen as one value (core/scene/, docs/scene.md): its defaults are the app's start,
// the JSON round trip keeps every field, a field a file leaves out keeps its default at every level, and
// the strict reader refuses a hostile set (truncated, wrong types, unknown fields and kernels, N out of
// range, 10 MB strings, deep nesting, oversized files, a directory or FIFO) with one line naming the field.
#include "core/bench/bench_plots.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/quiz/quiz_questions.hpp"
#include "core/scene/scene.hpp"
#include "core/settings/settings.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/input_limits.hpp"
#include "support/hostile_inputs.hpp"
#include "support/text_files.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <string>
#include <unistd.h>

namespace prefixlab::scene_test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

BlockAlgorithm kernel(const char* name) {
    const auto algorithm = parse_block_algorithm(name);
    EXPECT_TRUE(algorithm) << name;
    return algorithm.value_or(BlockAlgorithm{});
}

// Every field away from its default (the test below checks that each one is).
Scene changed_scene() {
    Scene s;
    s.tab = "Grid";
    s.capture.algorithm = kernel("blelloch-padded");
    s.capture.n = 1000; // within the default kernel's limit too: a file without the algorithm still loads
    s.capture.input = InputKind::random;
    s.capture.seed = 18446744073709551615ull;
    s.capture.values = "10,0,3"; // kept while another input is chosen
    s.capture.keep = KeepPredicate{KeepRule::less_than, 2.5};
    s.capture.type = ElementType::float32;
    s.capture.op = ScanOperator::max;
    s.capture.exclusive = true;
    s.capture.block_threads = 1024;
    s.capture.warp_order = WarpOrder::reversed;
    s.capture.device = DeviceChoice::cpu;
    s.compare = {true, kernel("hillis-steele-double-buffer"), DeviceChoice::gpu, WarpOrder::interleaved};
    s.grid.scan.driver = GridDriver::chained;
    s.grid.n = 1000;
    s.grid.scan.tile_threads = 32;
    s.grid.scan.body = TileScanBody::blelloch;
    s.grid.schedule = GridSchedule{7, BlockStartOrder::reversed, 99};
    s.grid.scan.order = TileOrder::block_index;
    s.grid.scan.type = ElementType::int32;
    s.grid.scan.op = ScanOperator::min;
    s.grid.scan.exclusive = true;
    s.grid.input = InputKind::random;
    s.grid.seed = 12345;
    s.grid.device = DeviceChoice::gpu;
    s.step = 17;
    s.grid_step = 4000;
    s.reveal = true;
    s.views["Values"] = {0.3f, false, 0.25f, 1.0f / 3};
    s.views["Dataflow"] = {2.5f, true, 1.0f, 0.0f};
    s.views["Banks ▸ second side"] = {1.0f, false, 0.0f, 0.999f}; // any title, UTF-8 included
    s.bench = {"reduce-table", "cpu-std,cub,tuned-look-back", "speedup", "float-max-exclusive", true, "N = 2^20"};
    s.quiz = {3, true, true};
    s.panels = {false, false, true, true};
    s.scale = 1.5f;
    s.theme = "projector";
    return s;
}

json document_of(const Scene& scene) {
    return json::parse(scene_to_json_text(scene));
}

// The message of the SceneFormatError `text` gives ("" when it loads), checked to be one line.
std::string scene_error(const std::string& text) {
    try {
        scene_from_json_text(text);
    } catch (const SceneFormatError& e) {
        const std::string message = e.what();
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
        EXPECT_LT(message.size(), 400u) << message.substr(0, 400);
        return message;
    }
    return "";
}

// The changed scene's document with the value at `pointer` ("/capture/n") replaced by `value` (JSON).
std::string with_value(const std::string& pointer, const std::string& value) {
    json doc = document_of(changed_scene());
    doc[json::json_pointer(pointer)] = json::parse(value);
    return doc.dump();
}

// "/views/Values/zoom" as a message names it: "views.Values.zoom".
std::string path_of(const std::string& pointer) {
    std::string path = pointer.substr(1);
    std::replace(path.begin(), path.end(), '/', '.');
    return path;
}

bool starts_with(const std::string& text, const std::string& start) {
    return text.rfind(start, 0) == 0;
}

TEST(SceneJson, DefaultsAreTheAppsStartingState) {
    const Scene s;
    EXPECT_EQ(s.tab, "Values");
    EXPECT_TRUE(s.capture == ScanSetup{});
    EXPECT_FALSE(s.compare.on);
    EXPECT_EQ(s.compare.device, DeviceChoice::automatic);
    EXPECT_EQ(s.grid.n, 64u);
    EXPECT_EQ(s.grid.scan.tile_threads, 8);
    EXPECT_EQ(s.grid.scan.driver, GridDriver::decoupled_look_back);
    EXPECT_EQ(s.grid.schedule.resident, 4u);
    EXPECT_EQ(s.grid.schedule.order, BlockStartOrder::seeded_random);
    EXPECT_EQ(s.grid.schedule.seed, 3u);
    EXPECT_EQ(s.grid.device, DeviceChoice::cpu);
    EXPECT_TRUE(s.grid.scan.input.empty());
    EXPECT_EQ(s.step, 0);
    EXPECT_EQ(s.grid_step, 0);
    EXPECT_FALSE(s.reveal);
    EXPECT_TRUE(s.views.empty());
    // The benchmark plot's own defaults, by name (BenchPlotOptions: no scan chosen shows the results' first).
    const BenchPlotOptions plot;
    EXPECT_EQ(s.bench.view, "sweep");
    // The series: the Benchmark tab opens on the lecture set (issue 33), where the plot's own default
    // (the command line's exports) is every series.
    EXPECT_EQ(s.bench.series, "lecture");
    EXPECT_EQ(s.bench.plot, name_of(plot.kind));
    EXPECT_EQ(s.bench.scan, "");
    EXPECT_FALSE(plot.scan);
    EXPECT_EQ(s.quiz.question, 1);
    EXPECT_FALSE(s.quiz.revealed);
    EXPECT_TRUE(s.panels.sidebar);
    EXPECT_TRUE(s.panels.narration);
    EXPECT_FALSE(s.panels.source);
    EXPECT_FALSE(s.panels.source_prefixlab); // the CUDA form
    EXPECT_FALSE(s.scale);
    EXPECT_EQ(s.theme, kSettingsThemes[0]);
    EXPECT_EQ(Settings{}.theme, s.theme);
}

TEST(SceneJson, RoundTripsTheDefaults) {
    const std::string text = scene_to_json_text(Scene{});
    ASSERT_FALSE(text.empty());
    EXPECT_EQ(text.back(), '\n');
    EXPECT_NE(text.find("\"format\": \"prefixlab-scene\""), std::string::npos) << text;
    EXPECT_NE(text.find("\"version\": 1"), std::string::npos);
    EXPECT_EQ(text.find("\"scale\""), std::string::npos) << "none: from the monitor, left out";
    EXPECT_TRUE(scene_from_json_text(text) == Scene{});
}

TEST(SceneJson, RoundTripsASceneWithEveryFieldChanged) {
    const Scene s = changed_scene();
    const Scene back = scene_from_json_text(scene_to_json_text(s));
    EXPECT_TRUE(back == s);
    EXPECT_EQ(back.capture.seed, 18446744073709551615ull);
    EXPECT_EQ(back.views.at("Values").scroll_y, 1.0f / 3) << "a float reads back bit for bit";
    EXPECT_EQ(scene_to_json_text(back), scene_to_json_text(s));
    // Floats are written as the shortest text that reads back: 0.3, not 0.30000001192092896.
    EXPECT_NE(scene_to_json_text(s).find("\"zoom\": 0.3,"), std::string::npos) << scene_to_json_text(s);
    // Enumerations by their command-line names.
    const json doc = document_of(s);
    EXPECT_EQ(doc["capture"]["algorithm"], "blelloch-padded");
    EXPECT_EQ(doc["capture"]["warp_order"], "reversed");
    EXPECT_EQ(doc["grid"]["driver"], "chained");
    EXPECT_EQ(doc["grid"]["start_order"], "reversed");
    EXPECT_EQ(doc["grid"]["tile_order"], "block");
    EXPECT_EQ(doc["grid"]["device"], "gpu");
}

// Each field of the changed scene differs from its default, and operator== sees each one: otherwise
// the round trip above could pass with a field the JSON drops.
TEST(SceneJson, EveryFieldOfTheChangedSceneDiffersAndEqualityNoticesIt) {
    const json changed = document_of(changed_scene()).flatten();
    const json defaults = document_of(Scene{}).flatten();
    for (const auto& item : changed.items()) {
        if (item.key() == "/format" || item.key() == "/version" || !defaults.contains(item.key()))
            continue; // the views and the scale are absent from the defaults: different by that
        EXPECT_NE(item.value(), defaults[item.key()]) << item.key() << " is not changed";
    }
    EXPECT_GT(changed.size(), 45u);

    const Scene base = changed_scene();
    const std::vector<std::function<void(Scene&)>> edits = {
        [](Scene& s) { s.tab = "Values"; },
        [](Scene& s) { s.capture.warp_order = WarpOrder::in_order; },
        [](Scene& s) { s.capture.block_threads = 0; },
        [](Scene& s) { s.compare.warp_order = WarpOrder::in_order; },
        [](Scene& s) { s.grid.schedule.seed = 0; },
        [](Scene& s) { s.grid.scan.tile_threads = 64; },
        [](Scene& s) { s.grid.device = DeviceChoice::cpu; },
        [](Scene& s) { s.step = 0; },
        [](Scene& s) { s.grid_step = 0; },
        [](Scene& s) { s.reveal = false; },
        [](Scene& s) { s.views["Values"].scroll_x = 0.5f; },
        [](Scene& s) { s.views.erase("Dataflow"); },
        [](Scene& s) { s.bench.scan = ""; },
        [](Scene& s) { s.bench.table.clear(); },
        [](Scene& s) { s.quiz.source = false; },
        [](Scene& s) { s.panels.narration = true; },
        [](Scene& s) { s.panels.source_prefixlab = false; },
        [](Scene& s) { s.scale.reset(); },
        [](Scene& s) { s.theme = "dark"; },
    };
    for (std::size_t i = 0; i < edits.size(); ++i) {
        Scene edited = base;
        edits[i](edited);
        EXPECT_FALSE(edited == base) << "edit " << i;
    }
}

// Erasing any one field (a leaf, or a whole part) from the changed scene's file gives that field its
// default and leaves every other as the file says.
TEST(SceneJson, EachAbsentFieldKeepsItsDefault) {
    const json changed = document_of(changed_scene());
    json defaults = document_of(Scene{});
    const json default_place = {{"zoom", 1}, {"fit", false}, {"scroll_x", 0}, {"scroll_y", 0}};
    int checked = 0;
    const json leaves = changed.flatten(); // kept: items() refers to it
    for (const auto& item : leaves.items()) {
        const json::json_pointer pointer(item.key());
        if (item.key() == "/format" || item.key() == "/version")
            continue;
        json file = changed;
        file[pointer.parent_pointer()].erase(pointer.back());
        json expected = changed;
        if (starts_with(item.key(), "/views/"))
            expected[pointer] = default_place[pointer.back()];
        else if (defaults.contains(pointer))
            expected[pointer] = defaults[pointer];
        else
            expected[pointer.parent_pointer()].erase(pointer.back()); // the scale: none
        EXPECT_EQ(document_of(scene_from_json_text(file.dump())), expected) << "without " << item.key();
        ++checked;
    }
    for (const auto& part : changed.items()) {
        if (part.key() == "format" || part.key() == "version")
            continue;
        json file = changed;
        file.erase(part.key());
        json expected = changed;
        if (defaults.contains(part.key()))
            expected[part.key()] = defaults[part.key()];
        else
            expected.erase(part.key());
        EXPECT_EQ(document_of(scene_from_json_text(file.dump())), expected) << "without " << part.key();
        ++checked;
    }
    EXPECT_GT(checked, 60);
    // Only the two fields that say what the file is.
    EXPECT_TRUE(scene_from_json_text(R"({"format": "prefixlab-scene", "version": 1})") == Scene{});
    const Scene tab_only =
        scene_from_json_text(R"({"format": "prefixlab-scene", "version": 1, "tab": "Quiz"})");
    Scene expected;
    expected.tab = "Quiz";
    EXPECT_TRUE(tab_only == expected);
}

TEST(SceneJson, RefusesWhatIsNotASceneFile) {
    EXPECT_TRUE(starts_with(scene_error(""), "scene: not valid JSON"));
    EXPECT_TRUE(starts_with(scene_error("null"), "scene: expected an object, found null"));
    EXPECT_TRUE(starts_with(scene_error("[1, 2]"), "scene: expected an object"));
    EXPECT_TRUE(starts_with(scene_error(R"({"version": 1})"), "scene: format: missing"));
    EXPECT_TRUE(starts_with(scene_error(R"({"format": "prefixlab-settings", "version": 1})"),
                            "scene: format: expected"));
    EXPECT_TRUE(starts_with(scene_error(R"({"format": "prefixlab-scene"})"), "scene: version: missing"));
    EXPECT_TRUE(starts_with(scene_error(with_value("/version", "2")), "scene: version: 2 is not supported"));
    EXPECT_TRUE(
        starts_with(scene_error(with_value("/version", "\"1\"")), "scene: version: expected an integer"));
}

TEST(SceneJson, RefusesTruncatedText) {
    const std::string text = scene_to_json_text(changed_scene());
    for (std::size_t cut : {std::size_t(1), text.size() / 3, text.size() / 2, text.size() - 3}) {
        const std::string message = scene_error(text.substr(0, cut));
        EXPECT_TRUE(starts_with(message, "scene: not valid JSON")) << cut << ": " << message;
    }
}

// Every field with a value of the wrong type: a string where a number or a name belongs, a number
// where a string or a boolean does, an array where a part (an object) does.
TEST(SceneJson, RefusesAWrongTypeNamingTheField) {
    int checked = 0;
    const json leaves = document_of(changed_scene()).flatten(); // kept: items() refers to it
    for (const auto& item : leaves.items()) {
        if (item.key() == "/format" || item.key() == "/version")
            continue;
        const std::string wrong = item.value().is_string()    ? "5"
                                  : item.value().is_boolean() ? "1"
                                                              : "\"big\"";
        const std::string message = scene_error(with_value(item.key(), wrong));
        EXPECT_TRUE(starts_with(message, "scene: " + path_of(item.key()) + ": expected")) << message;
        ++checked;
    }
    EXPECT_GT(checked, 45);
    for (const char* part :
         {"/capture", "/compare", "/grid", "/views", "/bench", "/quiz", "/panels", "/views/Values"}) {
        const std::string message = scene_error(with_value(part, "[1, 2]"));
        EXPECT_EQ(message, "scene: " + path_of(part) + ": expected an object, found an array of 2 items");
    }
    EXPECT_EQ(scene_error(with_value("/views/Values/zoom", "\"big\"")),
              "scene: views.Values.zoom: expected a number, found \"big\"");
    EXPECT_EQ(scene_error(with_value("/step", "2.5")), "scene: step: expected an integer, found 2.5");
    EXPECT_EQ(scene_error(with_value("/scale", "null")),
              "scene: scale: expected a number from 0.5 to 4, found null");
}

TEST(SceneJson, RefusesAnUnknownFieldAtEveryLevel) {
    for (const char* pointer : {"/colour", "/capture/colour", "/compare/colour", "/grid/colour",
                                "/bench/colour", "/quiz/colour", "/panels/colour", "/views/Values/colour"}) {
        const std::string message = scene_error(with_value(pointer, "1"));
        EXPECT_EQ(message,
                  "scene: " + path_of(pointer) + ": unknown field (scene version 1 has no such field)");
    }
    EXPECT_EQ(scene_error(with_value("/panels/narattion", "true")),
              "scene: panels.narattion: unknown field (scene version 1 has no such field)");
}

TEST(SceneJson, RefusesUnknownNames) {
    EXPECT_EQ(scene_error(with_value("/capture/algorithm", "\"quicksort\"")),
              "scene: capture.algorithm: unknown kernel \"quicksort\" (`prefixlab trace --list` names them)");
    EXPECT_TRUE(starts_with(scene_error(with_value("/compare/algorithm", "\"quicksort\"")),
                            "scene: compare.algorithm: unknown kernel"));
    // The quiz's wrong fragments are kernels, but leave no trace.
    int untraceable = 0;
    for (BlockAlgorithm algorithm : all_block_algorithms())
        if (has_divergent_sync(algorithm)) {
            const std::string name = "\"" + std::string(name_of(algorithm)) + "\"";
            EXPECT_TRUE(starts_with(scene_error(with_value("/capture/algorithm", name)),
                                    "scene: capture.algorithm: " + std::string(name_of(algorithm)) +
                                        " leaves no trace"));
            ++untraceable;
        }
    EXPECT_GT(untraceable, 0);
    EXPECT_EQ(
        scene_error(with_value("/grid/driver", "\"bogo\"")),
        "scene: grid.driver: unknown name \"bogo\" (one of " +
            [] {
                std::string names;
                for (GridDriver d : all_grid_drivers())
                    names += (names.empty() ? "" : ", ") + std::string(name_of(d));
                return names;
            }() +
            ")");
    const std::pair<const char*, const char*> names[] = {
        {"/capture/input", "\"zeros\""},  {"/capture/type", "\"int64\""}, {"/capture/operator", "\"mul\""},
        {"/capture/warp_order", "\"x\""}, {"/capture/device", "\"tpu\""}, {"/compare/device", "\"tpu\""},
        {"/compare/warp_order", "\"x\""}, {"/grid/body", "\"x\""},        {"/grid/start_order", "\"x\""},
        {"/grid/tile_order", "\"x\""},    {"/grid/type", "\"x\""},        {"/grid/operator", "\"x\""},
        {"/grid/input", "\"x\""},         {"/grid/device", "\"x\""},      {"/bench/view", "\"table\""},
        {"/bench/series", "\"some\""},    {"/bench/plot", "\"pie\""},     {"/theme", "\"neon\""}};
    for (const auto& [pointer, value] : names) {
        const std::string message = scene_error(with_value(pointer, value));
        EXPECT_TRUE(starts_with(message, "scene: " + path_of(pointer) + ": ")) << message;
        EXPECT_NE(message.find(value), std::string::npos) << message;
    }
    EXPECT_TRUE(starts_with(scene_error(with_value("/bench/scan", "\"uint64-add\"")),
                            "scene: bench.scan: unknown scan"));
}

TEST(SceneJson, RefusesValuesOutOfRange) {
    EXPECT_EQ(scene_error(with_value("/capture", R"({"algorithm": "blelloch", "n": 5000})")),
              "scene: capture.n: 5000 is above blelloch's limit of 2048");
    EXPECT_EQ(scene_error(with_value("/capture/n", "0")), "scene: capture.n: expected 1 to 2048, found 0");
    EXPECT_TRUE(
        starts_with(scene_error(with_value("/capture/n", "-3")), "scene: capture.n: expected 1 to 2048"));
    EXPECT_EQ(scene_error(with_value("/capture/n", "18446744073709551615")),
              "scene: capture.n: 18446744073709551615 is above blelloch-padded's limit of 2048");
    // N against the kernel the file names, with N from the defaults where the file names none.
    const WholeRange hillis = allowed_n(kernel("hillis-steele"));
    EXPECT_EQ(scene_error(with_value("/capture", R"({"algorithm": "hillis-steele", "n": )" +
                                                     std::to_string(hillis.max + 1) + "}")),
              "scene: capture.n: " + std::to_string(hillis.max + 1) + " is above hillis-steele's limit of " +
                  std::to_string(hillis.max));
    EXPECT_TRUE(starts_with(scene_error(with_value("/capture/block_threads", "2000")),
                            "scene: capture.block_threads: a block of 2000 threads is too large"));
    EXPECT_TRUE(starts_with(scene_error(with_value("/capture/block_threads", "16")),
                            "scene: capture.block_threads: a block of 16 threads is too small"));
    EXPECT_TRUE(starts_with(scene_error(with_value("/capture/seed", "-1")),
                            "scene: capture.seed: expected an integer"));

    EXPECT_EQ(scene_error(with_value("/grid", R"({"n": 100000})")),
              "scene: grid.n: 100000 is above the emulator's limit of 65536 (with device gpu up to 4194304)");
    EXPECT_EQ(scene_error(with_value("/grid", R"({"n": 100000, "device": "gpu"})")), "");
    EXPECT_EQ(scene_error(with_value("/grid", R"({"n": 4194305, "device": "gpu"})")),
              "scene: grid.n: 4194305 is above the GPU's limit of 4194304");
    EXPECT_TRUE(starts_with(scene_error(with_value("/grid/n", "0")), "scene: grid.n: expected 1 to"));
    EXPECT_EQ(scene_error(with_value("/grid/tile_threads", "12")),
              "scene: grid.tile_threads: expected 4, 8, 16 or a multiple of 32 up to 256, found 12");
    EXPECT_TRUE(starts_with(scene_error(with_value("/grid/tile_threads", "512")),
                            "scene: grid.tile_threads: expected"));
    EXPECT_TRUE(starts_with(scene_error(with_value("/grid/resident", "0")),
                            "scene: grid.resident: expected an integer from 1"));
    EXPECT_TRUE(starts_with(scene_error(with_value("/grid/resident", "4097")), "scene: grid.resident"));

    EXPECT_TRUE(
        starts_with(scene_error(with_value("/step", "-1")), "scene: step: expected an integer from 0"));
    EXPECT_TRUE(
        starts_with(scene_error(with_value("/grid_step", "2147483648")), "scene: grid_step: expected"));
    const std::string questions = std::to_string(quiz_questions().size());
    EXPECT_EQ(scene_error(with_value("/quiz/question", "0")),
              "scene: quiz.question: expected an integer from 1 to " + questions + ", found 0");
    EXPECT_TRUE(
        starts_with(scene_error(with_value("/quiz/question", std::to_string(quiz_questions().size() + 1))),
                    "scene: quiz.question: expected an integer from 1 to " + questions));
    EXPECT_EQ(scene_error(with_value("/scale", "9")),
              "scene: scale: expected a number from 0.5 to 4, found 9");
    EXPECT_EQ(scene_error(with_value("/views/Values/zoom", "0")),
              "scene: views.Values.zoom: expected a number from 1/1024 to 1024, found 0");
    EXPECT_TRUE(
        starts_with(scene_error(with_value("/views/Values/zoom", "1e300")), "scene: views.Values.zoom"));
    EXPECT_TRUE(starts_with(scene_error(with_value("/views/Values/scroll_x", "1.5")),
                            "scene: views.Values.scroll_x"));
    EXPECT_TRUE(starts_with(scene_error(with_value("/views/Values/scroll_y", "-0.1")),
                            "scene: views.Values.scroll_y"));
}

TEST(SceneJson, ReductionsLoadWithExclusiveOffAsTheSettingsDo) {
    const Scene s = scene_from_json_text(
        with_value("/capture", R"({"algorithm": "reduce-sequential", "exclusive": true})"));
    EXPECT_FALSE(s.capture.exclusive);
    EXPECT_TRUE(
        scene_from_json_text(with_value("/capture", R"({"algorithm": "blelloch", "exclusive": true})"))
            .capture.exclusive);
}

TEST(SceneJson, BoundsTitlesAndViews) {
    EXPECT_EQ(scene_error(with_value("/tab", "\"\"")), "scene: tab: expected a title, found an empty string");
    EXPECT_EQ(scene_error(with_value("/tab", "\"" + std::string(kMaxSceneTitleBytes, 'a') + "\"")), "");
    EXPECT_EQ(scene_error(with_value("/tab", "\"" + std::string(kMaxSceneTitleBytes + 1, 'a') + "\"")),
              "scene: tab: expected a title of at most 256 bytes, found 257 bytes");
    EXPECT_TRUE(
        starts_with(scene_error(with_value("/tab", R"("Val\u0001ues")")),
                    "scene: tab: expected a title without control characters, found \"Val\\x01ues\""));
    // A 10 MB string: as the tab, as a view's title, as a name; each message stays short.
    const std::string huge(10u << 20, 'x');
    EXPECT_EQ(scene_error(with_value("/tab", "\"" + huge + "\"")),
              "scene: tab: expected a title of at most 256 bytes, found 10485760 bytes");
    const std::string view_key = scene_error(with_value("/views/" + huge, "{}"));
    EXPECT_TRUE(starts_with(view_key, "scene: views.xxxx")) << view_key.substr(0, 200);
    EXPECT_NE(view_key.find("expected a title of at most 256 bytes"), std::string::npos);
    EXPECT_TRUE(starts_with(scene_error(with_value("/capture/algorithm", "\"" + huge + "\"")),
                            "scene: capture.algorithm: unknown kernel \"xxx"));
    EXPECT_TRUE(starts_with(scene_error(with_value("/bench/scan", "\"" + huge + "\"")),
                            "scene: bench.scan: unknown scan"));
    // At most 64 views.
    json doc = document_of(changed_scene());
    doc["views"] = json::object();
    for (std::size_t i = 0; i < kMaxSceneViews; ++i)
        doc["views"]["view " + std::to_string(i)] = json::object();
    EXPECT_EQ(scene_from_json_text(doc.dump()).views.size(), kMaxSceneViews);
    doc["views"]["one more"] = json::object();
    EXPECT_EQ(scene_error(doc.dump()), "scene: views: at most 64 views, found an object of 65 fields");
}

TEST(SceneJson, RefusesDeepNestingAndTooManyValuesBeforeParsing) {
    const std::string deep(10000, '[');
    EXPECT_EQ(scene_error(deep), "scene: arrays and objects nest deeper than the limit of 8 levels");
    EXPECT_EQ(scene_error(test::with_raw_value(document_of(changed_scene()), "/capture/n",
                                               test::nested_arrays(10000))),
              "scene: arrays and objects nest deeper than the limit of 8 levels");
    std::string many = "[0";
    for (int i = 0; i < 5000; ++i)
        many += ",0";
    EXPECT_EQ(scene_error(with_value("/step", many + "]")), "scene: more than the limit of 4096 values");
}

// docs/scene.md's example is a scene file, and means what the text around it says.
TEST(SceneJson, TheDocumentedExampleLoads) {
    const std::string doc = test::read_file(fs::path(PREFIXLAB_SOURCE_DIR) / "docs" / "scene.md");
    const std::size_t start = doc.find("```json\n");
    ASSERT_NE(start, std::string::npos);
    const std::size_t end = doc.find("```", start + 8);
    ASSERT_NE(end, std::string::npos);
    const Scene s = scene_from_json_text(doc.substr(start + 8, end - start - 8));
    EXPECT_EQ(name_of(s.capture.algorithm), "blelloch");
    EXPECT_EQ(name_of(s.compare.algorithm), "blelloch-padded");
    EXPECT_TRUE(s.compare.on);
    EXPECT_EQ(s.views.at("Values").scroll_x, 0.5f);
    EXPECT_EQ(s.scale, 2.0f);
    EXPECT_EQ(s.theme, "projector");
    EXPECT_EQ(document_of(s)["grid"], document_of(Scene{})["grid"]);
    EXPECT_TRUE(s.bench == SceneBench{});
    EXPECT_TRUE(s.quiz == SceneQuiz{});
}

// ---------------------------------------------------------------------------------------------------

class SceneFile : public ::testing::Test {
protected:
    void SetUp() override {
        folder_ =
            fs::temp_directory_path() / ("prefixlab-scene-" + std::to_string(::getpid()) + "-" +
                                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(folder_);
        fs::create_directories(folder_);
    }
    void TearDown() override { fs::remove_all(folder_); }
    std::string path(const std::string& name) const { return (folder_ / name).string(); }

    // The one-line message of what loading `file` throws, and which kind it was.
    std::string load_error(const std::string& file, bool& format_error) {
        try {
            load_scene_file(file);
        } catch (const SceneFormatError& e) {
            format_error = true;
            return e.what();
        } catch (const InputLimitError& e) {
            format_error = false;
            return e.what();
        }
        ADD_FAILURE() << file << " loaded";
        return "";
    }

    fs::path folder_;
};

TEST_F(SceneFile, SavesAndLoadsTheSameScene) {
    const std::string file = path("lecture.scene.json");
    save_scene_file(changed_scene(), file);
    EXPECT_TRUE(load_scene_file(file) == changed_scene());
    EXPECT_EQ(test::read_file(file), scene_to_json_text(changed_scene()));
    save_scene_file(Scene{}, file); // a regular file is replaced
    EXPECT_TRUE(load_scene_file(file) == Scene{});
    for (const auto& entry : fs::directory_iterator(folder_))
        EXPECT_EQ(entry.path().filename(), "lecture.scene.json") << "no temporary file is left";
}

TEST_F(SceneFile, AMalformedFileNamesTheFileAndTheField) {
    const std::string file = path("bad.json");
    std::ofstream(file) << with_value("/capture", R"({"algorithm": "blelloch", "n": 5000})");
    bool format_error = false;
    const std::string message = load_error(file, format_error);
    EXPECT_TRUE(format_error);
    EXPECT_EQ(message, "scene '" + file + "': capture.n: 5000 is above blelloch's limit of 2048");
}

TEST_F(SceneFile, RefusesWhatIsNotASmallRegularFile) {
    bool format_error = true;
    // Over 1 MiB: refused before it is read (a sparse file takes no disk).
    const std::string huge = path("huge.json");
    test::make_sparse_file(huge, kMaxSceneFileBytes + 1);
    std::string message = load_error(huge, format_error);
    EXPECT_FALSE(format_error);
    EXPECT_TRUE(starts_with(message, "cannot read scene '" + huge + "'")) << message;
    // A valid scene padded past the limit with spaces is refused too: the limit is on bytes.
    const std::string padded = path("padded.json");
    std::ofstream(padded) << scene_to_json_text(Scene{}) << std::string(kMaxSceneFileBytes, ' ');
    EXPECT_TRUE(starts_with(load_error(padded, format_error), "cannot read scene '" + padded + "'"));
    // A 10 MB string in a file is over the limit as well.
    const std::string long_string = path("long-string.json");
    std::ofstream(long_string) << with_value("/tab", "\"" + std::string(10u << 20, 'x') + "\"");
    EXPECT_TRUE(
        starts_with(load_error(long_string, format_error), "cannot read scene '" + long_string + "'"));
    EXPECT_FALSE(format_error);
    // A directory, a FIFO (never opened for reading, so nothing hangs), /dev/zero behind a link, nothing.
    const std::string fifo = path("fifo");
    test::make_fifo(fifo);
    const std::string zero = path("zero");
    test::make_link_to_dev_zero(zero);
    for (const std::string& special : {folder_.string(), fifo, zero, path("missing.json")}) {
        message = load_error(special, format_error);
        EXPECT_FALSE(format_error) << special;
        EXPECT_TRUE(starts_with(message, "cannot read scene '" + special + "'")) << message;
        EXPECT_EQ(message.find('\n'), std::string::npos);
    }
    const std::string truncated = path("truncated.json");
    std::ofstream(truncated) << scene_to_json_text(changed_scene()).substr(0, 100);
    EXPECT_TRUE(
        starts_with(load_error(truncated, format_error), "scene '" + truncated + "': not valid JSON"));
    EXPECT_TRUE(format_error);
}

TEST_F(SceneFile, SavingRefusesATargetThatIsNotARegularFile) {
    const std::string fifo = path("fifo");
    test::make_fifo(fifo);
    const std::string target = path("kept.json");
    std::ofstream(target) << "what the user had\n";
    const std::string link = path("link.json");
    fs::create_symlink(target, link);
    const std::string directory = path("folder");
    fs::create_directories(directory);
    for (const std::string& refused : {fifo, link, directory}) {
        try {
            save_scene_file(changed_scene(), refused);
            ADD_FAILURE() << refused << " was written";
        } catch (const FileError& e) {
            EXPECT_TRUE(starts_with(e.what(), "cannot write '" + refused + "'")) << e.what();
        }
    }
    EXPECT_EQ(test::read_file(target), "what the user had\n") << "not written through the link";
    EXPECT_TRUE(fs::is_symlink(link));
    EXPECT_TRUE(fs::is_directory(directory));
    EXPECT_TRUE(fs::is_empty(directory));
}

// A scene's own benchmark series (issue 34): the algorithms by the benchmark's names, each one checked; the
// transfers with them.
// Issue 35: a grid scene of the single-pass compaction keeps its predicate; `compact` alone brings the
// compaction's driver and body, and a driver, body or tile it cannot take is refused naming the field.
TEST(SceneJson, AGridCompactionSceneKeepsItsPredicateAndRefusesWhatItCannotTake) {
    Scene scene;
    scene.grid.scan.compaction = true;
    scene.grid.scan.keep = {KeepRule::greater_than, 7.5};
    scene.grid.scan.driver = GridDriver::decoupled_look_back;
    scene.grid.scan.body = TileScanBody::registers;
    scene.grid.scan.tile_threads = 32;
    const std::string text = scene_to_json_text(scene);
    EXPECT_NE(text.find("\"compact\": \"greater-than:7.5\""), std::string::npos) << text;
    const Scene read = scene_from_json_text(text);
    EXPECT_TRUE(read == scene);
    Scene other = scene;
    other.grid.scan.keep = {KeepRule::odd, 0};
    EXPECT_FALSE(other == scene);
    EXPECT_EQ(scene_to_json_text(Scene{}).find("\"compact\""), std::string::npos) << "a scan's scene stays as it was";

    const std::string head = R"({"format": "prefixlab-scene", "version": 1, "grid": {)";
    const Scene implied = scene_from_json_text(head + R"("tile_threads": 64, "compact": "odd"}})");
    EXPECT_TRUE(implied.grid.scan.compaction);
    EXPECT_EQ(implied.grid.scan.driver, GridDriver::decoupled_look_back);
    EXPECT_EQ(implied.grid.scan.body, TileScanBody::registers);
    EXPECT_NE(scene_error(head + R"("compact": "banana"}})").find("grid.compact"), std::string::npos);
    EXPECT_NE(scene_error(head + R"("driver": "chained", "tile_threads": 32, "compact": "odd"}})").find("grid.compact"),
              std::string::npos);
    EXPECT_NE(scene_error(head + R"("tile_threads": 8, "body": "registers", "compact": "odd"}})").find("whole warps"),
              std::string::npos);
}

// Issue 36: a grid scene of a sort keeps its form, its driver and block come with it, and a driver or block
// it cannot take is refused naming the field.
TEST(SceneJson, AGridSortSceneKeepsItsFormAndRefusesWhatItCannotTake) {
    Scene scene;
    make_grid_sort(scene.grid.scan, GridSortForm::onesweep);
    const std::string text = scene_to_json_text(scene);
    EXPECT_NE(text.find("\"sort\": \"onesweep\""), std::string::npos) << text;
    EXPECT_TRUE(scene_from_json_text(text) == scene);
    Scene other = scene;
    make_grid_sort(other.grid.scan, GridSortForm::textbook);
    EXPECT_FALSE(other == scene);
    EXPECT_EQ(scene_to_json_text(Scene{}).find("\"sort\""), std::string::npos) << "a scan's scene stays as it was";

    const std::string head = R"({"format": "prefixlab-scene", "version": 1, "grid": {)";
    const Scene implied = scene_from_json_text(head + R"("sort": "textbook"}})");
    EXPECT_EQ(implied.grid.scan.sort, GridSortForm::textbook);
    EXPECT_EQ(implied.grid.scan.driver, GridDriver::reduce_then_scan);
    EXPECT_EQ(implied.grid.scan.tile_threads % 32, 0);
    EXPECT_NE(scene_error(head + R"("sort": "bubble"}})").find("grid.sort"), std::string::npos);
    EXPECT_NE(scene_error(head + R"("driver": "chained", "sort": "onesweep"}})").find("grid.sort"), std::string::npos);
    EXPECT_NE(scene_error(head + R"("tile_threads": 64, "sort": "onesweep"}})").find("256 threads"), std::string::npos);
}

TEST(SceneJson, ABenchmarkSceneNamesItsOwnSeries) {
    const Scene scene = scene_from_json_text(
        R"({"format": "prefixlab-scene", "version": 1, "bench": {"series": "cpu-std,cub,tuned-look-back", "transfers": true}})");
    EXPECT_EQ(scene.bench.series, "cpu-std,cub,tuned-look-back");
    EXPECT_TRUE(scene.bench.transfers);
    EXPECT_EQ(scene_from_json_text(scene_to_json_text(scene)), scene);
    try {
        (void)scene_from_json_text(R"({"format": "prefixlab-scene", "version": 1, "bench": {"series": "cub,warp-magic"}})");
        ADD_FAILURE() << "an unknown series was read";
    } catch (const SceneFormatError& e) {
        EXPECT_NE(std::string(e.what()).find("bench.series: unknown series \"warp-magic\""), std::string::npos) << e.what();
    }
    EXPECT_THROW((void)scene_from_json_text(R"({"format": "prefixlab-scene", "version": 1, "bench": {"series": "cub,"}})"),
                 SceneFormatError);
}

// Issue 37: a timed table's scene names its table by words of the table's title, which a lesson can write by
// hand; a title past the limit is refused naming the field.
TEST(SceneJson, ATimedTableSceneNamesItsTable) {
    const std::string head = R"({"format": "prefixlab-scene", "version": 1, "bench": {"view": "histogram-table", )";
    const Scene scene = scene_from_json_text(head + R"("table": "N = 2^28, 256 bins, uniform"}})");
    EXPECT_EQ(scene.bench.view, "histogram-table");
    EXPECT_EQ(scene.bench.table, "N = 2^28, 256 bins, uniform");
    EXPECT_EQ(scene_from_json_text(scene_to_json_text(scene)), scene);
    EXPECT_TRUE(scene_from_json_text(R"({"format": "prefixlab-scene", "version": 1})").bench.table.empty());
    EXPECT_NE(scene_error(head + R"("table": ")" + std::string(kMaxSceneBenchTable + 1, 'x') + "\"}}").find("bench.table"),
              std::string::npos);
    EXPECT_NE(scene_error(head + R"("table": 7}})").find("bench.table"), std::string::npos);
}

} // namespace
} // namespace prefixlab::scene_test
