// A lesson's Markdown (lesson.hpp, docs/lessons.md): the reader, a line at a time, and the writer. A scene's
// settings become the scene file's JSON (the scene before it, with each `key: value` set at its path), read
// by the one strict scene reader, so that a lesson accepts exactly what a scene file does and says so in
// the same words; its message's field is traced back to the line that set it.
#include "core/lesson/lesson.hpp"

#include "core/ground/kernel_facts.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/input_limits.hpp"
#include "core/util/printable.hpp"
#include "core/util/text_lines.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

namespace prefixlab {

using nlohmann::ordered_json;

namespace {

constexpr std::string_view kSettingsFence = "scene"; // ```scene opens a scene's settings
constexpr std::string_view kStepsKey = "steps";

[[noreturn]] void fail_at(std::string_view name, int line, const std::string& what) {
    throw LessonFormatError("lesson '" + std::string(name) + "': line " + std::to_string(line) + ": " + what);
}

std::string_view trim(std::string_view s) {
    const auto first = s.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        return {};
    return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

bool blank(std::string_view s) {
    return trim(s).empty();
}

// The length of the UTF-8 character starting `s`, or 0 where it is not one (a stray continuation byte, a
// sequence cut short, an overlong form, a surrogate, beyond U+10FFFF).
std::size_t utf8_char_length(std::string_view s) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned char b0 = byte(0);
    if (b0 < 0x80)
        return 1;
    const std::size_t length = b0 >= 0xf0 && b0 <= 0xf4  ? 4
                               : b0 >= 0xe0              ? 3
                               : b0 >= 0xc2 && b0 < 0xe0 ? 2
                                                         : 0;
    if (length == 0 || s.size() < length)
        return 0;
    for (std::size_t i = 1; i < length; ++i)
        if ((byte(i) & 0xc0) != 0x80)
            return 0;
    if (length == 3 && ((b0 == 0xe0 && byte(1) < 0xa0) || (b0 == 0xed && byte(1) >= 0xa0)))
        return 0; // overlong, or a surrogate
    if (length == 4 && ((b0 == 0xf0 && byte(1) < 0x90) || (b0 == 0xf4 && byte(1) >= 0x90)))
        return 0; // overlong, or beyond U+10FFFF
    return length;
}

// A line is text: UTF-8 without control characters other than a tab.
void check_text(std::string_view line, std::string_view name, int number) {
    for (std::size_t i = 0; i < line.size();) {
        const unsigned char c = static_cast<unsigned char>(line[i]);
        if (c == 0)
            fail_at(name, number, "not text: a NUL byte at column " + std::to_string(i + 1));
        if ((c < 0x20 && c != '\t') || c == 0x7f)
            fail_at(name, number,
                    "a control character (\\x" + std::string(1, "0123456789abcdef"[c >> 4]) +
                        std::string(1, "0123456789abcdef"[c & 15]) + ") at column " + std::to_string(i + 1));
        const std::size_t length = utf8_char_length(line.substr(i));
        if (length == 0)
            fail_at(name, number, "not UTF-8 text at column " + std::to_string(i + 1));
        i += length;
    }
}

// "# Title" (level 1) or "## Title" (level 2): the level, and the title; 0 for any other line.
int heading_level(std::string_view line, std::string_view& title) {
    int level = 0;
    while (level < static_cast<int>(line.size()) && line[level] == '#')
        ++level;
    if (level == 0 || level > 2 ||
        (level < static_cast<int>(line.size()) && line[level] != ' ' && line[level] != '\t'))
        return 0;
    title = trim(line.substr(level));
    while (!title.empty() && title.back() == '#') // "## Title ##", as Markdown allows
        title = trim(title.substr(0, title.size() - 1));
    return level;
}

// A fence line: three or more "`" or "~", then its info string (trimmed).
struct Fence {
    char mark = '`';
    std::size_t length = 3;
    std::string_view info;
    // Closes `open` (CommonMark): the same mark, at least as long, and no info string.
    bool closes(const Fence& open) const { return mark == open.mark && length >= open.length && info.empty(); }
};

std::optional<Fence> fence(std::string_view line) {
    const std::string_view t = trim(line);
    if (t.size() < 3 || (t.substr(0, 3) != "```" && t.substr(0, 3) != "~~~"))
        return std::nullopt;
    std::size_t marks = 0;
    while (marks < t.size() && t[marks] == t[0])
        ++marks;
    return Fence{t[0], marks, trim(t.substr(marks))};
}

void check_title(std::string_view title, std::string_view name, int line, const char* what) {
    if (title.empty())
        fail_at(name, line, std::string(what) + " has no title");
    if (title.size() > kMaxLessonTitleBytes)
        fail_at(name, line,
                std::string(what) + "'s title is " + std::to_string(title.size()) + " bytes long (at most " +
                    std::to_string(kMaxLessonTitleBytes) + ")");
}

// Blank lines off both ends of a block of lines, joined with '\n'.
std::string join_trimmed(const std::vector<std::string_view>& lines) {
    std::size_t first = 0, end = lines.size();
    while (first < end && blank(lines[first]))
        ++first;
    while (end > first && blank(lines[end - 1]))
        --end;
    std::string text;
    for (std::size_t i = first; i < end; ++i)
        text.append(lines[i]).append(i + 1 < end ? "\n" : "");
    return text;
}

// ---------------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------------

struct Setting {
    std::string key;
    std::string value;
    bool quoted = false; // "…": a string, whatever it looks like
    int line = 0;
};

// A key's path in the scene's JSON: "capture.n" is {capture, n}; a view's title may hold dots and spaces,
// so "views.TITLE.FIELD" splits at the first and the last dot.
std::vector<std::string> path_of(const std::string& key) {
    if (key.starts_with("views.")) {
        const std::size_t last = key.rfind('.');
        if (last > 6)
            return {"views", key.substr(6, last - 6), key.substr(last + 1)};
        return {"views", key.substr(6)};
    }
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t dot; (dot = key.find('.', start)) != std::string::npos; start = dot + 1)
        parts.push_back(key.substr(start, dot - start));
    parts.push_back(key.substr(start));
    return parts;
}

// The value as its field takes it: the type of what is at the path now (the scene before holds every field
// but a view's place and the scale), else by its look: true/false, a number, else text.
ordered_json value_for(const Setting& s, const ordered_json* now) {
    if (s.quoted)
        return s.value;
    const auto as_number = [&]() -> std::optional<ordered_json> {
        std::int64_t i = 0;
        const char* end = s.value.data() + s.value.size();
        if (auto [p, ec] = std::from_chars(s.value.data(), end, i); ec == std::errc() && p == end)
            return ordered_json(i);
        std::uint64_t u = 0;
        if (auto [p, ec] = std::from_chars(s.value.data(), end, u); ec == std::errc() && p == end)
            return ordered_json(u);
        double d = 0;
        if (auto [p, ec] = std::from_chars(s.value.data(), end, d); ec == std::errc() && p == end)
            return ordered_json(d);
        return std::nullopt;
    };
    if (now != nullptr && now->is_string())
        return s.value;
    if (s.value == "true" || s.value == "false")
        return s.value == "true";
    if (const auto number = as_number())
        return *number;
    return s.value; // the scene reader says what it expected
}

LessonSteps steps_of(const Setting& s, std::string_view name) {
    const auto number = [&](std::string_view text) {
        int value = -1;
        const char* end = text.data() + text.size();
        if (auto [p, ec] = std::from_chars(text.data(), end, value);
            ec != std::errc() || p != end || value < 0)
            fail_at(name, s.line,
                    "steps: expected 'all', a step ('3'), or first-last ('3-9', '3-last'), found '" +
                        printable(s.value) + "'");
        return value;
    };
    if (s.value == "all")
        return {0, std::nullopt};
    const std::size_t dash = s.value.find('-');
    if (dash == std::string::npos) {
        const int only = number(s.value);
        return {only, only};
    }
    LessonSteps steps{number(trim(std::string_view(s.value).substr(0, dash))), std::nullopt};
    const std::string_view last = trim(std::string_view(s.value).substr(dash + 1));
    if (last != "last") {
        steps.last = number(last);
        if (*steps.last < steps.first)
            fail_at(name, s.line,
                    "steps: the last step (" + std::to_string(*steps.last) + ") is before the first (" +
                        std::to_string(steps.first) + ")");
    }
    return steps;
}

// One "key: value" line (a blank line or a "#" comment is none).
std::optional<Setting> setting_of(std::string_view line, std::string_view name, int number) {
    const std::string_view t = trim(line);
    if (t.empty() || t.front() == '#')
        return std::nullopt;
    const std::size_t colon = t.find(':');
    if (colon == std::string_view::npos || colon == 0)
        fail_at(name, number, "expected 'key: value', found '" + printable(t) + "'");
    Setting s{std::string(trim(t.substr(0, colon))), std::string(trim(t.substr(colon + 1))), false, number};
    if (s.value.size() > kMaxLessonValueBytes)
        fail_at(name, number,
                s.key + ": a value of " + std::to_string(s.value.size()) + " bytes (at most " +
                    std::to_string(kMaxLessonValueBytes) + ")");
    if (s.value.size() >= 2 && s.value.front() == '"' && s.value.back() == '"') {
        try {
            s.value = ordered_json::parse(s.value).get<std::string>();
        } catch (const nlohmann::json::exception&) {
            fail_at(name, number,
                    s.key + ": a quoted value must be a JSON string, found " + printable(s.value));
        }
        s.quoted = true;
    }
    return s;
}

// The scene `before` with `settings` applied (and the view places at their default dropped, as the app
// leaves them out), through the scene reader.
Scene apply_settings(const Scene& before, const std::vector<Setting>& settings, int fence_line,
                     std::string_view name) {
    ordered_json root = ordered_json::parse(scene_to_json_text(before));
    for (const Setting& s : settings) {
        if (s.key == "scale" && s.value == "auto" && !s.quoted) { // back to the monitor's scale
            root.erase("scale");
            continue;
        }
        const std::vector<std::string> path = path_of(s.key);
        // No scene field is deeper than views.NAME.zoom: a deeper key is no field, said at its own line
        // (the scene reader would say only that the document nests too deep, at the block's first line).
        if (path.size() > 3)
            fail_at(name, s.line, printable(s.key.substr(0, 40)) + (s.key.size() > 40 ? "…" : "") +
                                      ": unknown field (scene fields are at most three names deep)");
        ordered_json* at = &root;
        for (std::size_t i = 0; i + 1 < path.size(); ++i) {
            ordered_json& next = (*at)[path[i]];
            if (!next.is_object())
                next = ordered_json::object(); // the scene reader names the field that is not an object
            at = &next;
        }
        const auto existing = at->find(path.back());
        (*at)[path.back()] = value_for(s, existing != at->end() ? &*existing : nullptr);
    }
    // A list of values that the scene sets gives N (its count), as in a scene file, unless it sets N too.
    const auto names = [&](std::string_view key) {
        return std::any_of(settings.begin(), settings.end(), [&](const Setting& s) { return s.key == key; });
    };
    const auto capture = root.find("capture");
    if (capture != root.end() && capture->is_object() && capture->value("input", "") == "values" &&
        !names("capture.n") && (names("capture.values") || names("capture.input")))
        capture->erase("n");
    // A kernel of one element type (a segmented scan's uint32) that the scene names takes it, not the type an
    // earlier scene's kernel had, unless the scene names a type too (the scene reader then refuses another).
    if (capture != root.end() && capture->is_object() && names("capture.algorithm") && !names("capture.type") &&
        capture->contains("algorithm") && (*capture)["algorithm"].is_string()) {
        const std::optional<BlockAlgorithm> algorithm =
            parse_block_algorithm((*capture)["algorithm"].get<std::string>());
        if (algorithm && fixed_element_type(*algorithm))
            capture->erase("type");
    }
    try {
        Scene scene = scene_from_json_text(root.dump());
        std::erase_if(scene.views, [](const auto& view) { return view.second == ViewPlace{}; });
        return scene;
    } catch (const SceneFormatError& e) {
        // "scene: capture.n: 5000 is above …": the line of the setting that names that field, the last one
        // if several do (a check that ties two fields names one of them), else the block's first line.
        std::string what = e.what();
        constexpr std::string_view prefix = "scene: ";
        if (what.starts_with(prefix))
            what.erase(0, prefix.size());
        const std::string field = what.substr(0, what.find(": "));
        int line = fence_line;
        for (const Setting& s : settings)
            if (s.key == field || s.key.starts_with(field + ".") || field.starts_with(s.key + "."))
                line = s.line;
        fail_at(name, line, what);
    }
}

// ---------------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------------

// The scene's JSON flattened to "path" → value, in the file's order; a view's fields under
// "views.TITLE.FIELD".
void flatten(const ordered_json& value, const std::string& path,
             std::vector<std::pair<std::string, ordered_json>>& out) {
    if (value.is_object() && !value.empty()) {
        for (const auto& [key, child] : value.items())
            flatten(child, path.empty() ? key : path + "." + key, out);
        return;
    }
    out.emplace_back(path, value);
}

std::vector<std::pair<std::string, ordered_json>> flat_scene(const Scene& scene) {
    std::vector<std::pair<std::string, ordered_json>> fields;
    flatten(ordered_json::parse(scene_to_json_text(scene)), "", fields);
    std::erase_if(fields, [](const auto& f) {
        return f.first == "format" || f.first == "version" || f.first == "views" ||
               f.first.starts_with("views.");
    });
    return fields;
}

// A value as a settings line writes it: a string bare where it reads back as that string, else quoted.
std::string value_text(const ordered_json& value) {
    if (!value.is_string())
        return value.dump();
    const std::string text = value.get<std::string>();
    const bool bare = !text.empty() && trim(text) == text && text != "true" && text != "false" &&
                      text != "auto" && text.front() != '"' &&
                      text.find_first_of("\n\r") == std::string::npos;
    double number = 0;
    const bool numeric =
        std::from_chars(text.data(), text.data() + text.size(), number).ptr == text.data() + text.size();
    return bare && !numeric ? text : value.dump();
}

std::string steps_text(const LessonSteps& steps) {
    if (steps.first == 0 && !steps.last)
        return "all";
    if (steps.last && *steps.last == steps.first)
        return std::to_string(steps.first);
    return std::to_string(steps.first) + "-" +
           (steps.last ? std::to_string(*steps.last) : std::string("last"));
}

} // namespace

