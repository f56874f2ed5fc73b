#include "gui/views/value_table_cells.hpp"

#include "core/ground/kernel_facts.hpp"

#include <cmath>

namespace prefixlab {

namespace {

// Later steps, when dimmed, are pre-blended towards the background (the shapes draw without blending);
// their values in the faintest ink that still reads on the dimmed fill.
constexpr float kDimFill = 0.6f;

CellLook finished(CellLook look, bool dim) {
    look.ink = theme::ink_on(look.fill);
    look.outline = theme::colours().cell_read;
    if (dim) {
        look.outline = blend(look.outline, theme::colours().background, kDimFill);
        look.fill = blend(look.fill, theme::colours().background, kDimFill);
        look.ink = theme::dimmed_ink_on(look.fill);
    }
    return look;
}

} // namespace

CellLook step_cell_look(const LoadedTrace& loaded, const ValueTableModel& model, std::size_t column, int step,
                        const TableShowing& showing) {
    CellLook look;
    if (showing.hides(step)) {
        look.hidden = true;
        return look;
    }
    const ValueTableColumn& c = model.columns[column];
    const StepAccesses& accesses = loaded.index.steps[step];
    std::uint32_t bits = 0;
    look.has_value = table_cell_value(loaded.trace, c, step, bits);
    const bool written =
        c.is_register ? model.register_written[step][c.index] != 0 : accesses.written[c.index] != 0;
    look.read = c.is_register ? model.register_read[step][c.index] != 0 : accesses.read[c.index] != 0;
    look.fill = !look.has_value ? theme::colours().cell_unwritten
                : written       ? theme::colours().cell_written
                                : theme::colours().cell_value;
    return finished(look, showing.dims(step));
}

CellLook input_cell_look(const ValueTableModel& model, int element, const TableShowing& showing) {
    CellLook look;
    look.has_value = true;
    look.read = model.input_read[showing.current][element] != 0;
    look.fill = theme::colours().cell_value;
    return finished(look, false);
}

CellLook output_cell_look(const Trace& trace, const ValueTableModel& model, int element, bool error_row,
                          const TableShowing& showing) {
    CellLook look;
    const int written_at = model.output_written_at[element];
    const bool not_yet = written_at < 0 || written_at > showing.current;
    if ((showing.reveal && not_yet) || (written_at < 0 && !writes_every_output(trace.config.algorithm))) {
        look.hidden = true;
        return look;
    }
    look.has_value = true;
    const bool wrong = trace.check.wrong.at(element) != 0;
    const bool written_now = written_at >= 0 && model.output_written[showing.current][element] != 0;
    look.fill = wrong         ? theme::colours().error
                : error_row   ? theme::colours().cell_value
                : written_now ? theme::colours().cell_written
                              : theme::colours().ok;
    return finished(look, not_yet && showing.dim_later);
}

void add_cell_quads(std::vector<QuadInstance>& quads, float x, float y, const CellLook& look, bool solid) {
    // Fractions of a cell: the gap between cells, and the read outline's width.
    constexpr float kGap = 0.04f, kOutline = 0.11f;
    const auto add = [&](float inset, theme::Rgb colour) {
        quads.push_back({x + inset, y + inset, x + 1 - inset, y + 1 - inset, theme::packed(colour)});
    };
    if (look.hidden)
        return;
    if (solid) {
        const bool written = look.fill == theme::colours().cell_written;
        add(0, look.read && !written ? look.outline : look.fill);
    } else if (look.read) {
        add(kGap, look.outline);
        add(kOutline, look.fill);
    } else {
        add(kGap, look.fill);
    }
}

std::vector<QuadInstance> step_cell_quads(const LoadedTrace& loaded, const ValueTableModel& model,
                                          const TableShowing& showing, bool solid) {
    const int steps = static_cast<int>(loaded.trace.steps.size());
    std::vector<QuadInstance> quads;
    quads.reserve(model.columns.size() * loaded.trace.steps.size());
    for (int k = 0; k < steps; ++k)
        for (std::size_t c = 0; c < model.columns.size(); ++c)
            add_cell_quads(quads, static_cast<float>(c), static_cast<float>(k),
                           step_cell_look(loaded, model, c, k, showing), solid);
    return quads;
}

} // namespace prefixlab
