#include "gui/script/script_command.hpp"

#include <stdexcept>
#include <utility>

namespace prefixlab {

ArgSpec whole_arg(std::string label, double min, double max, std::vector<std::string> words) {
    return {std::move(label), ArgKind::whole, min, max, std::move(words)};
}

ArgSpec number_arg(std::string label, double min, double max) {
    return {std::move(label), ArgKind::number, min, max, {}};
}

ArgSpec name_arg(std::string label, std::vector<std::string> names) {
    return {std::move(label), ArgKind::name, 0, 0, std::move(names)};
}

ArgSpec path_arg(std::string label, std::string suffix) {
    return {std::move(label), ArgKind::path, 0, 0, {}, std::move(suffix)};
}

ArgSpec optional_arg(ArgSpec arg) {
    arg.optional = true;
    return arg;
}

void ScriptTable::add(ScriptCommandDef def) {
    if (find(def.name) != nullptr)
        throw std::logic_error("script command '" + def.name + "' is added twice");
    if (!def.run)
        throw std::logic_error("script command '" + def.name + "' has no handler");
    rows_.push_back(std::move(def));
}

const ScriptCommandDef* ScriptTable::find(std::string_view name) const {
    for (const ScriptCommandDef& row : rows_)
        if (row.name == name)
            return &row;
    return nullptr;
}

namespace {

// A table cell of Markdown: '|' would end the cell.
std::string markdown_cell(const std::string& text) {
    std::string cell;
    for (char c : text)
        cell += c == '|' ? std::string("\\|") : std::string(1, c);
    return cell;
}

} // namespace

std::string script_help(const ScriptTable& table, bool markdown) {
    std::string text = markdown ? "| command | effect |\n|---|---|\n" : "";
    for (const ScriptCommandDef& row : table.rows())
        text += markdown ? "| `" + markdown_cell(row.usage) + "` | " + markdown_cell(row.help) + " |\n"
                         : row.usage + "\n    " + row.help + "\n";
    return text;
}

} // namespace prefixlab
