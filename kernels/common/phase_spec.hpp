// A phase as its kernel declares it: the name trace files store ("scan-read") and the label views show,
// as a template over the step's numbers ("iteration {level}, offset {offset}: read partner"). Each
// kernel lists the phases it opens in its catalogue entry (kPhases), beside its body, so adding a phase
// touches only the kernel that uses it; step_label() (app/core/trace) fills in the numbers.
//
// The phases nearly every kernel opens (load, store) are declared here once.
#pragma once

#include "kernels/common/step_tag.hpp"

namespace prefixlab {

struct PhaseSpec {
    const char* name;  // in trace files and --help texts; unique across the catalogue
    const char* label; // {level} and {offset} are replaced by the tag's numbers
    // A label for even levels, where a phase alternates (double buffering: ping → pong, pong → ping);
    // nullptr: `label` at every level.
    const char* label_at_even_level = nullptr;
    Phase phase = phase_named(name); // what a body passes to step_tag()
};

inline constexpr PhaseSpec kLoadIntoShared{"load", "load input into shared memory"};
inline constexpr PhaseSpec kLoadIntoRegisters{"load-registers", "load input into registers"};
inline constexpr PhaseSpec kStoreOutput{"store", "store output"};

} // namespace prefixlab
