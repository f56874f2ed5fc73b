#include "core/quiz/quiz_fragment.hpp"

#include "core/source/kernel_source.hpp"

#include <algorithm>

namespace prefixlab {

namespace {

std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t from = 0;
    while (from < text.size()) {
        const std::size_t end = text.find('\n', from);
        lines.push_back(text.substr(from, end == std::string_view::npos ? std::string_view::npos : end - from));
        if (end == std::string_view::npos)
            break;
        from = end + 1;
    }
    return lines;
}

// The line without a trailing marker comment and trailing blanks.
std::string without_marker(std::string_view line, std::string_view marker) {
    const std::size_t at = line.find(marker);
    std::string_view kept = at == std::string_view::npos ? line : line.substr(0, at);
    if (at != std::string_view::npos) {
        const std::size_t comment = kept.rfind("//");
        if (comment != std::string_view::npos && kept.find_first_not_of(" \t", comment + 2) == std::string_view::npos)
            kept = kept.substr(0, comment);
    }
    while (!kept.empty() && (kept.back() == ' ' || kept.back() == '\t' || kept.back() == '\r'))
        kept.remove_suffix(1);
    return std::string(kept);
}

} // namespace

QuizFragment quiz_fragment_of(std::string_view source, std::string_view name) {
    const std::string open = "// <quiz:" + std::string(name) + ">";
    const std::string close = "// </quiz:" + std::string(name) + ">";
    const std::vector<std::string_view> lines = split_lines(source);
    std::size_t first = lines.size(), last = lines.size();
    for (std::size_t k = 0; k < lines.size(); ++k) {
        if (first == lines.size() && lines[k].find(open) != std::string_view::npos)
            first = k;
        if (first != lines.size() && lines[k].find(close) != std::string_view::npos) {
            last = k;
            break;
        }
    }
    QuizFragment fragment;
    if (first == lines.size() || last == lines.size())
        return fragment;
    std::size_t indent = std::string::npos;
    for (std::size_t k = first; k <= last; ++k) {
        std::string line = without_marker(lines[k], k == first ? open : close);
        const std::size_t text = line.find_first_not_of(' ');
        if (text != std::string::npos)
            indent = std::min(indent, text);
        fragment.lines.push_back(std::move(line));
    }
    for (std::string& line : fragment.lines)
        line.erase(0, std::min(indent, line.size()));
    fragment.first_line = static_cast<int>(first) + 1;
    return fragment;
}

QuizFragment quiz_fragment(std::string_view path, std::string_view name) {
    return quiz_fragment_of(kernel_source_text(path), name);
}

} // namespace prefixlab
