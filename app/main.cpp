// PrefixLab's entry point: the command line decides between recording a trace and opening the GUI.
#include "core/cli/command_line.hpp"

#if PREFIXLAB_WITH_GUI
#include "gui/gui_main.hpp"
#endif

int main(int argc, char** argv) {
#if PREFIXLAB_WITH_GUI
    return prefixlab::run_command_line(argc, argv, &prefixlab::run_gui);
#else
    return prefixlab::run_command_line(argc, argv, nullptr);
#endif
}
