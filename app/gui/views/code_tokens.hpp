// A small C++ highlighter for the source panel: comments, string and character literals, numbers,
// preprocessor lines and keywords, line by line. Enough for the kernels' own files; not a parser.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace prefixlab {

enum class CodeToken { plain, keyword, comment, literal, preprocessor };

struct CodeSpan {
    std::size_t begin = 0, end = 0; // byte offsets into the line
    CodeToken kind = CodeToken::plain;
};

// The spans of one line, covering it from start to end. `in_block_comment` carries a /* … */ from one
// line to the next: pass the same flag for every line of a file, in order.
std::vector<CodeSpan> code_spans(std::string_view line, bool& in_block_comment);

} // namespace prefixlab
