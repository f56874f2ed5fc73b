#include "core/quiz/quiz_questions.hpp"

#include "kernels/kernel_catalog.hpp"

namespace prefixlab {

namespace {

// The fragment is in the kernel's own file, or in `path` (the warp scan's, kernels/warp/warp_scan.cuh).
template <class Kernel>
QuizOption option(std::string_view fragment, std::string_view caption, const char* path = Kernel::kSourcePath) {
    return {block_algorithm_of<Kernel>, path, fragment, caption, !is_racy<Kernel>()};
}

// 256 elements: eight warps, so that a race between warps and a barrier that warps reach apart both show;
// all ones, so that every correct prefix is its position plus one and a wrong one stands out.
ScanSetup quiz_base_setup() {
    ScanSetup setup;
    setup.n = 256;
    setup.type = ElementType::uint32;
    setup.op = ScanOperator::add;
    setup.exclusive = false;
    setup.input = InputKind::ones;
    setup.seed = 1;
    setup.device = DeviceChoice::cpu;
    return setup;
}

std::vector<QuizQuestion> make_questions() {
    std::vector<QuizQuestion> questions;

    QuizQuestion reduction;
    reduction.number = 1;
    reduction.title = "Reduction: where does the barrier go?";
    reduction.question = "Harris's sequential-addressing reduction: in each iteration the first `stride` threads add "
                         "the word `stride` to their right. Which loop is correct?";
    reduction.options = {
        option<ReduceBarrierInBranch>("barrier-inside-if", "__syncthreads() inside the if"),
        option<ReduceSequential>("barrier-outside-if", "__syncthreads() outside the if, every iteration"),
    };
    reduction.explanation =
        "B is correct. __syncthreads() must be reached by every thread of the block: in A only threads below "
        "`stride` reach it, while the others run on to the barrier before the store. CUDA calls that undefined "
        "behaviour: the emulator stops at the mismatch and names both groups of threads; what a GPU did is under "
        "each fragment. In B every thread meets the barrier in every iteration, so each iteration reads the sums the "
        "previous one wrote.";
    reduction.setup = quiz_base_setup();
    questions.push_back(reduction);

    QuizQuestion scan;
    scan.number = 2;
    scan.title = "In-place scan: read, barrier, write";
    scan.question = "Hillis–Steele in place in shared memory: each iteration, thread t ≥ offset adds s[t - offset] "
                    "into s[t]. Which loop is correct?";
    scan.options = {
        option<HillisSteeleRacy>("in-place", "s[t] += s[t - offset], no barrier between read and write"),
        option<HillisSteeleBarrierInBranch>("barrier-inside-if", "the read-write barrier inside the if"),
        option<HillisSteele>("read-barrier-write", "read, barrier, write; both barriers outside the if"),
    };
    scan.explanation =
        "C is correct. In A a thread may read s[t - offset] after its owner has already added to it in the same "
        "iteration: a race, whose result depends on how warps interleave (the emulator runs warps one after "
        "another, so every warp after the first reads its neighbour's new value). In B threads below `offset` skip "
        "the barrier and wait at the next iteration's: a barrier not every thread reaches is undefined behaviour. C "
        "reads every partner, waits for all threads, then writes. A GPU may well give the right cells for A and B: "
        "undefined behaviour includes looking correct, which is why racecheck and synccheck exist.";
    scan.setup = quiz_base_setup();
    questions.push_back(scan);

    QuizQuestion warp;
    warp.number = 3;
    warp.title = "Warp scan: where does the shuffle go?";
    warp.question = "The warp scan of the warp-shuffle block scan, five rounds of __shfl_up_sync with every lane of "
                    "the warp in the mask. Which round is correct?";
    warp.options = {
        option<WarpShuffleScan>("shuffle-before-branch", "shuffle first, then `if (lane >= delta)` adds",
                                kWarpScanSourcePath),
        option<WarpShuffleInBranch>("shuffle-inside-branch", "the shuffle inside `if (lane >= delta)`",
                                    kWarpScanSourcePath),
    };
    warp.explanation =
        "A is correct. __shfl_up_sync(mask, …) must be executed by every lane its mask names. In B lanes below "
        "`delta` skip it though the mask names them: undefined behaviour, which the emulator reports as a lane "
        "that does not take part; a GPU may hand back stale values or wait forever. In A every lane shuffles, and "
        "only the lanes that have a partner use what they received.";
    warp.setup = quiz_base_setup();
    questions.push_back(warp);
    return questions;
}

} // namespace

const std::vector<QuizQuestion>& quiz_questions() {
    static const std::vector<QuizQuestion> questions = make_questions();
    return questions;
}

const QuizQuestion* find_quiz_question(int number) {
    for (const QuizQuestion& question : quiz_questions())
        if (question.number == number)
            return &question;
    return nullptr;
}

ScanSetup quiz_setup(const QuizQuestion& question, const QuizOption& option) {
    ScanSetup setup = question.setup;
    setup.algorithm = option.algorithm;
    return setup;
}

std::string quiz_letter(std::size_t option_index) { return std::string(1, static_cast<char>('A' + option_index)); }

} // namespace prefixlab
