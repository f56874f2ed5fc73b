#include "core/util/terminal_output.hpp"

#include "core/util/printable.hpp"

#include <algorithm>
#include <cstdarg>
#include <limits>
#include <string>

namespace prefixlab {

void print_to_terminal(std::FILE* stream, std::string_view text) {
    std::string safe;
    safe.reserve(text.size());
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t newline = std::min(text.find('\n', start), text.size());
        safe += terminal_safe(text.substr(start, newline - start), std::numeric_limits<std::size_t>::max());
        if (newline < text.size())
            safe += '\n';
        start = newline + 1;
    }
    std::fwrite(safe.data(), 1, safe.size(), stream);
}

void printf_to_terminal(std::FILE* stream, const char* format, ...) {
    std::va_list args;
    va_start(args, format);
    std::va_list again;
    va_copy(again, args);
    const int length = std::vsnprintf(nullptr, 0, format, args);
    va_end(args);
    std::string text(length > 0 ? static_cast<std::size_t>(length) : 0, '\0');
    if (length > 0)
        std::vsnprintf(text.data(), text.size() + 1, format, again);
    va_end(again);
    print_to_terminal(stream, text);
}

} // namespace prefixlab
