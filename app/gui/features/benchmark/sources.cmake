# The benchmark feature's sources (app/gui/CMakeLists.txt includes this file for each folder that
# features/feature_list.cpp includes from).
target_sources(prefixlab_gui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/bench_plot_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench_state.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bench_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/benchmark_commands.cpp
  ${CMAKE_CURRENT_LIST_DIR}/benchmark_feature.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gui_script_bench.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reduce_table_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reduce_table_state.cpp)
