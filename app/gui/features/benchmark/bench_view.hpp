// The Benchmark tab: a sweep's settings (algorithms, N range, repetitions, block sizes), Run and
// Cancel with a progress bar and the time left, the result sets on show, exports, and the plot; or,
// switched at its top, Harris's reduction table or the compaction table (timed_table_panel.hpp).
#pragma once

#include "gui/features/benchmark/bench_plot_panel.hpp"
#include "gui/features/benchmark/timed_table_panel.hpp"
#include "gui/views/view.hpp"

#include <optional>
#include <string>

namespace prefixlab {

class BenchState;

class BenchView final : public View {
public:
    explicit BenchView(BenchState& bench) : bench_(bench) {}
    const char* title() const override { return "Benchmark"; }
    bool shows_steps() const override { return false; } // the plot keeps the whole height
    void draw(AppState& state, const ViewContext& context) override;

private:
    void draw_sweep(BenchState& bench, const ViewContext& context);
    void draw_settings(BenchState& bench);
    void draw_algorithms(BenchState& bench);
    void draw_progress(BenchState& bench);
    void draw_results(BenchState& bench);
    void draw_export(BenchState& bench);

    // Widths in font sizes: the settings column, and the least the plot keeps beside it.
    static constexpr float kSettingsColumnEms = 21;
    static constexpr float kPlotMinEms = 40;

    BenchPlotPanel plot_;
    TimedTablePanel reduce_table_{BenchShows::reduce_table, 22};   // at Harris's size
    TimedTablePanel compact_table_{BenchShows::compact_table, 28}; // at the size the lecture's figures use
    TimedTablePanel sort_table_{BenchShows::sort_table, 24};       // a minute of CPU rows here at 2^24
    TimedTablePanel histogram_table_{BenchShows::histogram_table, 24};
    TimedTablePanel segmented_table_{BenchShows::segmented_table, 24};
    std::optional<bool> settings_choice_; // the lecturer's; until then, by the room there is
    char results_path_[512] = "";
    char export_folder_[512] = "";
    std::string shown_folder_; // bench.export_folder as last copied into export_folder_
    BenchState& bench_;
};

} // namespace prefixlab
