// The Benchmark feature: the tab that times the scans against the CPU across N (the sweep, its plots
// and exports) and shows the timed tables (Harris's reduction table, the compaction table); its state
// (bench_state, timed_table_state), its key (F6 runs the sweep, Esc cancels it), the results files it
// opens, and its script commands (`bench`, `wait-bench`, `plot`, `export-plots`, `open-results`,
// `time-reduce-table`, `time-compact-table`, …; docs/gui-script.md).
#pragma once

#include "gui/features/benchmark/bench_state.hpp"
#include "gui/shell/feature.hpp"

namespace prefixlab {

class BenchmarkFeature final : public Feature {
public:
    BenchmarkFeature();
    void add_tabs(std::vector<TabMaker>& tabs) override;
    void add_commands(ScriptTable& table) override;
    void add_shortcuts(ShortcutTable& table) override;
    void start(AppState& state) override;
    bool open_file(const std::string& path, FileKind kind, GuiHost& host) override;
    std::vector<RecentFile> take_files_used() override;
    void store(Scene& scene) const override;
    void restore(const Scene& scene) override;

private:
    AppState* state_ = nullptr; // where messages go, once started
    BenchState bench_;
};

} // namespace prefixlab
