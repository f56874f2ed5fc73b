#include "gui/shell/shortcut_table.hpp"

#include <GLFW/glfw3.h>
#include <stdexcept>

namespace prefixlab {

void ShortcutTable::add(Shortcut shortcut) {
    for (const KeyPress& key : shortcut.keys)
        for (const Shortcut& row : rows_)
            for (const KeyPress& taken : row.keys)
                if (taken.key == key.key && taken.ctrl == key.ctrl && taken.shift == key.shift)
                    throw std::logic_error("shortcut '" + shortcut.keys_text + "' takes a key of '" + row.keys_text + "'");
    for (const KeyPress& key : shortcut.keys)
        if (key.key == GLFW_KEY_ESCAPE && !key.ctrl)
            escape_row_ = rows_.size();
    rows_.push_back(std::move(shortcut));
}

void ShortcutTable::add_escape(std::string help, std::function<bool(GuiHost&)> act) {
    if (escape_row_ >= rows_.size())
        throw std::logic_error("an Esc action '" + help + "' added before the Esc row");
    // "close the topmost window; leave presentation mode": a feature's action goes before the last part.
    std::string& line = rows_[escape_row_].action;
    const std::size_t last = line.rfind("; ");
    line.insert(last == std::string::npos ? line.size() : last, "; " + help);
    escapes_.push_back(std::move(act));
}

const Shortcut* ShortcutTable::find(const KeyPress& press) const {
    const Shortcut* without_shift = nullptr;
    for (const Shortcut& row : rows_)
        for (const KeyPress& key : row.keys) {
            if (key.key != press.key || key.ctrl != press.ctrl)
                continue;
            if (key.shift == press.shift)
                return &row;
            if (!key.shift)
                without_shift = &row; // Ctrl+Shift+= is Ctrl+= on layouts where '+' needs Shift
        }
    return without_shift;
}

} // namespace prefixlab
