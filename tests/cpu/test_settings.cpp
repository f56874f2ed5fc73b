// The GUI's settings file (core/settings/, docs/settings.md): the JSON round trip, the strict reader's
// refusals, where the file lives (scripted runs only with PREFIXLAB_CONFIG_DIR), loading a hostile or
// malformed file (defaults and a warning, the file untouched), saving it aside to .bad, the reset, the
// recent files; and opening files by content (core/files/): what a file is, folder listings.
#include "core/files/directory_listing.hpp"
#include "core/files/file_kind.hpp"
#include "core/settings/settings_file.hpp"
#include "core/util/atomic_file.hpp"
#include "support/catalogue_ids.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace prefixlab {
namespace {

namespace fs = std::filesystem;

Settings sample_settings() {
    Settings s;
    s.window = WindowPlacement{-1200, 40, 1280, 720};
    s.ui_scale = 1.5f;
    s.theme = "projector";
    s.sidebar_visible = false;
    ScanSetup r;
    r.algorithm = kernel_id("blelloch-padded");
    r.n = 2048;
    r.input = InputKind::random;
    r.seed = 18446744073709551615ull;
    r.type = ElementType::float32;
    r.op = ScanOperator::max;
    r.exclusive = true;
    r.device = DeviceChoice::cpu;
    s.capture = r;
    s.recent = {{"/home/a/b64.json", RecentKind::trace}, {"/home/a/bench.json", RecentKind::results}};
    return s;
}

std::string error_of(const std::string& text) {
    try {
        settings_from_json_text(text);
    } catch (const SettingsFormatError& e) {
        return e.what();
    }
    return "";
}

// The sample's JSON with one field replaced (`value` is JSON text), or removed when `value` is empty.
std::string with_field(const std::string& key, const std::string& value) {
    nlohmann::json doc = nlohmann::json::parse(settings_to_json_text(sample_settings()));
    if (value.empty())
        doc.erase(key);
    else
        doc[key] = nlohmann::json::parse(value);
    return doc.dump();
}

TEST(SettingsJson, RoundTripsEveryField) {
    const Settings s = sample_settings();
    const Settings back = settings_from_json_text(settings_to_json_text(s));
    EXPECT_TRUE(back == s);
    ASSERT_TRUE(back.capture);
    EXPECT_EQ(back.capture->seed, 18446744073709551615ull);
    EXPECT_EQ(back.window->x, -1200);
}

TEST(SettingsJson, AbsentFieldsKeepTheirDefaults) {
    const Settings s = settings_from_json_text(R"({"format": "prefixlab-settings", "version": 1})");
    EXPECT_TRUE(s == Settings{});
    EXPECT_FALSE(s.window);
    EXPECT_FALSE(s.capture);
}

TEST(SettingsJson, RefusesWhatItDidNotWriteNamingTheField) {
    EXPECT_NE(error_of("").find("not valid JSON"), std::string::npos);
    EXPECT_NE(error_of("[1, 2]").find("expected an object"), std::string::npos);
    EXPECT_NE(error_of(R"({"version": 1})").find("format: missing"), std::string::npos);
    EXPECT_NE(error_of(R"({"format": "prefixlab-trace", "version": 1})").find("format: expected"), std::string::npos);
    EXPECT_NE(error_of(with_field("version", "2")).find("version: 2 is not supported"), std::string::npos);
    EXPECT_NE(error_of(with_field("ui_scale", "9")).find("ui_scale: expected a number from 0.5 to 4"), std::string::npos);
    EXPECT_NE(error_of(with_field("ui_scale", "\"2\"")).find("ui_scale"), std::string::npos);
    EXPECT_NE(error_of(with_field("theme", "\"neon\"")).find("theme: expected"), std::string::npos);
    EXPECT_NE(error_of(with_field("sidebar_visible", "1")).find("sidebar_visible"), std::string::npos);
    EXPECT_NE(error_of(with_field("sidebar_visble", "true")).find("sidebar_visble: unknown field"), std::string::npos);
    EXPECT_NE(error_of(with_field("window", R"({"x": 0, "y": 0, "width": 100, "height": 720})")).find("window.width"),
              std::string::npos);
    EXPECT_NE(error_of(with_field("window", R"({"x": 0, "y": 0, "width": 1280})")).find("window.height: missing"),
              std::string::npos);
    EXPECT_NE(error_of(with_field("window", R"({"x": 99999999999, "y": 0, "width": 1280, "height": 720})"))
                  .find("window.x"),
              std::string::npos);
    EXPECT_NE(error_of(with_field("recent_files", R"([{"path": "relative.json", "kind": "trace"}])"))
                  .find("recent_files[0].path: expected an absolute path"),
              std::string::npos);
    EXPECT_NE(error_of(with_field("recent_files", R"([{"path": "/a.json", "kind": "picture"}])"))
                  .find("recent_files[0].kind"),
              std::string::npos);
    std::string eleven = "[";
    for (int i = 0; i < 11; ++i)
        eleven += std::string(i ? "," : "") + R"({"path": "/a.json", "kind": "trace"})";
    EXPECT_NE(error_of(with_field("recent_files", eleven + "]")).find("at most 10"), std::string::npos);
}

TEST(SettingsJson, CaptureSettingsAreCheckedAsTheCommandLineChecksThem) {
    auto capture = [](const std::string& field, const std::string& value) {
        nlohmann::json doc = nlohmann::json::parse(settings_to_json_text(sample_settings()));
        doc["capture"][field] = nlohmann::json::parse(value);
        return error_of(doc.dump());
    };
    EXPECT_NE(capture("algorithm", "\"quicksort\"").find("capture.algorithm: unknown name"), std::string::npos);
    EXPECT_NE(capture("n", "4096").find("capture.n: expected 1 to 2048"), std::string::npos);
    EXPECT_NE(capture("n", "0").find("capture.n"), std::string::npos);
    EXPECT_NE(capture("seed", "-1").find("capture.seed"), std::string::npos);
    EXPECT_NE(capture("device", "\"tpu\"").find("capture.device"), std::string::npos);
    EXPECT_NE(capture("exclusive", "\"yes\"").find("capture.exclusive"), std::string::npos);
    EXPECT_NE(capture("colour", "1").find("capture.colour: unknown field"), std::string::npos);
}

// A reduction has no exclusive form: a file that asks for one (written by hand, or before issue 15)
// loads with exclusive off; a scan keeps it.
TEST(SettingsJson, AReductionLoadsWithExclusiveOff) {
    const auto loaded_exclusive = [](const char* algorithm) {
        nlohmann::json doc = nlohmann::json::parse(settings_to_json_text(sample_settings()));
        doc["capture"]["algorithm"] = algorithm;
        doc["capture"]["n"] = 64;
        doc["capture"]["exclusive"] = true;
        return settings_from_json_text(doc.dump()).capture->exclusive;
    };
    EXPECT_FALSE(loaded_exclusive("reduce-sequential"));
    EXPECT_FALSE(loaded_exclusive("reduce-butterfly"));
    EXPECT_TRUE(loaded_exclusive("blelloch"));
}

TEST(SettingsJson, DeepOrHugeTextIsRefusedInOneLine) {
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    const std::string message = error_of(deep);
    EXPECT_NE(message.find("not valid JSON"), std::string::npos);
    EXPECT_EQ(message.find('\n'), std::string::npos);
    EXPECT_LT(message.size(), 400u);
}

TEST(RecentFiles, NewestFirstWithoutDuplicatesAtMostTen) {
    std::vector<RecentFile> recent;
    for (int i = 0; i < 12; ++i)
        remember_recent(recent, {"/f" + std::to_string(i) + ".json", RecentKind::trace});
    ASSERT_EQ(recent.size(), kMaxRecentFiles);
    EXPECT_EQ(recent.front().path, "/f11.json");
    EXPECT_EQ(recent.back().path, "/f2.json");
    remember_recent(recent, {"/f5.json", RecentKind::trace});
    EXPECT_EQ(recent.front().path, "/f5.json");
    EXPECT_EQ(std::count_if(recent.begin(), recent.end(), [](const RecentFile& f) { return f.path == "/f5.json"; }), 1);
}

TEST(SettingsLocation, FollowsTheVariablesAndScriptedRunsNeedTheirOwn) {
    EXPECT_EQ(settings_file_path({"/cfg", "/xdg", "/home/u"}, false), "/cfg/settings.json");
    EXPECT_EQ(settings_file_path({nullptr, "/xdg", "/home/u"}, false), "/xdg/prefixlab/settings.json");
    EXPECT_EQ(settings_file_path({nullptr, "relative", "/home/u"}, false), "/home/u/.config/prefixlab/settings.json");
    EXPECT_EQ(settings_file_path({nullptr, "", "/home/u"}, false), "/home/u/.config/prefixlab/settings.json");
    EXPECT_EQ(settings_file_path({nullptr, nullptr, nullptr}, false), std::nullopt);
    // Scripted: only PREFIXLAB_CONFIG_DIR turns settings on (XDG_CONFIG_HOME is set by desktop sessions).
    EXPECT_EQ(settings_file_path({nullptr, "/xdg", "/home/u"}, true), std::nullopt);
    EXPECT_EQ(settings_file_path({"/cfg", "/xdg", "/home/u"}, true), "/cfg/settings.json");
}

class SettingsFile : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("prefixlab-settings-" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        path_ = (dir_ / "cfg" / "settings.json").string();
    }
    void TearDown() override { fs::remove_all(dir_); }
    void write(const std::string& path, const std::string& text) {
        fs::create_directories(fs::path(path).parent_path());
        std::ofstream(path, std::ios::binary) << text;
    }
    static std::string read(const std::string& path) {
        std::ifstream in(path, std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        return text.str();
    }
    fs::path dir_;
    std::string path_;
};

TEST_F(SettingsFile, AMissingFileGivesTheDefaultsSilently) {
    const LoadedSettings loaded = load_settings_file(path_);
    EXPECT_TRUE(loaded.settings == Settings{});
    EXPECT_TRUE(loaded.warning.empty());
    EXPECT_FALSE(loaded.unreadable);
}

TEST_F(SettingsFile, SavedSettingsComeBackWithMissingRecentFilesDropped) {
    Settings s = sample_settings();
    const std::string kept = (dir_ / "kept.json").string();
    write(kept, "{}");
    s.recent = {{kept, RecentKind::trace}, {(dir_ / "gone.json").string(), RecentKind::results}};
    save_settings_file(path_, s, false); // creates the folder
    const LoadedSettings loaded = load_settings_file(path_);
    EXPECT_TRUE(loaded.warning.empty()) << loaded.warning;
    ASSERT_EQ(loaded.settings.recent.size(), 1u);
    EXPECT_EQ(loaded.settings.recent[0].path, kept);
    s.recent.pop_back();
    EXPECT_TRUE(loaded.settings == s);
    for (const auto& entry : fs::directory_iterator(fs::path(path_).parent_path()))
        EXPECT_EQ(entry.path().filename(), "settings.json") << "no temporary left behind";
}

TEST_F(SettingsFile, MalformedHostileOrOversizedFilesGiveTheDefaultsAndOneLine) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"{\"format\": \"prefixlab-settings\", \"version\": 1, \"ui_scale\": 9}", "ui_scale"},
        {"\xff\xfe garbage \x01\x02", "not valid JSON"},
        {std::string(kMaxSettingsFileBytes + 1, ' '), "limit"},
    };
    for (const auto& [text, expected] : cases) {
        write(path_, text);
        const LoadedSettings loaded = load_settings_file(path_);
        EXPECT_TRUE(loaded.unreadable);
        EXPECT_TRUE(loaded.settings == Settings{});
        EXPECT_NE(loaded.warning.find(expected), std::string::npos) << loaded.warning;
        EXPECT_EQ(loaded.warning.find('\n'), std::string::npos);
        EXPECT_NE(loaded.warning.find("using the default settings"), std::string::npos);
        EXPECT_EQ(read(path_), text) << "the file is left as it is";
    }
    fs::remove(path_);
    ASSERT_EQ(::mkfifo(path_.c_str(), 0600), 0);
    const LoadedSettings fifo = load_settings_file(path_); // refused before it is opened: no hang
    EXPECT_TRUE(fifo.refused);
    EXPECT_NE(fifo.warning.find("FIFO"), std::string::npos) << fifo.warning;
}

