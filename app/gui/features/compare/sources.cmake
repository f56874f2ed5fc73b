# The compare feature's sources (app/gui/CMakeLists.txt includes this file for each folder that
# features/feature_list.cpp includes from).
prefixlab_feature_sources(compare_feature.cpp compare_panel.cpp compare_session.cpp compare_sides.cpp shared_place.cpp)
