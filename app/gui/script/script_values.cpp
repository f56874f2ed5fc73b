#include "gui/script/script_values.hpp"

#include "core/util/atomic_file.hpp"
#include "core/util/parse_number.hpp"

namespace prefixlab {

std::uint64_t script_whole_number(std::string_view what, std::string_view text, std::uint64_t min,
                                  std::uint64_t max, std::string_view why) {
    try {
        return parse_whole_number(text, min, max);
    } catch (const NumberError& e) {
        throw ScriptValueError(value_problem(what, text, e.what() + std::string(why)));
    }
}

double script_number(std::string_view what, std::string_view text, double min, double max) {
    try {
        return parse_decimal_number(text, min, max);
    } catch (const NumberError& e) {
        throw ScriptValueError(value_problem(what, text, e.what()));
    }
}

void refuse_unknown_name(std::string_view what, std::string_view text, std::string_view known) {
    throw ScriptValueError(value_problem(what, text, "unknown (" + std::string(known) + ")"));
}

std::size_t script_name(std::string_view what, std::string_view text, const std::vector<std::string>& names) {
    std::string known;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (names[i] == text)
            return i;
        known += (i == 0 ? "" : ", ") + names[i];
    }
    refuse_unknown_name(what, text, known);
}

std::string script_path(std::string_view what, std::string_view text, std::string_view suffix) {
    for (const char c : text)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            throw ScriptValueError(value_problem(what, text, "a file name may not hold control characters"));
    if (text.empty())
        throw ScriptValueError(value_problem(what, text, kEmptyPathProblem));
    if (!suffix.empty() && (!text.ends_with(suffix) || text.size() == suffix.size()))
        throw ScriptValueError(
            value_problem(what, text, "expected a file name ending in " + std::string(suffix)));
    return std::string(text);
}

std::pair<std::string, std::string> script_setting(std::string_view what, std::string_view text) {
    const std::size_t eq = text.find('=');
    if (eq == std::string_view::npos)
        throw ScriptValueError(value_problem(what, text, "expected a setting, key=value"));
    return {std::string(text.substr(0, eq)), std::string(text.substr(eq + 1))};
}

} // namespace prefixlab
