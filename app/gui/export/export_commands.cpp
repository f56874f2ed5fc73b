#include "gui/export/export_commands.hpp"

#include "gui/export/gif_animation.hpp"
#include "gui/export/view_export.hpp"
#include "gui/script/script_command.hpp"
#include "gui/shell/feature.hpp"
#include "gui/workspace.hpp"

namespace prefixlab {

namespace {

ScriptHandler start(ExportRequest kind) {
    return [kind](ScriptRun& run, const ScriptCommand& c) {
        GuiHost& host = run.host();
        if (const std::string problem = host.exports.start(kind, c.args[0].text, host.state, host.workspace, host.window);
            !problem.empty()) {
            run.fail(problem); // one line naming the file and what is wrong with it; nothing written
            return;
        }
        run.wait_while([&host](std::string& failure) {
            if (host.exports.active())
                return true;
            if (host.exports.failed())
                failure = host.exports.outcome();
            return false;
        });
    };
}

std::string gif_unavailable() { return gif_export_available() ? "" : gif_export_unavailable_reason(); }

} // namespace

void add_export_commands(ScriptTable& table) {
    table.add({.name = "export-view",
               .usage = "export-view FILE.png",
               .help = "export the window as a PNG at twice its width and height (drawn offscreen at twice the UI "
                       "scale, so text is rasterised sharp, not scaled up), every view where it is on screen (its zoom and "
                       "scroll kept); the script waits; fails with one line (exit 1) when FILE cannot be written",
               .args = {path_arg("FILE.png", ".png")},
               .run = start(ExportRequest::view_png)});
    table.add({.name = "export-svg",
               .usage = "export-svg FILE.svg",
               .help = "export the window as SVG 1.1 at its own size (viewBox in window pixels): every label a "
                       "`<text>` element in DejaVu Sans (Mono where the view uses the mono font), editable in slide "
                       "software; cells, nodes, edges and heatmap cells as rectangles and paths, clipped as on "
                       "screen; the script waits; fails with one line (exit 1) when FILE cannot be written",
               .args = {path_arg("FILE.svg", ".svg")},
               .run = start(ExportRequest::view_svg)});
    table.add({.name = "export-gif",
               .usage = "export-gif FILE.gif",
               .help = "export every step of the trace in the current tab (Values, Dataflow, Banks, Warps or Global) "
                       "as an animated GIF: one frame per step, 1 s each, the last 3 s, looping; the window returns "
                       "to its step; fails on the tabs that do not show the steps of a block trace, without a trace, "
                       "or where FILE cannot be written. Refused when the script is read in a build without giflib",
               .args = {path_arg("FILE.gif", ".gif")},
               .unavailable = gif_unavailable,
               .run = start(ExportRequest::steps_gif)});
    table.add({.name = "export-steps",
               .usage = "export-steps FOLDER",
               .help = "the same steps as a numbered PNG sequence, `FOLDER/step-00.png`, `step-01.png`, … (created if "
                       "missing; older `step-NN.png` files beyond this trace's steps are removed)",
               .args = {path_arg("FOLDER")},
               .run = start(ExportRequest::steps_png)});
}

} // namespace prefixlab
