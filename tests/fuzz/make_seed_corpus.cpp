// Writes the fuzz targets' seed corpus, one folder per target, with PrefixLab's own writers: traces
// the emulator records, results files of a real CPU run and of parts of the shipped H100 results,
// size expressions, and scripts with every command docs/gui-script.md lists. Run at build time
// (tests/fuzz/fuzz_tests.cmake), so the seeds follow the formats as they change and nothing binary
// is committed.
//
//   prefixlab_make_seed_corpus OUT_DIR SOURCE_DIR
#include "core/ground/kernel_facts.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/quiz/quiz_outcomes_file.hpp"
#include "core/bench/bench_json.hpp"
#include "core/bench/bench_runner.hpp"
#include "core/bench/reduce_table.hpp"
#include "core/capture/grid_capture.hpp"
#include "core/capture/trace_capture.hpp"
#include "core/trace/grid_trace_json.hpp"
#include "core/ground/block_limits.hpp"
#include "core/trace/trace_json.hpp"

#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace prefixlab {
namespace {

void write_seed(const fs::path& folder, const std::string& name, const std::string& text) {
    std::ofstream out(folder / name, std::ios::binary);
    out << text;
    if (!out.flush())
        throw std::runtime_error("cannot write " + (folder / name).string());
}

std::string read_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in)
        throw std::runtime_error("cannot read " + path.string());
    return text.str();
}

// --- grid traces: both single-pass protocols at element detail and tile level, a multi-launch one -

void write_grid_trace_seeds(const fs::path& folder) {
    const auto capture = [&](GridDriver protocol, std::uint64_t n, ElementType type, const std::string& file) {
        GridCaptureRequest request;
        request.scan.driver = protocol;
        request.scan.type = type;
        request.scan.tile_threads = 32;
        request.n = n;
        request.input = InputKind::random;
        request.schedule = GridSchedule{3, BlockStartOrder::seeded_random, 2};
        std::ostringstream text;
        write_grid_trace_json(capture_grid_trace(request), text);
        write_seed(folder, file, text.str());
    };
    capture(GridDriver::decoupled_look_back, 100, ElementType::int32, "look-back-n100.json");
    capture(GridDriver::chained, 70, ElementType::float32, "chained-n70-float.json");
    capture(GridDriver::decoupled_look_back, 5000, ElementType::uint32, "look-back-n5000-tiles.json");
    // A multi-launch driver as `prefixlab grid-trace --driver two-level --n 8192` writes it (tile level).
    capture(GridDriver::two_level, 8192, ElementType::uint32, "two-level-n8192-tiles.json");
    // The single-pass compaction as `prefixlab grid-trace --compact less-than:500 --n 600` writes it
    // (config.compaction, its status words carrying kept counts).
    GridCaptureRequest compaction;
    compaction.scan.body = TileScanBody::registers;
    compaction.scan.tile_threads = 32;
    compaction.scan.compaction = true;
    compaction.scan.keep = {KeepRule::less_than, 500};
    compaction.n = 600;
    compaction.input = InputKind::random;
    compaction.schedule = GridSchedule{3, BlockStartOrder::seeded_random, 2};
    std::ostringstream compaction_text;
    write_grid_trace_json(capture_grid_trace(compaction), compaction_text);
    write_seed(folder, "compaction-n600-tiles.json", compaction_text.str());
    // The sorts as `prefixlab grid-trace --sort onesweep --n 700 --type float` and `--sort textbook` write
    // them (config.sort; Onesweep's status words 256 a tile, carrying digit counts).
    for (const GridSortForm form : {GridSortForm::onesweep, GridSortForm::textbook}) {
        GridCaptureRequest sort;
        sort.scan.sort = form;
        sort.scan.driver = form == GridSortForm::onesweep ? GridDriver::decoupled_look_back : GridDriver::reduce_then_scan;
        sort.scan.tile_threads = form == GridSortForm::onesweep ? 256 : 64;
        sort.scan.type = ElementType::float32;
        sort.n = 700;
        sort.input = InputKind::random;
        sort.schedule = GridSchedule{3, BlockStartOrder::seeded_random, 2};
        std::ostringstream sort_text;
        write_grid_trace_json(capture_grid_trace(sort), sort_text);
        write_seed(folder, form == GridSortForm::onesweep ? "onesweep-n700-float.json" : "textbook-sort-n700-float.json",
                   sort_text.str());
    }
}

