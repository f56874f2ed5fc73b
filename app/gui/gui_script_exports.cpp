// Scripted mode's exports (docs/gui-script.md): `export-view FILE.png` (the window at 2×),
// `export-svg FILE.svg` (the window as SVG with real text),
// `export-gif FILE.gif` and `export-steps FOLDER` (every step of the trace in the current tab). They
// start the same export as the File menu, with the script's path, and the script waits for its end.
#include "gui/export/view_export.hpp"
#include "gui/gui_script.hpp"

namespace prefixlab {

bool ScriptRunner::run_export_command(ScriptHost& host, const ScriptCommand& c) {
    const ExportRequest kind = c.name == "export-view"  ? ExportRequest::view_png
                               : c.name == "export-svg" ? ExportRequest::view_svg
                               : c.name == "export-gif" ? ExportRequest::steps_gif
                                                        : ExportRequest::steps_png;
    if (const std::string problem = host.exports.start(kind, c.args[0].text, host.state, host.workspace, host.window);
        !problem.empty()) {
        failure_ = problem; // one line naming the file and what is wrong with it; nothing written
        return true;
    }
    wait_for_ = WaitFor::view_export;
    return false;
}

} // namespace prefixlab
