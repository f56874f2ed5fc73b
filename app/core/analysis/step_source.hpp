// Where a step is in its kernel's source: the sync point that opened it (the step tag's file and line)
// and the body lines that ran in it, for the source panel's highlight, and back again from a clicked
// line to the first step that ran it.
#pragma once

#include "core/trace/trace.hpp"

#include <cstddef>
#include <optional>
#include <string_view>

namespace prefixlab {

struct StepSourceLines {
    std::string_view path; // repository path of the file the step's sync point is in
    int sync_line = 0;     // the tag's line: the sync point (or kernel start) that opened the step
    int first = 0;         // the body lines that ran in the step, sync line included: from the sync line
    int last = 0;          // to the line before the next sync point in the file or the end of its block,
                           // trailing blank and comment-only lines left out
};

// Lines are 1-based, as __LINE__ counts. `step` must be a step of `trace`.
StepSourceLines step_source_lines(const Trace& trace, std::size_t step);

// The first step whose lines (first..last) in `path` hold `line`; nothing if no step ran it.
std::optional<std::size_t> first_step_at_line(const Trace& trace, std::string_view path, int line);

} // namespace prefixlab
