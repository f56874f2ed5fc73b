# GUI tests: the real prefixlab binary in a real window, under Xvfb (xvfb-run) with Mesa.
find_program(PREFIXLAB_XVFB_RUN xvfb-run)
if(NOT PREFIXLAB_XVFB_RUN)
  message(FATAL_ERROR "xvfb-run not found: install xvfb (tools/bootstrap.sh does) or configure with -DPREFIXLAB_GUI=OFF")
endif()
add_executable(prefixlab_gui_tests
  gui/test_gui_bench_hall.cpp
  gui/test_gui_diagrams.cpp
  gui/test_gui_exports.cpp
  gui/test_gui_files_settings.cpp
  gui/test_gui_grid_files.cpp
  gui/test_gui_grid_views.cpp
  gui/test_gui_hardening.cpp
  gui/test_gui_hostile_files.cpp
  gui/test_gui_key_taps.cpp
  gui/test_gui_layout.cpp
  gui/test_gui_lessons.cpp
  gui/test_gui_lecture_views.cpp
  gui/test_gui_presentation.cpp
  gui/test_gui_quiz.cpp
  gui/test_gui_radix_sort.cpp
  gui/test_gui_reduce_table.cpp
  gui/test_gui_scenes.cpp
  gui/test_gui_screenshots.cpp
  gui/test_gui_svg_export.cpp
  gui/test_gui_teaching_aids.cpp
  gui/test_gui_trace_file.cpp
  gui/test_gui_value_table.cpp
  support/png_image.cpp
  ${PROJECT_SOURCE_DIR}/app/gui/colour_map.cpp
  ${PROJECT_SOURCE_DIR}/app/gui/theme.cpp)
target_link_libraries(prefixlab_gui_tests PRIVATE prefixlab_test_support prefixlab::stb GTest::gtest_main)
target_compile_definitions(prefixlab_gui_tests PRIVATE PREFIXLAB_BINARY="$<TARGET_FILE:prefixlab>"
                                                       PREFIXLAB_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
                                                       PREFIXLAB_XVFB_RUN="${PREFIXLAB_XVFB_RUN}"
                                                       PREFIXLAB_SANITIZED=$<BOOL:${PREFIXLAB_SANITIZE}>)
if(PREFIXLAB_HAVE_GIF) # the GIF export's test decodes with giflib
  target_compile_definitions(prefixlab_gui_tests PRIVATE PREFIXLAB_HAVE_GIF=1)
  target_link_libraries(prefixlab_gui_tests PRIVATE GIF::GIF)
endif()
add_dependencies(prefixlab_gui_tests prefixlab)
# The binary in kGuiShards parts (Google Test's sharding: every kGuiShards-th test), each its own ctest test
# under its own Xvfb server (-a picks a free display). Whole, it took 525 s under AddressSanitizer in CI
# (c9fc35c), near its 600-s limit, before the shipped lessons' walk came; in four parts each stays far
# below it. RESOURCE_LOCK: the parts run one after another, each beside the other tests but not beside each
# other (a key-tap test once missed taps with both cores loaded by drawing).
# GTEST_BRIEF: only failures are printed (and the tests' own figures), so that a failed run's output
# starts with the failure, not with seventy passing tests (CI shows the start of a failed test's output).
# TIMEOUT: 600 s leaves room without hiding a hang for long.
# COST: ctest starts the costliest tests first; without it the binary started last (test 1390 of 1396 in a
# fresh clone, which has no timing history) and ran alone at the end of each CI job, with the other core idle.
set(kGuiShards 4)
math(EXPR last_shard "${kGuiShards} - 1")
foreach(shard RANGE ${last_shard})
  add_test(NAME gui.screenshots.${shard}
           COMMAND ${PREFIXLAB_XVFB_RUN} -a -s "-screen 0 1920x1080x24" $<TARGET_FILE:prefixlab_gui_tests>)
  set_tests_properties(gui.screenshots.${shard} PROPERTIES LABELS gui TIMEOUT 600 COST 1000 RESOURCE_LOCK gui_window
                       ENVIRONMENT "GTEST_BRIEF=1;GTEST_TOTAL_SHARDS=${kGuiShards};GTEST_SHARD_INDEX=${shard}")
endforeach()

# The layout check itself, on frames drawn headless to fail and to pass (no window, no OpenGL), and the
# themes' text colours against their backgrounds.
# And that every text the narration writes has its glyphs in the fonts (a missing one is drawn as '?').
add_executable(prefixlab_layout_check_tests gui/test_layout_check.cpp gui/test_glyph_ranges.cpp
               ${PROJECT_SOURCE_DIR}/app/gui/layout/layout_check.cpp ${PROJECT_SOURCE_DIR}/app/gui/layout/shown_range.cpp
               ${PROJECT_SOURCE_DIR}/app/gui/layout/settling.cpp
               ${PROJECT_SOURCE_DIR}/app/gui/layout/text_contrast.cpp
               ${PROJECT_SOURCE_DIR}/app/gui/theme.cpp ${PROJECT_SOURCE_DIR}/app/gui/glyph_ranges.cpp)
target_include_directories(prefixlab_layout_check_tests PRIVATE ${PROJECT_SOURCE_DIR}/app)
target_link_libraries(prefixlab_layout_check_tests PRIVATE prefixlab_test_support prefixlab::imgui GTest::gtest_main)
gtest_discover_tests(prefixlab_layout_check_tests DISCOVERY_MODE PRE_TEST)

# The GIF export's parts (palette, changed rectangle, encoding), no window.
add_executable(prefixlab_gif_export_tests gui/test_gif_export.cpp ${PROJECT_SOURCE_DIR}/app/gui/export/gif_palette.cpp
               ${PROJECT_SOURCE_DIR}/app/gui/export/gif_animation.cpp ${PROJECT_SOURCE_DIR}/app/gui/export/step_frames.cpp
               ${PROJECT_SOURCE_DIR}/app/gui/screenshot.cpp ${PROJECT_SOURCE_DIR}/app/gui/theme.cpp)
target_include_directories(prefixlab_gif_export_tests PRIVATE ${PROJECT_SOURCE_DIR}/app)
target_link_libraries(prefixlab_gif_export_tests PRIVATE prefixlab_core prefixlab::stb GTest::gtest_main)
if(PREFIXLAB_HAVE_GIF)
  target_compile_definitions(prefixlab_gif_export_tests PRIVATE PREFIXLAB_HAVE_GIF=1)
  target_link_libraries(prefixlab_gif_export_tests PRIVATE GIF::GIF)
endif()
gtest_discover_tests(prefixlab_gif_export_tests DISCOVERY_MODE PRE_TEST)

# The view-as-SVG conversion on synthetic draw lists (Dear ImGui headless: no window, no OpenGL).
add_executable(prefixlab_svg_export_tests gui/test_svg_from_draw_data.cpp
               ${PROJECT_SOURCE_DIR}/app/gui/export/svg_from_draw_data.cpp
               ${PROJECT_SOURCE_DIR}/app/gui/export/draw_data_walk.cpp
               ${PROJECT_SOURCE_DIR}/app/gui/export/svg_text_runs.cpp
               ${PROJECT_SOURCE_DIR}/app/gui/export/atlas_glyphs.cpp)
target_include_directories(prefixlab_svg_export_tests PRIVATE ${PROJECT_SOURCE_DIR}/app)
target_link_libraries(prefixlab_svg_export_tests PRIVATE prefixlab_core prefixlab::imgui GTest::gtest_main)
gtest_discover_tests(prefixlab_svg_export_tests DISCOVERY_MODE PRE_TEST)
