#include "core/analysis/step_source.hpp"

#include "core/util/text_lines.hpp"

#include "core/ground/kernel_names.hpp"
#include "core/source/kernel_source.hpp"

#include <set>
#include <string>
#include <vector>

namespace prefixlab {

namespace {

bool blank(std::string_view line) { return line.find_first_not_of(" \t\r") == std::string_view::npos; }

int indentation(std::string_view line) {
    const std::size_t first = line.find_first_not_of(" \t");
    return first == std::string_view::npos ? 0 : static_cast<int>(first);
}

bool comment_only(std::string_view line) {
    const std::size_t first = line.find_first_not_of(" \t");
    return first != std::string_view::npos && line.substr(first).starts_with("//");
}

} // namespace

StepSourceLines step_source_lines(const Trace& trace, std::size_t step) {
    const StepTag& tag = trace.steps.at(step).tag;
    StepSourceLines lines;
    lines.path = kernel_file_path(tag.file);
    lines.sync_line = lines.first = lines.last = static_cast<int>(tag.line);
    const std::vector<std::string_view> text = split_lines(kernel_source_text(lines.path));
    if (tag.line < 1 || tag.line > text.size())
        return lines;
    // The other sync points of this trace in the same file: a step's body ends before the next one.
    std::set<int> sync_lines;
    for (const TraceStep& s : trace.steps)
        if (s.tag.file == tag.file)
            sync_lines.insert(static_cast<int>(s.tag.line));
    const int depth = indentation(text[tag.line - 1]);
    int last = static_cast<int>(tag.line);
    for (int line = last + 1; line <= static_cast<int>(text.size()); ++line) {
        const std::string_view t = text[line - 1];
        if (sync_lines.count(line) != 0 || (!blank(t) && indentation(t) < depth))
            break; // the next sync point, or the end of the block the sync point is in
        last = line;
    }
    while (last > lines.sync_line && (blank(text[last - 1]) || comment_only(text[last - 1])))
        --last;
    lines.last = last;
    return lines;
}

std::optional<std::size_t> first_step_at_line(const Trace& trace, std::string_view path, int line) {
    for (std::size_t i = 0; i < trace.steps.size(); ++i) {
        const StepSourceLines lines = step_source_lines(trace, i);
        if (lines.path == path && line >= lines.first && line <= lines.last)
            return i;
    }
    return std::nullopt;
}

} // namespace prefixlab