// --- traces: every algorithm at awkward small N, and the other types, operators and inputs ---------

void write_trace_seeds(const fs::path& folder) {
    struct Variant {
        ElementType type;
        ScanOperator op;
        bool exclusive;
        InputKind input;
    };
    const std::vector<Variant> variants = {
        {ElementType::uint32, ScanOperator::max, true, InputKind::random},
        {ElementType::float32, ScanOperator::add, false, InputKind::random},
        {ElementType::float32, ScanOperator::min, true, InputKind::ones},
    };
    // Small: libFuzzer's mutations cost time per byte, and N = 33 already has a partial second warp.
    for (BlockAlgorithm algorithm : all_block_algorithms()) {
        if (has_divergent_sync(algorithm))
            continue; // no trace: the emulator reports the barrier or shuffle not every thread reaches
        const std::string name(name_of(algorithm));
        auto capture = [&](int n, const Variant& v, const std::string& file) {
            ScanSetup request;
            request.algorithm = algorithm;
            request.n = n;
            request.type = fixed_element_type(algorithm).value_or(v.type); // a segmented scan's uint32
            request.op = v.op;
            request.exclusive = v.exclusive;
            request.input = v.input;
            request.seed = 7;
            request.device = DeviceChoice::cpu;
            std::ostringstream text;
            write_trace_json(capture_trace(request).trace, text);
            write_seed(folder, file, text.str());
        };
        for (int n : {1, 5, 32, 33})
            capture(n, {ElementType::int32, ScanOperator::add, false, InputKind::iota},
                    name + "-n" + std::to_string(n) + ".json");
        for (std::size_t i = 0; i < variants.size(); ++i)
            capture(7, variants[i], name + "-variant" + std::to_string(i) + ".json");
    }
}

// --- results files: a real CPU run, and parts of the shipped H100 run (GPU points, a block sweep) ---

BenchRun with_points(const BenchRun& run, const std::vector<BenchPoint>& points) {
    BenchRun part = run;
    part.points = points;
    return part;
}

// Harris's tables: the shipped H100 one, a CPU-only one timed here, and one with quoting to exercise.
void write_reduce_table_seeds(const fs::path& folder, const fs::path& source_dir) {
    write_seed(folder, "h100.csv", read_text(source_dir / "assets/bench/h100-reduce-table.csv"));
    ReduceTableOptions options;
    options.gpu = false;
    options.repetitions = 2;
    options.warmup = 0;
    std::ostringstream cpu;
    write_reduce_table_csv(cpu, {run_reduce_table(1024, options), run_reduce_table(4096, options)});
    write_seed(folder, "cpu-two-sizes.csv", cpu.str());
    write_seed(folder, "quoted.csv",
               std::string(kReduceTableCsvHeader) +
                   "\r\n7,\"cub\",\"a \"\"quoted\"\", comma\",1e-05,2.5,0.5,0,0,no,\"dev\",\"\",\"\"\r\n");
}

// The quiz's outcomes: the shipped H100 file, and one with every result and a few wrong cells.
void write_quiz_outcomes_seeds(const fs::path& folder, const fs::path& source_dir) {
    write_seed(folder, "h100.json", read_text(source_dir / "assets/quiz/h100-quiz-outcomes.json"));
    QuizOutcomes outcomes;
    outcomes.device = "a GPU";
    outcomes.driver = "1.2";
    outcomes.date = "2026-11-24T00:00:00Z";
    outcomes.command = "prefixlab quiz --device gpu --out seed.json";
    for (const QuizResult result : {QuizResult::correct, QuizResult::wrong_cells, QuizResult::detected_error,
                                    QuizResult::hung, QuizResult::failed, QuizResult::not_run}) {
        QuizOutcomeRecord run;
        run.algorithm = all_block_algorithms()[outcomes.runs.size()];
        run.n = 64;
        run.outcome.result = result;
        run.outcome.cells = 64;
        if (result == QuizResult::wrong_cells) {
            run.outcome.wrong_count = 2;
            run.outcome.first_wrong = {{3, 7, 4}, {63, 0, 64}};
        }
        run.outcome.detail = result == QuizResult::failed ? "CUDA: unspecified launch failure" : "";
        run.outcome.racecheck = "racecheck: RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)";
        outcomes.runs.push_back(run);
    }
    std::ostringstream text;
    write_quiz_outcomes(outcomes, text);
    write_seed(folder, "every-result.json", text.str());
}