// Issue 31: what is not a regular file (nor a link to one) is refused and left as it is: not read, not
// moved to settings.json.bad, not written through. Saving with set_aside_unreadable renamed each of
// these to .bad and wrote a new file in its place.
TEST_F(SettingsFile, ANonRegularFileIsRefusedAndNeverMovedOrWritten) {
    const std::vector<std::pair<std::string, std::function<void()>>> cases = {
        {"a directory", [&] { fs::create_directory(path_); }},
        {"a FIFO", [&] { ASSERT_EQ(::mkfifo(path_.c_str(), 0600), 0); }},
        {"a symbolic link to a missing path",
         [&] { fs::create_symlink((dir_ / "nowhere").string(), path_); }},
        {"a symbolic link in a loop", [&] { fs::create_symlink("settings.json", path_); }},
        {"a symbolic link to a character device", [&] { fs::create_symlink("/dev/zero", path_); }},
    };
    for (const auto& [kind, make] : cases) {
        fs::remove_all(fs::path(path_).parent_path());
        fs::create_directories(fs::path(path_).parent_path());
        make();
        struct stat before {};
        ASSERT_EQ(::lstat(path_.c_str(), &before), 0) << kind;
        const LoadedSettings loaded = load_settings_file(path_);
        EXPECT_TRUE(loaded.refused) << kind;
        EXPECT_FALSE(loaded.unreadable) << kind << ": unreadable files are moved aside when saving";
        EXPECT_TRUE(loaded.settings == Settings{}) << kind;
        EXPECT_EQ(loaded.warning,
                  "settings '" + path_ + "' is " + kind +
                      ", not a regular file: left as it is, and nothing is saved this session; "
                      "using the default settings");
        // Even asked to set it aside (as for a malformed file), saving refuses it and touches nothing.
        EXPECT_THROW(save_settings_file(path_, sample_settings(), true), FileError) << kind;
        struct stat after {};
        ASSERT_EQ(::lstat(path_.c_str(), &after), 0) << kind << ": it was moved";
        EXPECT_EQ(after.st_ino, before.st_ino) << kind;
        EXPECT_EQ(after.st_mode, before.st_mode) << kind;
        EXPECT_FALSE(fs::exists(fs::symlink_status(path_ + ".bad"))) << kind;
    }
}

