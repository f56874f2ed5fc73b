// What a GUI run's `check-layout` commands found: each prints "check-layout FILE:LINE: T texts, P problems".
// The GUI tests that step through tabs, scales and themes expect every check clean and every one to have
// found text (a blank window cannot pass).
#pragma once

#include <gtest/gtest.h>

#include <regex>
#include <string>

namespace prefixlab::test {

// Expects `checks` summaries in `out`, each with more than `least_texts` texts and no problem; `what` names
// the run in the failures.
inline void expect_clean_layout_checks(const std::string& out, int checks, const std::string& what,
                                       int least_texts = 9) {
    const std::regex summary(R"(check-layout \S+: (\d+) texts, (\d+) problems)");
    int seen = 0;
    for (auto it = std::sregex_iterator(out.begin(), out.end(), summary); it != std::sregex_iterator(); ++it) {
        ++seen;
        EXPECT_GT(std::stoi((*it)[1]), least_texts) << what << ": too little text drawn: " << it->str();
        EXPECT_EQ((*it)[2], "0") << what << ": " << it->str();
    }
    EXPECT_EQ(seen, checks) << what << ":\n" << out;
}

} // namespace prefixlab::test
