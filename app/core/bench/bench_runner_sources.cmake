# Included from app/CMakeLists.txt: the benchmark harness (catalog, sizes, sweep).
target_sources(prefixlab_core PRIVATE
  core/bench/bench_catalog.cpp
  core/bench/bench_export.cpp
  core/bench/bench_plots.cpp
  core/bench/bench_runner.cpp
  core/bench/bench_series_preset.cpp
  core/bench/bench_sizes.cpp
  core/bench/bench_table.cpp
  core/bench/cold_cpu_arrays.cpp)
