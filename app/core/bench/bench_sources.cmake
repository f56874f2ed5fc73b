# Included from app/CMakeLists.txt: the benchmark sources of prefixlab_core.
target_sources(prefixlab_core PRIVATE
  core/bench/bench_csv.cpp
  core/bench/bench_environment.cpp
  core/bench/bench_json.cpp
  core/bench/bench_results.cpp
  core/bench/cpu_scans.cpp
  core/bench/sample_stats.cpp)
# The results files record which PrefixLab made them (bench_environment.cpp).
target_compile_definitions(prefixlab_core PRIVATE PREFIXLAB_VERSION="${PROJECT_VERSION}")
# CpuParallelScan's thread pool.
find_package(Threads REQUIRED)
target_link_libraries(prefixlab_core PUBLIC Threads::Threads)
