// How the Banks tab stacks its steps: one horizontal band per step, as tall as its warp-wide
// instructions need at the chosen instruction-row height but never shorter than one line of text, so
// every step — "clear the root", a Blelloch level with one instruction — has room for its label, and
// the single-instruction steps where the 16- and 32-way conflicts sit are as visible as any other.
// Pure geometry and counting, no drawing: the view, the GUI tests' reasoning and the unit tests share it.
#pragma once

#include "core/analysis/bank_conflicts.hpp"

#include <cstddef>
#include <span>
#include <vector>

namespace prefixlab {

// Instructions per step, the largest of several analyses of the same steps (plain and padded
// Blelloch are shown side by side on one set of bands).
std::vector<std::size_t> instructions_per_step(std::span<const BankAnalysis* const> analyses);

struct StepBands {
    std::vector<float> top; // [steps + 1]: band k spans [top[k], top[k + 1]); top[steps] is the total height
    float row_height = 0;   // an instruction row's height where a band holds more than one line of rows

    std::size_t steps() const { return top.empty() ? 0 : top.size() - 1; }
    float height(std::size_t step) const { return top[step + 1] - top[step]; }
    float total() const { return top.empty() ? 0 : top.back(); }
    // The step whose band holds y (0 <= y < total()), or steps() when none does.
    std::size_t step_at(float y) const;
};

// Bands with instruction rows `row_height` tall; each band at least `min_band` (one text line).
StepBands layout_step_bands(std::span<const std::size_t> instructions, float row_height, float min_band);

// The largest row height in [min_row, max_row] whose bands fit in `available`; min_row when none
// fits (the view then scrolls rather than shrinking rows below what stays readable).
float fit_row_height(std::span<const std::size_t> instructions, float min_band, float available, float min_row,
                     float max_row);

// The instruction of `step` with the highest conflict degree (the first of equals), or npos when the
// step issues no shared-memory instruction. The lane-to-bank diagram shows it unless one is chosen.
inline constexpr std::size_t kNoInstruction = static_cast<std::size_t>(-1);
std::size_t worst_instruction_of_step(const BankAnalysis& banks, std::size_t step);

// The totals of steps 0..last only: what reveal mode may show while later steps are hidden.
BankTotals totals_through_step(const BankAnalysis& banks, std::size_t last);

} // namespace prefixlab
