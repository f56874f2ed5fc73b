#include "gui/features/grid/grid_feature.hpp"

#include "core/util/terminal_output.hpp"
#include "gui/app_state.hpp"
#include "gui/features/grid/grid_scan_controls.hpp"
#include "gui/features/grid/grid_view.hpp"
#include "gui/features/grid/gui_script_grid.hpp"
#include "gui/features/grid/timeline/look_back_timeline_view.hpp"
#include "gui/script/script_command.hpp"
#include "gui/shell/menu_table.hpp"
#include "gui/workspace.hpp"

#include <cstdio>
#include <imgui.h>
#include <utility>

namespace prefixlab {

namespace {

constexpr const char* kGridTitle = "Grid";

void report_grid(const GridSession& session) {
    // The grid trace's numbers (or why the last grid capture failed), for tests.
    if (session.failed())
        printf_to_terminal(stdout, "grid: error=%s\n", session.status().c_str());
    if (const LoadedGridTrace* grid = session.grid())
        printf_to_terminal(stdout, "%s step=%d\n", grid_report(*grid).c_str(), session.step());
    else if (!session.failed())
        printf_to_terminal(stdout, "grid: none\n");
    std::fflush(stdout);
}

} // namespace

void GridFeature::start(AppState& state) {
    session_.attach(state);
    state.add_work(session_);
}

void GridFeature::store(Scene& scene) const {
    scene.grid = session_.setup;
    scene.grid_step = session_.step();
}

void GridFeature::restore(const Scene& scene) {
    session_.setup = scene.grid;
    // Traced where the scene looks at it (or stepped it): a grid trace nobody looks at would take a core
    // for up to a second at start.
    if (scene.tab == kGridTitle || scene.tab == "Timeline" || scene.grid_step > 0) {
        session_.step_when_shown(scene.grid_step);
        session_.capture();
    }
}

void GridFeature::add_tabs(std::vector<TabMaker>& tabs) {
    tabs.push_back([this] { return std::make_unique<GridView>(session_); });
    tabs.push_back([this] { return std::make_unique<LookBackTimelineView>(session_); });
}

bool GridFeature::open_file(const std::string& path, FileKind kind, GuiHost&) {
    if (kind != FileKind::grid_trace)
        return false;
    session_.load(path); // in the background; the Grid tab opens on it once it is read
    return true;
}

std::vector<RecentFile> GridFeature::take_files_used() {
    std::vector<RecentFile> used;
    for (const std::string& path : session_.take_files_used())
        used.push_back({path, RecentKind::trace});
    return used;
}

void GridFeature::after_frame(GuiHost& host) {
    if (session_.take_tab_request()) {
        host.workspace.select_tab(std::string(kGridTitle));
        host.state.step_through(&session_); // the step keys step it from now, before the tab draws
    }
}

void GridFeature::add_menus(MenuTable& menus) {
    menus.add("View", [this](GuiHost& host) {
        // Grid traces: the settings panel's Grid scan section, and the Grid tab to see the trace in.
        if (ImGui::MenuItem("Grid scan…")) {
            host.workspace.select_tab(std::string(kGridTitle));
            open_section_ = true;
            host.workspace.open_sidebar();
            if (session_.grid() == nullptr && !session_.busy())
                session_.capture();
        }
    });
}

void GridFeature::draw_sidebar(AppState& state, const std::string&) {
    draw_grid_scan_controls(session_, state.gpu(), std::exchange(open_section_, false));
}

void GridFeature::add_commands(ScriptTable& table) {
    table.add({.name = "grid-trace",
               .usage = "grid-trace [driver=NAME] [n=N] [tile=THREADS] [body=B] [resident=R] [order=O] [seed=S] "
                        "[tiles=counter|block] [type=T] [op=OP] [exclusive=0|1] [input=KIND] [device=cpu|gpu] "
                        "[compact=KEEP|none] [sort=textbook|onesweep|none]",
               .help = "change the grid scan's settings (the settings panel's Grid scan section) and trace it in the "
                       "background; the script waits for it. `driver` one of `scan-then-propagate`, "
                       "`reduce-then-scan`, `two-level`, `atomic-global`, `chained`, `decoupled-look-back`; `n` 1 to "
                       "65536 (with `device=gpu` in the same command, up to 2^22); `tile` the threads per tile, 4, 8, "
                       "16 or a multiple of 32 up to 256 (4, 8 and 16 are one partial warp: `n=64 tile=8 "
                       "body=warp-shuffle` is 8 tiles of 8 elements); `body` `warp-shuffle` or `blelloch`, or "
                       "`registers` (the tuned scan's register tile, 4 elements per thread: `n=64 tile=8 "
                       "body=registers` is 2 tiles of 32 elements); `resident` the blocks resident at once (1–4096); "
                       "`order` the blocks' start order, `in-order`, `reversed` or `random` (with `seed`); `compact` "
                       "the single-pass compaction instead of a scan, keeping `odd`, `even`, `nonzero`, "
                       "`less-than:K` or `greater-than:K` (with its driver, `decoupled-look-back`, and body, "
                       "`registers`; `none`: a scan again); `sort` a radix sort of the input as keys instead of a "
                       "scan, `textbook` (4-bit passes, its driver `reduce-then-scan`, whole warps) or `onesweep` "
                       "(8-bit passes, 256 look-backs a tile, its driver `decoupled-look-back`, 256 threads), in the "
                       "emulator (`none`: a scan again); `tiles` "
                       "where a block's tile comes from, the atomic counter or its block index; `device` the "
                       "section's \"Run on\": `cpu` the emulator (the default), `gpu` the GPU at tile level, where "
                       "the hardware schedules the blocks and `resident`, `order` and `seed` do not apply (without a "
                       "GPU, `device=gpu` is the one-line error `Grid scan: no CUDA GPU to trace on (…)`, shown as a "
                       "failed capture is). Settings not given keep their values. A capture that fails — a deadlock "
                       "(`driver=chained tiles=block order=reversed resident=2`) — does not fail the script: its one "
                       "line is shown in the Grid and Timeline tabs and the status bar, the grid trace before it "
                       "stays, and `report-grid` prints it",
               .read_settings = [](const std::vector<std::string>& words) -> std::any {
                   return read_grid_trace_settings(words);
               },
               .run = [this](ScriptRun& run, const ScriptCommand& c) {
                   apply_grid_trace_settings(std::any_cast<const GridTraceSettings&>(c.settings), session_.setup);
                   session_.capture();
                   // Until the capture ends, whatever its outcome: a deadlock is an outcome to show.
                   run.wait_while([&run](std::string&) { return run.host().state.tracing(); });
               }});
    table.add({.name = "report-grid",
               .usage = "report-grid",
               .help = "print the grid trace: `grid: driver=decoupled-look-back n=256 tiles=8 launches=1 accesses=32 "
                       "steps=4 detail=elements totals=0/0/0 crossings=9 look-back deepest=2 mean=1.29 polls=9 "
                       "waited=0 verdict=consistent step=0` (`detail=tiles` above N = 4096; `totals` the tile totals' "
                       "reads/writes/atomics of a multi-launch driver; `crossings` the arrows between blocks before "
                       "thinning, totals and look-back polls; `verdict` is check_look_backs()' one line when a "
                       "look-back does not add up, `none` for a multi-launch driver, which has no look-back; `step` "
                       "the grid step shown), preceded by `grid: error=…` when the last grid capture failed, or "
                       "`grid: none`",
               .run = [this](ScriptRun&, const ScriptCommand&) { report_grid(session_); }});
}

} // namespace prefixlab
