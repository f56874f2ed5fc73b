// The Quiz tab's state (issue 16): which question is on screen, whether its answer is revealed, and what
// each fragment did: in the emulator (run on the UI thread: a few milliseconds), and on a GPU, here in a
// child process per fragment in the background (app/core/quiz/quiz_gpu_run.hpp: a hung kernel is killed
// at its timeout, and this process never runs one), or, without a GPU here, the H100's shipped outcomes
// (assets/quiz/h100-quiz-outcomes.json).
#pragma once

#include "core/quiz/quiz_outcome.hpp"
#include "core/quiz/quiz_outcomes_file.hpp"
#include "core/util/background_task.hpp"
#include "gui/sessions/background_work.hpp"

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace prefixlab {

struct QuizQuestion;

// What one fragment did.
struct QuizOptionResults {
    std::optional<QuizOutcome> emulator;
    std::optional<QuizOutcome> gpu; // run here
};

class QuizState final : public BackgroundWork {
public:
    QuizState();
    // Once the window is open: notify(message, is_error) is the status bar; the shipped outcomes are read
    // from `assets_folder`.
    void start(std::function<void(const std::string&, bool)> notify, const std::string& assets_folder);
    ~QuizState();

    const QuizQuestion& question() const;
    int question_number() const { return number_; }
    bool select(int number); // 1..3; false for another. Hides the answer; another question starts at its top.
    bool take_scroll_to_top() { return std::exchange(scroll_to_top_, false); }

    bool revealed() const { return revealed_; }
    // Revealing also asks the tab to scroll the explanation into view (it stands below the fragments), over
    // four frames: the first one's scroll is held to the height laid out before the explanation was there,
    // and the scroll bar that then appears narrows the page, which wraps again (two frames left question
    // 3 at 2× 14 px short of the fragments' top).
    void set_revealed(bool revealed) {
        scroll_to_answer_frames_ = revealed && !revealed_ ? 4 : 0;
        revealed_ = revealed;
    }
    bool take_scroll_to_answer() { return scroll_to_answer_frames_ > 0 && scroll_to_answer_frames_-- > 0; }
    // Where the tab drew its page in the last frame, for report-quiz: its scroll, and the top of the
    // fragments (their letters and verdicts), in the page's own pixels.
    struct Page {
        float scroll_y = 0, fragments_top = 0;
    };
    Page page;
    bool show_source = false; // the fragments as PrefixLab's source rather than as CUDA

    // "Run": every fragment of the question in the emulator now, and on this GPU in the background.
    void run();
    bool running() const { return task_.busy(); }
    bool holds_cores() const override {
        return running();
    } // a GPU child process runs: seconds, nothing to animate
    void cancel();
    double progress() const;
    std::string activity() const; // "GPU: B, child process (killed after 10 s if it hangs)"
    void poll() override;         // takes a finished run

    const QuizOptionResults& results(std::size_t option) const;
    bool gpu_here() const;
    // The H100's outcome of an option, when no GPU run here replaces it; nullptr if none shipped.
    const QuizOutcomeRecord* shipped(std::size_t option) const;
    const QuizOutcomes* shipped_file() const { return shipped_ ? &*shipped_ : nullptr; }
    const std::string& shipped_problem() const { return shipped_problem_; } // why none loaded

    double gpu_timeout_s = 10;

private:
    struct Live;
    std::function<void(const std::string&, bool)> notify_;
    int number_ = 1;
    bool revealed_ = false;
    int scroll_to_answer_frames_ = 0;
    bool scroll_to_top_ = false;
    std::vector<std::vector<QuizOptionResults>> results_; // [question - 1][option]
    std::optional<QuizOutcomes> shipped_;
    std::string shipped_problem_;
    std::shared_ptr<Live> live_;
    int running_number_ = 0; // the question the GPU task runs
    BackgroundTask<std::vector<QuizOutcome>> task_;
};

} // namespace prefixlab
