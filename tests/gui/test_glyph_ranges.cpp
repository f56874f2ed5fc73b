// Every text the narration panel shows, for every kernel of the catalogue, is drawn from the fonts'
// glyph ranges: Dear ImGui draws a character outside them as '?', which the layout check cannot see
// (the shuffle narration's "lane ℓ ≤ 30" was drawn "lane ? ≤ 30" before the letterlike symbols joined
// the ranges). Kernel descriptions and step labels are checked too.
#include "core/analysis/step_narration.hpp"
#include "core/capture/trace_capture.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/ground/step_label.hpp"
#include "core/quiz/quiz_emulation.hpp"
#include "core/quiz/quiz_fragment.hpp"
#include "core/quiz/quiz_questions.hpp"
#include "gui/glyph_ranges.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace prefixlab::test {
namespace {

// The first code point of `text` outside the glyph ranges, as "U+XXXX at byte K", or "" where there is
// none. A malformed sequence counts as outside.
std::string first_missing_glyph(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const auto byte = static_cast<unsigned char>(text[i]);
        const int length = byte < 0x80 ? 1 : (byte >> 5) == 0x6 ? 2 : (byte >> 4) == 0xE ? 3 : (byte >> 3) == 0x1E ? 4 : 0;
        if (length == 0 || i + length > text.size())
            return "a malformed UTF-8 sequence at byte " + std::to_string(i);
        char32_t code = length == 1 ? byte : byte & (0x7F >> length);
        for (int k = 1; k < length; ++k)
            code = code << 6 | (static_cast<unsigned char>(text[i + k]) & 0x3F);
        if (!has_glyph(code)) {
            char hex[16];
            std::snprintf(hex, sizeof hex, "U+%04X", static_cast<unsigned>(code));
            return std::string(hex) + " at byte " + std::to_string(i);
        }
        i += length;
    }
    return "";
}

TEST(GlyphRanges, ASymbolOutsideThemIsFound) {
    EXPECT_EQ(first_missing_glyph("lane ℓ ≤ 30, δ=4, a ⊕ b — ▶"), "");
    EXPECT_EQ(first_missing_glyph("✓"), "U+2713 at byte 0");
    EXPECT_NE(first_missing_glyph("\xff"), "");
}

TEST(GlyphRanges, EveryNarrationLabelAndDescriptionHasItsGlyphs) {
    for (BlockAlgorithm algorithm : all_block_algorithms())
        EXPECT_EQ(first_missing_glyph(description_of(algorithm)), "") << name_of(algorithm);
    for (BlockAlgorithm algorithm : traceable_block_algorithms()) { // the quiz's wrong ones leave no trace
        for (int n : {8, 64}) {
            const Trace trace =
                capture_trace(make_capture(algorithm, n, InputKind::random, 2, DeviceChoice::cpu)).trace;
            const std::vector<StepNarration> narration = narrate_steps(trace);
            for (std::size_t k = 0; k < narration.size(); ++k) {
                const std::string where = std::string(name_of(algorithm)) + " N=" + std::to_string(n) + " step " +
                                          std::to_string(k);
                EXPECT_EQ(first_missing_glyph(narration[k].what), "") << where << ": " << narration[k].what;
                EXPECT_EQ(first_missing_glyph(narration[k].who), "") << where << ": " << narration[k].who;
                EXPECT_EQ(first_missing_glyph(step_label(trace.steps[k].tag)), "") << where;
            }
        }
    }
}

// The Quiz tab's texts: every question, caption, explanation, fragment (as CUDA and as the source) and what
// each fragment's run says in the emulator.
TEST(GlyphRanges, EveryQuizTextHasItsGlyphs) {
    for (const QuizQuestion& question : quiz_questions()) {
        for (std::string_view text : {question.title, question.question, question.explanation})
            EXPECT_EQ(first_missing_glyph(text), "") << text;
        for (const QuizOption& option : question.options) {
            EXPECT_EQ(first_missing_glyph(option.caption), "") << option.caption;
            for (const std::string& line : quiz_fragment(option.source_path, option.fragment).lines) {
                EXPECT_EQ(first_missing_glyph(line), "") << line;
                EXPECT_EQ(first_missing_glyph(as_cuda(line)), "") << line;
            }
            const std::string said = describe(emulate_quiz_option(quiz_setup(question, option)));
            EXPECT_EQ(first_missing_glyph(said), "") << said;
        }
    }
}

} // namespace
} // namespace prefixlab::test
