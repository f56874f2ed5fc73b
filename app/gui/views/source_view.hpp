// The kernel source panel: the very file the kernel compiles from (embedded at build time), syntax
// coloured, with the current step's lines marked — the sync point that opened the step and the body
// lines that ran in it — and scrolled into view when the step changes. Clicking a line goes to the
// first step that ran it. F4 shows and hides it beside the views (over them where both do not fit).
#pragma once

#include "gui/views/code_tokens.hpp"
#include "gui/views/view.hpp"

#include <string_view>
#include <vector>

namespace prefixlab {

class SourceView : public View {
public:
    const char* title() const override { return "Source"; }
    void draw(AppState& state, const ViewContext& context) override;

private:
    struct Line {
        std::string_view text;
        std::vector<CodeSpan> spans;
    };
    void load(std::string_view path); // splits and colours a file once, when the step's file changes

    std::string_view path_;
    std::vector<Line> lines_;
    const void* scrolled_for_trace_ = nullptr; // the trace and step the view last scrolled to
    int scrolled_for_step_ = -1;
};

} // namespace prefixlab
