# The values feature's sources (app/gui/CMakeLists.txt includes this file for each folder that
# features/feature_list.cpp includes from).
target_sources(prefixlab_gui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/value_table_arrows.cpp
  ${CMAKE_CURRENT_LIST_DIR}/value_table_differences.cpp
  ${CMAKE_CURRENT_LIST_DIR}/value_table_layout.cpp
  ${CMAKE_CURRENT_LIST_DIR}/value_table_overview.cpp
  ${CMAKE_CURRENT_LIST_DIR}/value_table_text.cpp
  ${CMAKE_CURRENT_LIST_DIR}/value_table_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/values_feature.cpp)