void write_results_seeds(const fs::path& folder, const fs::path& source_dir) {
    class Quiet : public BenchObserver {};
    Quiet quiet;
    BenchSpec spec;
    spec.algorithms = {"cpu-loop", "cpu-std", "cpu-parallel"};
    spec.sizes = {1024, 4096};
    spec.repetitions = 3;
    spec.warmup = 1;
    spec.command = "prefixlab_make_seed_corpus";
    write_seed(folder, "cpu-run.json", bench_run_to_json(run_bench(spec, quiet)));

    const BenchRun h100 = read_bench_json((source_dir / "assets/bench/h100-default.json").string());
    std::vector<BenchPoint> small_n, sweep;
    std::set<std::string> swept;
    for (const BenchPoint& point : h100.points) {
        if (point.n == 1024 || point.n == (1u << 20))
            small_n.push_back(point);
        // A block sweep (several block sizes at one N) for two algorithms keeps the seed small.
        if (point.n == (1u << 24) && point.block_threads > 0 &&
            (swept.size() < 2 || swept.count(point.algorithm))) {
            swept.insert(point.algorithm);
            sweep.push_back(point);
        }
    }
    write_seed(folder, "h100-two-sizes.json", bench_run_to_json(with_points(h100, small_n)));
    write_seed(folder, "h100-block-sweep.json", bench_run_to_json(with_points(h100, sweep)));

    BenchRun cancelled =
        with_points(h100, {small_n.begin(), small_n.begin() + std::min<std::size_t>(3, small_n.size())});
    cancelled.label = "";
    cancelled.cancelled = true;
    cancelled.skipped = {"N = 2^31: needs 16.0 GiB on the GPU, 9.5 GiB free",
                         "FAILED: stp-blelloch at N = 2^20"};
    write_seed(folder, "h100-cancelled.json", bench_run_to_json(cancelled));
    write_seed(folder, "no-points.json", bench_run_to_json(with_points(h100, {})));
}

// --- size expressions, as --n, --block-n and the script's n= take them ------------------------------

void write_size_seeds(const fs::path& folder) {
    const std::vector<std::string> expressions = {
        "1", "1000", "2^20", "2^10..2^28", "3..100", "2^4,2^8,1000", "2^34", "17179869184", "2^10..2^12,5000",
    };
    for (std::size_t i = 0; i < expressions.size(); ++i)
        write_seed(folder, "sizes-" + std::to_string(i) + ".txt", expressions[i]);
}

// --- scripts: an example of every command in docs/gui-script.md's table, one seed each and together -

// The command names in the first column of the documentation's command table ("| `trace [algo=…`").
std::set<std::string> documented_commands(const fs::path& doc) {
    std::set<std::string> names;
    std::istringstream lines(read_text(doc));
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("| `", 0) != 0)
            continue;
        const std::string cell = line.substr(3, line.find(" |", 3) - 3);
        // "play`, `pause`": several commands in one cell
        for (std::size_t at = 0; at < cell.size();) {
            const std::size_t end = cell.find_first_of(" `\\", at);
            names.insert(cell.substr(at, end - at));
            const std::size_t next = cell.find(", `", at);
            at = next == std::string::npos ? cell.size() : next + 3;
        }
    }
    return names;
}

