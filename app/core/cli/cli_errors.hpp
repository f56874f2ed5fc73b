// The command line's error reporting: every error is one line, "prefixlab: error: …", on stderr.
#pragma once

#include <stdexcept>
#include <string>

namespace prefixlab {

// Input the user can fix (an option's value, a missing option).
class BadInput : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Prints the one-line error and returns `exit_code`, for `return report_error(…);`.
int report_error(const std::string& message, int exit_code);

} // namespace prefixlab
