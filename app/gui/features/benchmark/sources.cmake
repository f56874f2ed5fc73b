# The benchmark feature's sources (app/gui/CMakeLists.txt includes this file for each folder that
# features/feature_list.cpp includes from).
prefixlab_feature_sources(bench_plot_panel.cpp bench_state.cpp bench_view.cpp benchmark_commands.cpp
                          benchmark_feature.cpp gui_script_bench.cpp timed_table_panel.cpp
                          timed_table_state.cpp)
