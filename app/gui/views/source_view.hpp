// The kernel source panel: the very file the kernel compiles from (embedded at build time), syntax
// coloured, with the current step's lines marked — the sync point that opened the step and the body
// lines that ran in it — and scrolled into view when the step changes. Clicking a line goes to the
// first step that ran it. F4 shows and hides it beside the views (over them where both do not fit).
//
// It shows the CUDA form by default (as_cuda: ctx.sync(…) as __syncthreads(), PL_BODY as __device__, the
// trace's bookkeeping lines left out), PrefixLab's own lines one click away ("PrefixLab source"). Every
// line fits the panel: in the largest monospace size down to 0.7 of the font that holds the longest
// line, else wrapped between tokens (wrap_code_line); the panel scrolls only vertically (issue 33, point 9:
// at 2× PrefixLab's lines were cut at about 40 characters).
#pragma once

#include "gui/views/code_tokens.hpp"
#include "gui/views/view.hpp"

#include <string>
#include <string_view>
#include <vector>

struct ImFont;

namespace prefixlab {

class SourceView : public View {
public:
    const char* title() const override { return "Source"; }
    void draw(AppState& state, const ViewContext& context) override;

    bool prefixlab_form = false; // PrefixLab's own lines rather than the CUDA form (the scene keeps it)

    // What the panel drew last (script command report-source): the file, the rows, and the widest row
    // against the room it had, in pixels.
    struct Row {
        int number = 0;            // the line's number in the file
        bool continuation = false; // a wrapped line's second or later piece (no number shown)
        std::string text;
        std::vector<CodeSpan> spans;
    };
    struct Drawn {
        std::string path;
        bool prefixlab_form = false;
        std::vector<std::string> lines; // the shown lines whole, by row's number (empty: not shown)
        std::vector<Row> rows;
        float font_pixels = 0, widest = 0, room = 0;
        int sync_line = 0, first = 0, last = 0;
    };
    const Drawn& drawn() const { return drawn_; }

private:
    struct Line {
        int number = 0;
        std::string text;
        std::vector<CodeSpan> spans;
    };
    void load(std::string_view path);    // the file's shown lines in the chosen form, when either changes
    void wrap(std::size_t chars_per_row); // drawn_.rows from lines_, when the room changes
    ImFont* code_font(const ViewContext& context, float room) const;

    std::string_view path_;
    bool lines_prefixlab_ = false;
    std::vector<Line> lines_;
    std::vector<unsigned> wide_characters_; // beyond ASCII, which the smaller fonts lack ("⊕", "—")
    std::size_t longest_ = 0;               // bytes: at least the glyphs
    std::size_t rows_chars_ = 0;
    Drawn drawn_;
    const void* scrolled_for_trace_ = nullptr; // the trace and step the view last scrolled to
    int scrolled_for_step_ = -1;
};

} // namespace prefixlab
