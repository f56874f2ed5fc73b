# Included from tests/CMakeLists.txt: plot tests. Layout through a recording painter; export through
# Cairo, with the PDF and SVG rendered back (pdftoppm, rsvg-convert) and compared with the PNG; the SVG
# painter and its <text> (a small XML checker in svg_test_support.hpp). The tests read PNGs with Cairo;
# without it the export tests skip, with the reason.
add_executable(prefixlab_plot_tests cpu/test_plot_layout.cpp cpu/test_plot_export.cpp cpu/test_plot_svg.cpp
                                    cpu/test_table_figure.cpp)
target_link_libraries(prefixlab_plot_tests PRIVATE prefixlab_test_support GTest::gtest_main)
if(PREFIXLAB_HAVE_CAIRO)
  target_link_libraries(prefixlab_plot_tests PRIVATE PkgConfig::CAIRO)
endif()
gtest_discover_tests(prefixlab_plot_tests DISCOVERY_MODE PRE_TEST)
