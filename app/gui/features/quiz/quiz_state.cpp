#include "gui/features/quiz/quiz_state.hpp"

#include "core/capture/gpu_info.hpp"
#include "core/quiz/quiz_emulation.hpp"
#include "core/quiz/quiz_gpu_run.hpp"
#include "core/quiz/quiz_questions.hpp"
#include "core/util/child_process.hpp"

#include <cstdio>

namespace prefixlab {

// What the background run is doing, for the progress line (written by the task, read by the UI).
struct QuizState::Live {
    std::mutex mutex;
    std::string activity;
};

QuizState::QuizState() : live_(std::make_shared<Live>()) {
    for (const QuizQuestion& question : quiz_questions())
        results_.emplace_back(question.options.size());
}

void QuizState::start(std::function<void(const std::string&, bool)> notify, const std::string& assets_folder) {
    notify_ = std::move(notify);
    const std::string path = assets_folder + "/quiz/h100-quiz-outcomes.json";
    try {
        shipped_ = load_quiz_outcomes_file(path);
    } catch (const std::exception& e) {
        shipped_problem_ = e.what(); // the tab says so where the GPU column would be
    }
}

QuizState::~QuizState() = default;

const QuizQuestion& QuizState::question() const { return *find_quiz_question(number_); }

bool QuizState::select(int number) {
    if (find_quiz_question(number) == nullptr)
        return false;
    if (number != number_) {
        revealed_ = false;
        scroll_to_top_ = true;
    }
    number_ = number;
    return true;
}

void QuizState::run() {
    const QuizQuestion& q = question();
    std::vector<QuizOptionResults>& results = results_[static_cast<std::size_t>(number_ - 1)];
    for (std::size_t k = 0; k < q.options.size(); ++k)
        results[k].emulator = emulate_quiz_option(quiz_setup(q, q.options[k]));
    if (!gpu_here() || running())
        return;
    running_number_ = number_;
    const double timeout = gpu_timeout_s;
    auto live = live_;
    task_.start([q, timeout, live](TaskControl& control) {
        std::vector<QuizOutcome> outcomes;
        QuizGpuRunOptions options;
        options.executable = this_executable_path();
        options.timeout_s = timeout;
        options.cancel = control.cancel_flag();
        for (std::size_t k = 0; k < q.options.size() && !control.cancelled(); ++k) {
            {
                char text[160];
                std::snprintf(text, sizeof text, "GPU: %s in a child process (killed if it hangs %.0f s)",
                              quiz_letter(k).c_str(), timeout);
                const std::lock_guard lock(live->mutex);
                live->activity = text;
            }
            outcomes.push_back(run_quiz_option_on_gpu(quiz_setup(q, q.options[k]), options));
            control.set_progress(double(k + 1) / double(q.options.size()));
        }
        return outcomes;
    });
}

void QuizState::cancel() { task_.cancel(); }

double QuizState::progress() const { return task_.progress(); }

std::string QuizState::activity() const {
    const std::lock_guard lock(live_->mutex);
    return live_->activity;
}

void QuizState::poll() {
    auto outcome = task_.poll();
    if (!outcome)
        return;
    if (outcome->index() == 1) {
        notify_("quiz: the GPU runs failed: " + std::get<1>(*outcome), true);
        return;
    }
    std::vector<QuizOptionResults>& results = results_[static_cast<std::size_t>(running_number_ - 1)];
    const std::vector<QuizOutcome>& outcomes = std::get<0>(*outcome);
    int hung = 0;
    for (std::size_t k = 0; k < outcomes.size() && k < results.size(); ++k) {
        if (outcomes[k].result != QuizResult::not_run)
            results[k].gpu = outcomes[k];
        hung += outcomes[k].result == QuizResult::hung ? 1 : 0;
    }
    notify_("quiz: question " + std::to_string(running_number_) + " ran on the GPU" +
                (hung > 0 ? "; " + std::to_string(hung) + " hung and was killed, the GPU stays usable" : ""),
            false);
}

const QuizOptionResults& QuizState::results(std::size_t option) const {
    return results_[static_cast<std::size_t>(number_ - 1)].at(option);
}

bool QuizState::gpu_here() const { return gpu_info().available; }

const QuizOutcomeRecord* QuizState::shipped(std::size_t option) const {
    if (!shipped_)
        return nullptr;
    const QuizQuestion& q = question();
    return find_quiz_run(*shipped_, quiz_setup(q, q.options.at(option)));
}

} // namespace prefixlab
