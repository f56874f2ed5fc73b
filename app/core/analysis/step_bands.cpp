#include "core/analysis/step_bands.hpp"

#include <algorithm>

namespace prefixlab {

std::vector<std::size_t> instructions_per_step(std::span<const BankAnalysis* const> analyses) {
    std::vector<std::size_t> counts;
    for (const BankAnalysis* banks : analyses) {
        const std::size_t steps = banks->steps.size();
        if (counts.size() < steps)
            counts.resize(steps, 0);
        for (std::size_t k = 0; k < steps; ++k)
            counts[k] = std::max(counts[k], banks->first_of_step[k + 1] - banks->first_of_step[k]);
    }
    return counts;
}

std::size_t StepBands::step_at(float y) const {
    if (top.empty() || y < 0 || y >= top.back())
        return steps();
    // the first band whose bottom lies below y
    return static_cast<std::size_t>(std::upper_bound(top.begin() + 1, top.end(), y) - (top.begin() + 1));
}

StepBands layout_step_bands(std::span<const std::size_t> instructions, float row_height, float min_band) {
    StepBands bands;
    bands.row_height = row_height;
    bands.top.reserve(instructions.size() + 1);
    float y = 0;
    bands.top.push_back(y);
    for (std::size_t count : instructions) {
        y += std::max(min_band, static_cast<float>(count) * row_height);
        bands.top.push_back(y);
    }
    return bands;
}

float fit_row_height(std::span<const std::size_t> instructions, float min_band, float available, float min_row,
                     float max_row) {
    const auto total = [&](float row) { return layout_step_bands(instructions, row, min_band).total(); };
    if (total(max_row) <= available)
        return max_row;
    if (total(min_row) > available)
        return min_row;
    // total() grows with the row height: bisect to a tenth of a pixel.
    float fits = min_row, too_tall = max_row;
    while (too_tall - fits > 0.1f) {
        const float middle = (fits + too_tall) / 2;
        (total(middle) <= available ? fits : too_tall) = middle;
    }
    return fits;
}

std::size_t worst_instruction_of_step(const BankAnalysis& banks, std::size_t step) {
    if (step + 1 >= banks.first_of_step.size())
        return kNoInstruction;
    std::size_t worst = kNoInstruction;
    for (std::size_t i = banks.first_of_step[step]; i < banks.first_of_step[step + 1]; ++i)
        if (worst == kNoInstruction || banks.instructions[i].degree > banks.instructions[worst].degree)
            worst = i;
    return worst;
}

BankTotals totals_through_step(const BankAnalysis& banks, std::size_t last) {
    BankTotals sum;
    for (std::size_t k = 0; k <= last && k < banks.steps.size(); ++k) {
        sum.loads += banks.steps[k].loads;
        sum.stores += banks.steps[k].stores;
        sum.load_conflicts += banks.steps[k].load_conflicts;
        sum.store_conflicts += banks.steps[k].store_conflicts;
    }
    return sum;
}

} // namespace prefixlab
