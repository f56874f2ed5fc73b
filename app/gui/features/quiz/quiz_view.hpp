// The Quiz tab (issue 16): the lecture's "which one is correct?" questions about barriers and shuffles.
// The question, its fragments side by side as the lecture shows them (stacked where they do not fit),
// from the kernels' own source (as CUDA, or as PrefixLab's source), "Run" to run every fragment, and
// beside each what the emulator and a GPU made of it: this machine's, run in a child process, or the
// H100's shipped outcomes. "Reveal" marks the correct one and explains.
#pragma once

#include "gui/views/view.hpp"

namespace prefixlab {

class QuizState;

class QuizView : public View {
public:
    explicit QuizView(QuizState& quiz) : quiz_(quiz) {}
    const char* title() const override { return "Quiz"; }
    void draw(AppState& state, const ViewContext& context) override;
    bool shows_steps() const override { return false; }
    bool uses_sidebar() const override { return false; }

private:
    QuizState& quiz_;
};

} // namespace prefixlab
