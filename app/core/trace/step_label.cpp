#include "step_label.hpp"

#include <string>

namespace prefixlab {

namespace {

// Labels are built by appending: GCC 12 warns falsely (-Wrestrict, PR 105651) on `"literal" + string`.
std::string with_numbers(const char* head, const char* first, unsigned a, const char* second, unsigned b,
                         const char* tail) {
    std::string text = head;
    text += first;
    text += std::to_string(a);
    text += second;
    text += std::to_string(b);
    text += tail;
    return text;
}

std::string iteration(const StepTag& tag, const char* what) {
    return with_numbers("iteration ", "", tag.level, ", offset ", tag.offset, what);
}

std::string sweep(const char* name, const StepTag& tag) { return with_numbers(name, " d=", tag.level, ", stride ", tag.offset, ""); }

std::string shuffle(const char* name, const StepTag& tag) {
    std::string text = name;
    text += ": shuffle δ=";
    text += std::to_string(tag.offset);
    return text;
}

} // namespace

std::string step_label(const StepTag& tag) {
    switch (tag.phase) {
    case Phase::load:
        return "load input into shared memory";
    case Phase::load_registers:
        return "load input into registers";
    case Phase::scan_read:
        return iteration(tag, ": read partner");
    case Phase::scan_write:
        return iteration(tag, ": combine and write");
    case Phase::scan_step:
        // iteration 1 reads ping and writes pong, iteration 2 the other way round, and so on
        return iteration(tag, tag.level % 2 == 1 ? ": ping → pong" : ": pong → ping");
    case Phase::racy_step:
        return iteration(tag, " (no barrier)");
    case Phase::up_sweep:
        return sweep("up-sweep", tag);
    case Phase::clear_root:
        return "clear the root";
    case Phase::down_sweep:
        return sweep("down-sweep", tag);
    case Phase::warp_shuffle:
        return shuffle("warp scan", tag);
    case Phase::totals_load:
        return "warp 0 loads the warp totals";
    case Phase::totals_shuffle:
        return shuffle("scan warp totals", tag);
    case Phase::fan_out:
        return "add the preceding warps' total";
    case Phase::exclusive_shift:
        return "exclusive: shift by one lane";
    case Phase::store:
        return "store output";
    }
    return "unknown step";
}

} // namespace prefixlab