Scene lesson_start_scene() {
    Scene scene;
    scene.theme = "projector";
    scene.panels.sidebar = false;
    return scene;
}

Lesson lesson_from_markdown(std::string_view text, std::string_view name) {
    if (text.size() > kMaxLessonFileBytes)
        throw LessonFormatError("lesson '" + std::string(name) + "': " + std::to_string(text.size()) +
                                " bytes (a lesson is at most " + std::to_string(kMaxLessonFileBytes) + ")");
    if (text.starts_with("\xef\xbb\xbf")) // a byte-order mark, as some editors write
        text.remove_prefix(3);
    std::vector<std::string_view> lines = split_lines(text);
    for (std::string_view& line : lines)
        if (line.ends_with('\r')) // written on Windows
            line.remove_suffix(1);

    Lesson lesson;
    bool titled = false;
    std::vector<std::string_view> introduction, notes;
    std::vector<Setting> settings;
    Scene before = lesson_start_scene();
    int settings_line = 0;    // the scene's settings block opened here (0: none yet)
    int open_fence = 0;       // a fence opened here and not yet closed (0: none)
    Fence opened;             // that fence
    bool in_settings = false; // that fence is the settings block
    LessonScene* scene = nullptr;

    const auto finish_scene = [&] {
        if (scene == nullptr)
            return;
        std::optional<Setting> steps; // the lesson's own key; the others are the scene's
        std::vector<Setting> fields;
        for (const Setting& s : settings) {
            if (s.key == kStepsKey)
                steps = s;
            else
                fields.push_back(s);
        }
        scene->scene = apply_settings(before, fields, settings_line ? settings_line : scene->line, name);
        if (steps) {
            scene->steps = steps_of(*steps, name);
            scene->scene.step = scene->steps->first;
        }
        scene->notes = join_trimmed(notes);
        before = scene->scene;
        notes.clear();
        settings.clear();
        settings_line = 0;
    };

    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view line = lines[i];
        const int number = static_cast<int>(i) + 1;
        check_text(line, name, number);
        if (open_fence != 0) { // inside a fenced block: settings, or notes' own code
            if (const std::optional<Fence> f = fence(line); f && f->closes(opened)) {
                open_fence = 0;
                if (in_settings) {
                    in_settings = false;
                    continue;
                }
            } else if (in_settings) {
                if (std::optional<Setting> s = setting_of(line, name, number)) {
                    for (const Setting& earlier : settings)
                        if (earlier.key == s->key)
                            fail_at(name, number,
                                    s->key + " is set twice in this scene (first on line " +
                                        std::to_string(earlier.line) + ")");
                    settings.push_back(*s);
                }
                continue;
            }
            (scene ? notes : introduction).push_back(line);
            continue;
        }
        if (const std::optional<Fence> f = fence(line)) {
            open_fence = number;
            opened = *f;
            if (f->info == kSettingsFence) {
                if (scene == nullptr)
                    fail_at(name, number, "a scene's settings before its heading ('## Scene title')");
                if (settings_line != 0)
                    fail_at(name, number,
                            "a second settings block in scene '" + printable(scene->title) +
                                "' (the first on line " + std::to_string(settings_line) + ")");
                settings_line = number;
                in_settings = true;
                continue;
            }
            (scene ? notes : introduction).push_back(line);
            continue;
        }
        std::string_view title;
        const int level = heading_level(line, title);
        if (!titled) {
            if (blank(line))
                continue;
            if (level != 1)
                fail_at(name, number, "a lesson starts with its title, '# Lesson title'");
            check_title(title, name, number, "the lesson");
            lesson.title = title;
            titled = true;
            continue;
        }
        if (level == 1)
            fail_at(name, number, "a second title ('# …'): a lesson has one; scenes start with '## '");
        if (level == 2) {
            finish_scene();
            check_title(title, name, number, "a scene");
            if (lesson.scenes.size() == kMaxLessonScenes)
                fail_at(name, number, "more than " + std::to_string(kMaxLessonScenes) + " scenes");
            lesson.scenes.push_back({std::string(title), before, std::nullopt, "", number});
            scene = &lesson.scenes.back();
            continue;
        }
        (scene ? notes : introduction).push_back(line);
    }
    if (open_fence != 0)
        fail_at(name, open_fence,
                in_settings ? "the settings block is not closed ('```')"
                            : "a code block is not closed ('```')");
    if (!titled)
        throw LessonFormatError("lesson '" + std::string(name) +
                                "': empty: a lesson starts with '# Lesson title'");
    finish_scene();
    if (lesson.scenes.empty())
        throw LessonFormatError("lesson '" + std::string(name) +
                                "': no scenes: each starts with '## Scene title'");
    lesson.introduction = join_trimmed(introduction);
    return lesson;
}

