// What the kernel catalogue (kernels/kernel_catalog.hpp) says about each kernel, as run-time values:
// for code that holds a BlockAlgorithm rather than a kernel type (the command line, the GUI, traces).
// One function per fact, each a read of the kernel's row in the one table (kernel_info.hpp, which holds
// every fact at once); names and source paths are in kernel_names.hpp, limits in block_limits.hpp.
#pragma once

#include "kernels/common/kernel_kind.hpp"
#include "kernels/common/phase_spec.hpp"
#include "kernels/common/scan_types.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace prefixlab {

// One sentence for the GUI and help texts.
std::string_view description_of(BlockAlgorithm algorithm);
KernelFamily family_of(BlockAlgorithm algorithm);
KernelKind kind_of(BlockAlgorithm algorithm);

// A compaction or a split: the kernels that take a predicate (KeepPredicate).
bool keeps_elements(BlockAlgorithm algorithm);
// A segmented scan: its elements are (head flag, value) pairs (kernels/common/segmented_pairs.hpp), its input
// lists mark heads with '|' and its generated inputs get heads (segment_heads_for, scan_setup.hpp).
bool takes_head_flags(BlockAlgorithm algorithm);
// The one element type a kernel takes, where it takes only one (a segmented scan: uint32, the flag in the top
// bit); the front ends choose it for the kernel, and validate_scan_setup refuses another.
std::optional<ElementType> fixed_element_type(BlockAlgorithm algorithm);
// Whether every output word is a result (a scan's, a split's), or only some: output[0] (a block
// reduction's total) or the kept elements (a compaction's). The words left are no outputs, and views
// show none there.
bool writes_every_output(BlockAlgorithm algorithm);
// Whether it has an exclusive form: a scan does, a reduction (one total) does not, so the command line
// refuses --exclusive for it and the GUI greys the checkbox out.
bool has_exclusive_form(BlockAlgorithm algorithm);
// Why a kernel without one has none, as a sentence for messages and tooltips: "A reduction has one
// total and no exclusive form." ("" for a scan).
std::string_view no_exclusive_form_reason(BlockAlgorithm algorithm);

// Wrong by design (the racy variant): never benchmarked, its output never checked.
bool is_racy(BlockAlgorithm algorithm);

// Correct, but its output depends on the order its threads' atomics come in (bucket-by-atomics): a GPU trace and
// an emulated one, or two warp orders, may differ, each of them right.
bool is_schedule_dependent(BlockAlgorithm algorithm);

// A barrier or shuffle inside a divergent branch (the quiz's wrong fragments): it may hang a GPU, so it
// runs there only in a child process with a timeout (app/core/quiz/quiz_gpu_run.hpp).
bool has_divergent_sync(BlockAlgorithm algorithm);
// The catalogue's kernels that leave a trace, in its order: all but those with a divergent sync, which
// the emulator reports instead (the GUI's kernel menus; the quiz screen runs those).
const std::vector<BlockAlgorithm>& traceable_block_algorithms();
// Why this process will not run it on the GPU, as one line for the command line and the GUI.
std::string divergent_sync_refusal(BlockAlgorithm algorithm);

// The kernel to show beside this one (the other layout of the same tree), if its entry names one.
std::optional<BlockAlgorithm> companion_of(BlockAlgorithm algorithm);

// The kernel compare mode first puts beside this one: its companion, else its correct twin (a racy
// kernel's), else the racy kernel whose twin it is, else the catalogue's first other kernel.
BlockAlgorithm compare_counterpart_of(BlockAlgorithm algorithm);

// Every phase a catalogued kernel opens, each once, in catalogue order.
const std::vector<PhaseSpec>& all_phase_specs();
const PhaseSpec* find_phase_spec(Phase phase); // nullptr: no kernel has it

// Every source file a catalogued kernel's steps open in, each once, in catalogue order.
const std::vector<std::string_view>& all_kernel_source_paths();

} // namespace prefixlab
