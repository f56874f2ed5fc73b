# Included from tests/CMakeLists.txt: benchmark tests (statistics, CPU baseline scans, results files).
add_executable(prefixlab_bench_tests
  cpu/test_bench_csv.cpp
  cpu/test_bench_environment.cpp
  cpu/test_bench_json.cpp
  cpu/test_bench_load_time.cpp
  cpu/test_compact_table.cpp
  cpu/test_cpu_reductions.cpp
  cpu/test_reduce_table_csv.cpp
  cpu/test_cpu_scans.cpp
  cpu/test_sample_stats.cpp
  cpu/test_timed_table.cpp)
target_link_libraries(prefixlab_bench_tests PRIVATE prefixlab_test_support GTest::gtest_main)
target_compile_definitions(prefixlab_bench_tests PRIVATE PREFIXLAB_SOURCE_DIR="${PROJECT_SOURCE_DIR}") # the shipped table
gtest_discover_tests(prefixlab_bench_tests DISCOVERY_MODE PRE_TEST)
