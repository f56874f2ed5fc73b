# The values feature's sources (app/gui/CMakeLists.txt includes this file for each folder that
# features/feature_list.cpp includes from).
target_sources(prefixlab_gui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/value_grid_arrows.cpp
  ${CMAKE_CURRENT_LIST_DIR}/value_grid_differences.cpp
  ${CMAKE_CURRENT_LIST_DIR}/value_grid_layout.cpp
  ${CMAKE_CURRENT_LIST_DIR}/value_grid_overview.cpp
  ${CMAKE_CURRENT_LIST_DIR}/value_grid_text.cpp
  ${CMAKE_CURRENT_LIST_DIR}/value_grid_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/values_feature.cpp)
