# The lesson feature's sources (app/gui/CMakeLists.txt includes this file for each folder that
# features/feature_list.cpp includes from).
prefixlab_feature_sources(lesson_feature.cpp lesson_handout.cpp lesson_player.cpp presenter_view.cpp)