TEST_F(SettingsFile, AnUnreadableFileIsMovedToBadOnlyWhenSettingsAreSaved) {
    write(path_, "not json at all");
    save_settings_file(path_, sample_settings(), true);
    EXPECT_EQ(read(path_ + ".bad"), "not json at all");
    Settings expected = sample_settings();
    expected.recent.clear(); // its files do not exist here
    EXPECT_TRUE(load_settings_file(path_).settings == expected);
}

TEST_F(SettingsFile, SavingRefusesALinkInThePlaceOfTheFile) {
    const std::string target = (dir_ / "elsewhere.json").string();
    write(target, "precious");
    fs::create_directories(fs::path(path_).parent_path());
    fs::create_symlink(target, path_);
    EXPECT_THROW(save_settings_file(path_, sample_settings(), false), FileError);
    EXPECT_EQ(read(target), "precious");
}

TEST_F(SettingsFile, ResetRemovesTheFileAndSaysSoInOneLine) {
    save_settings_file(path_, sample_settings(), false);
    const std::string message = reset_settings_file(path_);
    EXPECT_NE(message.find("removed"), std::string::npos) << message;
    EXPECT_FALSE(fs::exists(path_));
    EXPECT_NE(reset_settings_file(path_).find("there were none"), std::string::npos);
    fs::create_directories(path_);
    EXPECT_NE(reset_settings_file(path_).find("is a directory"), std::string::npos);
    EXPECT_TRUE(fs::is_directory(path_));
}

