#include "core/settings/settings.hpp"

#include "core/ground/block_limits.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/keep_names.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/util/json_fields.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <initializer_list>
#include <limits>

namespace prefixlab {

using nlohmann::json;
using nlohmann::ordered_json;
using namespace json_fields;

namespace {

constexpr const char* kFormatName = "prefixlab-settings";
constexpr std::int64_t kMaxCoordinate = kMaxWindowCoordinate;

[[noreturn]] void bad(std::string_view where, const std::string& what) { malformed(where, what); }

// A misspelt field ("sidebar_visble") would otherwise be ignored without a word: json_fields'
// check, as the trace and results readers use it.
void only_known_keys(const json& object, std::string_view path, std::initializer_list<std::string_view> known) {
    reject_unknown_fields(object, path, known, "settings version " + std::to_string(kSettingsFormatVersion));
}

std::int64_t integer_at(const json& value, std::string_view path, std::int64_t min, std::int64_t max) {
    if (!value.is_number_integer())
        bad(path, "expected an integer, found " + value_in_message(value));
    const bool too_big = value.is_number_unsigned() && value.get<std::uint64_t>() > std::uint64_t(max);
    if (too_big || value.get<std::int64_t>() > max || value.get<std::int64_t>() < min)
        bad(path, "expected " + std::to_string(min) + " to " + std::to_string(max) + ", found " + value_in_message(value));
    return value.get<std::int64_t>();
}

int int_field(const json& object, std::string_view path, const char* key, std::int64_t min, std::int64_t max) {
    return static_cast<int>(integer_at(field(object, path, key), member(path, key), min, max));
}

// A name from one of kernel_names' tables: `parse` is the exact inverse of name_of.
template <class Parse>
auto named_field(const json& object, std::string_view path, const char* key, Parse parse) {
    const std::string text = string_field(object, path, key);
    const auto value = parse(text);
    if (!value)
        bad(member(path, key), "unknown name " + value_in_message(text));
    return *value;
}

WindowPlacement window_from_json(const json& value) {
    require_object(value, "window");
    only_known_keys(value, "window", {"x", "y", "width", "height"});
    WindowPlacement w;
    w.x = int_field(value, "window", "x", -kMaxCoordinate, kMaxCoordinate);
    w.y = int_field(value, "window", "y", -kMaxCoordinate, kMaxCoordinate);
    // The command line's --window range; the height of a window may be as small as its width's least.
    w.width = int_field(value, "window", "width", kMinWindowWidth, kMaxWindowWidth);
    w.height = int_field(value, "window", "height", kMinWindowWidth * 9 / 16, kMaxWindowWidth);
    return w;
}

ScanSetup capture_from_json(const json& value) {
    const char* path = "capture";
    require_object(value, path);
    only_known_keys(value, path,
                    {"algorithm", "n", "input", "values", "seed", "keep", "type", "operator", "exclusive", "device"});
    ScanSetup r;
    r.algorithm = named_field(value, path, "algorithm", parse_block_algorithm);
    r.n = int_field(value, path, "n", 1, block_max_n(r.algorithm));
    r.input = named_field(value, path, "input", parse_input_kind);
    const json& seed = field(value, path, "seed");
    if (!seed.is_number_unsigned())
        bad(member(path, "seed"), "expected an integer from 0 to 2^64-1, found " + value_in_message(seed));
    r.seed = seed.get<std::uint64_t>();
    r.type = named_field(value, path, "type", parse_element_type);
    r.op = named_field(value, path, "operator", parse_scan_operator);
    r.exclusive = bool_field(value, path, "exclusive") && has_exclusive_form(r.algorithm); // off for a reduction
    r.device = named_field(value, path, "device", parse_device_choice);
    // Added by issue 34: a settings file written before has neither.
    if (value.contains("values"))
        r.values = string_field(value, path, "values");
    if (value.contains("keep")) {
        const std::string text = string_field(value, path, "keep");
        std::string problem;
        const std::optional<KeepPredicate> keep = parse_keep_predicate(text, problem);
        if (!keep)
            bad(member(path, "keep"), problem);
        r.keep = *keep;
    }
    if (r.input == InputKind::values) {
        try {
            validate_scan_setup(r);
        } catch (const ScanSetupError& e) {
            bad(member(path, "values"), e.what());
        }
    }
    return r;
}

std::optional<RecentKind> parse_recent_kind(std::string_view name) {
    for (RecentKind kind : {RecentKind::trace, RecentKind::results, RecentKind::lesson})
        if (name == name_of(kind))
            return kind;
    return std::nullopt;
}

std::vector<RecentFile> recent_from_json(const json& value) {
    if (!value.is_array())
        bad("recent_files", "expected an array, found " + value_in_message(value));
    if (value.size() > kMaxRecentFiles)
        bad("recent_files", "at most " + std::to_string(kMaxRecentFiles) + " entries, found " + value_in_message(value));
    std::vector<RecentFile> recent;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::string path = element("recent_files", i);
        require_object(value[i], path);
        only_known_keys(value[i], path, {"path", "kind"});
        RecentFile file;
        file.path = string_field(value[i], path, "path");
        if (file.path.empty() || file.path.front() != '/' || file.path.find('\0') != std::string::npos)
            bad(member(path, "path"), "expected an absolute path, found " + value_in_message(value[i]["path"]));
        file.kind = named_field(value[i], path, "kind", parse_recent_kind);
        recent.push_back(std::move(file));
    }
    return recent;
}

Settings settings_from_document(const json& root) {
    require_format(root, kFormatName, "settings file");
    if (integer_at(field(root, "", "version"), "version", 0, std::numeric_limits<int>::max()) != kSettingsFormatVersion)
        bad("version", value_in_message(root["version"]) + " is not supported (this PrefixLab reads version " +
                           std::to_string(kSettingsFormatVersion) + ")");
    only_known_keys(root, "",
                    {"format", "version", "window", "ui_scale", "theme", "sidebar_visible", "capture", "recent_files"});
    Settings s;
    if (root.contains("window"))
        s.window = window_from_json(root["window"]);
    if (root.contains("ui_scale")) {
        const json& scale = root["ui_scale"];
        if (!scale.is_number() || !valid_ui_scale(scale.get<double>()))
            bad("ui_scale", "expected a number from 0.5 to 4, found " + value_in_message(scale));
        s.ui_scale = scale.get<float>();
    }
    if (root.contains("theme")) {
        s.theme = string_field(root, "", "theme");
        if (std::find(std::begin(kSettingsThemes), std::end(kSettingsThemes), s.theme) == std::end(kSettingsThemes))
            bad("theme", "expected \"dark\" or \"projector\", found " + value_in_message(root["theme"]));
    }
    if (root.contains("sidebar_visible"))
        s.sidebar_visible = bool_field(root, "", "sidebar_visible");
    if (root.contains("capture"))
        s.capture = capture_from_json(root["capture"]);
    if (root.contains("recent_files"))
        s.recent = recent_from_json(root["recent_files"]);
    return s;
}

bool same_request(const std::optional<ScanSetup>& a, const std::optional<ScanSetup>& b) {
    if (!a || !b)
        return a.has_value() == b.has_value();
    return a->algorithm == b->algorithm && a->n == b->n && a->input == b->input && a->seed == b->seed &&
           a->type == b->type && a->op == b->op && a->exclusive == b->exclusive && a->device == b->device;
}

} // namespace

