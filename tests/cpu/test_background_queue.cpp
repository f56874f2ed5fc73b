// The queue the GUI reads its files through (core/util/background_queue.hpp): jobs run one at a time
// in the order asked for, each outcome is taken once and in that order, an error is its message, and
// the progress covers every job asked for since the queue was idle.
#include "core/util/background_queue.hpp"

#include <atomic>
#include <chrono>
#include <gtest/gtest.h>
#include <stdexcept>
#include <thread>
#include <vector>

namespace prefixlab::test {
namespace {

// Polls until an outcome comes (the UI's frames, quickly).
template <class Result>
typename BackgroundQueue<Result>::Outcome next_outcome(BackgroundQueue<Result>& queue) {
    for (;;) {
        if (auto outcome = queue.poll())
            return std::move(*outcome);
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

TEST(BackgroundQueue, JobsRunOneAtATimeInTheOrderAskedAndErrorsAreMessages) {
    BackgroundQueue<int> queue;
    std::atomic<int> running{0}, most_at_once{0};
    std::vector<int> started;
    std::atomic<bool> release_first{false};
    for (int job = 0; job < 4; ++job)
        queue.push([&, job](TaskControl& control) {
            const int now = ++running;
            most_at_once = std::max(most_at_once.load(), now);
            started.push_back(job); // one job at a time: no lock needed, which is what is tested
            while (job == 0 && !release_first)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            control.set_progress(0.5);
            --running;
            if (job == 2)
                throw std::runtime_error("job 2 failed");
            return job * 10;
        });
    EXPECT_TRUE(queue.busy());
    EXPECT_FALSE(queue.poll()) << "the first job is held";
    EXPECT_LT(queue.progress(), 0.25);
    release_first = true;
    EXPECT_EQ(std::get<0>(next_outcome(queue)), 0);
    EXPECT_GE(queue.progress(), 0.25) << "one job of four done";
    EXPECT_EQ(std::get<0>(next_outcome(queue)), 10);
    EXPECT_EQ(std::get<1>(next_outcome(queue)), "job 2 failed");
    EXPECT_EQ(std::get<0>(next_outcome(queue)), 30);
    EXPECT_FALSE(queue.busy());
    EXPECT_EQ(queue.progress(), 0.0) << "idle again: a new batch starts from 0";
    EXPECT_EQ(started, (std::vector<int>{0, 1, 2, 3}));
    EXPECT_EQ(most_at_once, 1);
}

TEST(BackgroundQueue, AJobAskedForAfterTheOthersFinishStartsAtOnce) {
    BackgroundQueue<int> queue;
    queue.push([](TaskControl&) { return 1; });
    EXPECT_EQ(std::get<0>(next_outcome(queue)), 1);
    queue.push([](TaskControl&) { return 2; });
    EXPECT_TRUE(queue.busy());
    EXPECT_EQ(std::get<0>(next_outcome(queue)), 2);
    EXPECT_FALSE(queue.poll());
}

} // namespace
} // namespace prefixlab::test
