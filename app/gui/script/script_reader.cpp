// Reading a script: each line's words, the row of the command table that names its first word, and the
// row's arguments read by kind (script_values.hpp) or its key=value settings by the row's own reader.
#include "gui/script/script_reader.hpp"

#include "core/util/input_limits.hpp"
#include "core/util/printable.hpp"
#include "gui/script/script_values.hpp"

namespace prefixlab {

namespace {

// A script's name in "FILE:LINE" is shown whole up to this length (a test's temporary folder is
// often longer than printable()'s default of 80).
constexpr std::size_t kMaxShownPathChars = 256;

std::string joined(const std::vector<std::string>& words) {
    std::string text;
    for (const std::string& word : words)
        text += (text.empty() ? "" : ", ") + word;
    return text;
}

ScriptArg read_arg(const std::string& command, const ArgSpec& spec, const std::string& text) {
    const std::string what = command + " " + spec.label;
    ScriptArg arg;
    arg.text = text;
    switch (spec.kind) {
    case ArgKind::whole:
        for (std::size_t i = 0; i < spec.names.size(); ++i)
            if (spec.names[i] == text) {
                arg.choice = i;
                return arg;
            }
        arg.whole = script_whole_number(what, text, static_cast<std::uint64_t>(spec.min),
                                        static_cast<std::uint64_t>(spec.max),
                                        spec.names.empty() ? "" : " (or " + joined(spec.names) + ")");
        break;
    case ArgKind::number:
        arg.number = script_number(what, text, spec.min, spec.max);
        break;
    case ArgKind::name:
        arg.choice = script_name(what, text, spec.names);
        break;
    case ArgKind::path:
        script_path(what, text, spec.suffix);
        break;
    }
    return arg;
}

ScriptCommand read_command(const ScriptTable& table, const std::vector<std::string>& words,
                           ScriptExpectations& expected) {
    ScriptCommand c;
    c.name = words.front();
    const ScriptCommandDef* row = table.find(c.name);
    if (row == nullptr)
        throw ScriptValueError("unknown command '" + printable(c.name) + "'");
    c.def = row;
    const std::vector<std::string> args(words.begin() + 1, words.end());
    if (row->read_settings) {
        c.settings = row->read_settings(args);
    } else {
        std::size_t required = 0;
        for (const ArgSpec& arg : row->args)
            required += arg.optional ? 0 : 1;
        if (args.size() < required || args.size() > row->args.size())
            throw ScriptValueError("usage: " + row->usage);
        for (std::size_t i = 0; i < args.size(); ++i)
            c.args.push_back(read_arg(c.name, row->args[i], args[i]));
    }
    if (row->unavailable)
        if (const std::string why = row->unavailable(); !why.empty())
            throw ScriptValueError(c.name + ": " + why);
    if (row->check)
        row->check(c, expected);
    return c;
}

// The words of a line, without its comment; split at spaces and tabs (and a CR, for files written on
// Windows).
std::vector<std::string> words_of(std::string_view line) {
    line = line.substr(0, line.find('#'));
    std::vector<std::string> words;
    std::size_t start = 0;
    while (true) {
        start = line.find_first_not_of(" \t\r\v\f", start);
        if (start == std::string_view::npos)
            return words;
        const std::size_t end = std::min(line.find_first_of(" \t\r\v\f", start), line.size());
        words.emplace_back(line.substr(start, end - start));
        start = end;
    }
}

} // namespace

std::vector<ScriptCommand> parse_script_file(const std::string& path, const ScriptTable& table,
                                             bool starts_on_trace_file) {
    const std::string text = read_bounded_file_as<ScriptError>(path, kMaxScriptFileBytes, "script");
    return parse_script_text(text, path, table, starts_on_trace_file);
}

std::vector<ScriptCommand> parse_script_text(std::string_view text, const std::string& source_name,
                                             const ScriptTable& table, bool starts_on_trace_file) {
    ScriptExpectations expected;
    expected.starts_on_file = starts_on_trace_file;
    std::vector<ScriptCommand> commands;
    const std::string file = printable(source_name, kMaxShownPathChars);
    std::size_t start = 0;
    for (int number = 1; start < text.size(); ++number) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        const std::string where = file + ":" + std::to_string(number);
        if (end - start > kMaxScriptLineBytes)
            throw ScriptError("script " + where + ": the line is longer than the limit of " +
                              std::to_string(kMaxScriptLineBytes) + " bytes");
        const std::vector<std::string> words = words_of(text.substr(start, end - start));
        start = end + 1;
        if (words.empty())
            continue;
        try {
            ScriptCommand command = read_command(table, words, expected);
            command.where = where;
            commands.push_back(std::move(command));
        } catch (const ScriptValueError& e) {
            throw ScriptError("script " + where + ": " + e.what());
        }
    }
    return commands;
}

} // namespace prefixlab
