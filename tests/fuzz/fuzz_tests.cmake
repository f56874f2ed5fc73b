# Included from tests/CMakeLists.txt: the fuzz targets (docs/fuzzing.md). Each target is one
# LLVMFuzzerTestOneInput over an in-memory input. With PREFIXLAB_FUZZ=ON (clang) it links libFuzzer
# and fuzzes; otherwise it links replay_main.cpp, which runs it over given files. Either way ctest
# replays the seed corpus that prefixlab_make_seed_corpus writes at build time and every regression
# committed in fuzz/regressions/<target>/.
add_executable(prefixlab_make_seed_corpus fuzz/make_seed_corpus.cpp)
target_link_libraries(prefixlab_make_seed_corpus PRIVATE prefixlab_core)

set(PREFIXLAB_SEED_CORPUS ${CMAKE_CURRENT_BINARY_DIR}/fuzz-corpus)
add_custom_command(
  OUTPUT ${PREFIXLAB_SEED_CORPUS}/written
  COMMAND prefixlab_make_seed_corpus ${PREFIXLAB_SEED_CORPUS} ${PROJECT_SOURCE_DIR}
  COMMAND ${CMAKE_COMMAND} -E touch ${PREFIXLAB_SEED_CORPUS}/written
  DEPENDS prefixlab_make_seed_corpus ${PROJECT_SOURCE_DIR}/assets/bench/h100-default.json
          ${PROJECT_SOURCE_DIR}/assets/bench/h100-reduce-table.csv
          ${PROJECT_SOURCE_DIR}/docs/gui-script.md ${PROJECT_SOURCE_DIR}/docs/images/readme.script
  COMMENT "Writing the fuzz targets' seed corpus")
add_custom_target(prefixlab_seed_corpus ALL DEPENDS ${PREFIXLAB_SEED_CORPUS}/written)

# prefixlab_fuzz_target(NAME LIBRARY): fuzz_NAME from fuzz/fuzz_NAME.cpp, and its replay test.
function(prefixlab_fuzz_target name library)
  if(PREFIXLAB_FUZZ)
    add_executable(fuzz_${name} fuzz/fuzz_${name}.cpp)
    target_link_options(fuzz_${name} PRIVATE -fsanitize=fuzzer)
    set(replay_only -runs=0) # libFuzzer: run the given inputs, do not fuzz
  else()
    add_executable(fuzz_${name} fuzz/fuzz_${name}.cpp fuzz/replay_main.cpp)
    set(replay_only)
  endif()
  target_link_libraries(fuzz_${name} PRIVATE ${library})
  target_include_directories(fuzz_${name} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}) # "fuzz/null_painter.hpp"
  add_test(NAME fuzz.${name}.replay
           COMMAND fuzz_${name} ${replay_only} ${PREFIXLAB_SEED_CORPUS}/${name}
                   ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/regressions/${name})
  set_tests_properties(fuzz.${name}.replay PROPERTIES LABELS fuzz TIMEOUT 300)
endfunction()

prefixlab_fuzz_target(results_loader prefixlab_core)
prefixlab_fuzz_target(reduce_table_loader prefixlab_core)
prefixlab_fuzz_target(quiz_outcomes_loader prefixlab_core)
prefixlab_fuzz_target(sizes prefixlab_core)
prefixlab_fuzz_target(grid_trace_loader prefixlab_core)
# What the GUI computes for a loaded trace, and the script parser, live in the GUI library.
if(PREFIXLAB_GUI)
  prefixlab_fuzz_target(trace_loader prefixlab_gui)
  prefixlab_fuzz_target(script prefixlab_gui)
endif()
