// The names and phrases of a compaction's predicate (kernels/common/compaction_predicate.hpp), one place
// for the command line, scenes, lessons, trace files, the GUI and the narration:
//   name:      "odd", "even", "nonzero", "less-than:5", "greater-than:-2.5"
//   condition: "x is odd", "x is even", "x ≠ 0", "x < 5", "x > -2.5" (the narration's "keep … where x ≠ 0")
#pragma once

#include "kernels/common/compaction_predicate.hpp"
#include "kernels/common/scan_types.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace prefixlab {

std::string name_of(const KeepPredicate& keep);

// kept_element() on an element's bits as `type` reads them: the CPU side's one call of the predicate
// (the reference, the Values view's labels).
bool kept_bits(ElementType type, const KeepPredicate& keep, std::uint32_t bits);
std::string condition_of(const KeepPredicate& keep);

// The predicate a name gives, or nullopt with `problem` saying why in words that follow the name
// ("'less-than' needs a bound: less-than:K"; "K in 'less-than:abc' is not a number").
std::optional<KeepPredicate> parse_keep_predicate(std::string_view text, std::string& problem);

// The rules' names as a user writes them: "nonzero", "odd", "even", "less-than:K", "greater-than:K".
const std::vector<std::string>& keep_predicate_forms();

// The rules in the order a list shows them (nonzero first: the lecture's example).
const std::vector<KeepRule>& all_keep_rules();
std::string_view rule_name(KeepRule rule); // "nonzero", …, "less-than" (no bound)

} // namespace prefixlab
