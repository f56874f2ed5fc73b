// The keyboard shortcuts as a table: each row is the keys, the line F1 shows for them, and the action.
// The window's own rows (stepping, presentation, scale, tabs) and each feature's (Feature::add_shortcuts)
// are one list, so the F1 window, the handling and scripted mode's `key NAME` cannot disagree.
// A presenter remote sends Page Up/Down, B (or '.') and Esc; every row a lecture needs is a single key.
#pragma once

#include "gui/platform/platform_window.hpp"

#include <functional>
#include <string>
#include <vector>

namespace prefixlab {

struct GuiHost;

struct Shortcut {
    std::vector<KeyPress> keys; // any of these presses (key, Ctrl, Shift); `repeat` is ignored here
    std::string keys_text;      // "Right, Down, Page Down, N"; F1 shows one line per row
    std::string action;         // "next step"
    std::function<void(GuiHost&, const KeyPress&)> act; // the press: a row of two keys (Home / End)
    bool repeats = false;       // also on a held key's repeats (stepping, zoom)
    bool while_typing = false;  // also while a text field has focus (function keys; Ctrl rows always)
};

class ShortcutTable {
public:
    void add(Shortcut shortcut);
    // Esc closes the topmost thing open; what features close or cancel with it (a run in the background)
    // comes after the window's own (popups, the black screen, the panel, the F1 window) and before
    // leaving presentation mode. `act` returns whether it did something.
    // `help` joins the Esc row's line in F1 ("cancel the run").
    void add_escape(std::string help, std::function<bool(GuiHost&)> act);
    // The step keys (next / previous step) go first to what a feature steps through instead (a lesson's
    // scenes): `act` gets +1 or -1 and returns whether it took the press; else the trace steps.
    void add_stepper(std::function<bool(GuiHost&, int)> act) { steppers_.push_back(std::move(act)); }
    const std::vector<std::function<bool(GuiHost&, int)>>& steppers() const { return steppers_; }
    const std::vector<Shortcut>& rows() const { return rows_; }
    const std::vector<std::function<bool(GuiHost&)>>& escapes() const { return escapes_; }
    // The row a press acts on: one naming Shift as pressed, else one with the same key and Ctrl.
    const Shortcut* find(const KeyPress& press) const;

private:
    std::vector<Shortcut> rows_;
    std::size_t escape_row_ = static_cast<std::size_t>(-1); // the Esc row, whose line the escapes extend
    std::vector<std::function<bool(GuiHost&)>> escapes_;
    std::vector<std::function<bool(GuiHost&, int)>> steppers_;
};

} // namespace prefixlab
