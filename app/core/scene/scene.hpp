// A scene: the whole screen as one value (issue 32, point 3). What decides what a lecturer sees — the
// tab, the kernel and its full setup, the compare partner, the grid setup, the step and reveal, each
// view's zoom and scroll, the benchmark's view and series, the quiz's question and phase, the panels, the
// scale and the theme — so that it can be saved, restored on the next start, loaded by a script or
// `--scene FILE`, and later strung into lessons. Every field's default is the app's own start-up state,
// so a file that names only the tab shows the app as it starts on that tab. This is the model and its
// JSON (docs/scene.md), with no window or ImGui; the GUI applies it.
//
// Reading is strict, like settings_from_json_text (core/settings/settings.hpp): "format":
// "prefixlab-scene" and "version": 1 are required; every other field, at any level, is optional (an
// absent one keeps its default), but one that is present must have the right type and a value in range,
// and an unknown one is an error (a misspelt one would otherwise be ignored without a word). Any problem
// is a SceneFormatError whose one-line message names the field's path: "scene: capture.n: 5000 is above
// blelloch's limit of 2048", "scene: views.Values.zoom: expected a number, found \"big\"".
//
// What is checked against core lists and what only by its shape: kernels, drivers, bodies, orders,
// types, operators, inputs and devices by kernel_names' tables; bench.series, bench.plot and bench.scan by
// core/bench's; quiz.question by quiz_questions(); theme by kSettingsThemes; scale by valid_ui_scale.
// The tab's and the views' titles are the GUI's (its feature table): here only their shape is checked
// (1 to kMaxSceneTitleBytes bytes, no control characters); the GUI falls back to its first tab for a
// title it does not have, and ignores a view it does not have. bench.view's two names live here
// (kSceneBenchViews), for the GUI's `bench-view` command to share.
#pragma once

#include "core/capture/grid_capture.hpp"
#include "core/ground/scan_setup.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace prefixlab {

class SceneFormatError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

inline constexpr int kSceneFormatVersion = 1;
// The largest scene file read: a scene with the most views and the longest titles is under 40 KB;
// anything near 1 MiB is not a file PrefixLab wrote.
inline constexpr std::uint64_t kMaxSceneFileBytes = 1ull << 20;
// A tab's or a view's title, in bytes (titles are a few words; 256 leaves room for any language).
inline constexpr std::size_t kMaxSceneTitleBytes = 256;
// Views with a place of their own (the app has about a dozen, twice with compare mode's second side).
inline constexpr std::size_t kMaxSceneViews = 64;
// A scene nests three levels (views.TITLE.zoom), a full one holds about 400 values: limits far above
// both, checked before parsing (check_json_depth), so a hostile file is refused before a tree is built.
inline constexpr int kMaxSceneJsonDepth = 8;
inline constexpr std::size_t kMaxSceneJsonValues = 4096;
// A view's zoom: each view clamps it to its own range when the scene is applied; this only keeps out
// what no view could mean (zero, negative, infinite).
inline constexpr float kMinSceneZoom = 1.0f / 1024;
inline constexpr float kMaxSceneZoom = 1024.0f;

// The second trace of compare mode (F3): the first one's setup with another kernel, device or warp
// order (app/gui's CompareSession::Choice), and whether it is on.
struct SceneCompare {
    bool on = false;
    BlockAlgorithm algorithm = kDefaultBlockAlgorithm;
    DeviceChoice device = DeviceChoice::automatic;
    WarpOrder warp_order = WarpOrder::in_order;
    friend bool operator==(const SceneCompare&, const SceneCompare&) = default;
};

// Where a view is looking. The scroll anchors are fractions (0..1) of the scrollable range, not pixels,
// so that a scene saved on a laptop opens at the same place on a projector of another size and scale.
struct ViewPlace {
    float zoom = 1;   // the view's own zoom (a cell width, a row height…), 1: its default
    bool fit = false; // fit the whole content to the view (zoom and scroll are then the view's)
    float scroll_x = 0, scroll_y = 0;
    friend bool operator==(const ViewPlace&, const ViewPlace&) = default;
};

