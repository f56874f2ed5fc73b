#include "gui/views/code_tokens.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace prefixlab {

namespace {

bool is_keyword(std::string_view word) {
    static constexpr std::array<std::string_view, 38> kKeywords = {
        "auto",     "bool",      "break",    "case",     "char",      "const",   "constexpr", "continue",
        "default",  "do",        "double",   "else",     "enum",      "false",   "float",     "for",
        "if",       "inline",    "int",      "namespace", "nullptr",  "return",  "static",    "struct",
        "switch",   "template",  "true",     "typename", "unsigned",  "using",   "void",      "while",
        "class",    "public",    "private",  "operator", "sizeof",    "__shared__"};
    return std::find(kKeywords.begin(), kKeywords.end(), word) != kKeywords.end();
}

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

} // namespace

std::vector<CodeSpan> code_spans(std::string_view line, bool& in_block_comment) {
    std::vector<CodeSpan> spans;
    const auto add = [&](std::size_t begin, std::size_t end, CodeToken kind) {
        if (end <= begin)
            return;
        if (!spans.empty() && spans.back().kind == kind && spans.back().end == begin)
            spans.back().end = end;
        else
            spans.push_back({begin, end, kind});
    };
    std::size_t at = 0;
    const std::size_t first = line.find_first_not_of(" \t");
    if (!in_block_comment && first != std::string_view::npos && line[first] == '#') {
        add(0, line.size(), CodeToken::preprocessor);
        return spans;
    }
    while (at < line.size()) {
        if (in_block_comment) {
            const std::size_t close = line.find("*/", at);
            const std::size_t end = close == std::string_view::npos ? line.size() : close + 2;
            add(at, end, CodeToken::comment);
            in_block_comment = close == std::string_view::npos;
            at = end;
            continue;
        }
        const char c = line[at];
        if (line.substr(at).starts_with("//")) {
            add(at, line.size(), CodeToken::comment);
            break;
        }
        if (line.substr(at).starts_with("/*")) {
            in_block_comment = true;
            add(at, at + 2, CodeToken::comment);
            at += 2;
            continue;
        }
        if (c == '"' || c == '\'') {
            std::size_t end = at + 1;
            while (end < line.size() && line[end] != c)
                end += line[end] == '\\' ? 2 : 1;
            end = std::min(end + 1, line.size());
            add(at, end, CodeToken::literal);
            at = end;
            continue;
        }
        if (word_char(c)) {
            std::size_t end = at;
            while (end < line.size() && word_char(line[end]))
                ++end;
            const std::string_view word = line.substr(at, end - at);
            const bool number = std::isdigit(static_cast<unsigned char>(c)) != 0;
            add(at, end, number ? CodeToken::literal : is_keyword(word) ? CodeToken::keyword : CodeToken::plain);
            at = end;
            continue;
        }
        add(at, at + 1, CodeToken::plain);
        ++at;
    }
    return spans;
}

} // namespace prefixlab
