#include "core/util/code_wrap.hpp"

#include <algorithm>

namespace prefixlab {

std::vector<std::string> wrap_code_line(std::string_view line, std::size_t width, std::size_t hang) {
    if (width == 0 || line.size() <= width)
        return {std::string(line)};
    const std::size_t indent = std::min(line.find_first_not_of(' '), line.size());
    // The tokens, each with the spaces before it.
    struct Token {
        std::string_view gap, text;
    };
    std::vector<Token> tokens;
    for (std::size_t at = indent; at < line.size();) {
        const std::size_t start = line.find_first_not_of(' ', at);
        if (start == std::string_view::npos)
            break;
        const std::size_t end = std::min(line.find(' ', start), line.size());
        tokens.push_back({line.substr(at, start - at), line.substr(start, end - start)});
        at = end;
    }
    const auto text_of = [&](std::size_t first, std::size_t last, std::size_t lead) {
        std::string piece(lead, ' ');
        for (std::size_t t = first; t < last; ++t) {
            if (t > first)
                piece += tokens[t].gap;
            piece += tokens[t].text;
        }
        return piece;
    };
    std::vector<std::string> pieces;
    std::size_t first = 0, lead = indent;
    while (first < tokens.size()) {
        // As many tokens as fit (at least one); then, where a break after a ';' or ',' keeps at least half
        // of them, back to it: "for (int offset = 1;" / "offset < n;" rather than "offset" / "*= 2".
        std::size_t last = first + 1;
        while (last < tokens.size() && text_of(first, last + 1, lead).size() <= width)
            ++last;
        if (last < tokens.size())
            for (std::size_t b = last - 1; b > first && 2 * (b - first) >= last - first; --b)
                if (const char end = tokens[b - 1].text.back(); end == ';' || end == ',') {
                    last = b;
                    break;
                }
        pieces.push_back(text_of(first, last, lead));
        first = last;
        lead = indent + hang;
    }
    return pieces;
}

} // namespace prefixlab