std::string_view name_of(RecentKind kind) {
    return kind == RecentKind::trace ? "trace" : kind == RecentKind::results ? "results" : "lesson";
}

bool operator==(const Settings& a, const Settings& b) {
    return a.window == b.window && a.ui_scale == b.ui_scale && a.theme == b.theme &&
           a.sidebar_visible == b.sidebar_visible && same_request(a.capture, b.capture) && a.recent == b.recent;
}

static_assert(kMinUiScale == 0.5f && kMaxUiScale == 4.0f, "the ui_scale message names the range");

bool valid_ui_scale(double scale) { return std::isfinite(scale) && scale >= kMinUiScale && scale <= kMaxUiScale; }

std::string settings_to_json_text(const Settings& s) {
    ordered_json root;
    root["format"] = kFormatName;
    root["version"] = kSettingsFormatVersion;
    if (s.window)
        root["window"] = {{"x", s.window->x}, {"y", s.window->y}, {"width", s.window->width}, {"height", s.window->height}};
    if (s.ui_scale)
        root["ui_scale"] = std::round(double(*s.ui_scale) * 1000) / 1000; // 1.5, not 1.50000002
    root["theme"] = s.theme;
    root["sidebar_visible"] = s.sidebar_visible;
    if (const auto& r = s.capture)
        root["capture"] = {{"algorithm", name_of(r->algorithm)}, {"n", r->n},
                           {"input", name_of(r->input)},         {"values", r->values},
                           {"seed", r->seed},                    {"keep", name_of(r->keep)},
                           {"type", name_of(r->type)},           {"operator", name_of(r->op)},
                           {"exclusive", r->exclusive},          {"device", name_of(r->device)}};
    ordered_json recent = ordered_json::array();
    for (const RecentFile& file : s.recent)
        recent.push_back({{"path", file.path}, {"kind", name_of(file.kind)}});
    root["recent_files"] = std::move(recent);
    // Paths need not be valid UTF-8 on Linux; nlohmann then writes U+FFFD rather than throwing.
    return root.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

Settings settings_from_json_text(std::string_view text) {
    try {
        return settings_from_document(parse_document(text));
    } catch (const JsonFieldError& e) {
        throw SettingsFormatError(e.what());
    } catch (const json::exception& e) {
        // Not expected: every access above checks the type first. One line all the same.
        throw SettingsFormatError(std::string("not a valid settings document: ") + e.what());
    }
}

void remember_recent(std::vector<RecentFile>& recent, RecentFile file) {
    std::erase_if(recent, [&](const RecentFile& old) { return old.path == file.path; });
    recent.insert(recent.begin(), std::move(file));
    if (recent.size() > kMaxRecentFiles)
        recent.resize(kMaxRecentFiles);
}

void drop_missing_recent(std::vector<RecentFile>& recent) {
    std::erase_if(recent, [](const RecentFile& file) {
        std::error_code error;
        return !std::filesystem::is_regular_file(file.path, error);
    });
}

} // namespace prefixlab
