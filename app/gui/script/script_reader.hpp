// Reading a script: the bounded file, its lines, and the check of every command against the command
// table (script_command.hpp), all before any window opens (docs/gui-script.md promises it).
#pragma once

#include "gui/script/script_command.hpp"

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace prefixlab {

class ScriptError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Reads the whole script and checks every argument of every command before any window opens; throws
// ScriptError, one line: "script FILE:LINE: …". The file is read through read_bounded_file, so a
// device, a FIFO, a file over kMaxScriptFileBytes or a line over kMaxScriptLineBytes is refused, not
// read. `starts_on_trace_file`: the GUI opens on a trace file (--trace) or on stored settings, so the
// capture settings a `trace` command changes are not known until it runs.
std::vector<ScriptCommand> parse_script_file(const std::string& path, const ScriptTable& table,
                                             bool starts_on_trace_file = false);
// The same check of a script's text (the fuzz target's entry); `source_name` stands for the file in
// messages ("NAME:LINE").
std::vector<ScriptCommand> parse_script_text(std::string_view text, const std::string& source_name,
                                             const ScriptTable& table, bool starts_on_trace_file = false);

} // namespace prefixlab
