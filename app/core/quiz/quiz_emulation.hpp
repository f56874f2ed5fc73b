// A quiz option run in the CPU emulator: the same kernel source as on the GPU, scheduled as
// docs/emulator.md says, so that its verdict is the same on every run and on every machine.
#pragma once

#include "core/ground/scan_setup.hpp"
#include "core/quiz/quiz_outcome.hpp"

namespace prefixlab {

// detected_error with the emulator's message (the step and the threads), else correct or wrong_cells.
// Throws std::invalid_argument for a setup validate_scan_setup refuses.
QuizOutcome emulate_quiz_option(const ScanSetup& setup);

} // namespace prefixlab
