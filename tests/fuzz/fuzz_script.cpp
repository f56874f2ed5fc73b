// Fuzz target: a GUI script (`prefixlab --script FILE`), parsed and checked by parse_script_text as
// the whole file is before any window opens.
//
// Expected: the parser's one-line ScriptError. Anything else is a finding.
#include "gui/script/script_reader.hpp"
#include "gui/shell/gui_tables.hpp"

#include <cstdint>
#include <string>

using namespace prefixlab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        parse_script_text(std::string(reinterpret_cast<const char*>(data), size), "fuzz.script",
                          standalone_script_table());
    } catch (const ScriptError&) {
    }
    return 0;
}
