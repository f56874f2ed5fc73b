// The Quiz feature (issue 16): the lecture's "which one is correct?" questions about barriers and
// shuffles. Its tab (quiz_view), its state (quiz_state: the question, the answer revealed, each
// fragment's runs), its menu, and its script commands (`quiz N`, `quiz-run`, `quiz-reveal`,
// `quiz-source`, `report-quiz`; docs/gui-script.md).
#pragma once

#include "gui/features/quiz/quiz_state.hpp"
#include "gui/shell/feature.hpp"

namespace prefixlab {

class QuizFeature final : public Feature {
public:
    void add_tabs(std::vector<TabMaker>& tabs) override;
    void add_commands(ScriptTable& table) override;
    void add_menus(MenuTable& menus) override;
    void start(AppState& state) override;
    void after_frame(GuiHost& host) override;
    void store(Scene& scene) const override;
    void restore(const Scene& scene) override;

private:
    QuizState& quiz() { return quiz_; }
    QuizState quiz_;
};

} // namespace prefixlab