void write_script_seeds(const fs::path& folder, const fs::path& source_dir) {
    const std::map<std::string, std::string> examples = {
        {"open", "open trace.json\nopen grid.json\ntab Grid\nreport-grid"},
        {"trace",
         "trace algo=blelloch-padded n=33 input=random seed=7 type=float op=max exclusive=1 device=cpu\n"
         "trace algo=compact values=10,0,3,9,2,0,1,2 keep=less-than:3 device=cpu"},
        {"compare", "trace algo=hillis-steele-racy n=16 device=cpu order=interleaved\ncompare algo=hillis-steele order=in-order"},
        {"compare-file", "compare-file trace.json"},
        {"grid-trace", "grid-trace driver=chained n=1000 tile=64 body=blelloch resident=2 order=random seed=4 tiles=block "
                       "type=float op=max exclusive=1 input=random\ngrid-trace driver=decoupled-look-back tiles=counter\n"
                       "grid-trace device=gpu n=100000\ngrid-trace device=cpu n=256\n"
                       "grid-trace compact=less-than:10 tile=32 n=4096\ngrid-trace compact=none\ngrid-trace sort=onesweep n=2000 type=float\ngrid-trace sort=textbook tile=64\ngrid-trace sort=none"},
        {"report-grid", "grid-trace n=64 tile=32\ntab Grid\nstep last\nreport-grid"},
        {"compare-off", "compare\ncompare-off"},
        {"step", "step first\nstep 4\nstep next\nstep prev\nstep last"},
        {"play", "play"},
        {"pause", "pause"},
        {"wait", "wait 10"},
        {"tab", "tab Dataflow"},
        {"scale", "scale 1.5"},
        {"theme", "theme projector"},
        {"check-layout", "check-layout"},
        {"report-shown", "report-shown\nreport-shown export"},
        {"lesson-open", "lesson-open lesson.md\nkey PageDown\nlesson-wait"},
        {"lesson-go", "lesson-open lesson.md\nlesson-go 2"},
        {"lesson-wait", "lesson-wait"},
        {"lesson-notes", "lesson-notes on\nlesson-notes off"},
        {"lesson-close", "lesson-close"},
        {"report-lesson", "report-lesson"},
        {"lesson-add-scene", "tab Banks\nlesson-add-scene\nlesson-add-scene"},
        {"lesson-save", "lesson-add-scene\nlesson-save built.md"},
        {"lesson-handout", "lesson-add-scene\nlesson-handout handout.pdf pictures"},
        {"report-presenter", "lesson-add-scene\nreport-presenter"},
        {"lesson-save-as", "lesson-add-scene\nlesson-save-as lessons\nbrowser-enter copy.md"},
        {"presenter-screenshot", "lesson-add-scene\npresenter-screenshot notes.png"},
        {"lesson-delete", "lesson-add-scene\nlesson-add-scene\nlesson-delete 1"},
        {"lesson-move", "lesson-add-scene\nlesson-add-scene\nlesson-move 2 up\nlesson-move 1 down"},
        {"report-lesson-scene", "lesson-add-scene\nreport-lesson-scene"},
        {"source-form", "key F4\nsource-form prefixlab\nsource-form cuda"},
        {"report-source", "key F4\nreport-source"},
        {"key", "key F11"},
        {"stall", "stall 20"},
        {"about", "about open\nkey Escape\nabout close"},
        {"report", "report"},
        {"report-values", "report-values"},
        {"report-narration", "report-narration"},
        {"report-compare", "compare\nreport-compare"},
        {"screenshot", "screenshot out.png"},
        {"measure-frames", "measure-frames 30 frames.json"},
        {"hover", "hover 400 300"},
        {"wheel", "wheel 400 300 down 3\nwheel 400 300 right 2"},
        {"click", "click 10 20"},
        {"bench", "bench algos=cpu n=2^10..2^12 reps=3 warmup=1 seed=2 block=64,128 block-n=2^12"},
        {"wait-bench", "wait-bench 0.5\nwait-bench"},
        {"cancel-bench", "cancel-bench"},
        {"plot", "plot block-sweep\nplot copy-fraction"},
        {"bench-series", "bench-series lecture\nbench-series all"},
        {"bench-scan", "bench-scan float-max-exclusive\nbench-report\nbench-scan uint32-add"},
        {"bench-report", "bench-report"},
        {"export-plots", "export-plots plots"},
        {"export-plot", "export-plot plots svg"},
        {"export-results", "export-results results"},
        {"open-results", "open-results bench.json"},
        {"bench-view", "bench-view reduce-table\nbench-view compact-table\nbench-view sort-table\nbench-view histogram-table\n"
                       "bench-view segmented-table\nbench-view sweep"},
        {"time-reduce-table", "time-reduce-table 4096"},
        {"open-reduce-table", "open-reduce-table harris.csv"},
        {"report-reading", "open-reduce-table harris.csv\nreport-reading"},
        {"export-reduce-table", "export-reduce-table slides pdf\nexport-reduce-table slides csv"},
        {"time-compact-table", "time-compact-table 4096"},
        {"open-compact-table", "open-compact-table compaction.csv"},
        {"export-compact-table", "export-compact-table slides png\nexport-compact-table slides csv"},
        {"time-sort-table", "time-sort-table 4096"},
        {"open-sort-table", "open-sort-table sort.csv"},
        {"export-sort-table", "export-sort-table slides svg\nexport-sort-table slides csv"},
        {"time-histogram-table", "time-histogram-table 4096"},
        {"open-histogram-table", "open-histogram-table histogram.csv"},
        {"export-histogram-table", "export-histogram-table slides png\nexport-histogram-table slides csv"},
        {"time-segmented-table", "time-segmented-table 4096"},
        {"open-segmented-table", "open-segmented-table segmented.csv"},
        {"export-segmented-table", "export-segmented-table slides pdf\nexport-segmented-table slides csv"},
        {"quiz", "quiz 2\nquiz 3"},
        {"quiz-run", "quiz 1\nquiz-run"},
        {"quiz-reveal", "quiz-reveal on\nquiz-reveal off"},
        {"quiz-source", "quiz-source source\nquiz-source cuda"},
        {"report-quiz", "quiz-run\nreport-quiz"},
        {"drop", "drop trace.json"},
        {"open-browser", "open-browser save results\nopen-browser trace\ngrid-trace n=64\ntab Grid\nopen-browser save"},
        {"browser-enter", "open-browser results\nbrowser-enter bench.json"},
        {"report-settings", "report-settings"},
        {"export-view", "export-view view.png"},
        {"export-svg", "tab Dataflow\nexport-svg view.svg"},
        {"export-gif", "tab Values\nexport-gif steps.gif"},
        {"export-steps", "export-steps steps"},
        {"wait-idle", "trace algo=blelloch n=64\nwait-idle"},
        {"scene-save", "tab Banks\nscene-save scene.json"},
        {"scene-load", "scene-load scene.json\nreport"},
        {"report-scene", "scale 2\nreport-scene"},
        {"quit", "quit # the end"},
    };
    std::string all;
    for (const std::string& name : documented_commands(source_dir / "docs/gui-script.md")) {
        const auto example = examples.find(name);
        if (example == examples.end())
            throw std::runtime_error("docs/gui-script.md documents '" + name +
                                     "': add an example of it to tests/fuzz/make_seed_corpus.cpp");
        write_seed(folder, name + ".script", example->second + "\n");
        all += example->second + "\n";
    }
    write_seed(folder, "every-command.script", all);
    write_seed(folder, "readme.script", read_text(source_dir / "docs/images/readme.script"));
}

} // namespace
} // namespace prefixlab

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: prefixlab_make_seed_corpus OUT_DIR SOURCE_DIR\n");
        return 2;
    }
    const fs::path out = argv[1], source_dir = argv[2];
    try {
        // Each target's folder holds exactly this build's seeds: start afresh.
        const std::map<std::string, void (*)(const fs::path&, const fs::path&)> targets = {
            {"trace_loader", [](const fs::path& f, const fs::path&) { prefixlab::write_trace_seeds(f); }},
            {"results_loader", prefixlab::write_results_seeds},
            {"reduce_table_loader", prefixlab::write_reduce_table_seeds},
            {"quiz_outcomes_loader", prefixlab::write_quiz_outcomes_seeds},
            {"sizes", [](const fs::path& f, const fs::path&) { prefixlab::write_size_seeds(f); }},
            {"grid_trace_loader", [](const fs::path& f, const fs::path&) { prefixlab::write_grid_trace_seeds(f); }},
            {"script", prefixlab::write_script_seeds},
        };
        for (const auto& [target, write] : targets) {
            fs::remove_all(out / target);
            fs::create_directories(out / target);
            write(out / target, source_dir);
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "prefixlab: error: seed corpus: %s\n", e.what());
        return 1;
    }
    return 0;
}