TEST(FileKind, IsReadFromTheTopLevelFormat) {
    EXPECT_EQ(file_kind_of_text(R"({"format": "prefixlab-trace", "version": 1})"), FileKind::trace);
    EXPECT_EQ(file_kind_of_text("\xEF\xBB\xBF{\"format\":\"prefixlab-bench\"}"), FileKind::results);
    EXPECT_EQ(file_kind_of_text(R"({"a": {"format": "prefixlab-trace"}, "b": [1, "x\"}", {"c": []}], "format": "prefixlab-bench"})"),
              FileKind::results);
    EXPECT_EQ(file_kind_of_text(R"({"a": {"format": "prefixlab-trace"}})"), FileKind::other);
    EXPECT_EQ(file_kind_of_text(R"({"format": "prefixlab-settings"})"), FileKind::other);
    EXPECT_EQ(file_kind_of_text(R"(["format", "prefixlab-trace"])"), FileKind::other);
    EXPECT_EQ(file_kind_of_text("\x89PNG\r\n"), FileKind::other);
    EXPECT_EQ(file_kind_of_text(""), FileKind::other);
    EXPECT_EQ(file_kind_of_text(std::string(100000, '{')), FileKind::other);
    // A lesson (docs/lessons.md): Markdown whose first line that is not blank is a title.
    EXPECT_EQ(file_kind_of_text("# Blelloch's scan\n## Up\n"), FileKind::lesson);
    EXPECT_EQ(file_kind_of_text("\n\n  # Title\n"), FileKind::lesson);
    EXPECT_EQ(file_kind_of_text("## Scene first\n"), FileKind::other);
    EXPECT_EQ(file_kind_of_text("text\n# Title\n"), FileKind::other);
}

