// CSV fields as RFC 4180 writes them, for the results' and the timed tables' CSV files.
#pragma once

#include <string>

namespace prefixlab {

// `text` in quotes, its quotes doubled: one field whatever it holds (commas, quotes, line breaks).
inline std::string csv_quoted(const std::string& text) {
    std::string quoted = "\"";
    for (char c : text) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    return quoted + '"';
}

} // namespace prefixlab
