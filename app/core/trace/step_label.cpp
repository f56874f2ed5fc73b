#include "step_label.hpp"

#include <string>

namespace prefixlab {

namespace {

std::string iteration_prefix(const StepTag& tag) {
    // Built by appending: GCC 12 warns falsely (-Wrestrict, PR 105651) on `"literal" + std::string`.
    std::string text = "iteration ";
    text += std::to_string(tag.level);
    text += ", offset ";
    text += std::to_string(tag.offset);
    text += ": ";
    return text;
}

} // namespace

std::string step_label(const StepTag& tag) {
    switch (tag.phase) {
    case Phase::load:
        return "load input into shared memory";
    case Phase::scan_read:
        return iteration_prefix(tag) + "read partner";
    case Phase::scan_write:
        return iteration_prefix(tag) + "combine and write";
    case Phase::store:
        return "store output";
    }
    return "unknown step";
}

} // namespace prefixlab
