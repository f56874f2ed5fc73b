// A phase as its kernel declares it: the name trace files store ("scan-read") and the label views show,
// as a template over the step's numbers ("iteration {level}, offset {offset}: read partner"). Each
// kernel lists the phases it opens in its catalogue entry (kPhases), beside its body, so adding a phase
// touches only the kernel that uses it; step_label() (app/core/ground) fills in the numbers, and
// narrate_steps() (app/core/analysis) the narration's.
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
    // One or two plain sentences for the narration panel: {level} and {offset} as in the label, and
    // what the trace shows (app/core/analysis/step_narration.hpp lists the keys: {reads}, {writes},
    // {first}, {active}, …). nullptr: the label is all that is said.
    const char* narration = nullptr;
    Phase phase = phase_named(name); // what a body passes to step_tag()
};

inline constexpr PhaseSpec kLoadIntoShared{"load", "load input into shared memory", nullptr,
                                           "Each thread t copies {reads} into shared memory: {writes}."};
inline constexpr PhaseSpec kLoadIntoRegisters{"load-registers", "load input into registers", nullptr,
                                              "Each thread t loads {reads} into its register."};
inline constexpr PhaseSpec kStoreOutput{"store", "store output", nullptr,
                                        "Each thread t writes its result to the output: {writes}."};

} // namespace prefixlab
