#include "core/quiz/quiz_emulation.hpp"

#include "core/emulator/emulate_block_scan.hpp"
#include "core/emulator/emulated_block.hpp"
#include "core/ground/kernel_facts.hpp"

#include <chrono>

namespace prefixlab {

QuizOutcome emulate_quiz_option(const ScanSetup& setup) {
    validate_scan_setup(setup);
    const BlockRequest request = block_request(setup);
    const auto start = std::chrono::steady_clock::now();
    QuizOutcome outcome;
    try {
        const RawTrace trace = emulate_block_scan(request);
        outcome = outcome_of_output(kind_of(setup.algorithm), setup.type, setup.op, setup.exclusive, request.input,
                                    trace.output);
    } catch (const EmulationError& e) {
        constexpr std::string_view kPrefix = "emulator: ";
        std::string message = e.what();
        if (message.starts_with(kPrefix))
            message.erase(0, kPrefix.size());
        outcome.result = QuizResult::detected_error;
        outcome.detail = message;
    }
    outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return outcome;
}

} // namespace prefixlab
