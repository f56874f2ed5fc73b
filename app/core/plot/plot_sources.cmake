# Included from app/CMakeLists.txt: the plot sources of prefixlab_core. Export to PNG/SVG/PDF needs
# Cairo (found in third_party/dependencies.cmake); without it plot_export_unavailable.cpp says why.
target_sources(prefixlab_core PRIVATE
  core/plot/plot_export.cpp
  core/plot/plot_layout.cpp
  core/plot/plot_layout_detail.cpp
  core/plot/plot_style.cpp
  core/plot/plot_ticks.cpp)
if(PREFIXLAB_HAVE_CAIRO)
  target_sources(prefixlab_core PRIVATE core/plot/cairo_painter.cpp core/plot/plot_export_cairo.cpp)
  target_link_libraries(prefixlab_core PRIVATE PkgConfig::CAIRO)
  target_compile_definitions(prefixlab_core PUBLIC PREFIXLAB_HAVE_CAIRO=1)
else()
  target_sources(prefixlab_core PRIVATE core/plot/plot_export_unavailable.cpp)
  target_compile_definitions(prefixlab_core PUBLIC PREFIXLAB_HAVE_CAIRO=0)
endif()
