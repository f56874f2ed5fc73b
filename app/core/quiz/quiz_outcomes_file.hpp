// The quiz's GPU outcomes as a file (issue 16): what `prefixlab quiz --device gpu --out F` recorded on a
// GPU, with the device, driver and date, so that a student without one sees what the hardware did beside
// the emulator's verdict. PrefixLab ships the H100's (assets/quiz/h100-quiz-outcomes.json, which the GUI's
// quiz screen opens). The reader is strict and bounded like the other file readers: a
// malformed or hostile file is one line naming the problem.
//
//   {"format": "prefixlab-quiz-outcomes", "version": 1, "device": "…", "driver": "…", "date": "…",
//    "command": "…", "runs": [{"algorithm": "reduce-barrier-in-branch", "n": 256, "input": "ones",
//      "result": "hung", "wrong": 0, "cells": 1, "first_wrong": [[index, got, expected], …],
//      "detail": "", "seconds": 10.02, "timeout_s": 10, "racecheck": "…", "synccheck": "…"}, …]}
#pragma once

#include "core/ground/scan_setup.hpp"
#include "core/quiz/quiz_outcome.hpp"

#include <cstdint>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

namespace prefixlab {

class QuizOutcomesFileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct QuizOutcomeRecord {
    BlockAlgorithm algorithm{};
    int n = 0;
    InputKind input = InputKind::ones;
    QuizOutcome outcome;
    friend bool operator==(const QuizOutcomeRecord&, const QuizOutcomeRecord&) = default;
};

struct QuizOutcomes {
    std::string device;  // "NVIDIA H100 80GB HBM3"
    std::string driver;  // "580.159.04"
    std::string date;    // ISO 8601 UTC
    std::string command; // what recorded it
    std::vector<QuizOutcomeRecord> runs;
    friend bool operator==(const QuizOutcomes&, const QuizOutcomes&) = default;
};

// The file's limits: far above the few runs it holds (docs/input-limits.md).
inline constexpr std::uint64_t kMaxQuizOutcomesFileBytes = 1ull << 20;
inline constexpr std::size_t kMaxQuizRuns = 256;
inline constexpr std::size_t kMaxQuizTextChars = 4096; // of any one string in it

void write_quiz_outcomes(const QuizOutcomes& outcomes, std::ostream& out);
// Throws QuizOutcomesFileError("WHERE: WHAT").
QuizOutcomes read_quiz_outcomes(std::string_view text);
// Throws QuizOutcomesFileError("cannot read quiz outcomes 'PATH': …") for the file as a whole.
QuizOutcomes load_quiz_outcomes_file(const std::string& path);

// The run of `setup` (its algorithm, N and input) in the file; nullptr if it has none.
const QuizOutcomeRecord* find_quiz_run(const QuizOutcomes& outcomes, const ScanSetup& setup);

} // namespace prefixlab
