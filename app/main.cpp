// PrefixLab's entry point: the command line decides between recording a trace and opening the GUI.
#include "cli/command_line.hpp"
#include "core/util/interrupts.hpp"

#if PREFIXLAB_WITH_GUI
#include "gui/gui_main.hpp"
#endif

int main(int argc, char** argv) {
    // Before anything is written: a Ctrl-C at any moment removes the temporary files in flight.
    prefixlab::install_interrupt_handlers();
#if PREFIXLAB_WITH_GUI
    return prefixlab::run_command_line(argc, argv, &prefixlab::run_gui);
#else
    return prefixlab::run_command_line(argc, argv, nullptr);
#endif
}
