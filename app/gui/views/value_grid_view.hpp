// The element × step grid: one column per value holder — each thread's register (shuffle kernels)
// and each shared-memory word — and one row per step, each cell the value at the end of that step
// (from the trace's snapshots). Cells written in a step are orange, cells read in it outlined in
// blue, words nothing has written yet dark; the current step's row is banded. Below the steps, the
// kernel's output, wrong elements in vermillion, and for floats each element's error against the
// double-precision scan. Cells are drawn by the flat-colour shaders into a cached layer; text only
// where visible, so N = 2048 costs about what N = 32 does.
#pragma once

#include "../render/cached_layer.hpp"
#include "../render/instanced_shapes.hpp"
#include "view.hpp"

#include <string>
#include <vector>

namespace prefixlab {

struct LoadedTrace;

class ValueGridView : public View {
public:
    const char* title() const override { return "Values"; }
    void draw(AppState& state, const ViewContext& context) override;

    // One column of the grid: a thread's register or a shared word.
    struct Column {
        bool is_register;
        std::uint32_t index; // thread, or shared word
    };

private:
    void prepare(const LoadedTrace& loaded, const ViewContext& context);
    void rebuild_cells(const LoadedTrace& loaded, int step);

    const LoadedTrace* prepared_for_ = nullptr;
    float prepared_scale_ = 0;
    std::vector<Column> columns_;
    int registers_ = 0;      // how many of the columns are registers (they come first)
    int cell_chars_ = 3;
    int label_chars_ = 20;
    int extra_rows_ = 1;     // output, and for floats the error row
    int built_step_ = -1;
    bool built_dim_ = true;
    int followed_step_ = -1;
    bool dim_future_ = true;

    CachedLayer cache_;
    InstancedShapes cells_{InstancedShapes::Kind::quads};
};

} // namespace prefixlab
