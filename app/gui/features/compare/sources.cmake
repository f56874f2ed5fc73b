# The compare feature's sources (app/gui/CMakeLists.txt includes this file for each folder that
# features/feature_list.cpp includes from).
target_sources(prefixlab_gui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/compare_feature.cpp
  ${CMAKE_CURRENT_LIST_DIR}/compare_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/compare_session.cpp
  ${CMAKE_CURRENT_LIST_DIR}/compare_sides.cpp)
