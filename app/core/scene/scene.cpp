#include "core/scene/scene.hpp"

#include "core/util/atomic_file.hpp"
#include "core/util/input_limits.hpp"

namespace prefixlab {

namespace {

// GridCaptureRequest and its parts have no operator== of their own (the launch request carries its
// input, which a comparison of setups must not copy around); a scene's grid is compared field by field.
bool same_grid(const GridCaptureRequest& a, const GridCaptureRequest& b) {
    return a.scan.input == b.scan.input && a.scan.type == b.scan.type && a.scan.op == b.scan.op &&
           a.scan.exclusive == b.scan.exclusive && a.scan.driver == b.scan.driver &&
           a.scan.order == b.scan.order && a.scan.body == b.scan.body &&
           a.scan.tile_threads == b.scan.tile_threads && a.n == b.n && a.input == b.input &&
           a.seed == b.seed && a.schedule.resident == b.schedule.resident &&
           a.schedule.order == b.schedule.order && a.schedule.seed == b.schedule.seed && a.device == b.device &&
           a.scan.compaction == b.scan.compaction && a.scan.keep == b.scan.keep && a.scan.sort == b.scan.sort;
}

} // namespace

GridCaptureRequest default_grid_scene_setup() {
    // N = 64 in 8 tiles of 8 (8 threads, one partial warp, with the warp-shuffle body), the issue's
    // example: the whole grid and its dataflow fit the view with every value readable. Four resident
    // blocks started in a random order make look-backs that go past one predecessor.
    GridCaptureRequest request;
    request.scan.driver = GridDriver::decoupled_look_back;
    request.scan.order = TileOrder::atomic_counter;
    request.scan.body = TileScanBody::warp_shuffle;
    request.scan.tile_threads = 8;
    request.n = 64;
    request.input = InputKind::iota;
    request.seed = 1;
    request.schedule = GridSchedule{4, BlockStartOrder::seeded_random, 3};
    return request;
}

bool operator==(const Scene& a, const Scene& b) {
    return a.tab == b.tab && a.capture == b.capture && a.compare == b.compare && same_grid(a.grid, b.grid) &&
           a.step == b.step && a.grid_step == b.grid_step && a.reveal == b.reveal && a.views == b.views &&
           a.bench == b.bench && a.quiz == b.quiz && a.panels == b.panels && a.scale == b.scale &&
           a.theme == b.theme;
}

Scene load_scene_file(const std::string& path) {
    // The bounded reader refuses a directory, a FIFO or a device before reading a byte, and a file over
    // the limit before reading it whole.
    const std::string text = read_bounded_file(path, kMaxSceneFileBytes, "scene");
    try {
        return scene_from_json_text(text);
    } catch (const SceneFormatError& e) {
        // "scene: capture.n: …" becomes "scene 'PATH': capture.n: …": which file, then which field.
        const std::string_view what = e.what();
        constexpr std::string_view prefix = "scene: ";
        throw SceneFormatError("scene '" + quoted_path(path) + "': " +
                               std::string(what.starts_with(prefix) ? what.substr(prefix.size()) : what));
    }
}

void save_scene_file(const Scene& scene, const std::string& path) {
    // The policy's check before the text is made: a link, a directory, a FIFO or a device at `path` is
    // refused, never written through.
    require_writable(path);
    const std::string text = scene_to_json_text(scene);
    write_file_atomically(path, [&](std::ostream& out) { out << text; });
}

} // namespace prefixlab
