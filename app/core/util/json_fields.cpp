#include "core/util/json_fields.hpp"

#include "core/util/input_limits.hpp"
#include "core/util/printable.hpp"

#include <algorithm>

namespace prefixlab::json_fields {

using nlohmann::json;

namespace {

// nlohmann's explanation of a parse error is about 100 characters before its "last read: '…'"
// excerpt; 160 keeps the line and column and the start of the excerpt, however long the token.
constexpr std::size_t kMaxParseProblemChars = 160;

std::string counted(std::size_t count, const char* one, const char* many) {
    return std::to_string(count) + " " + (count == 1 ? one : many);
}

} // namespace

void malformed(std::string_view where, const std::string& what) {
    throw JsonFieldError(where.empty() ? what : std::string(where) + ": " + what);
}

namespace {

[[noreturn]] void refuse_unparsable(const json::exception& e) {
    // parse_error and out_of_range ("number overflow parsing '1e400'"); the message starts with
    // "[json.exception.parse_error.101] ".
    const std::string_view what = e.what();
    const auto start = what.find("] ");
    malformed("",
              "not valid JSON: " + printable(start == std::string_view::npos ? what : what.substr(start + 2),
                                             kMaxParseProblemChars));
}

void check_depth(std::string_view text) {
    try {
        check_json_depth(text);
    } catch (const std::invalid_argument& e) {
        malformed("", std::string("not valid JSON: ") + e.what());
    }
}

} // namespace

json parse_document(std::string_view text) {
    check_depth(text);
    try {
        return json::parse(text.begin(), text.end());
    } catch (const json::exception& e) {
        refuse_unparsable(e);
    }
}

namespace {

// The number of items of each array directly under the document's object, counted by its commas in
// one pass over the text (as check_json_depth scans it): JsonFieldError naming the array's key at the
// first item over `max_items`.
void check_top_level_items(std::string_view text, std::size_t max_items, std::string_view holder) {
    int depth = 0;
    bool in_string = false, escaped = false;
    std::size_t string_start = 0;
    std::string_view last_key; // the last string directly in the document's object: an array's key
    bool counting = false;     // inside an array directly under the document's object
    std::size_t items = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"') {
                in_string = false;
                if (depth == 1)
                    last_key = text.substr(string_start, i - string_start);
            }
            continue;
        }
        if (counting && depth == 2 && items == 0 && c != ']' && c != ' ' && c != '\n' && c != '\r' &&
            c != '\t')
            items = 1; // the first item starts
        if (c == '"') {
            in_string = true;
            string_start = i + 1;
        } else if (c == '[' || c == '{') {
            ++depth;
            if (depth == 2 && c == '[') {
                counting = true;
                items = 0;
            }
        } else if (c == ']' || c == '}') {
            if (depth == 2)
                counting = false;
            --depth; // unbalanced input is the parser's to report
        } else if (c == ',' && counting && depth == 2 && ++items > max_items) {
            malformed(member("", last_key), "more than " + std::to_string(max_items) + " items, the most " +
                                                std::string(holder) + " holds");
        }
    }
}

} // namespace

json parse_document(std::string_view text, std::size_t max_items, std::string_view holder) {
    check_depth(text);
    check_top_level_items(text, max_items, holder);
    try {
        return json::parse(text.begin(), text.end());
    } catch (const json::exception& e) {
        refuse_unparsable(e);
    }
}

std::string member(std::string_view path, std::string_view key) {
    const std::string shown = printable(key, kMaxQuotedValueChars);
    return path.empty() ? shown : std::string(path) + "." + shown;
}

std::string element(std::string_view path, std::size_t index) {
    return std::string(path) + "[" + std::to_string(index) + "]";
}

std::string value_in_message(const json& value) {
    switch (value.type()) {
    case json::value_t::array:
        return value.empty() ? "an empty array" : "an array of " + counted(value.size(), "item", "items");
    case json::value_t::object:
        return value.empty() ? "an empty object" : "an object of " + counted(value.size(), "field", "fields");
    case json::value_t::string: {
        // Appended, not "\"" + printable(…): GCC 12 warns falsely (-Wrestrict) on that operator+.
        std::string quoted = "\"";
        quoted += printable(value.get_ref<const std::string&>(), kMaxQuotedValueChars);
        quoted += '"';
        return quoted;
    }
    case json::value_t::binary:
        return "binary data";
    default:
        return value.dump(); // null, a boolean or a number: a few characters
    }
}

void require_object(const json& value, std::string_view path) {
    if (!value.is_object())
        malformed(path, "expected an object, found " + value_in_message(value));
}

void require_format(const json& root, std::string_view name, std::string_view file_kind) {
    require_object(root, "");
    if (!root.contains("format"))
        malformed("format", "missing (not a PrefixLab " + std::string(file_kind) + ")");
    const std::string format = string_field(root, "", "format");
    if (format != name)
        malformed("format", "expected \"" + std::string(name) + "\", found " + value_in_message(format));
}

void reject_unknown_fields(const json& object, std::string_view path,
                           std::initializer_list<std::string_view> known, std::string_view format_version) {
    require_object(object, path);
    for (const auto& item : object.items())
        if (std::find(known.begin(), known.end(), item.key()) == known.end())
            malformed(member(path, item.key()),
                      "unknown field (" + std::string(format_version) + " has no such field)");
}

const json& field(const json& object, std::string_view path, const char* key) {
    require_object(object, path);
    const auto it = object.find(key);
    if (it == object.end())
        malformed(member(path, key), "missing");
    return *it;
}

std::string string_field(const json& object, std::string_view path, const char* key) {
    const json& value = field(object, path, key);
    if (!value.is_string())
        malformed(member(path, key), "expected a string, found " + value_in_message(value));
    return value.get<std::string>();
}

bool bool_field(const json& object, std::string_view path, const char* key) {
    const json& value = field(object, path, key);
    if (!value.is_boolean())
        malformed(member(path, key), "expected true or false, found " + value_in_message(value));
    return value.get<bool>();
}

std::uint64_t integer_at(const json& value, std::string_view path, std::uint64_t min, std::uint64_t max,
                         RangeWording wording) {
    const bool in_range =
        value.is_number_unsigned() && value.get<std::uint64_t>() >= min && value.get<std::uint64_t>() <= max;
    if (in_range)
        return value.get<std::uint64_t>();
    const std::string found = value_in_message(value);
    if (wording == RangeWording::whole_range)
        malformed(path, "expected an integer in " + std::to_string(min) + ".." + std::to_string(max) +
                            ", found " + found);
    if (!value.is_number_integer())
        malformed(path, "expected an integer, found " + found);
    if (!value.is_number_unsigned() || value.get<std::uint64_t>() < min)
        malformed(path, "must be at least " + std::to_string(min) + ", found " + found);
    malformed(path, "must be at most " + std::to_string(max) + ", found " + found);
}

std::uint64_t integer_field(const json& object, std::string_view path, const char* key, std::uint64_t min,
                            std::uint64_t max, RangeWording wording) {
    return integer_at(field(object, path, key), member(path, key), min, max, wording);
}

} // namespace prefixlab::json_fields
