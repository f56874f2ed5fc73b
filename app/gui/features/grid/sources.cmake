# The grid feature's sources (app/gui/CMakeLists.txt includes this file for each folder that
# features/feature_list.cpp includes from).
prefixlab_feature_sources(grid_feature.cpp grid_scan_controls.cpp grid_session.cpp grid_view.cpp
                          grid_view_parts.cpp gui_script_grid.cpp timeline/look_back_timeline_view.cpp)
