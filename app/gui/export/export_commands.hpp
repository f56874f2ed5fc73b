// Scripted mode's exports (docs/gui-script.md): `export-view FILE.png` (the window at 2×), `export-svg
// FILE.svg` (the window as SVG with real text), `export-gif FILE.gif` and `export-steps FOLDER` (every
// step of the trace in the current tab). They start the same export as the File menu, with the
// script's path, and the script waits for its end.
#pragma once

namespace prefixlab {

class ScriptTable;

void add_export_commands(ScriptTable& table);

} // namespace prefixlab