std::vector<std::string> scene_settings_lines(const Scene& scene, const Scene& before) {
    const auto now = flat_scene(scene), then = flat_scene(before);
    std::map<std::string, ordered_json> earlier(then.begin(), then.end());
    std::vector<std::string> lines;
    for (const auto& [key, value] : now) {
        const auto was = earlier.find(key);
        if (was == earlier.end() || was->second != value)
            lines.push_back(key + ": " + value_text(value));
    }
    if (before.scale && !scene.scale)
        lines.push_back("scale: auto");
    // The views' places: each the scene names, in full where it differs; one the scene before named and
    // this one does not goes back to its default place.
    const auto place_lines = [&](const std::string& title, const ViewPlace& place) {
        const std::string key = "views." + title + ".";
        ordered_json p = {{"zoom", place.zoom},
                          {"fit", place.fit},
                          {"scroll_x", place.scroll_x},
                          {"scroll_y", place.scroll_y}};
        for (const auto& [field, value] : p.items())
            lines.push_back(key + field + ": " + value.dump());
    };
    for (const auto& [title, place] : scene.views)
        if (const auto was = before.views.find(title); was == before.views.end() || !(was->second == place))
            place_lines(title, place);
    for (const auto& [title, place] : before.views)
        if (!scene.views.contains(title))
            place_lines(title, ViewPlace{});
    return lines;
}

