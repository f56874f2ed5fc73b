# Included from tests/CMakeLists.txt: the benchmark harness (sizes, catalog, sweep), plots of
# results, tables and exports.
add_executable(prefixlab_bench_harness_tests
  cpu/test_bench_copy_fraction.cpp
  cpu/test_bench_export.cpp
  cpu/test_bench_harness.cpp
  cpu/test_bench_plots.cpp
  cpu/test_bench_series.cpp
  cpu/test_bench_tuning.cpp)
target_link_libraries(prefixlab_bench_harness_tests PRIVATE prefixlab_test_support GTest::gtest_main)
target_compile_definitions(prefixlab_bench_harness_tests PRIVATE PREFIXLAB_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
gtest_discover_tests(prefixlab_bench_harness_tests DISCOVERY_MODE PRE_TEST)