// The Benchmark tab's views, as the script's `bench-view` names them.
inline constexpr std::string_view kSceneBenchViews[] = {"sweep",      "reduce-table",    "compact-table",
                                                         "sort-table", "histogram-table", "segmented-table"};

inline constexpr std::size_t kMaxSceneBenchTable = 200;

// The Benchmark tab, by the names its script commands take. Defaults: BenchPlotOptions' (bench_plots.hpp).
struct SceneBench {
    std::string view = "sweep"; // kSceneBenchViews
    // name_of(BenchSeriesPreset), "all" or "lecture"; or the algorithms themselves, as `prefixlab bench --list`
    // names them, comma-separated ("cpu-std,cub,tuned-look-back")
    std::string series = "lecture";
    std::string plot = "time";  // name_of(BenchPlotKind): "time", "throughput", …
    std::string scan;           // bench_scan_name ("uint32-add"); "": the results' first scan
    bool transfers = false;     // GPU series include host↔device copies ("incl. transfers")
    // A timed table's view: which of its tables, by words of its title ("N = 2^28, 256 bins, uniform": the first
    // table whose figure title contains them, once it is read); "": as the view is. At most kMaxSceneBenchTable
    // bytes.
    std::string table;
    friend bool operator==(const SceneBench&, const SceneBench&) = default;
};

struct SceneQuiz {
    int question = 1;      // 1..quiz_questions().size()
    bool revealed = false; // the answer and its explanation shown
    bool source = false;   // the fragments as PrefixLab's source rather than as CUDA
    friend bool operator==(const SceneQuiz&, const SceneQuiz&) = default;
};

struct ScenePanels {
    bool sidebar = true;   // the settings panel (F9)
    bool narration = true; // the step's narration under the views (F2)
    bool source = false;   // the kernel's source beside the views (F4)
    bool source_prefixlab = false; // that panel shows PrefixLab's own lines rather than the CUDA form
    friend bool operator==(const ScenePanels&, const ScenePanels&) = default;
};

// The grid setup the Grid tab starts with: N = 64 in 8 tiles of 8 threads, decoupled look-back, four
// resident blocks in a seeded random start order (scene.cpp says why); the GUI's
// GridSession::default_setup() holds the same values and can call this instead.
GridCaptureRequest default_grid_scene_setup();

struct Scene {
    std::string tab = "Values"; // a tab's title
    ScanSetup capture;          // the block trace's kernel and its full setup
    SceneCompare compare;
    GridCaptureRequest grid =
        default_grid_scene_setup(); // its scan.input stays empty: made from n, input, seed
    int step = 0;                   // the block trace's step, 0.. (the GUI clamps it to the trace's steps)
    int grid_step = 0;              // the grid trace's
    bool reveal = false;            // reveal mode: later steps shown dimmed
    std::map<std::string, ViewPlace> views; // by view title; a view not named keeps its default place
    SceneBench bench;
    SceneQuiz quiz;
    ScenePanels panels;
    std::optional<float> scale; // none: from the monitor; else valid_ui_scale (settings.hpp)
    std::string theme = "dark"; // kSettingsThemes

    friend bool operator==(const Scene&, const Scene&);
};

// JSON text of `scene` (pretty, ends with a newline), and the strict inverse. `scene_from_json_text`
// throws SceneFormatError ("scene: FIELD: PROBLEM") and nothing else.
std::string scene_to_json_text(const Scene& scene);
Scene scene_from_json_text(std::string_view text);

// Reads a scene file through the bounded reader (kMaxSceneFileBytes; a directory, FIFO or device is
// refused before a byte is read): InputLimitError ("cannot read scene 'PATH': …") or SceneFormatError
// ("scene 'PATH': FIELD: PROBLEM"), one line each.
Scene load_scene_file(const std::string& path);

// Writes `scene` atomically under the output policy (atomic_file.hpp): a target that is a link, a
// directory, a FIFO or a device is refused with FileError before anything is written, and the file
// appears whole or not at all.
void save_scene_file(const Scene& scene, const std::string& path);

} // namespace prefixlab