std::string lesson_to_markdown(const Lesson& lesson) {
    std::ostringstream out;
    out << "# " << lesson.title << "\n\n";
    if (!lesson.introduction.empty())
        out << lesson.introduction << "\n\n";
    Scene before = lesson_start_scene();
    for (const LessonScene& scene : lesson.scenes) {
        out << "## " << scene.title << "\n\n";
        Scene shown = scene.scene;
        std::vector<std::string> lines;
        if (scene.steps) {
            shown.step = before.step; // the steps' first sets it on reading
            lines = scene_settings_lines(shown, before);
            lines.push_back(std::string(kStepsKey) + ": " + steps_text(*scene.steps));
        } else {
            lines = scene_settings_lines(shown, before);
        }
        if (!lines.empty()) {
            out << "```" << kSettingsFence << "\n";
            for (const std::string& line : lines)
                out << line << "\n";
            out << "```\n\n";
        }
        if (!scene.notes.empty())
            out << scene.notes << "\n\n";
        before = scene.scene;
    }
    std::string text = out.str();
    while (text.ends_with("\n\n"))
        text.pop_back();
    return text;
}

Lesson load_lesson_file(const std::string& path) {
    const std::string text = read_bounded_file(path, kMaxLessonFileBytes, "lesson");
    return lesson_from_markdown(text, quoted_path(path));
}

void save_lesson_file(const Lesson& lesson, const std::string& path) {
    require_writable(path);
    const std::string text = lesson_to_markdown(lesson);
    write_file_atomically(path, [&](std::ostream& out) { out << text; });
}

} // namespace prefixlab