TEST_F(SettingsFile, FilesAreClassifiedOrRefusedInOneLine) {
    const std::string garbage = (dir_ / "garbage.json").string();
    write(garbage, "\x01\x02 not json");
    const FileKindResult other = file_kind_of(garbage);
    EXPECT_EQ(other.kind, FileKind::other);
    EXPECT_NE(other.problem.find("not a PrefixLab trace, results or lesson file"), std::string::npos);
    const FileKindResult folder = file_kind_of(dir_.string());
    EXPECT_EQ(folder.kind, FileKind::other);
    EXPECT_NE(folder.problem.find("directory"), std::string::npos) << folder.problem;
}

TEST_F(SettingsFile, FoldersAreListedFoldersFirstByNameWithoutHiddenEntries) {
    write((dir_ / "b.json").string(), "{}");
    write((dir_ / "A.JSON").string(), "{}");
    write((dir_ / "notes.txt").string(), "x");
    write((dir_ / ".hidden.json").string(), "{}");
    fs::create_directories(dir_ / "zeta");
    ASSERT_EQ(::mkfifo((dir_ / "pipe.json").c_str(), 0600), 0);
    const DirectoryListing json = list_directory(dir_.string(), ".json");
    ASSERT_TRUE(json.error.empty()) << json.error;
    std::vector<std::string> names;
    for (const DirectoryEntry& e : json.entries)
        names.push_back(e.name);
    EXPECT_EQ(names, (std::vector<std::string>{"zeta", "A.JSON", "b.json"}));
    EXPECT_EQ(list_directory(dir_.string(), "").entries.size(), 4u); // notes.txt too
    EXPECT_FALSE(list_directory((dir_ / "missing").string(), ".json").error.empty());
}

TEST(FolderPaths, ParentResolveAndExtension) {
    EXPECT_EQ(parent_folder("/a/b"), "/a");
    EXPECT_EQ(parent_folder("/a/b/"), "/a");
    EXPECT_EQ(parent_folder("/"), "/");
    EXPECT_EQ(resolve_in_folder("/a/b", "c.json"), "/a/b/c.json");
    EXPECT_EQ(resolve_in_folder("/a/b", "../c"), "/a/c");
    EXPECT_EQ(resolve_in_folder("/a/b", "/x/y/"), "/x/y");
    EXPECT_EQ(with_json_extension("/a/trace"), "/a/trace.json");
    EXPECT_EQ(with_json_extension("/a/trace.txt"), "/a/trace.txt");
    EXPECT_EQ(size_text(999), "999 B");
    EXPECT_EQ(size_text(61234), "61 KB");
    EXPECT_EQ(size_text(2400000), "2.4 MB");
}

} // namespace
} // namespace prefixlab
