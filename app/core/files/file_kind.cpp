#include "core/files/file_kind.hpp"

#include "core/util/atomic_file.hpp"
#include "core/util/enum_names.hpp"
#include "core/util/input_limits.hpp"

#include <algorithm>
#include <optional>

namespace prefixlab {

namespace {

// A cursor over JSON text that can read a string and skip any value. It only needs to be right for
// valid JSON: on anything else it stops and the file is `other`.
class Scanner {
public:
    explicit Scanner(std::string_view text) : text_(text) {}

    bool at(char c) {
        skip_space();
        return pos_ < text_.size() && text_[pos_] == c;
    }
    bool take(char c) {
        if (!at(c))
            return false;
        ++pos_;
        return true;
    }
    // A string's raw content (escapes left as written: the names looked for have none).
    std::optional<std::string_view> string() {
        if (!take('"'))
            return std::nullopt;
        const std::size_t start = pos_;
        for (; pos_ < text_.size(); ++pos_) {
            if (text_[pos_] == '\\')
                ++pos_;
            else if (text_[pos_] == '"')
                return text_.substr(start, pos_++ - start);
        }
        return std::nullopt;
    }
    // Skips one value of any kind; nested containers by a depth count (no recursion).
    bool skip_value() {
        skip_space();
        std::size_t depth = 0;
        while (pos_ < text_.size()) {
            const char c = text_[pos_];
            if (c == '"') {
                if (!string())
                    return false;
            } else if (c == '{' || c == '[') {
                ++depth;
                ++pos_;
            } else if (c == '}' || c == ']') {
                if (depth == 0)
                    return true; // the end of the enclosing object: a scalar ended here
                --depth;
                ++pos_;
            } else if (c == ',' && depth == 0) {
                return true;
            } else {
                ++pos_;
            }
            if (depth == 0 && (c == '"' || c == '}' || c == ']'))
                return true;
        }
        return false;
    }

private:
    void skip_space() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r'))
            ++pos_;
    }
    std::string_view text_;
    std::size_t pos_ = 0;
};

FileKind kind_of_format(std::string_view format) {
    // The "format" of each JSON kind (trace, grid trace, results); any other is FileKind::other.
    static constexpr std::string_view kFormats[] = {"prefixlab-trace", "prefixlab-grid-trace", "prefixlab-bench"};
    return enumerator_named<FileKind::results>(kFormats, format).value_or(FileKind::other);
}

} // namespace

FileKind file_kind_of_text(std::string_view text) {
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3); // a byte-order mark, as some editors write
    Scanner scan(text);
    if (!scan.take('{')) {
        // A lesson: its first line that is not blank is "# Title" (its reader checks the rest).
        const std::size_t first = text.find_first_not_of(" \t\r\n");
        return first != std::string_view::npos && text.substr(first).starts_with("# ") ? FileKind::lesson
                                                                                       : FileKind::other;
    }
    while (!scan.at('}')) {
        const auto key = scan.string();
        if (!key || !scan.take(':'))
            return FileKind::other;
        if (*key == "format") {
            const auto value = scan.string();
            return value ? kind_of_format(*value) : FileKind::other;
        }
        if (!scan.skip_value())
            return FileKind::other;
        if (!scan.take(',') && !scan.at('}'))
            return FileKind::other;
    }
    return FileKind::other;
}

FileKindResult file_kind_of(const std::string& path) {
    FileKindResult result;
    std::string text;
    try {
        text = read_bounded_file(path, std::max(kMaxTraceFileBytes, kMaxResultsFileBytes), "file");
    } catch (const InputLimitError& e) {
        result.problem = e.what();
        return result;
    }
    result.kind = file_kind_of_text(text);
    if (result.kind == FileKind::other)
        result.problem = "cannot open '" + quoted_path(path) + "': not a PrefixLab trace, results or lesson file";
    return result;
}

} // namespace prefixlab
