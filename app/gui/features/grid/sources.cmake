# The grid feature's sources (app/gui/CMakeLists.txt includes this file for each folder that
# features/feature_list.cpp includes from).
target_sources(prefixlab_gui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/grid_feature.cpp
  ${CMAKE_CURRENT_LIST_DIR}/grid_scan_controls.cpp
  ${CMAKE_CURRENT_LIST_DIR}/grid_session.cpp
  ${CMAKE_CURRENT_LIST_DIR}/grid_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/grid_view_parts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gui_script_grid.cpp
  ${CMAKE_CURRENT_LIST_DIR}/timeline/look_back_timeline_view.cpp)
